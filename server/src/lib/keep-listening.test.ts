import { describe, expect, it } from 'vitest'
import { keepListening, LISTEN_RETRY_MAX_MS } from './keep-listening'

/** Timers run by hand: `advance` runs what falls due, in order. */
function manualTimers() {
  let now = 0
  const due: { at: number; run: () => void }[] = []
  return {
    clock: () => now,
    timers: { setTimeout: (run: () => void, ms: number) => (due.push({ at: now + ms, run }), { unref: () => undefined }) },
    pending: () => due.map((timer) => timer.at - now),
    async advance(ms: number) {
      const until = now + ms
      for (;;) {
        due.sort((a, b) => a.at - b.at)
        const next = due[0]
        if (!next || next.at > until) break
        due.shift()
        now = next.at
        next.run()
        // The attempt's promise settles (and schedules the next try) before the next timer is looked at.
        await new Promise((resolve) => setImmediate(resolve))
      }
      now = until
    },
  }
}

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })

describe('a LISTEN that cannot start', () => {
  it('is tried again after 1 s, then 2, 4 … up to 30 s, until it listens; logged once, in one line', async () => {
    const { clock, timers, pending, advance } = manualTimers()
    const lines: unknown[][] = []
    let calls = 0
    let heard = 0
    const listen = async (_channel: string, _onNotify: (payload: string) => void, onListen?: () => void) => {
      calls += 1
      if (calls <= 3) throw refused()
      onListen?.()
      return async () => {}
    }
    keepListening(listen, 'menu_version', () => {}, () => void (heard += 1), { log: { error: (...args) => void lines.push(args) }, what: 'Menu reads could not LISTEN', timers, clock })
    await new Promise((resolve) => setImmediate(resolve))
    expect([calls, pending()]).toEqual([1, [1000]])
    await advance(1000)
    expect([calls, pending()]).toEqual([2, [2000]])
    await advance(2000)
    expect([calls, pending()]).toEqual([3, [4000]])
    await advance(4000)
    expect([calls, heard, pending()]).toEqual([4, 1, []])
    expect(lines).toEqual([['Menu reads could not LISTEN; trying again in 1 s (the database is unavailable: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432).']])
  })

  it('waits at most 30 s between tries and logs a failure that goes on once a minute', async () => {
    const { clock, timers, pending, advance } = manualTimers()
    const lines: unknown[][] = []
    const listen = async () => {
      throw refused()
    }
    keepListening(listen, 'search_version', () => {}, () => {}, { log: { error: (...args) => void lines.push(args) }, what: 'Search could not LISTEN', timers, clock })
    await new Promise((resolve) => setImmediate(resolve))
    await advance(10 * 60_000)
    expect(pending()[0]).toBeLessThanOrEqual(LISTEN_RETRY_MAX_MS)
    expect(pending()[0]).toBeGreaterThan(0)
    // 1 + 2 + 4 + 8 + 16 s, then every 30 s: 23 tries in 10 minutes, and one line a minute of them.
    expect(lines.length).toBeGreaterThanOrEqual(9)
    expect(lines.length).toBeLessThanOrEqual(11)
    expect(lines.every((line) => line.length === 1 && String(line[0]).startsWith('Search could not LISTEN; trying again in '))).toBe(true)
  })
})
