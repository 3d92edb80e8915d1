import { afterEach, describe, expect, it, vi } from 'vitest'
import { identify, setAnalyticsAdapter } from './analytics'

describe('identify (docs/app.md, "Analytics")', () => {
  const adapter = { identify: vi.fn() }
  setAnalyticsAdapter(adapter)
  afterEach(() => adapter.identify.mockClear())

  it('identifies a signed-in customer and a verified guest by id', () => {
    expect(identify({ status: 'signedIn', userId: 'c-1' })).toBe(true)
    expect(identify({ status: 'guestSignedIn', userId: 'g-2' })).toBe(true)
    expect(adapter.identify.mock.calls).toEqual([['c-1'], ['g-2']])
  })

  it('never identifies a guest', () => {
    expect(identify({ status: 'guest' })).toBe(false)
    expect(identify({ status: 'guest', userId: 'x' })).toBe(false)
    expect(adapter.identify).not.toHaveBeenCalled()
  })
})
