// @vitest-environment happy-dom
import { keepMount } from 'nanostores'
import { beforeEach, describe, expect, it } from 'vitest'
import { deferredPersistentAtom, flushStoredWrites } from './deferred-atom'
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
})
