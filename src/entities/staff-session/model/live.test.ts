// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { openEventStream, type StreamOptions } from '@/shared/api'
import { followStaffStream } from './live'
import { $staffSession, refreshStaffToken } from './staff-session'

vi.mock('@/shared/api', async (original) => ({ ...(await original<typeof import('@/shared/api')>()), openEventStream: vi.fn() }))
vi.mock('./staff-session', async (original) => ({ ...(await original<typeof import('./staff-session')>()), refreshStaffToken: vi.fn(async () => true) }))

const staff = { id: 's-1', name: 'Kit', email: 'k@x.demo', role: 'kitchen' as const, location: { id: 'l-1', name: 'Empire', slug: 'empire-burger' } }
let opened: { path: string; options: StreamOptions }[]

beforeEach(() => {
  vi.useFakeTimers()
  opened = []
  vi.mocked(openEventStream).mockReset()
  vi.mocked(openEventStream).mockImplementation((path, options) => {
    opened.push({ path, options })
    return () => {}
  })
  $staffSession.set({ accessToken: 'tfs_a', refreshToken: 'r', issuedAt: 0, staff })
})

describe('following a staff stream (docs/staff.md "In the browser")', () => {
  it('sends the staff token and wakes the screen on every event', () => {
    const onWake = vi.fn()
    followStaffStream('/staff/l-1/kitchen/events', { onWake })
    expect(opened[0]!.options.headers).toEqual({ Authorization: 'Bearer tfs_a' })
    opened[0]!.options.onEvent({ event: 'wake', data: '{}' })
    expect(onWake).toHaveBeenCalledTimes(1)
  })

  it('opens a closed stream again after a pause and wakes the screen when it is back, since events may have been missed', async () => {
    const onWake = vi.fn()
    followStaffStream('/staff/l-1/kitchen/events', { onWake, backoffMs: [100, 200] })
    opened[0]!.options.onClosed(null)
    expect(opened).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(100)
    expect(opened).toHaveLength(2)
    opened[1]!.options.onEvent({ event: 'wake', data: '{}' })
    expect(onWake).toHaveBeenCalledTimes(2)
  })

  it('refreshes the token on a 401 and opens the stream again with the new one; stopped, it opens nothing more', async () => {
    const stop = followStaffStream('/staff/l-1/kitchen/events', { onWake: () => {} })
    $staffSession.set({ accessToken: 'tfs_b', refreshToken: 'r2', issuedAt: 1, staff })
    opened[0]!.options.onClosed(401)
    await vi.runAllTimersAsync()
    expect(refreshStaffToken).toHaveBeenCalled()
    expect(opened[1]!.options.headers).toEqual({ Authorization: 'Bearer tfs_b' })
    stop()
    opened[1]!.options.onClosed(null)
    await vi.runAllTimersAsync()
    expect(opened).toHaveLength(2)
  })
})
