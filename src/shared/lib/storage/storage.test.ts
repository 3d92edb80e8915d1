// @vitest-environment happy-dom
import AES from 'crypto-js/aes.js'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_SECRET } from '../../config'
import { decryptValue, encryptValue, removeUnreadableValues, secureStorage, STORAGE_KEYS, warmStoredValues } from './storage'

describe('secureStorage', () => {
  beforeEach(() => localStorage.clear())

  it('stores values encrypted and reads them back', () => {
    secureStorage.set(STORAGE_KEYS.guestName, { fullName: 'Asha Rao' })
    const raw = localStorage.getItem(STORAGE_KEYS.guestName)
    expect(raw).toMatch(/^U2FsdGVkX1/)
    expect(raw).not.toContain('Asha')
    expect(secureStorage.get(STORAGE_KEYS.guestName)).toEqual({ fullName: 'Asha Rao' })
  })

  it('decrypts a stored value once however often it is read at start, and not a value it wrote', () => {
    const decrypt = vi.spyOn(AES, 'decrypt')
    try {
      const written = encryptValue({ items: ['Tiramisu'] })
      expect(decryptValue(written)).toEqual({ items: ['Tiramisu'] })
      expect(decrypt).not.toHaveBeenCalled()
      // Another tab's write (or the one before a reload) is decrypted once, then remembered.
      const other = AES.encrypt(JSON.stringify({ items: ['Burrata'] }), STORAGE_SECRET).toString()
      localStorage.setItem(STORAGE_KEYS.guestCart, other)
      removeUnreadableValues()
      expect(secureStorage.get(STORAGE_KEYS.guestCart)).toEqual({ items: ['Burrata'] })
      expect(decryptValue(other)).toEqual({ items: ['Burrata'] })
      expect(decrypt).toHaveBeenCalledTimes(1)
      // A planted value is refused every time, never remembered as readable.
      expect(decryptValue('U2FsdGVkX1planted')).toBeUndefined()
      expect(decryptValue('U2FsdGVkX1planted')).toBeUndefined()
    } finally {
      decrypt.mockRestore()
    }
  })

  it('drops a value it cannot decrypt instead of returning garbage', () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'tampered-value')
    expect(secureStorage.get(STORAGE_KEYS.accessToken)).toBeUndefined()
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull()
  })

  it('removes every value under our keys that does not decrypt, and nothing else', () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig')
    localStorage.setItem(STORAGE_KEYS.theme, '{"primaryColor":"#000000"}')
    localStorage.setItem(STORAGE_KEYS.persistedRoot, 'U2FsdGVkX1+garbage')
    localStorage.setItem(STORAGE_KEYS.selectedLocation, '')
    localStorage.setItem(STORAGE_KEYS.userId, encryptValue('c-1'))
    localStorage.setItem('not.ours', 'plain')
    expect(removeUnreadableValues().sort()).toEqual([STORAGE_KEYS.accessToken, STORAGE_KEYS.persistedRoot, STORAGE_KEYS.selectedLocation, STORAGE_KEYS.theme].sort())
    expect(localStorage.getItem(STORAGE_KEYS.userId)).not.toBeNull()
    expect(localStorage.getItem('not.ours')).toBe('plain')
    expect(removeUnreadableValues()).toEqual([])
  })

  it('returns undefined for a missing key and removes keys', () => {
    expect(secureStorage.get(STORAGE_KEYS.userId)).toBeUndefined()
    secureStorage.set(STORAGE_KEYS.userId, 'u-1')
    secureStorage.remove(STORAGE_KEYS.userId)
    expect(secureStorage.get(STORAGE_KEYS.userId)).toBeUndefined()
  })

  it('has a distinct key for every stored thing of docs/app.md', () => {
    const keys = Object.values(STORAGE_KEYS)
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys.length).toBeGreaterThanOrEqual(16)
  })
})

describe('warmStoredValues (docs/app.md, "Start-up work")', () => {
  beforeEach(() => localStorage.clear())

  it('decrypts what crypto-js wrote with WebCrypto, so the stores read it without crypto-js', async () => {
    expect(globalThis.crypto?.subtle).toBeDefined()
    const cart = { items: [{ name: 'Tiramisu', quantity: 2 }], note: 'café ☕' }
    localStorage.setItem(STORAGE_KEYS.guestCart, AES.encrypt(JSON.stringify(cart), STORAGE_SECRET).toString())
    localStorage.setItem(STORAGE_KEYS.userId, AES.encrypt(JSON.stringify('c-42'), STORAGE_SECRET).toString())
    await warmStoredValues()
    const decrypt = vi.spyOn(AES, 'decrypt')
    try {
      expect(removeUnreadableValues()).toEqual([])
      expect(secureStorage.get(STORAGE_KEYS.guestCart)).toEqual(cart)
      expect(secureStorage.get(STORAGE_KEYS.userId)).toBe('c-42')
      expect(decrypt).not.toHaveBeenCalled()
    } finally {
      decrypt.mockRestore()
    }
  })

  it('leaves a value WebCrypto cannot open to crypto-js, which refuses and removes it as before', async () => {
    const wrongKey = AES.encrypt(JSON.stringify({ items: [] }), 'another secret').toString()
    localStorage.setItem(STORAGE_KEYS.guestCart, wrongKey)
    localStorage.setItem(STORAGE_KEYS.persistedRoot, 'U2FsdGVkX1+garbage')
    localStorage.setItem(STORAGE_KEYS.accessToken, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig')
    await warmStoredValues()
    expect(removeUnreadableValues().sort()).toEqual([STORAGE_KEYS.accessToken, STORAGE_KEYS.guestCart, STORAGE_KEYS.persistedRoot].sort())
    expect(secureStorage.get(STORAGE_KEYS.guestCart)).toBeUndefined()
  })

  it('without WebCrypto, crypto-js reads the values as before', async () => {
    const value = AES.encrypt(JSON.stringify({ restaurant: 'Olive Tree' }), STORAGE_SECRET).toString()
    localStorage.setItem(STORAGE_KEYS.persistedRoot, value)
    vi.stubGlobal('crypto', undefined)
    try {
      await warmStoredValues()
    } finally {
      vi.unstubAllGlobals()
    }
    const decrypt = vi.spyOn(AES, 'decrypt')
    try {
      expect(secureStorage.get(STORAGE_KEYS.persistedRoot)).toEqual({ restaurant: 'Olive Tree' })
      expect(decrypt).toHaveBeenCalledTimes(1)
    } finally {
      decrypt.mockRestore()
    }
  })
})
