import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChunkLoadError, withLoadTimeout } from './lazy-screen'

describe('withLoadTimeout (120 s, docs/decisions.md)', () => {
  afterEach(() => vi.useRealTimers())

  it('fails with a load error after 120 s', async () => {
    vi.useFakeTimers()
    const pending = withLoadTimeout(new Promise(() => {}))
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError)
    await vi.advanceTimersByTimeAsync(119_999)
    await vi.advanceTimersByTimeAsync(1)
    await assertion
  })

  it('turns a failed chunk import into a load error', async () => {
    await expect(withLoadTimeout(Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).rejects.toBeInstanceOf(
      ChunkLoadError,
    )
  })

  it('passes a loaded chunk through', async () => {
    await expect(withLoadTimeout(Promise.resolve('screen'))).resolves.toBe('screen')
  })
})
