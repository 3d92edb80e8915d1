import AES from 'crypto-js/aes.js'
import Utf8 from 'crypto-js/enc-utf8.js'
import { STORAGE_SECRET } from '../../config'
import { decryptTextNatively, encryptTextNatively } from '../crypto'
import { flushStoredWrites } from './deferred-atom'

/** Every key the app stores (docs/app.md, "Stored in the browser"), and ours beside them (tableOrder: the open order of a dine-in table). */
export const STORAGE_KEYS = {
  checkInReservationId: 'tf.checkInReservationId',
  userId: 'tf.userId',
  activeOrders: 'tf.activeOrders',
  reservationExpiry: 'tf.reservationExpiry',
  guestName: 'tf.guestName',
  guestMobile: 'tf.guestMobile',
  guestEmail: 'tf.guestEmail',
  /** The guest token of a verified guest (docs/accounts.md "Guests"). */
  guestToken: 'tf.guestToken',
  userDetails: 'tf.userDetails',
  accessToken: 'tf.accessToken',
  refreshToken: 'tf.refreshToken',
  selectedLocation: 'tf.selectedLocation',
  userAddress: 'tf.userAddress',
  guestCart: 'tf.guestCart',
  checkInTableId: 'tf.checkInTableId',
  theme: 'tf.theme',
  persistedRoot: 'tf.root',
  tableOrder: 'tf.tableOrder',
  /** The signed-in staff member and their tokens (docs/staff.md "Sessions"): a diner's sign-out keeps it. */
  staffSession: 'tf.staffSession',
} as const

/** Kept by `clear()`: the staff area's sign-in is not the diner's to end. */
const KEPT_ON_CLEAR: readonly StorageKey[] = [STORAGE_KEYS.staffSession]

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]

/**
 * Plaintexts of the stored values last decrypted, by their ciphertext: at start the session check,
 * the cart and the persisted root read the same values two or three times, and pure-JS AES over
 * the stored restaurant was a large part of the app's start (docs/app.md, "Start-up work"). A
 * ciphertext has a random salt, so one ciphertext always has one plaintext.
 */
const plaintexts = new Map<string, string>()
const PLAINTEXTS_KEPT = 32

function remember(stored: string, plaintext: string) {
  if (plaintexts.size >= PLAINTEXTS_KEPT) plaintexts.clear()
  plaintexts.set(stored, plaintext)
}

function decryptText(stored: string): string {
  const known = plaintexts.get(stored)
  if (known !== undefined) return known
  const plaintext = AES.decrypt(stored, STORAGE_SECRET).toString(Utf8)
  remember(stored, plaintext)
  return plaintext
}

export function encryptValue(value: unknown): string {
  const plaintext = JSON.stringify(value)
  const stored = AES.encrypt(plaintext, STORAGE_SECRET).toString()
  remember(stored, plaintext)
  return stored
}

/**
 * `encryptValue` by the browser's AES (WebCrypto), which runs off the main thread; crypto-js where
 * the page has no WebCrypto. The same format: a deferred write takes it (`deferredPersistentAtom`),
 * the restaurant's snapshot encrypted by crypto-js was ~40 ms of a menu's start at 4× CPU.
 */
export async function encryptValueAsync(value: unknown): Promise<string> {
  const plaintext = JSON.stringify(value)
  const stored = await encryptTextNatively(plaintext, STORAGE_SECRET)
  if (stored === null) return encryptValue(value)
  remember(stored, plaintext)
  return stored
}

/**
 * Decrypts every stored value with the browser's AES (WebCrypto) and remembers the plaintexts, so
 * the stores that read storage synchronously when they are created (session, cart, persisted root)
 * find them without pure-JS AES. Awaited by the app's entry before it loads those stores
 * (docs/app.md, "Start-up work"). A value WebCrypto cannot open, or a page without WebCrypto, is
 * left to crypto-js at the read, which decides as before; the stored format does not change.
 */
export async function warmStoredValues(): Promise<void> {
  const store = storage()
  if (!store) return
  await Promise.all(
    Object.values(STORAGE_KEYS).map(async (key) => {
      const stored = store.getItem(key)
      if (stored === null || plaintexts.has(stored)) return
      const plaintext = await decryptTextNatively(stored, STORAGE_SECRET)
      if (plaintext) remember(stored, plaintext)
    }),
  )
}

/** The stored value, or undefined when it is missing or was not written by us. */
export function decryptValue<T>(stored: string): T | undefined {
  try {
    const plaintext = decryptText(stored)
    return plaintext ? (JSON.parse(plaintext) as T) : undefined
  } catch {
    return undefined
  }
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

/**
 * Removes every value under one of our keys that does not decrypt: we write nothing in plain text,
 * so such a value was planted (a token pasted into storage, an old build's leftovers) and is
 * neither used nor left (docs/accounts.md "Stored on the device"). Returns the keys removed.
 */
export function removeUnreadableValues(): StorageKey[] {
  const store = storage()
  if (!store) return []
  const removed: StorageKey[] = []
  for (const key of Object.values(STORAGE_KEYS)) {
    const stored = store.getItem(key)
    if (stored !== null && decryptValue(stored) === undefined) {
      store.removeItem(key)
      removed.push(key)
    }
  }
  return removed
}

/** localStorage with every value encrypted by the embedded secret (docs/app.md, "Stored in the browser"). */
const writeListeners = new Set<(key: StorageKey) => void>()

/** Calls `listener` after each write or removal of a key in this tab; returns the unsubscribe. */
export function onStorageWrite(listener: (key: StorageKey) => void): () => void {
  writeListeners.add(listener)
  return () => writeListeners.delete(listener)
}

const written = (key: StorageKey) => writeListeners.forEach((listener) => listener(key))

export const secureStorage = {
  get<T>(key: StorageKey): T | undefined {
    const stored = storage()?.getItem(key)
    if (stored == null) return undefined
    const value = decryptValue<T>(stored)
    if (value === undefined) storage()?.removeItem(key)
    return value
  },
  set(key: StorageKey, value: unknown): void {
    storage()?.setItem(key, encryptValue(value))
    written(key)
  },
  remove(key: StorageKey): void {
    storage()?.removeItem(key)
    written(key)
  },
  /** Clears the diner's storage; the staff session stays (a manager may be signed in to both). */
  clear(): void {
    // A write still waiting for its frame was made before the clear: it must not come back after it.
    flushStoredWrites()
    const store = storage()
    if (!store) return
    const kept = KEPT_ON_CLEAR.flatMap((key) => {
      const value = store.getItem(key)
      return value === null ? [] : [[key, value] as const]
    })
    store.clear()
    for (const [key, value] of kept) store.setItem(key, value)
  },
}
