// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { resolveTheme } from '@/entities/restaurant'
import { onStorageWrite, secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { applyTheme, rememberedTheme } from './theme'

describe('applyTheme', () => {
  beforeEach(() => localStorage.clear())

  it('paints the theme and remembers it, writing the stored theme only when it changes', () => {
    const writes: string[] = []
    const stop = onStorageWrite((key) => writes.push(key))
    try {
      // Nothing remembered reads as the default theme: applying it writes nothing.
      applyTheme(rememberedTheme())
      expect(document.documentElement.style.getPropertyValue('--tf-primary')).toBe(resolveTheme(null).primaryColor)
      expect(writes).toEqual([])
      const merchant = resolveTheme({ theme: { primaryColor: '#0A7D32', textColor: '#FFFFFF' } })
      applyTheme(merchant)
      expect(document.documentElement.style.getPropertyValue('--tf-primary')).toBe(merchant.primaryColor)
      expect(secureStorage.get(STORAGE_KEYS.theme)).toEqual(merchant)
      expect(rememberedTheme()).toEqual(merchant)
      applyTheme(rememberedTheme())
      applyTheme(merchant)
      expect(writes).toEqual([STORAGE_KEYS.theme])
      applyTheme(resolveTheme(null))
      expect(writes).toEqual([STORAGE_KEYS.theme, STORAGE_KEYS.theme])
      expect(rememberedTheme()).toEqual(resolveTheme(null))
    } finally {
      stop()
    }
  })
})
