import { customers } from '../../db/schema'
import type { TestApp } from '../../test/harness'
import { decryptPayload } from '../../../../src/shared/lib/crypto/payload'
import { signAccessToken } from '../auth/tokens'

export type TestCustomer = { id: string; token: string }

export type SignedInResponse = { status: number; headers: Headers; body: any; text: string }

/** A customer of the test database with an access token, for the account modules' tests. */
export async function createTestCustomer(t: TestApp, firstName: string, mobilePhone: string): Promise<TestCustomer> {
  const [row] = await t.db.insert(customers).values({ firstName, mobilePhone }).returning()
  return { id: row!.id, token: await signAccessToken(row!.id, t.env.TOKEN_SECRET) }
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
