import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { idempotencyRecords, shortLinks } from '../db/schema'
import { createTestApp, type TestApp } from '../test/harness'
import { ApiError } from './errors'
import { idempotent, type IdempotencyVariables } from './idempotency'

let t: TestApp
let app: Hono<{ Variables: IdempotencyVariables }>
let runs = 0
let gate: Promise<void> | undefined

beforeAll(async () => {
  t = await createTestApp({ seed: false })
  // A route whose work is a row of its own: the link id comes from the body.
  app = new Hono<{ Variables: IdempotencyVariables }>()
  app
    .use('/work', idempotent({ db: t.db, passphrase: t.env.PAYLOAD_KEY }))
    .post('/work', async (c) => {
      runs++
      const body = (await c.req.json()) as { id?: string; data?: string; refuse?: boolean; crash?: boolean }
      const id = body.id ?? `enc-${runs}`
      await c.get('tx').insert(shortLinks).values({ id, target: `/run/${runs}` })
      if (gate) await gate
      if (body.refuse) throw new ApiError(409, 'refused', 'Refused on purpose.')
      if (body.crash) throw new Error('crashed on purpose')
      return c.json({ id, run: runs }, 201)
    })
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.toBody(), error.status)
    return c.json({ status: 500, message: 'internal', code: 'internal_error' }, 500)
  })
})
afterAll(() => t.close())
beforeEach(() => {
  runs = 0
  gate = undefined
})

const post = async (body: unknown, key?: string) =>
  app.request('/work', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
  })

const links = async (id: string) => (await t.db.select().from(shortLinks).where(eq(shortLinks.id, id))).length

describe('idempotent()', () => {
  it('runs every request without a key', async () => {
    expect((await post({ id: 'no-key-1' })).status).toBe(201)
    expect((await post({ id: 'no-key-2' })).status).toBe(201)
    expect(runs).toBe(2)
  })

  it('answers a retry with the same key with the first response and does the work once', async () => {
    const first = await post({ id: 'same-1' }, 'key-same')
    const again = await post({ id: 'same-1' }, 'key-same')
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(await again.text()).toBe(await first.text())
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(runs).toBe(1)
    expect(await links('same-1')).toBe(1)
  })

  it('refuses the same key with a different body with 422 and changes nothing', async () => {
    await post({ id: 'diff-1' }, 'key-diff')
    const response = await post({ id: 'diff-2' }, 'key-diff')
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ status: 422, code: 'idempotency_key_reused' })
    expect(await links('diff-2')).toBe(0)
  })

  it('hashes an encrypted body by its payload, so a re-encrypted retry is the same request', async () => {
    const payload = { a: 1, b: [1, 2] }
    const first = await post({ data: encryptPayload(payload, t.env.PAYLOAD_KEY) }, 'key-enc')
    const again = await post({ data: encryptPayload({ b: [1, 2], a: 1 }, t.env.PAYLOAD_KEY) }, 'key-enc')
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.text()).toBe(await first.text())
    expect(runs).toBe(1)
    expect((await post({ data: encryptPayload({ a: 2 }, t.env.PAYLOAD_KEY) }, 'key-enc')).status).toBe(422)
  })

  it('rolls back a refused request with its claim, so the retry runs again', async () => {
    const refused = await post({ id: 'refused-1', refuse: true }, 'key-refused')
    expect(refused.status).toBe(409)
    expect(await links('refused-1')).toBe(0)
    const [record] = await t.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, 'key-refused'))
    expect(record).toBeUndefined()
    expect((await post({ id: 'refused-1' }, 'key-refused')).status).toBe(201)
    expect(await links('refused-1')).toBe(1)
  })

  it('rolls back a request that fails unexpectedly', async () => {
    expect((await post({ id: 'crash-1', crash: true }, 'key-crash')).status).toBe(500)
    expect(await links('crash-1')).toBe(0)
  })

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['with a space', 'a key'],
  ])('refuses a key that is %s with 400', async (_, key) => {
    const response = await post({ id: `bad-${key.length}` }, key)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'invalid_idempotency_key' })
    expect(runs).toBe(0)
  })

  it('keeps a duplicate waiting while the first is still working, then replays its answer', async () => {
    let release!: () => void
    gate = new Promise((resolve) => (release = resolve))
    const first = post({ id: 'wait-1' }, 'key-wait')
    while (runs === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    let duplicateSettled = false
    const duplicate = post({ id: 'wait-1' }, 'key-wait').then((response) => {
      duplicateSettled = true
      return response
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(duplicateSettled).toBe(false)
    release()
    const [a, b] = await Promise.all([first, duplicate])
    expect(a.status).toBe(201)
    expect(b.status).toBe(201)
    expect(await b.text()).toBe(await a.text())
    expect(runs).toBe(1)
    expect(await links('wait-1')).toBe(1)
  })

  it('does the work once for 20 concurrent requests with one key', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => post({ id: 'burst-1' }, 'key-burst')))
    const texts = await Promise.all(responses.map((response) => response.text()))
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201))
    expect(new Set(texts).size).toBe(1)
    expect(runs).toBe(1)
    expect(await links('burst-1')).toBe(1)
  })

  it('keeps keys of different scopes apart', async () => {
    const scoped = new Hono<{ Variables: IdempotencyVariables }>()
      .use('/as', async (c, next) => {
        c.set('customerId', c.req.header('X-Who'))
        await next()
      })
      .use('/as', idempotent({ db: t.db, passphrase: t.env.PAYLOAD_KEY }))
      .post('/as', async (c) => {
        runs++
        return c.json({ who: c.get('customerId') })
      })
    const request = (who: string) => scoped.request('/as', { method: 'POST', body: '{}', headers: { 'Idempotency-Key': 'shared', 'X-Who': who } })
    expect(await (await request('ann')).json()).toEqual({ who: 'ann' })
    expect(await (await request('bob')).json()).toEqual({ who: 'bob' })
    expect(runs).toBe(2)
  })

  it('keeps two staff members of one restaurant apart: the same key and body from another staff member runs again', async () => {
    const staffed = new Hono<{ Variables: IdempotencyVariables }>()
      .use('/staff', async (c, next) => {
        c.set('staff', { id: c.req.header('X-Staff')! })
        await next()
      })
      .use('/staff', idempotent({ db: t.db, passphrase: t.env.PAYLOAD_KEY }))
      .post('/staff', async (c) => {
        runs++
        return c.json({ by: c.get('staff')!.id, run: runs })
      })
    const request = (who: string) => staffed.request('/staff', { method: 'POST', body: '{"partySize":2}', headers: { 'Idempotency-Key': 'front-door', 'X-Staff': who } })
    expect(await (await request('host-1')).json()).toEqual({ by: 'host-1', run: 1 })
    expect(await (await request('host-2')).json()).toEqual({ by: 'host-2', run: 2 })
    expect(await (await request('host-1')).json()).toEqual({ by: 'host-1', run: 1 })
  })
})
