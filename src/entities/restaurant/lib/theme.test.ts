import { describe, expect, it } from 'vitest'
import { DEFAULT_LOGO, resolveLogo, resolveTheme } from './theme'

describe('resolveTheme', () => {
  it('falls back to #E52333 on #FFFFFF with no theme', () => {
    expect(resolveTheme(null)).toEqual({ primaryColor: '#E52333', textColor: '#FFFFFF' })
    expect(resolveTheme({ theme: null })).toEqual({ primaryColor: '#E52333', textColor: '#FFFFFF' })
  })

  it('uses the merchant colours', () => {
    expect(resolveTheme({ theme: { primaryColor: '#0B6E4F', textColor: '#F4F1DE' } })).toEqual({
      primaryColor: '#0B6E4F',
      textColor: '#F4F1DE',
    })
  })

  it('uses themeColor when only a primary colour is known, and falls back per colour', () => {
    expect(resolveTheme({ themeColor: '#123456' })).toEqual({ primaryColor: '#123456', textColor: '#FFFFFF' })
  })

  it('ignores a colour that is not a hex colour (no CSS injection through the theme)', () => {
    expect(resolveTheme({ theme: { primaryColor: 'red; background:url(x)', textColor: '#000' } })).toEqual({
      primaryColor: '#E52333',
      textColor: '#000',
    })
  })
})

describe('resolveLogo', () => {
  const logo = { id: 'm1', entityType: 'LOGO', mimeType: 'image/svg+xml', url: '/api/media/LOGO/m1', altText: '' }

  it('uses the LOGO media', () => {
    expect(resolveLogo({ logo })).toBe('/api/media/LOGO/m1')
    expect(resolveLogo({ media: [{ ...logo, entityType: 'META', url: '/cover' }, logo] })).toBe('/api/media/LOGO/m1')
  })

  it('falls back to the default logo when the merchant has no media', () => {
    expect(resolveLogo({ logo: null, media: [] })).toBe(DEFAULT_LOGO)
    expect(resolveLogo(null)).toBe(DEFAULT_LOGO)
  })
})
