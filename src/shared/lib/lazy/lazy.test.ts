import { afterEach, describe, expect, it, vi } from 'vitest'
import { preloadablePart, whenIdle } from './lazy'

const Part = () => null

describe('preloadablePart (docs/app.md, "Start-up work")', () => {
  it('loads its chunk once: a preload and the first render share one import', async () => {
    const load = vi.fn(() => Promise.resolve(Part))
    const part = preloadablePart(load)
    await expect(part.preload()).resolves.toBe(Part)
    await expect(part.preload()).resolves.toBe(Part)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('forgets a failed preload, so the next try imports again', async () => {
    const load = vi.fn<() => Promise<typeof Part>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(Part)
    const part = preloadablePart(load)
    await expect(part.preload()).rejects.toBeInstanceOf(TypeError)
    await expect(part.preload()).resolves.toBe(Part)
    expect(load).toHaveBeenCalledTimes(2)
  })
})

describe('whenIdle', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('waits for an idle moment, at the latest the timeout, and can be cancelled', () => {
    const callbacks: { run: () => void; timeout?: number }[] = []
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => callbacks.push({ run, timeout: options?.timeout }))
    vi.stubGlobal('cancelIdleCallback', (handle: number) => callbacks.splice(handle - 1, 1))
    const task = vi.fn()
    whenIdle(task, 1500)
    expect(task).not.toHaveBeenCalled()
    expect(callbacks[0]?.timeout).toBe(1500)
    callbacks[0]!.run()
    expect(task).toHaveBeenCalledTimes(1)
    const cancel = whenIdle(task)
    cancel()
    expect(callbacks).toHaveLength(1)
  })

  it('falls back to a short timer where the browser has no idle callback', () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', undefined)
    const task = vi.fn()
    whenIdle(task)
    vi.advanceTimersByTime(199)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(task).toHaveBeenCalledTimes(1)
  })
})
