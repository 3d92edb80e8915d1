import { describe, expect, it } from 'vitest'
import { classifyTarget, isShortLinkId, merchantHomePath } from './short-link'

describe('short links (docs/routes.md, "Rules")', () => {
  it('treats a segment with a digit as a short link and one without as a merchant slug', () => {
    expect(isShortLinkId('olive7')).toBe(true)
    expect(isShortLinkId('9')).toBe(true)
    expect(isShortLinkId('olive-tree')).toBe(false)
  })

  it('keeps same-origin targets inside the app', () => {
    expect(classifyTarget('/restaurant/x/menu/pickup?a=1', 'https://tf.example')).toEqual({ kind: 'app', path: '/restaurant/x/menu/pickup?a=1' })
    expect(classifyTarget('https://tf.example/checkOut', 'https://tf.example')).toEqual({ kind: 'app', path: '/checkOut' })
  })

  it('opens the master home for a merchant with several locations, else the restaurant details', () => {
    expect(merchantHomePath('olive-tree', 3)).toBe('/brand/olive-tree')
    expect(merchantHomePath('brew-lab', 1)).toBe('/restaurant/brew-lab/details')
    expect(merchantHomePath('olive-tree-soma', null)).toBe('/restaurant/olive-tree-soma/details')
  })

  it('leaves the app for another origin', () => {
    expect(classifyTarget('https://pay.example/x', 'https://tf.example')).toEqual({ kind: 'external', url: 'https://pay.example/x' })
  })
})
