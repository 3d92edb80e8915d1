import AES from 'crypto-js/aes.js'
import CryptoJS from 'crypto-js/core.js'
import Utf8 from 'crypto-js/enc-utf8.js'
import EvpKDF from 'crypto-js/evpkdf.js'

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

const SALTED = [0x53, 0x61, 0x6c, 0x74, 0x65, 0x64, 0x5f, 0x5f] // "Salted__"
const utf8 = new TextDecoder('utf-8', { fatal: true })

type WithFromBase64 = { fromBase64?: (text: string) => Uint8Array<ArrayBuffer> }

function bytesOfBase64(text: string): Uint8Array<ArrayBuffer> {
  // The browser's own decoder where it has one (Chromium 140+, Firefox 133+, Safari 18.2+): a byte
  // loop over a stored restaurant's 40 KB was ~12 ms of a cart's start at 4x CPU (docs/app.md, "Start-up work").
  const { fromBase64 } = Uint8Array as unknown as WithFromBase64
  if (fromBase64) return fromBase64.call(Uint8Array, text)
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

/** AES-256's 32 bytes of key, then 16 of IV, from the passphrase and salt as crypto-js and OpenSSL derive them (EVP_BytesToKey, MD5). */
function keyAndIv(passphrase: string, salt: Uint8Array): Uint8Array<ArrayBuffer> {
  const saltWords = CryptoJS.lib.WordArray.create([(salt[0]! << 24) | (salt[1]! << 16) | (salt[2]! << 8) | salt[3]!, (salt[4]! << 24) | (salt[5]! << 16) | (salt[6]! << 8) | salt[7]!], 8)
  const { words } = EvpKDF(passphrase, saltWords, { keySize: 12, iterations: 1 })
  const derived = new Uint8Array(48)
  for (let index = 0; index < 48; index++) derived[index] = (words[index >>> 2]! >>> (24 - (index % 4) * 8)) & 0xff
  return derived
}

/** crypto-js's format opened by WebCrypto: crypto-js derives the key and IV (EVP_BytesToKey, MD5), the browser runs the AES. */
async function webCryptoDecrypt(ciphertext: string, passphrase: string, subtle: SubtleCrypto): Promise<string> {
  const raw = bytesOfBase64(ciphertext)
  // Header, salt and at least one whole AES block.
  if (raw.length < 32 || (raw.length - 16) % 16 !== 0 || SALTED.some((byte, index) => raw[index] !== byte)) throw new Error('not an OpenSSL ciphertext')
  const derived = keyAndIv(passphrase, raw.subarray(8, 16))
  const key = await subtle.importKey('raw', derived.subarray(0, 32), 'AES-CBC', false, ['decrypt'])
  return utf8.decode(await subtle.decrypt({ name: 'AES-CBC', iv: derived.subarray(32) }, key, raw.subarray(16)))
}

type WithToBase64 = { toBase64?: () => string }

function base64OfBytes(bytes: Uint8Array): string {
  const { toBase64 } = bytes as unknown as WithToBase64
  if (toBase64) return toBase64.call(bytes)
  let binary = ''
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000))
  return btoa(binary)
}

/**
 * A text sealed in crypto-js's format by the browser's own AES (WebCrypto): "Salted__", a random
 * 8-byte salt, AES-256-CBC with PKCS#7 padding, which crypto-js, OpenSSL and the server read as
 * before; only the key derivation is crypto-js's. Null where the page has no WebCrypto.
 */
export async function encryptTextNatively(plaintext: string, passphrase: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle
  if (!subtle) return null
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(8))
  const derived = keyAndIv(passphrase, salt)
  const key = await subtle.importKey('raw', derived.subarray(0, 32), 'AES-CBC', false, ['encrypt'])
  const sealed = new Uint8Array(await subtle.encrypt({ name: 'AES-CBC', iv: derived.subarray(32) }, key, new TextEncoder().encode(plaintext)))
  const out = new Uint8Array(16 + sealed.length)
  out.set(SALTED)
  out.set(salt, 8)
  out.set(sealed, 16)
  return base64OfBytes(out)
}

/**
 * `encryptPayload` by the browser's AES where the page has it (`encryptTextNatively`), crypto-js
 * without: no pure-JS AES on the main thread for a request's body (docs/app.md, "Start-up work").
 */
export async function encryptPayloadAsync(value: unknown, passphrase: string): Promise<string> {
  return (await encryptTextNatively(JSON.stringify(value), passphrase)) ?? encryptPayload(value, passphrase)
}

/**
 * The plaintext of crypto-js's format opened by the browser's AES, or null where the page has no
 * WebCrypto or WebCrypto cannot open it (a wrong key, a value not in the format): the caller then
 * leaves it to crypto-js, which decides as it always did (docs/app.md, "Start-up work").
 */
export async function decryptTextNatively(ciphertext: string, passphrase: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle
  if (!subtle || !ciphertext.startsWith('U2FsdGVkX1')) return null
  return webCryptoDecrypt(ciphertext, passphrase, subtle).catch(() => null)
}

/**
 * `decryptPayload` with the browser's own AES (WebCrypto) where the page has it: the same format
 * and the same errors, without pure-JS AES over every answer on the main thread (docs/app.md,
 * "Start-up work"). Without WebCrypto (a page not served securely) crypto-js does it.
 */
export async function decryptPayloadAsync(ciphertext: string, passphrase: string): Promise<unknown> {
  if (!globalThis.crypto?.subtle) return decryptPayload(ciphertext, passphrase)
  const plaintext = await decryptTextNatively(ciphertext, passphrase)
  return openPayload(ciphertext, () => {
    if (plaintext === null) throw new Error('not decrypted')
    return plaintext
  })
}
