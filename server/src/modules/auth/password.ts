import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { RetryLater } from '../../lib/rate-limit'

/** scrypt, memory-hard (N=2^15, r=8, p=1 uses 32 MiB): docs/accounts.md "Passwords". */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 }
const KEY_LENGTH = 32
const SALT_LENGTH = 16

/**
 * scrypt runs on libuv's threadpool (4 threads), which file reads, compression and DNS share: at
 * most this many hashes run at once, so a sign-in flood leaves the other threads to everyone else.
 */
export const MAX_HASHES_IN_FLIGHT = 2
/** Hashes that may wait for a slot (about half a second of work); beyond that the answer is 503. */
export const MAX_HASHES_WAITING = 16

let inFlight = 0
const waiting: (() => void)[] = []

export const hashesBusy = () =>
  new RetryLater(503, 'try_again', 'Many people are signing in right now. Please try again in a moment.', 1)

/** Runs `task` in one of the hash slots; a full queue refuses at once with 503 try_again. */
async function inHashSlot<T>(task: () => Promise<T>): Promise<T> {
  if (inFlight >= MAX_HASHES_IN_FLIGHT) {
    if (waiting.length >= MAX_HASHES_WAITING) throw hashesBusy()
    await new Promise<void>((resolve) => waiting.push(resolve))
  } else {
    inFlight++
  }
  try {
    return await task()
  } finally {
    // The slot passes straight to the next waiter, so inFlight stays counted for it.
    const next = waiting.shift()
    if (next) next()
    else inFlight--
  }
}

/** How many hashes run and wait now (for tests of the cap). */
export const hashSlots = () => ({ inFlight, waiting: waiting.length })

let signInsInProgress = 0

/**
 * Admits a sign-in before it does any work (its throttle counters and account lookup are database
 * writes and reads too): no more sign-ins run at once than the hash slots and queue can hold, so
 * a flood is refused with 503 at the door instead of loading the database first.
 */
export async function asAdmittedSignIn<T>(task: () => Promise<T>): Promise<T> {
  if (signInsInProgress >= MAX_HASHES_IN_FLIGHT + MAX_HASHES_WAITING) throw hashesBusy()
  signInsInProgress++
  try {
    return await task()
  } finally {
    signInsInProgress--
  }
}

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }, length = KEY_LENGTH): Promise<Buffer> {
  // Node's default maxmem (32 MiB) is exactly what N=2^15, r=8 needs, and scrypt wants a little more.
  const scryptOptions: ScryptOptions = { ...options, maxmem: 128 * options.N * options.r * 2 }
  return inHashSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, length, scryptOptions, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  )
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(password, salt, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$')
}

/** Whether `password` matches a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const options = { N: Number(n), r: Number(r), p: Number(p) }
  if (![options.N, options.r, options.p].every((value) => Number.isInteger(value) && value > 0)) return false
  const expected = Buffer.from(hash, 'base64')
  if (expected.length === 0) return false
  const actual = await derive(password, Buffer.from(salt, 'base64'), options, expected.length)
  return timingSafeEqual(actual, expected)
}

/** A hash no password matches, checked when the account does not exist so both paths cost the same. */
export const UNMATCHABLE_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${Buffer.alloc(SALT_LENGTH).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`
