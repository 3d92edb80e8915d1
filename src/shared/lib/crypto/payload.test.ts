import { describe, expect, it } from 'vitest'
import { decryptPayload, encryptPayload, PayloadDecryptError } from './payload'

const KEY = 'tablefront-payload-v1'

describe('payload encryption', () => {
  it('round-trips a JSON payload', () => {
    const payload = { slug: 'olive-tree', visibleTo: ['C'], amount: 1299, nested: { ok: true } }
    const ciphertext = encryptPayload(payload, KEY)
    expect(ciphertext).toMatch(/^U2FsdGVkX1/)
    expect(ciphertext).not.toContain('olive-tree')
    expect(decryptPayload(ciphertext, KEY)).toEqual(payload)
  })

  it('salts every encryption, so equal payloads differ on the wire', () => {
    expect(encryptPayload({ a: 1 }, KEY)).not.toBe(encryptPayload({ a: 1 }, KEY))
  })

  it('reads ciphertext made by `openssl enc -aes-256-cbc -md md5` (OpenSSL-compatible)', () => {
    const fromOpenssl = 'U2FsdGVkX1+/UZCMAzSj+3v9XK+tPq8f5xt7W8Wmm+Dmmi/PdG0nHuDi6g5tIAYJ'
    expect(decryptPayload(fromOpenssl, KEY)).toEqual({ hello: 'world' })
  })

  it.each([
    ['plain text', 'hello'],
    ['base64 that is not ours', 'aGVsbG8gd29ybGQ='],
    ['a truncated ciphertext', 'U2FsdGVkX1+/UZCMAzSj+3v9XK'],
  ])('rejects %s with PayloadDecryptError', (_, input) => {
    expect(() => decryptPayload(input, KEY)).toThrow(PayloadDecryptError)
  })

  it('rejects a ciphertext made with another key', () => {
    expect(() => decryptPayload(encryptPayload({ a: 1 }, 'another-key-123'), KEY)).toThrow(PayloadDecryptError)
  })
})
