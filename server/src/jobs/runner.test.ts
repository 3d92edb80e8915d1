import { describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { loadEnv } from '../env'
import { serverJobs, startJobs } from '.'

const silent = { info: () => {}, error: () => {} }
const db = {} as Database

describe('the job runner', () => {
  it('always runs the unpaid-order expiry, the rate-limit purge, housekeeping and the order texts (production too), and the sandbox kitchen, host and courier only with KITCHEN=1', () => {
    const names = (KITCHEN: string, SANDBOX = '1') =>
      serverJobs({ db, env: loadEnv({ KITCHEN, SANDBOX, LOG_LEVEL: 'silent', TOKEN_SECRET: 'x'.repeat(40), PAYLOAD_KEY: 'a production key' }), log: silent }).map(
        (job) => job.name,
      )
    expect(names('0')).toEqual(['unpaid-order expiry', 'rate-limit purge', 'housekeeping', 'order texts'])
    expect(names('0', '0')).toEqual(['unpaid-order expiry', 'rate-limit purge', 'housekeeping', 'order texts'])
    expect(names('1')).toEqual(['unpaid-order expiry', 'rate-limit purge', 'housekeeping', 'order texts', 'sandbox kitchen', 'sandbox host', 'sandbox courier'])
  })

  it('runs each job every everyMs with the clock it is given, never two passes of one job at once, and stop waits for a pass under way', async () => {
    const seen: Date[] = []
    let running = 0
    let overlapped = false
    let finished = 0
    const errors: unknown[] = []
    const slow = {
      name: 'slow',
      everyMs: 5,
      describe: 'a test job',
      run: async (now: Date) => {
        if (running++ > 0) overlapped = true
        seen.push(now)
        await new Promise((resolve) => setTimeout(resolve, 20))
        running--
        finished++
        if (seen.length === 2) throw new Error('a failed pass')
      },
    }
    const at = new Date('2030-01-01T00:00:00Z')
    const stop = startJobs([slow], { info: () => {}, error: (...args: unknown[]) => errors.push(args) }, () => at)
    await new Promise((resolve) => setTimeout(resolve, 150))
    await stop()
    const passes = seen.length
    expect(passes).toBeGreaterThanOrEqual(3)
    expect(finished).toBe(passes)
    expect(overlapped).toBe(false)
    expect(seen.every((now) => now === at)).toBe(true)
    expect(errors).toHaveLength(1)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(seen.length).toBe(passes)
  })
})
