import AES from 'crypto-js/aes.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as browser from '@/shared/lib/crypto/payload'
import { PayloadDecryptError } from '@/shared/lib/crypto/payload'
import { decryptPayload, encryptPayload } from './cipher'

const json = fc.jsonValue().filter((value) => value !== null && JSON.stringify(value) !== undefined)

describe("the server's cipher (node:crypto) against the web app's (crypto-js)", () => {
  it('opens what the web app seals, and the web app opens what it seals, for any JSON', () => {
    fc.assert(
      fc.property(json, fc.string({ minLength: 1, maxLength: 40 }), (value, passphrase) => {
        const normal = JSON.parse(JSON.stringify(value))
        expect(decryptPayload(browser.encryptPayload(value, passphrase), passphrase)).toEqual(normal)
        expect(browser.decryptPayload(encryptPayload(value, passphrase), passphrase)).toEqual(normal)
      }),
      { numRuns: 300 },
    )
  })

  it('seals equal answers differently (a fresh salt each time), in the OpenSSL format', () => {
    const a = encryptPayload({ menu: 'same' }, 'k')
    const b = encryptPayload({ menu: 'same' }, 'k')
    expect(a).not.toBe(b)
    expect(a.startsWith('U2FsdGVkX1')).toBe(true)
  })

  it('refuses what is not its ciphertext with the same reasons as the web app', () => {
    const sealed = encryptPayload({ a: 1 }, 'right')
    const reason = (run: () => unknown) => {
      try {
        run()
      } catch (error) {
        expect(error).toBeInstanceOf(PayloadDecryptError)
        return (error as Error).message
      }
      return 'opened'
    }
    expect(reason(() => decryptPayload('hello', 'right'))).toMatch(/not an AES ciphertext/)
    expect(reason(() => decryptPayload(sealed, 'wrong'))).toMatch(/wrong key or corrupted ciphertext|not JSON/)
    expect(reason(() => decryptPayload(sealed.slice(0, 30), 'right'))).toMatch(/wrong key or corrupted ciphertext/)
    expect(reason(() => decryptPayload(Buffer.concat([Buffer.from('Salted__'), Buffer.alloc(24)]).toString('base64'), 'k'))).toMatch(/wrong key/)
    // A proper ciphertext of a text that is not JSON.
    expect(reason(() => decryptPayload(AES.encrypt('not json', 'k').toString(), 'k'))).toMatch(/the plaintext is not JSON/)
  })

  it('refuses any wrong passphrase for any payload (never opens to a different value)', () => {
    fc.assert(
      fc.property(json, fc.string({ minLength: 1, maxLength: 20 }), fc.string({ minLength: 1, maxLength: 20 }), (value, right, wrong) => {
        fc.pre(right !== wrong)
        const sealed = encryptPayload(value, right)
        let opened: unknown = Symbol('refused')
        try {
          opened = decryptPayload(sealed, wrong)
        } catch (error) {
          expect(error).toBeInstanceOf(PayloadDecryptError)
        }
        expect(opened).not.toEqual(JSON.parse(JSON.stringify(value)))
      }),
      { numRuns: 200 },
    )
  })
})
