import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxResponse } from '@/shared/api/contracts/auth'
import { otpCodes } from '../../db/schema'
import { sandboxSmsProvider } from '../../providers/sms'
import { createTestApp, type TestApp } from '../../test/harness'
import { checkCode, OTP_MAX_SENDS, sendCode, type OtpPurpose } from './otp.service'

let t: TestApp
let otp: { send: (phone: string, purpose: OtpPurpose) => Promise<void>; check: (phone: string, purpose: OtpPurpose, code: string) => Promise<void> }
beforeAll(async () => {
  t = await createTestApp({ seed: false })
  const deps = { secret: t.env.TOKEN_SECRET, sms: sandboxSmsProvider(t.db) }
  otp = {
    send: (phone, purpose) => sendCode(t.db, deps, phone, purpose),
    check: (phone, purpose, code) => checkCode(t.db, deps.secret, phone, purpose, code),
  }
})
afterAll(() => t.close())

let counter = 0
const freshPhone = () => `+1415666${String(1000 + counter++).padStart(4, '0')}`

async function lastCode(phone: string): Promise<string> {
  const outbox = (await t.get(`/dev/outbox?phone=${encodeURIComponent(phone)}`)).body as OutboxResponse
  const code = /\b(\d{6})\b/.exec(outbox.messages[0]?.body ?? '')?.[1]
  if (!code) throw new Error(`No code was sent to ${phone}`)
  return code
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('one-time codes (docs/accounts.md "Throttles")', () => {
  it('sends 6 digits by text and stores only a hash of them', async () => {
    const phone = freshPhone()
    await otp.send(phone, 'guest')
    const code = await lastCode(phone)
    expect(code).toMatch(/^\d{6}$/)
    const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, phone))
    expect(row!.codeHash).not.toContain(code)
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000)
  })

  it('accepts the code once; using it again is refused', async () => {
    const phone = freshPhone()
    await otp.send(phone, 'guest')
    const code = await lastCode(phone)
    await expect(otp.check(phone, 'guest', code)).resolves.toBeUndefined()
    await expect(otp.check(phone, 'guest', code)).rejects.toMatchObject({ status: 400, code: 'otp_invalid' })
  })

  it('refuses a code of another purpose', async () => {
    const phone = freshPhone()
    await otp.send(phone, 'signup')
    await expect(otp.check(phone, 'reset', await lastCode(phone))).rejects.toMatchObject({ code: 'otp_invalid' })
  })

  it('refuses an expired code', async () => {
    const phone = freshPhone()
    await otp.send(phone, 'guest')
    const code = await lastCode(phone)
    await t.db.update(otpCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(otpCodes.phone, phone))
    await expect(otp.check(phone, 'guest', code)).rejects.toMatchObject({ code: 'otp_invalid' })
  })

  it('accepts the right code on the 5th check, but burns the code after 5 wrong ones', async () => {
    const fifth = freshPhone()
    await otp.send(fifth, 'guest')
    const fifthCode = await lastCode(fifth)
    for (let check = 0; check < 4; check++) await expect(otp.check(fifth, 'guest', wrongCode(fifthCode))).rejects.toThrow()
    await expect(otp.check(fifth, 'guest', fifthCode)).resolves.toBeUndefined()

    const burned = freshPhone()
    await otp.send(burned, 'guest')
    const code = await lastCode(burned)
    for (let check = 0; check < 5; check++) await expect(otp.check(burned, 'guest', wrongCode(code))).rejects.toThrow()
    await expect(otp.check(burned, 'guest', code)).rejects.toMatchObject({ code: 'otp_invalid' })
    const [row] = await t.db.select().from(otpCodes).where(and(eq(otpCodes.phone, burned)))
    expect(row!.attempts).toBe(5)
    expect(row!.consumedAt).toBeNull()
  })

  it('only the latest code of a number counts', async () => {
    const phone = freshPhone()
    await otp.send(phone, 'guest')
    const first = await lastCode(phone)
    await otp.send(phone, 'guest')
    const second = await lastCode(phone)
    if (first !== second) await expect(otp.check(phone, 'guest', first)).rejects.toThrow()
    await expect(otp.check(phone, 'guest', second)).resolves.toBeUndefined()
  })

  it('answers the 6th send in 10 minutes with 429, Retry-After and the rate_limited code', async () => {
    const mobile = freshPhone()
    const guest = { fullName: 'Rate Limited', mobile, countryCode: 'US' }
    for (let send = 0; send < OTP_MAX_SENDS; send++) expect((await t.postJson('/customer/sendSMS', guest)).status).toBe(200)
    // The oldest send is 4 minutes old, so the window opens again in 6 minutes.
    const [oldest] = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, mobile)).orderBy(otpCodes.createdAt).limit(1)
    await t.db.update(otpCodes).set({ createdAt: new Date(Date.now() - 4 * 60_000) }).where(eq(otpCodes.id, oldest!.id))

    const response = await t.app.request('/api/customer/sendSMS', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(guest),
    })
    expect(response.status).toBe(429)
    const retryAfter = Number(response.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(5 * 60)
    expect(retryAfter).toBeLessThanOrEqual(6 * 60)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toEqual({ status: 429, code: 'rate_limited', message: 'Too many codes requested. Try again in 6 minutes.' })
    const outbox = (await t.get(`/dev/outbox?phone=${encodeURIComponent(mobile)}`)).body as OutboxResponse
    expect(outbox.messages).toHaveLength(OTP_MAX_SENDS)

    // Once the oldest send leaves the window, a code can be sent again.
    await t.db.update(otpCodes).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(otpCodes.id, oldest!.id))
    expect((await t.postJson('/customer/sendSMS', guest)).status).toBe(200)
  })
})
