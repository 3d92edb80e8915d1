import type { Limit } from '../../lib/rate-limit'

const MINUTES_15 = 15 * 60_000

/**
 * Sign-in attempts per account as typed (the normalised mobile or the lower-cased email, whether
 * an account exists or not, so the answer never tells) and per client address (docs/accounts.md "Throttles").
 */
export const SIGN_IN_PER_ACCOUNT: Limit = { name: 'login:account', max: 10, windowMs: MINUTES_15, what: 'sign-in attempts' }
export const SIGN_IN_PER_CLIENT: Limit = { name: 'login:client', max: 30, windowMs: MINUTES_15, what: 'sign-in attempts' }

/**
 * Requests that text or email a code (guest codes, sign-up, mobile verification, password reset,
 * email changes) per client address, on top of each number's own limit: one client cannot make
 * the platform text a hundred numbers.
 */
export const CODE_SENDS_PER_CLIENT: Limit = { name: 'codes:client', max: 20, windowMs: MINUTES_15, what: 'codes requested' }

/**
 * Staff sign-ins (docs/staff.md "Sessions"), counted apart from the diners': per email as typed and
 * per client address. A restaurant's tablets share an address, so the client limit is as wide as the diners'.
 */
export const STAFF_SIGN_IN_PER_ACCOUNT: Limit = { name: 'staff-login:account', max: 10, windowMs: MINUTES_15, what: 'sign-in attempts' }
export const STAFF_SIGN_IN_PER_CLIENT: Limit = { name: 'staff-login:client', max: 30, windowMs: MINUTES_15, what: 'sign-in attempts' }
