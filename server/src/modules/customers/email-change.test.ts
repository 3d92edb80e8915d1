import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EmailOutboxResponse, LoginResponse } from '@/shared/api/contracts/auth'
import type { CustomerProfile } from '@/shared/api/contracts/account'
import { customers, emailChanges } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { hashPassword } from '../auth/password'
import { awayFromWindowEdge, callAs, createTestCustomer, lastEmailedCode, lastTextedCode, type TestCustomer } from '../../test/signed-in-client'
import { EMAIL_CODE_MAX_CHECKS, EMAIL_CODES_PER_ADDRESS } from './email-change.service'

let t: TestApp
let counter = 0
const freshPhone = () => `+1415888${String(1000 + counter++).padStart(4, '0')}`

beforeAll(async () => {
  // Each test is its own client (X-Forwarded-For), so the per-client code limit is not what they meet.
  t = await createTestApp({ seed: false, env: { TRUST_PROXY: '1' } })
})
afterAll(() => t.close())

const from = (client: string) => ({ 'X-Forwarded-For': client })
const setEmail = (who: TestCustomer, email: string | null, client = '198.51.100.1') =>
  callAs(t, who, 'PUT', '/customer/profile/v2', { customerId: who.id, email }, from(client))
const verify = (who: TestCustomer, code: string) => callAs(t, who, 'POST', '/customer/email/verify', { code })
const profileOf = async (who: TestCustomer) => (await callAs(t, who, 'POST', '/customer/profile/v2', { id: who.id })).body as CustomerProfile

/** A registered account with a password and a stored (proven) email. */
async function accountWithEmail(firstName: string, email: string, password = 'correct horse') {
  const who = await createTestCustomer(t, firstName, freshPhone())
  await t.db.update(customers).set({ email, passwordHash: await hashPassword(password) }).where(eq(customers.id, who.id))
  return who
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('email addresses (docs/accounts.md "Email addresses")', () => {
  it('account B cannot set its email to A’s address in another case: 409 email_registered at once, and A still signs in by email', async () => {
    const asha = await accountWithEmail('Asha', 'asha@example.com')
    const ben = await createTestCustomer(t, 'Ben', freshPhone())
    for (const attempt of [
      () => setEmail(ben, 'ASHA@Example.com'),
      () => callAs(t, ben, 'PUT', '/v2/customers', { firstName: 'Ben', email: 'Asha@example.COM' }, from('198.51.100.2')),
    ]) {
      const response = await attempt()
      expect(response.status).toBe(409)
      expect(response.body).toMatchObject({ status: 409, code: 'email_registered' })
    }
    expect(await profileOf(ben)).toMatchObject({ email: null, pendingEmail: null, firstName: 'Ben' })
    const login = await t.postJson('/customer/login/v2', { email: 'asha@example.com', password: 'correct horse' })
    expect(login.status).toBe(200)
    expect((login.body as LoginResponse).userId).toBe(asha.id)
  })

  it('a new address is stored only when the code sent to it comes back; meanwhile the profile shows it pending', async () => {
    const cleo = await createTestCustomer(t, 'Cleo', freshPhone())
    const started = await setEmail(cleo, 'Cleo@Example.com', '198.51.100.3')
    expect(started.status).toBe(200)
    expect(started.body).toMatchObject({ email: null, pendingEmail: 'cleo@example.com' })
    const [change] = await t.db.select().from(emailChanges).where(eq(emailChanges.customerId, cleo.id))
    const code = await lastEmailedCode(t, 'cleo@example.com')
    expect(change!.codeHash).not.toContain(code)
    expect(change!.expiresAt.getTime() - change!.createdAt.getTime()).toBe(30 * 60_000)

    const refused = await verify(cleo, wrong(code))
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 'otp_invalid' })
    const verified = await verify(cleo, code)
    expect(verified.status).toBe(200)
    expect(verified.body).toMatchObject({ email: 'cleo@example.com', pendingEmail: null })
    // Used once.
    expect((await verify(cleo, code)).body).toMatchObject({ code: 'otp_invalid' })
    // The stored address itself is no change and sends nothing; removing it needs no code.
    expect((await setEmail(cleo, 'cleo@example.com', '198.51.100.3')).body).toMatchObject({ email: 'cleo@example.com', pendingEmail: null })
    expect((await setEmail(cleo, null, '198.51.100.3')).body).toMatchObject({ email: null, pendingEmail: null })
  })

  it('a code allows 5 checks and 30 minutes; another account’s code does not fit', async () => {
    const dora = await createTestCustomer(t, 'Dora', freshPhone())
    const eli = await createTestCustomer(t, 'Eli', freshPhone())
    await setEmail(dora, 'dora@example.com', '198.51.100.4')
    const code = await lastEmailedCode(t, 'dora@example.com')
    await setEmail(eli, 'eli@example.com', '198.51.100.4')
    expect((await verify(eli, code)).status).toBe(400)
    for (let n = 0; n < EMAIL_CODE_MAX_CHECKS; n++) expect((await verify(dora, wrong(code))).status).toBe(400)
    // Five checks were used: even the right code is refused now, and nothing is pending.
    expect((await verify(dora, code)).body).toMatchObject({ code: 'otp_invalid' })
    expect(await profileOf(dora)).toMatchObject({ email: null, pendingEmail: null })

    await setEmail(eli, 'eli@example.com', '198.51.100.4')
    const eliCode = await lastEmailedCode(t, 'eli@example.com')
    await t.db.update(emailChanges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailChanges.customerId, eli.id))
    expect((await verify(eli, eliCode)).body).toMatchObject({ code: 'otp_invalid' })
    expect(await profileOf(eli)).toMatchObject({ email: null, pendingEmail: null })
  })

  it('an address taken meanwhile gives 409 email_registered; of two parallel confirmations of one address exactly one wins', async () => {
    const [fay, gus, hal] = await Promise.all(['Fay', 'Gus', 'Hal'].map((name) => createTestCustomer(t, name, freshPhone())))
    const address = 'shared@example.com'
    const codes: string[] = []
    for (const who of [fay!, gus!, hal!]) {
      expect((await setEmail(who, address, '198.51.100.5')).status).toBe(200)
      codes.push(await lastEmailedCode(t, address))
    }
    const [one, two] = await Promise.all([verify(fay!, codes[0]!), verify(gus!, codes[1]!)])
    expect([one!.status, two!.status].sort()).toEqual([200, 409])
    expect((one!.status === 409 ? one! : two!).body).toMatchObject({ code: 'email_registered' })
    const late = await verify(hal!, codes[2]!)
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ code: 'email_registered' })
    const holders = await t.db.select().from(customers).where(eq(customers.email, address))
    expect(holders).toHaveLength(1)
  })

  it('codes to one address are limited per hour (429 with Retry-After)', async () => {
    await awayFromWindowEdge(EMAIL_CODES_PER_ADDRESS.windowMs)
    const senders = await Promise.all(Array.from({ length: EMAIL_CODES_PER_ADDRESS.max + 1 }, (_, n) => createTestCustomer(t, `Sender${n}`, freshPhone())))
    const answers = []
    for (const [n, who] of senders.entries()) answers.push(await setEmail(who, 'target@example.com', `198.51.100.${50 + n}`))
    expect(answers.slice(0, -1).every((answer) => answer.status === 200)).toBe(true)
    const limited = answers.at(-1)!
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ code: 'rate_limited' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('sign-up with an email makes it a pending change of the new account; login by email works only once it is proven', async () => {
    const mobilePhone = freshPhone()
    const client = from('198.51.100.9')
    const signup = await callAs(t, undefined, 'POST', '/customer/signup', { firstName: 'Ivy', mobilePhone, email: 'Ivy@Example.com', password: 'correct horse' }, client)
    expect(signup.status).toBe(201)
    const [account] = await t.db.select().from(customers).where(eq(customers.mobilePhone, mobilePhone))
    expect(account!.email).toBeNull()
    const session = (await t.postJson('/customer/validateOTP/v2', { mobile: mobilePhone, otp: await lastTextedCode(t, mobilePhone), purpose: 'signup' })).body as LoginResponse
    const ivy: TestCustomer = { id: session.userId, token: session.accessToken }
    expect((await t.postJson('/customer/login/v2', { email: 'ivy@example.com', password: 'correct horse' })).status).toBe(401)
    expect(await profileOf(ivy)).toMatchObject({ email: null, pendingEmail: 'ivy@example.com' })
    expect((await verify(ivy, await lastEmailedCode(t, 'ivy@example.com'))).status).toBe(200)
    const login = await t.postJson('/customer/login/v2', { email: 'IVY@example.com', password: 'correct horse' })
    expect(login.status).toBe(200)
    expect((login.body as LoginResponse).userId).toBe(ivy.id)
  })

  it('GET /dev/email-outbox shows codes sent to new addresses, and nothing for a non-demo account’s stored address', async () => {
    const jon = await createTestCustomer(t, 'Jon', freshPhone())
    await setEmail(jon, 'jon@example.com', '198.51.100.10')
    const visible = (await t.get('/dev/email-outbox?email=JON%40example.com')).body as EmailOutboxResponse
    expect(visible.messages).toHaveLength(1)
    expect(visible.messages[0]).toMatchObject({ email: 'jon@example.com', provider: 'sandbox', body: expect.stringMatching(/\b\d{6}\b/) })
    await verify(jon, await lastEmailedCode(t, 'jon@example.com'))
    // Now the address is a real account's: its mail is nobody else's to read.
    expect(((await t.get('/dev/email-outbox?email=jon%40example.com')).body as EmailOutboxResponse).messages).toEqual([])
    expect((await t.get('/dev/email-outbox?email=nope')).status).toBe(400)
  })
})
