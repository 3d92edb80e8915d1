import { desc, eq } from 'drizzle-orm'
import { customers, emailMessages, smsMessages } from '../db/schema'
import type { TestApp } from './harness'
import { decryptPayload } from '@/shared/lib/crypto/payload'
import { startSession } from '../modules/auth/sessions'
import { signGuestToken } from '../modules/auth/tokens'

export type TestCustomer = { id: string; token: string; refreshToken?: string }

export type SignedInResponse = { status: number; headers: Headers; body: any; text: string }

/**
 * A registered customer of the test database, mobile verified, signed in (a live sign-in: its
 * access token names a refresh-token family), for the account modules' tests.
 */
export async function createTestCustomer(t: TestApp, firstName: string, mobilePhone: string): Promise<TestCustomer> {
  const [row] = await t.db.insert(customers).values({ firstName, mobilePhone, mobileVerifiedAt: new Date() }).returning()
  const { accessToken, refreshToken } = await startSession(t.db, t.env.TOKEN_SECRET, row!.id)
  return { id: row!.id, token: accessToken, refreshToken }
}

/** A guest who proved `mobilePhone` by a code in this session: the guest customer and its guest token. */
export async function createTestGuest(t: TestApp, fullName: string, mobilePhone: string): Promise<TestCustomer & { phone: string }> {
  const [firstName, ...rest] = fullName.split(' ')
  const [row] = await t.db
    .insert(customers)
    .values({ firstName: firstName!, lastName: rest.join(' '), mobilePhone, isGuest: true, mobileVerifiedAt: new Date() })
    .returning()
  return { id: row!.id, phone: mobilePhone, token: await signGuestToken({ id: row!.id, phone: mobilePhone }, t.env.TOKEN_SECRET) }
}

/** Calls the test app as `who` (no token when undefined); JSON and ciphertext answers are decoded. */
export async function callAs(
  t: TestApp,
  who: TestCustomer | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<SignedInResponse> {
  const all: Record<string, string> = { ...headers }
  if (who) all.Authorization = `Bearer ${who.token}`
  if (body !== undefined) all['Content-Type'] = 'application/json'
  const response = await t.app.request(`/api${path}`, {
    method,
    headers: all,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  const contentType = response.headers.get('content-type') ?? ''
  let parsed: unknown = text
  if (contentType.includes('application/json')) parsed = JSON.parse(text)
  else if (text.startsWith('U2FsdGVkX1')) parsed = decryptPayload(text, t.env.PAYLOAD_KEY)
  return { status: response.status, headers: response.headers, body: parsed, text }
}

/**
 * Waits, when the clock is less than `marginMs` before the end of a `windowMs` rate-limit window,
 * until the next window begins: a test that counts hits against a limit then runs inside one
 * window whatever the time of day.
 */
export async function awayFromWindowEdge(windowMs: number, marginMs = 15_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs)
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50))
}

/** The six digits of the newest text the sandbox recorded for `phone` (read from the database: the outbox hides real accounts' codes). */
export async function lastTextedCode(t: TestApp, phone: string): Promise<string> {
  const [latest] = await t.db.select().from(smsMessages).where(eq(smsMessages.phone, phone)).orderBy(desc(smsMessages.createdAt)).limit(1)
  const code = /\b(\d{6})\b/.exec(latest?.body ?? '')?.[1]
  if (!code) throw new Error(`No code was texted to ${phone}`)
  return code
}

/** The six digits of the newest email the sandbox recorded for `email`. */
export async function lastEmailedCode(t: TestApp, email: string): Promise<string> {
  const [latest] = await t.db
    .select()
    .from(emailMessages)
    .where(eq(emailMessages.email, email.toLowerCase()))
    .orderBy(desc(emailMessages.createdAt))
    .limit(1)
  const code = /\b(\d{6})\b/.exec(latest?.body ?? '')?.[1]
  if (!code) throw new Error(`No code was emailed to ${email}`)
  return code
}
