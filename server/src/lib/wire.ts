import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import type { z } from 'zod'
import { PayloadDecryptError } from '@/shared/lib/crypto/payload'
import { decryptPayload, encryptJson, encryptPayload } from './cipher'
import { ApiError, invalidText, isUnstorableText } from './errors'

/**
 * "field problem; other problem" — the message a developer needs to fix the call. A message that
 * already starts with its field's name (a refinement's "kidzSize must be fewer than guestCount")
 * does not get the name a second time.
 */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String).join('.')
      if (!path) return issue.message
      const field = String(issue.path.at(-1))
      const named = issue.message.startsWith(`${field} `) ? issue.message.slice(field.length + 1) : issue.message
      return `${path} ${named}`
    })
    .join('; ')
}

/**
 * Where in a request value there is text PostgreSQL cannot store (a key or a string anywhere in
 * it), as "items.0.comment"; null when there is none. Iterative, so no nesting depth overflows it.
 */
export function unstorableTextIn(input: unknown): string | null {
  const pending: [unknown, string][] = [[input, '']]
  while (pending.length > 0) {
    const [value, path] = pending.pop()!
    if (typeof value === 'string') {
      if (isUnstorableText(value)) return path
    } else if (Array.isArray(value)) {
      value.forEach((entry, index) => pending.push([entry, path ? `${path}.${index}` : String(index)]))
    } else if (value !== null && typeof value === 'object') {
      for (const [key, entry] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key
        if (isUnstorableText(key)) return at
        pending.push([entry, at])
      }
    }
  }
  return null
}

/**
 * Validates a body, query or path parameters against its schema; text the database cannot store
 * is refused first (400 invalid_text), whatever the schema would say of it (docs/operations.md).
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const unstorable = unstorableTextIn(input)
  if (unstorable !== null) throw invalidText(unstorable ? `The field ${unstorable}` : 'The request')
  const result = schema.safeParse(input)
  if (!result.success) throw new ApiError(400, 'invalid_request', `Invalid request: ${describeIssues(result.error)}.`)
  return result.data
}

async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text()
  if (!text.trim()) throw new ApiError(400, 'empty_body', 'The request body is empty; a JSON body is required.')
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(400, 'malformed_json', 'The request body is not valid JSON.')
  }
}

/** A plain JSON body, validated. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return validate(schema, await readJsonBody(c))
}

/** An encrypted `{"data": "<ciphertext>"}` body (docs/api.md, "Wire"), decrypted then validated. */
export async function readEncrypted<S extends z.ZodType>(c: Context, schema: S, passphrase: string): Promise<z.output<S>> {
  const body = await readJsonBody(c)
  const ciphertext = (body as { data?: unknown } | null)?.data
  if (typeof ciphertext !== 'string') {
    throw new ApiError(400, 'missing_payload', 'The request body must be {"data": "<encrypted payload>"}.')
  }
  try {
    return validate(schema, decryptPayload(ciphertext, passphrase))
  } catch (error) {
    if (error instanceof PayloadDecryptError) throw new ApiError(400, 'undecryptable_payload', `${error.message}.`)
    throw error
  }
}

/** The body text of answers made by `sendEncrypted`, so idempotency stores it without reading the body back. */
const sentTexts = new WeakMap<Response, string>()

/**
 * The text `sendEncrypted` made `response` with, if it did. Reading a Response's body (or cloning
 * it) turns @hono/node-server's light string answer into a stream it then has to pipe.
 */
export const sentTextOf = (response: Response): string | undefined => sentTexts.get(response)

/** An encrypted `text/plain` response body. */
export function sendEncrypted(c: Context, body: unknown, passphrase: string, status: 200 | 201 = 200) {
  const text = encryptPayload(body, passphrase)
  const response = c.text(text, status, { 'Content-Type': 'text/plain; charset=utf-8' })
  sentTexts.set(response, text)
  return response
}

/** Public data that changes when a merchant edits it: every use revalidates, a match costs no body. */
export const PUBLIC_REVALIDATE = 'public, max-age=0, must-revalidate'

const tagOf = (plaintext: string) => `"${createHash('sha256').update(plaintext).digest('base64url').slice(0, 27)}"`

/** A strong ETag of the plaintext: the ciphertext differs on every call because of its salt. */
export const etagOf = (body: unknown) => tagOf(JSON.stringify(body))

// Encrypting a menu costs more than hashing it: an unchanged answer reuses its ciphertext (the
// salt only obfuscates, docs/api.md "Wire"). Keyed by tag and passphrase; the oldest entry goes first.
const CIPHERTEXTS = 200
const ciphertexts = new Map<string, string>()

const matches = (header: string | undefined, etag: string) =>
  header !== undefined && (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))

/**
 * `sendEncrypted` for public reads: an ETag of the plaintext, and 304 without a body when the
 * caller's If-None-Match already names it.
 */
export function sendEncryptedPublic(c: Context, body: unknown, passphrase: string) {
  const json = JSON.stringify(body)
  const etag = tagOf(json)
  return sendSealedPublic(c, etag, () => ciphertextOf(etag, json, passphrase))
}

function ciphertextOf(etag: string, json: string, passphrase: string): string {
  const key = `${etag} ${passphrase}`
  let ciphertext = ciphertexts.get(key)
  if (ciphertext === undefined) {
    ciphertext = encryptJson(json, passphrase)
    if (ciphertexts.size >= CIPHERTEXTS) ciphertexts.delete(ciphertexts.keys().next().value!)
    ciphertexts.set(key, ciphertext)
  }
  return ciphertext
}

/** A public answer's tag and sealed bytes, for a caller that keeps them (the search's answers); send with `sendSealedPublic`. */
export function sealPublic(body: unknown, passphrase: string): SealedBytes {
  const json = JSON.stringify(body)
  const etag = tagOf(json)
  return { etag, ciphertext: bytesOf(ciphertextOf(etag, json, passphrase)) }
}

/**
 * A sealed public answer kept to be sent again and again (the menu and search caches): its tag and
 * its ciphertext as bytes. Kept as a string, every answer would encode the text again on its way to
 * the socket (a 33 KB menu: ~0.03 ms of a ~0.15 ms read; docs/decisions.md "Issue 16 — sealed answers as bytes, and the policy's stat").
 */
export type SealedBytes = { etag: string; ciphertext: Uint8Array<ArrayBuffer> }

/** The ciphertext's bytes (base64 is ASCII). */
export const bytesOf = (ciphertext: string) => Buffer.from(ciphertext, 'latin1') as Uint8Array<ArrayBuffer>

/** A public plain-JSON read (the OpenAPI document): tagged like the encrypted ones, 304 on a match. */
export function sendJsonPublic(c: Context, body: unknown) {
  const etag = etagOf(body)
  c.header('ETag', etag)
  c.header('Cache-Control', PUBLIC_REVALIDATE)
  if (matches(c.req.header('If-None-Match'), etag)) return c.body(null, 304)
  return c.json(body as object)
}

/** A public answer already tagged and sealed (the menu and search caches' bytes): 304 on a matching If-None-Match. */
export function sendSealedPublic(c: Context, etag: string, ciphertext: Uint8Array<ArrayBuffer> | (() => string)) {
  c.header('ETag', etag)
  c.header('Cache-Control', PUBLIC_REVALIDATE)
  if (matches(c.req.header('If-None-Match'), etag)) return c.body(null, 304)
  const type = { 'Content-Type': 'text/plain; charset=utf-8' }
  return ciphertext instanceof Uint8Array ? c.body(ciphertext, 200, type) : c.text(ciphertext(), 200, type)
}
