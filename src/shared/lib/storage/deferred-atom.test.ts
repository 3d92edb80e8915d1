// @vitest-environment happy-dom
import { keepMount } from 'nanostores'
import { beforeEach, describe, expect, it } from 'vitest'
import { deferredPersistentAtom, flushStoredWrites } from './deferred-atom'
import { STORAGE_SECRET } from '../../config'
import { decryptPayload } from '../crypto'
import { secureStorage } from './storage'

const plain = { encode: (value: number) => String(value), decode: (stored: string) => Number(stored) }

describe('stored values written after the paint (docs/app.md, "Start-up work")', () => {
  beforeEach(() => {
    flushStoredWrites()
    localStorage.clear()
  })

  it('a change shows at once and is written after the frame, or at once when the page is left', async () => {
    const $count = deferredPersistentAtom('tf.test.count', 0, plain)
    $count.set(3)
    expect($count.get()).toBe(3)
    expect(localStorage.getItem('tf.test.count')).toBeNull()
    window.dispatchEvent(new Event('pagehide'))
    expect(localStorage.getItem('tf.test.count')).toBe('3')
    $count.set(4)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(localStorage.getItem('tf.test.count')).toBe('4')
  })

  it('reads the stored value at start; another tab’s write wins over one still waiting', () => {
    localStorage.setItem('tf.test.other', '7')
    const $other = deferredPersistentAtom('tf.test.other', 0, plain)
    keepMount($other)
    expect($other.get()).toBe(7)
    $other.set(8)
    window.dispatchEvent(new StorageEvent('storage', { key: 'tf.test.other', newValue: '9' }))
    expect($other.get()).toBe(9)
    flushStoredWrites()
    expect(localStorage.getItem('tf.test.other')).toBe('7')
  })

  it('clearing storage (signing out) is not undone by a write made before it', () => {
    const $cleared = deferredPersistentAtom('tf.test.cleared', 0, plain)
    $cleared.set(5)
    secureStorage.clear()
    flushStoredWrites()
    expect(localStorage.getItem('tf.test.cleared')).toBeNull()
  })

  describe('encoded asynchronously (WebCrypto) when the codec can', () => {
    const later = () => {
      const encodings: { value: number; resolve: (stored: string) => void; reject: (error: Error) => void }[] = []
      const codec = {
        ...plain,
        encode: (value: number) => `now:${value}`,
        encodeAsync: (value: number) => new Promise<string>((resolve, reject) => encodings.push({ value, resolve, reject })),
      }
      return { codec, encodings }
    }
    const afterPaint = () => new Promise((resolve) => setTimeout(resolve, 50))

    it('writes what the asynchronous encoding gives, after the paint', async () => {
      const { codec, encodings } = later()
      const $value = deferredPersistentAtom('tf.test.async', 0, codec)
      $value.set(1)
      await afterPaint()
      expect(encodings.map((encoding) => encoding.value)).toEqual([1])
      expect(localStorage.getItem('tf.test.async')).toBeNull()
      encodings[0]!.resolve('later:1')
      await afterPaint()
      expect(localStorage.getItem('tf.test.async')).toBe('later:1')
    })

    it('a newer value wins over an encoding still running, whichever ends first', async () => {
      const { codec, encodings } = later()
      const $value = deferredPersistentAtom('tf.test.newer', 0, codec)
      $value.set(1)
      await afterPaint()
      $value.set(2)
      await afterPaint()
      encodings[1]!.resolve('later:2')
      await afterPaint()
      encodings[0]!.resolve('later:1')
      await afterPaint()
      expect(localStorage.getItem('tf.test.newer')).toBe('later:2')
    })

    it('leaving the page writes at once, synchronously; the encoding ending after is dropped', async () => {
      const { codec, encodings } = later()
      const $value = deferredPersistentAtom('tf.test.leave', 0, codec)
      $value.set(3)
      await afterPaint()
      window.dispatchEvent(new Event('pagehide'))
      expect(localStorage.getItem('tf.test.leave')).toBe('now:3')
      encodings[0]!.resolve('later:3')
      await afterPaint()
      expect(localStorage.getItem('tf.test.leave')).toBe('now:3')
    })

    it('signing out is not undone by an encoding that ends after it', async () => {
      const { codec, encodings } = later()
      const $value = deferredPersistentAtom('tf.test.signout', 0, codec)
      $value.set(4)
      await afterPaint()
      secureStorage.clear()
      localStorage.removeItem('tf.test.signout')
      encodings[0]!.resolve('later:4')
      await afterPaint()
      expect(localStorage.getItem('tf.test.signout')).toBeNull()
    })

    it('a failed encoding falls back to the synchronous one', async () => {
      const { codec, encodings } = later()
      const $value = deferredPersistentAtom('tf.test.failed', 0, codec)
      $value.set(5)
      await afterPaint()
      encodings[0]!.reject(new Error('no WebCrypto today'))
      await afterPaint()
      expect(localStorage.getItem('tf.test.failed')).toBe('now:5')
    })

    it('the cart and the persisted root are stored in the format every reader opens', async () => {
      const { encryptValueAsync } = await import('./storage')
      const stored = await encryptValueAsync({ items: [{ name: 'Crème brûlée' }] })
      expect(stored).toMatch(/^U2FsdGVkX1/)
      // Opened by crypto-js itself, not from the plaintexts the storage remembers.
      expect(decryptPayload(stored, STORAGE_SECRET)).toEqual({ items: [{ name: 'Crème brûlée' }] })
    })
  })
})
