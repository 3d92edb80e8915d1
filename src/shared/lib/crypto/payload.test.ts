import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDecipheriv, createHash } from 'node:crypto'
import { decryptPayload, decryptPayloadAsync, decryptTextNatively, encryptPayload, encryptPayloadAsync, PayloadDecryptError } from './payload'

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

  describe('with WebCrypto (decryptPayloadAsync)', () => {
    afterEach(() => vi.unstubAllGlobals())

    it('opens what crypto-js seals, in any script and at any length', async () => {
      const payload = { name: 'Crème brûlée — ₹249', emoji: '🍰', long: 'x'.repeat(70_000), empty: '' }
      expect(await decryptPayloadAsync(encryptPayload(payload, KEY), KEY)).toEqual(payload)
      expect(await decryptPayloadAsync(encryptPayload('', KEY), KEY)).toBe('')
    })

    it('reads ciphertext made by openssl', async () => {
      expect(await decryptPayloadAsync('U2FsdGVkX1+/UZCMAzSj+3v9XK+tPq8f5xt7W8Wmm+Dmmi/PdG0nHuDi6g5tIAYJ', KEY)).toEqual({ hello: 'world' })
    })

    it.each([
      ['plain text', 'hello'],
      ['base64 that is not ours', 'aGVsbG8gd29ybGQ='],
      ['a truncated ciphertext', 'U2FsdGVkX1+/UZCMAzSj+3v9XK'],
      ['not base64 at all', 'U2FsdGVkX1 ✗'],
    ])('rejects %s with PayloadDecryptError', async (_, input) => {
      await expect(decryptPayloadAsync(input, KEY)).rejects.toThrow(PayloadDecryptError)
    })

    it('rejects a ciphertext made with another key', async () => {
      await expect(decryptPayloadAsync(encryptPayload({ a: 1 }, 'another-key-123'), KEY)).rejects.toThrow(PayloadDecryptError)
    })

    it('reads the bytes with the browser\'s Uint8Array.fromBase64 where it has one, with the same answers', async () => {
      const fromBase64 = vi.fn((text: string) => new Uint8Array(Buffer.from(text, 'base64')))
      Object.defineProperty(Uint8Array, 'fromBase64', { value: fromBase64, configurable: true })
      try {
        const payload = { name: 'Crème brûlée — ₹249', long: 'y'.repeat(5_000) }
        expect(await decryptPayloadAsync(encryptPayload(payload, KEY), KEY)).toEqual(payload)
        await expect(decryptPayloadAsync(encryptPayload({ a: 1 }, 'another-key-123'), KEY)).rejects.toThrow(PayloadDecryptError)
        expect(fromBase64).toHaveBeenCalledTimes(2)
        expect(await decryptTextNatively(encryptPayload('tf', KEY), KEY)).toBe('"tf"')
      } finally {
        delete (Uint8Array as unknown as { fromBase64?: unknown }).fromBase64
      }
    })

    it('falls back to crypto-js where the page has no WebCrypto (not served securely)', async () => {
      vi.stubGlobal('crypto', undefined)
      expect(await decryptPayloadAsync(encryptPayload({ a: 1 }, KEY), KEY)).toEqual({ a: 1 })
      await expect(decryptPayloadAsync('hello', KEY)).rejects.toThrow(PayloadDecryptError)
    })
  })

  describe('sealed with WebCrypto (encryptPayloadAsync)', () => {
    afterEach(() => vi.unstubAllGlobals())

    it('seals what crypto-js opens, in any script and at any length', async () => {
      const payload = { name: 'Crème brûlée — ₹249', emoji: '🍰', long: 'z'.repeat(70_000), empty: '', n: 12.5 }
      const sealed = await encryptPayloadAsync(payload, KEY)
      expect(sealed).toMatch(/^U2FsdGVkX1/)
      expect(decryptPayload(sealed, KEY)).toEqual(payload)
      expect(await decryptPayloadAsync(sealed, KEY)).toEqual(payload)
      // Every length of plaintext around the AES block, padding included.
      for (let length = 0; length <= 33; length++) expect(decryptPayload(await encryptPayloadAsync('q'.repeat(length), KEY), KEY)).toBe('q'.repeat(length))
    })

    it('seals what OpenSSL opens: "Salted__", the salt, AES-256-CBC under EVP_BytesToKey with MD5 (Node\'s own OpenSSL here)', async () => {
      const raw = Buffer.from(await encryptPayloadAsync({ hello: 'world' }, KEY), 'base64')
      expect(raw.subarray(0, 8).toString()).toBe('Salted__')
      const salt = raw.subarray(8, 16)
      let derived = Buffer.alloc(0)
      for (let block = Buffer.alloc(0); derived.length < 48; derived = Buffer.concat([derived, block])) block = createHash('md5').update(Buffer.concat([block, Buffer.from(KEY), salt])).digest()
      const decipher = createDecipheriv('aes-256-cbc', derived.subarray(0, 32), derived.subarray(32, 48))
      expect(JSON.parse(Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString())).toEqual({ hello: 'world' })
    })

    it('salts every encryption', async () => {
      expect(await encryptPayloadAsync({ a: 1 }, KEY)).not.toBe(await encryptPayloadAsync({ a: 1 }, KEY))
    })

    it('is not opened with another key', async () => {
      expect(() => decryptPayload(encryptPayload({ a: 1 }, KEY), 'another-key-123')).toThrow(PayloadDecryptError)
      const sealed = await encryptPayloadAsync({ a: 1 }, 'another-key-123')
      expect(() => decryptPayload(sealed, KEY)).toThrow(PayloadDecryptError)
    })

    it('writes the bytes with the browser\'s toBase64 where it has one, the same text', async () => {
      const toBase64 = vi.fn(function (this: Uint8Array) {
        return Buffer.from(this).toString('base64')
      })
      Object.defineProperty(Uint8Array.prototype, 'toBase64', { value: toBase64, configurable: true })
      try {
        expect(decryptPayload(await encryptPayloadAsync({ b: 'x'.repeat(3_000) }, KEY), KEY)).toEqual({ b: 'x'.repeat(3_000) })
        expect(toBase64).toHaveBeenCalledTimes(1)
      } finally {
        delete (Uint8Array.prototype as unknown as { toBase64?: unknown }).toBase64
      }
    })

    it('falls back to crypto-js where the page has no WebCrypto', async () => {
      vi.stubGlobal('crypto', undefined)
      expect(decryptPayload(await encryptPayloadAsync({ a: 1 }, KEY), KEY)).toEqual({ a: 1 })
    })
  })
})
