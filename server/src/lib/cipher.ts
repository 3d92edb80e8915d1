import { createCipheriv, createDecipheriv, createSecretKey, hash, type KeyObject, randomBytes } from 'node:crypto'
import { openPayload } from '@/shared/lib/crypto/payload'

/**
 * The wire cipher (docs/api.md, "Wire protocol") on Node's OpenSSL: the same OpenSSL-compatible format the web
 * app writes with crypto-js ("Salted__" + 8-byte salt + AES-256-CBC, key and IV from
 * EVP_BytesToKey with MD5), so either side reads the other's ciphertext. crypto-js is pure
 * JavaScript: here it cost 80 µs to open a 100-byte request and 2 ms to seal a 31 KB menu,
 * which capped every encrypted call; OpenSSL does both in a few microseconds
 * (docs/decisions.md, "The server's cipher").
 */

const SALTED = Buffer.from('Salted__', 'latin1')

/** OpenSSL's EVP_BytesToKey with MD5 and one round: 32 bytes of key, then 16 of IV. */
function keyAndIv(passphrase: string, salt: Buffer): { key: KeyObject; iv: Buffer } {
  const secretAndSalt = Buffer.concat([Buffer.from(passphrase, 'utf8'), salt])
  const d1 = hash('md5', secretAndSalt, 'buffer')
  const d2 = hash('md5', Buffer.concat([d1, secretAndSalt]), 'buffer')
  const d3 = hash('md5', Buffer.concat([d2, secretAndSalt]), 'buffer')
  // A KeyObject: handing createDecipheriv raw bytes costs it ~10 µs of key checks per call.
  return { key: createSecretKey(Buffer.concat([d1, d2])), iv: d3 }
}

/** Seals a JSON value with a fresh salt, as crypto-js does: equal answers never look alike. */
export function encryptPayload(value: unknown, passphrase: string): string {
  return encryptJson(JSON.stringify(value), passphrase)
}

/** `encryptPayload` of a value already serialised (a caller that also hashed the text for its ETag). */
export function encryptJson(json: string, passphrase: string): string {
  const salt = randomBytes(8)
  const { key, iv } = keyAndIv(passphrase, salt)
  const cipher = createCipheriv('aes-256-cbc', key, iv)
  const body = Buffer.concat([cipher.update(json, 'utf8'), cipher.final()])
  return Buffer.concat([SALTED, salt, body]).toString('base64')
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Opens and parses; anything that is not our ciphertext of JSON throws PayloadDecryptError. */
export function decryptPayload(ciphertext: string, passphrase: string): unknown {
  return openPayload(ciphertext, (text) => {
    const raw = Buffer.from(text, 'base64')
    // Header, salt and at least one whole AES block.
    if (raw.length < 32 || (raw.length - 16) % 16 !== 0) throw new Error('not whole AES blocks')
    const { key, iv } = keyAndIv(passphrase, raw.subarray(8, 16))
    const decipher = createDecipheriv('aes-256-cbc', key, iv)
    return utf8.decode(Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]))
  })
}
