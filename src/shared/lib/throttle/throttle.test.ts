import { describe, expect, it, vi } from 'vitest'
import { throttle } from './throttle'

describe('throttle (docs/app.md, "Throttles": one auth action per 5000 ms)', () => {
  it('runs the first call and drops the others until the window has passed', () => {
    let time = 1_000
    const action = vi.fn((value: string) => `ran ${value}`)
    const signIn = throttle(action, 5_000, () => time)
    expect(signIn('a')).toBe('ran a')
    time += 4_999
    expect(signIn('b')).toBeUndefined()
    time += 1
    expect(signIn('c')).toBe('ran c')
    expect(action.mock.calls).toEqual([['a'], ['c']])
  })

  it('lets a call through at once after release', () => {
    const time = 0
    const action = vi.fn()
    const send = throttle(action, 5_000, () => time)
    send()
    send()
    send.release()
    send()
    expect(action).toHaveBeenCalledTimes(2)
  })
})
