import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers, rateLimits, smsMessages } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { awayFromWindowEdge } from '../../test/signed-in-client'
import { asAdmittedSignIn, hashPassword, hashSlots, MAX_HASHES_IN_FLIGHT, MAX_HASHES_WAITING, UNMATCHABLE_HASH, verifyPassword } from './password'
import { CODE_SENDS_PER_CLIENT, SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_CLIENT } from './throttles'

let t: TestApp
beforeAll(async () => {
  // TRUST_PROXY=1: each test picks its clients with X-Forwarded-For.
  t = await createTestApp({ seed: false, env: { TRUST_PROXY: '1' } })
})
afterAll(() => t.close())

type Answer = { status: number; retryAfter: string | null; body: { status?: number; code?: string; message?: string } }

async function post(path: string, body: unknown, client: string): Promise<Answer> {
  const response = await t.app.request(`/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
    body: JSON.stringify(body),
  })
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Answer['body'] }
}

const login = (credentials: Record<string, string>, client: string) => post('/customer/login/v2', credentials, client)

describe('sign-in throttles (docs/accounts.md "Throttles")', () => {
  it('the 11th sign-in attempt on one account within 15 minutes is 429 with Retry-After, the same answer for a known and an unknown account', async () => {
    await awayFromWindowEdge(SIGN_IN_PER_ACCOUNT.windowMs)
    const known = '+14155550701'
    await t.db.insert(customers).values({ firstName: 'Kim', mobilePhone: known, passwordHash: await hashPassword('right password'), mobileVerifiedAt: new Date() })
    const unknown = '+14155550702'
    const answers: Record<string, Answer[]> = { known: [], unknown: [] }
    for (let n = 0; n < SIGN_IN_PER_ACCOUNT.max + 1; n++) {
      // A new client address each time: the account's own limit is what stops the guesses.
      answers.known!.push(await login({ mobilePhone: known, password: `guess ${n}` }, `203.0.113.${n + 1}`))
      answers.unknown!.push(await login({ mobilePhone: unknown, password: `guess ${n}` }, `203.0.113.${n + 101}`))
    }
    for (const list of Object.values(answers)) {
      expect(list.slice(0, -1).map((answer) => answer.status)).toEqual(Array(SIGN_IN_PER_ACCOUNT.max).fill(401))
      const limited = list.at(-1)!
      expect(limited.status).toBe(429)
      expect(limited.body).toMatchObject({ status: 429, code: 'rate_limited', message: expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/) })
      expect(Number(limited.retryAfter)).toBeGreaterThan(0)
      expect(Number(limited.retryAfter)).toBeLessThanOrEqual(15 * 60)
    }
    expect(answers.known!.at(-1)!.body.code).toBe(answers.unknown!.at(-1)!.body.code)
    // Even the right password waits: the limit is checked before the password.
    expect((await login({ mobilePhone: known, password: 'right password' }, '203.0.113.250')).status).toBe(429)
    // The account as typed: the same account by another identifier is counted on its own.
    expect((await login({ email: 'kim@example.com', password: 'x' }, '203.0.113.251')).status).toBe(401)
  })

  it('one client address gets 30 sign-in attempts per 15 minutes across accounts, then 429', async () => {
    await awayFromWindowEdge(SIGN_IN_PER_CLIENT.windowMs)
    const client = '198.51.100.77'
    const statuses: number[] = []
    // In batches that fit the hash queue, so every attempt is answered by the throttle or the password.
    for (let batch = 0; batch < SIGN_IN_PER_CLIENT.max / 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, n) => login({ mobilePhone: `+1415556${String(1000 + batch * 10 + n)}`, password: 'anything' }, client)),
      )
      statuses.push(...answers.map((answer) => answer.status))
    }
    expect(statuses).toEqual(Array(SIGN_IN_PER_CLIENT.max).fill(401))
    const limited = await login({ mobilePhone: '+14155569999', password: 'anything' }, client)
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ code: 'rate_limited' })
    expect(limited.retryAfter).not.toBeNull()
    expect((await login({ mobilePhone: '+14155569999', password: 'anything' }, '198.51.100.78')).status).toBe(401)
  })
})

describe('code-send throttles', () => {
  it('one client texting 100 different numbers is stopped after 20 codes (429 rate_limited, Retry-After); another client still gets codes', async () => {
    await awayFromWindowEdge(CODE_SENDS_PER_CLIENT.windowMs)
    const client = '192.0.2.10'
    const statuses: number[] = []
    let firstRefusal: Answer | undefined
    for (let n = 0; n < 100; n++) {
      const answer = await post('/customer/sendSMS', { fullName: 'Pump Er', mobile: `+1415557${String(1000 + n)}`, countryCode: 'US' }, client)
      statuses.push(answer.status)
      firstRefusal ??= answer.status === 429 ? answer : undefined
    }
    expect(statuses.slice(0, CODE_SENDS_PER_CLIENT.max)).toEqual(Array(CODE_SENDS_PER_CLIENT.max).fill(200))
    expect(statuses.slice(CODE_SENDS_PER_CLIENT.max)).toEqual(Array(100 - CODE_SENDS_PER_CLIENT.max).fill(429))
    expect(firstRefusal!.body).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/^Too many codes requested\./) })
    expect(Number(firstRefusal!.retryAfter)).toBeGreaterThan(0)
    // Only the allowed ones were texted.
    const texted = await t.db.select().from(smsMessages)
    expect(texted.filter((text) => text.phone.startsWith('+1415557'))).toHaveLength(CODE_SENDS_PER_CLIENT.max)
    // Every kind of code send counts against the same client limit.
    for (const [path, body] of [
      ['/customer/signup', { firstName: 'Sig', mobilePhone: '+14155579001', password: 'long enough' }],
      ['/v2/customers/auth/request-otp', { mobilePhone: '+14155579002' }],
      ['/customer/resetPassword', { sendOtp: true, mobilePhone: '+14155579003' }],
    ] as const) {
      expect((await post(path, body, client)).status, path).toBe(429)
    }
    expect((await post('/customer/sendSMS', { fullName: 'Other Client', mobile: '+14155579004', countryCode: 'US' }, '192.0.2.11')).status).toBe(200)
  })
})

describe('password hashing (scrypt on the threadpool)', () => {
  it('runs at most 2 hashes at once with 16 waiting, and refuses more at once with 503 try_again', async () => {
    const attempts = Array.from({ length: MAX_HASHES_IN_FLIGHT + MAX_HASHES_WAITING + 7 }, () =>
      verifyPassword('a guess', UNMATCHABLE_HASH).then(
        () => 'hashed',
        (error: { status?: number; code?: string; retryAfterSeconds?: number }) => `${error.status} ${error.code} ${error.retryAfterSeconds}`,
      ),
    )
    expect(hashSlots()).toEqual({ inFlight: MAX_HASHES_IN_FLIGHT, waiting: MAX_HASHES_WAITING })
    const outcomes = await Promise.all(attempts)
    expect(outcomes.filter((outcome) => outcome === 'hashed')).toHaveLength(MAX_HASHES_IN_FLIGHT + MAX_HASHES_WAITING)
    expect(outcomes.filter((outcome) => outcome === '503 try_again 1')).toHaveLength(7)
    expect(hashSlots()).toEqual({ inFlight: 0, waiting: 0 })
  })

  it('a sign-in beyond what the hash queue can hold is refused at the door, before any database work', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const admitted = Array.from({ length: MAX_HASHES_IN_FLIGHT + MAX_HASHES_WAITING }, () => asAdmittedSignIn(() => held))
    const answer = await login({ mobilePhone: '+14155550704', password: 'anything' }, '192.0.2.21')
    release()
    await Promise.all(admitted)
    expect(answer.status).toBe(503)
    expect(answer.body).toMatchObject({ code: 'try_again' })
    // Not even counted: the flood costs the database nothing.
    const counters = await t.db.select().from(rateLimits)
    expect(counters.filter((row) => row.key.includes('+14155550704') || row.key.endsWith(':192.0.2.21'))).toEqual([])
  })

  it('a sign-in that meets a full hash queue is answered 503 try_again with Retry-After at once, not kept waiting', async () => {
    // Keep the queue full: each filler queues another hash as soon as its own is done.
    let answered = false
    const keepFull = async () => {
      while (!answered) await verifyPassword('a guess', UNMATCHABLE_HASH).catch(() => undefined)
    }
    const fillers = Array.from({ length: MAX_HASHES_IN_FLIGHT + MAX_HASHES_WAITING }, keepFull)
    const answer = await login({ mobilePhone: '+14155550703', password: 'anything' }, '192.0.2.20')
    answered = true
    await Promise.all(fillers)
    expect(answer.status).toBe(503)
    expect(answer.body).toMatchObject({ status: 503, code: 'try_again' })
    expect(answer.retryAfter).toBe('1')
  })
})
