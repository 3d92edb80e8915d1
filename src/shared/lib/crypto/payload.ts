import AES from 'crypto-js/aes.js'
import Utf8 from 'crypto-js/enc-utf8.js'

/** crypto-js AES in passphrase mode: OpenSSL-compatible base64 ("U2FsdGVkX1…"). */
export function encryptPayload(value: unknown, passphrase: string): string {
  return AES.encrypt(JSON.stringify(value), passphrase).toString()
}

export class PayloadDecryptError extends Error {
  constructor(reason: string) {
    super(`The payload could not be decrypted: ${reason}`)
    this.name = 'PayloadDecryptError'
  }
}

/**
 * What every reader of the format checks, whichever AES does the work: our prefix, a decryption
 * that neither throws nor yields nothing (wrong key), and JSON inside.
 */
export function openPayload(ciphertext: unknown, decrypt: (ciphertext: string) => string): unknown {
  if (typeof ciphertext !== 'string' || !ciphertext.startsWith('U2FsdGVkX1')) {
    throw new PayloadDecryptError('it is not an AES ciphertext')
  }
  let plaintext: string
  try {
    plaintext = decrypt(ciphertext)
  } catch {
    throw new PayloadDecryptError('wrong key or corrupted ciphertext')
  }
  if (!plaintext) throw new PayloadDecryptError('wrong key or corrupted ciphertext')
  try {
    return JSON.parse(plaintext)
  } catch {
    throw new PayloadDecryptError('the plaintext is not JSON')
  }
}

/** Decrypts and parses; anything that is not our ciphertext of JSON throws PayloadDecryptError. */
export function decryptPayload(ciphertext: string, passphrase: string): unknown {
  return openPayload(ciphertext, (text) => AES.decrypt(text, passphrase).toString(Utf8))
}
