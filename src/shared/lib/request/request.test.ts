import { describe, expect, it } from 'vitest'
import { createRequestState } from './request'

describe('createRequestState', () => {
  it('goes loading → success with the data', async () => {
    const request = createRequestState<number>()
    const pending = request.run(async () => 42, () => 'failed')
    expect(request.$state.get()).toMatchObject({ loading: true, success: false })
    await pending
    expect(request.$state.get()).toEqual({ loading: false, success: true, data: 42, error: undefined })
  })

  it('goes loading → failure with the message, keeping earlier data', async () => {
    const request = createRequestState<number>()
    await request.run(async () => 1, () => 'x')
    await request.run(async () => Promise.reject(new Error('boom')), () => 'Please Try Again')
    expect(request.$state.get()).toEqual({ loading: false, success: false, data: 1, error: 'Please Try Again' })
    request.clear()
    expect(request.$state.get().error).toBeUndefined()
    request.reset()
    expect(request.$state.get()).toEqual({ loading: false, success: false, data: undefined, error: undefined })
  })

  it('ignores the outcome of a run that a newer run replaced', async () => {
    const request = createRequestState<string>()
    let releaseSlow: (value: string) => void = () => {}
    const slow = request.run(() => new Promise<string>((resolve) => (releaseSlow = resolve)), () => 'x')
    await request.run(async () => 'fast', () => 'x')
    releaseSlow('slow')
    await slow
    expect(request.$state.get().data).toBe('fast')
  })
})
