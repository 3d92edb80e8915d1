import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app'
import { loadEnv } from '../../env'
import { fixedSite } from '../../site/site-builder'
import { createTestApp, openTestDatabase, type TestApp } from '../../test/harness'
import { verifyAccessToken } from '../auth/tokens'
import type { DevSessionResponse } from './dev.schemas'

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
      refreshToken: '',
      userDetails: {
        customerId: session.userId,
        firstName: 'Dev',
        lastName: 'Diner',
        email: 'dev@example.com',
        mobilePhone: '+14155550123',
      },
    })
    expect(await verifyAccessToken(session.accessToken, t.env.TOKEN_SECRET)).toBe(session.userId)
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

  it('sets the demo customer\'s wallet balance when asked, and leaves it alone otherwise', async () => {
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
    expect((await profileOf(again)).walletAmount).toBe(0)
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
