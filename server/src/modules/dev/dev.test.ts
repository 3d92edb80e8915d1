import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app'
import { loadEnv } from '../../env'
import { fixedSite } from '../../site/site-builder'
import { eq } from 'drizzle-orm'
import type { OutboxResponse } from '@/shared/api/contracts/auth'
import { customers, walletMovements } from '../../db/schema'
import { createTestApp, openTestDatabase, type TestApp } from '../../test/harness'
import { hashPassword } from '../auth/password'
import { verifyAccessToken } from '../auth/tokens'
import { callAs } from '../../test/signed-in-client'
import { recordWalletMovement } from '../wallet/ledger'
import type { DevSessionResponse } from '@/shared/api/contracts/dev'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ seed: false })
})
afterAll(() => t.close())

const demo = { firstName: 'Dev', lastName: 'Diner', mobilePhone: '+14155550123', email: 'dev@example.com' }

describe('POST /api/dev/session (SANDBOX only)', () => {
  it('creates a demo customer and returns what the web app stores after a sign-in', async () => {
    const response = await t.postJson('/dev/session', demo)
    expect(response.status).toBe(201)
    const session = response.body as DevSessionResponse
    expect(session).toEqual({
      userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      accessToken: expect.any(String),
      refreshToken: expect.stringMatching(/^[\w-]{43}$/),
      userDetails: {
        customerId: session.userId,
        firstName: 'Dev',
        lastName: 'Diner',
        email: 'dev@example.com',
        mobilePhone: '+14155550123',
      },
    })
    expect((await verifyAccessToken(session.accessToken, t.env.TOKEN_SECRET)).customerId).toBe(session.userId)
    const [row] = await t.db.select().from(customers).where(eq(customers.id, session.userId))
    expect(row).toMatchObject({ isDemo: true, isGuest: false, mobileVerifiedAt: expect.any(Date) })
  })

  it('signs in as the same customer again for the same mobile number', async () => {
    const first = (await t.postJson('/dev/session', demo)).body as DevSessionResponse
    const second = (await t.postJson('/dev/session', { firstName: 'Someone', mobilePhone: demo.mobilePhone })).body as DevSessionResponse
    expect(second.userId).toBe(first.userId)
    expect(second.userDetails.firstName).toBe('Dev')
  })

  it('gives a token the favourites endpoints accept', async () => {
    const session = (await t.postJson('/dev/session', { firstName: 'Fav', mobilePhone: '+919876543210' })).body as DevSessionResponse
    const response = await t.app.request(`/api/favourites?customerId=${session.userId}`, {
      headers: { Authorization: `Bearer ${session.accessToken}` },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ restaurants: [], items: [] })
  })

  it('tops the demo customer\'s wallet up through the ledger when asked, and never lowers it', async () => {
    const mobilePhone = '+14155550177'
    const profileOf = async (session: DevSessionResponse) => {
      const response = await t.app.request('/api/customer/profile/v2', {
        method: 'POST',
        headers: { Authorization: `Bearer ${session.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: session.userId }),
      })
      expect(response.status).toBe(200)
      return (await response.json()) as { walletAmount: number }
    }
    const funded = (await t.postJson('/dev/session', { firstName: 'Wallet', mobilePhone, walletAmount: 500 })).body as DevSessionResponse
    expect((await profileOf(funded)).walletAmount).toBe(500)
    const again = (await t.postJson('/dev/session', { firstName: 'Wallet', mobilePhone })).body as DevSessionResponse
    expect((await profileOf(again)).walletAmount).toBe(500)
    await t.postJson('/dev/session', { firstName: 'Wallet', mobilePhone, walletAmount: 0 })
    expect((await profileOf(again)).walletAmount).toBe(500)
    // Two top-ups at once credit the difference once.
    await Promise.all([800, 800].map((walletAmount) => t.postJson('/dev/session', { firstName: 'Wallet', mobilePhone, walletAmount })))
    expect((await profileOf(again)).walletAmount).toBe(800)
    const ledger = await t.db.select().from(walletMovements).where(eq(walletMovements.customerId, funded.userId))
    expect(ledger.map((row) => [row.kind, row.amountMinor])).toEqual([
      ['CREDIT', 500],
      ['CREDIT', 300],
    ])
  })

  it('refuses a wallet balance that is negative or not whole', async () => {
    for (const walletAmount of [-1, 2.5]) {
      const response = await t.postJson('/dev/session', { ...demo, walletAmount })
      expect(response.status).toBe(400)
      expect((response.body as { message: string }).message).toMatch(/walletAmount/)
    }
  })

  it('refuses a bad request with a message naming the fields', async () => {
    const response = await t.postJson('/dev/session', { firstName: ' ', mobilePhone: '555-0123' })
    expect(response.status).toBe(400)
    expect((response.body as { message: string }).message).toMatch(/firstName is required/)
    expect((response.body as { message: string }).message).toMatch(/mobilePhone must be an E\.164 number/)
  })

  it('the demo sign-in never enters a real account: the mobile of a verified, password-protected account is 403 not_a_demo_customer and its wallet is untouched', async () => {
    const mobilePhone = '+14155550188'
    const [real] = await t.db
      .insert(customers)
      .values({ firstName: 'Rhea', mobilePhone, passwordHash: await hashPassword('her own password'), mobileVerifiedAt: new Date() })
      .returning()
    await recordWalletMovement(t.db, { customerId: real!.id, kind: 'CREDIT', amountMinor: 4200 })
    const response = await t.postJson('/dev/session', { firstName: 'Mallory', mobilePhone, walletAmount: 10_000_000 })
    expect(response.status).toBe(403)
    expect(response.body).toMatchObject({ status: 403, code: 'not_a_demo_customer' })
    expect(response.text).not.toContain('accessToken')
    const [after] = await t.db.select().from(customers).where(eq(customers.id, real!.id))
    expect(after).toMatchObject({ walletAmountMinor: 4200, isDemo: false, firstName: 'Rhea' })
    // An account still waiting for its sign-up code is somebody's too.
    const pending = '+14155550189'
    await t.db.insert(customers).values({ firstName: 'Pat', mobilePhone: pending, passwordHash: await hashPassword('pending password') })
    expect((await t.postJson('/dev/session', { firstName: 'Mallory', mobilePhone: pending })).body).toMatchObject({ code: 'not_a_demo_customer' })
  })

  it('takes over a customer the old demo sign-in made (no password, never verified) as a demo customer', async () => {
    const mobilePhone = '+14155550187'
    const [old] = await t.db.insert(customers).values({ firstName: 'Old', mobilePhone }).returning()
    const session = (await t.postJson('/dev/session', { firstName: 'Old', mobilePhone })).body as DevSessionResponse
    expect(session.userId).toBe(old!.id)
    const [row] = await t.db.select().from(customers).where(eq(customers.id, old!.id))
    expect(row).toMatchObject({ isDemo: true, mobileVerifiedAt: expect.any(Date) })
  })

  it('a demo session is a real sign-in: signing out ends its access token at once', async () => {
    const session = (await t.postJson('/dev/session', { firstName: 'Leaving', mobilePhone: '+14155550186' })).body as DevSessionResponse
    const who = { id: session.userId, token: session.accessToken }
    expect((await callAs(t, who, 'POST', '/customer/profile/v2', { id: session.userId })).status).toBe(200)
    expect((await t.postJson('/customer/logout', { refreshToken: session.refreshToken })).status).toBe(204)
    const after = await callAs(t, who, 'POST', '/customer/profile/v2', { id: session.userId })
    expect(after.status).toBe(401)
    expect(after.body).toMatchObject({ code: 'token_expired', message: 'Your session has ended. Please sign in again.' })
  })

  it('GET /dev/outbox shows demo customers’ and guests’ codes, and nothing for a real account’s number', async () => {
    const outbox = async (phone: string) => ((await t.get(`/dev/outbox?phone=${encodeURIComponent(phone)}`)).body as OutboxResponse).messages
    const demoPhone = '+14155550185'
    await t.postJson('/dev/session', { firstName: 'Demo', mobilePhone: demoPhone })
    await t.postJson('/customer/resetPassword', { sendOtp: true, mobilePhone: demoPhone })
    expect(await outbox(demoPhone)).toHaveLength(1)
    const guestPhone = '+14155550184'
    await t.postJson('/customer/sendSMS', { fullName: 'Gail Guest', mobile: guestPhone, countryCode: 'US' })
    expect(await outbox(guestPhone)).toHaveLength(1)

    const realPhone = '+14155550183'
    await t.db.insert(customers).values({ firstName: 'Rita', mobilePhone: realPhone, passwordHash: await hashPassword('her own password'), mobileVerifiedAt: new Date() })
    expect((await t.postJson('/customer/resetPassword', { sendOtp: true, mobilePhone: realPhone })).status).toBe(200)
    // The reset code was sent (the sandbox recorded it) but the outbox shows it to nobody.
    expect(await outbox(realPhone)).toEqual([])
    // A guest code to a real account's number stays hidden too.
    await t.postJson('/customer/sendSMS', { fullName: 'Not Rita', mobile: realPhone, countryCode: 'US' })
    expect(await outbox(realPhone)).toEqual([])
  })

  it('does not exist when SANDBOX is off', async () => {
    const { handle, dispose } = await openTestDatabase()
    try {
      await handle.migrate()
      const staticDir = mkdtempSync(join(tmpdir(), 'tf-static-'))
      const env = loadEnv({ SEED: '0', LOG_LEVEL: 'silent', SANDBOX: '0', STATIC_DIR: staticDir, TOKEN_SECRET: 'a-production-token-secret-of-40-characters', PAYLOAD_KEY: 'a-production-payload-key' })
      const log = { info: () => {}, error: () => {} }
      const app = createApp({ db: handle.db, env, kind: handle.kind, ping: handle.ping, listen: handle.listen, log, site: fixedSite(staticDir) })
      const response = await app.request('/api/dev/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(demo),
      })
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ code: 'no_such_endpoint' })
    } finally {
      await dispose()
    }
  })
})
