// Encrypted calls to a running server, as the web app makes them (docs/api.md, "Wire protocol").
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'
import { DEFAULT_PAYLOAD_KEY } from '@/shared/config/constants'

export const KEY = process.env.PAYLOAD_KEY ?? DEFAULT_PAYLOAD_KEY

export const encryptedBody = (payload: unknown) => JSON.stringify({ data: encryptPayload(payload, KEY) })

export async function callEncrypted<T>(origin: string, path: string, payload: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: encryptedBody(payload) })
  const text = await response.text()
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`)
  return { body: decryptPayload(text, KEY) as T, bytes: Buffer.byteLength(text), etag: response.headers.get('etag') }
}
