import { z } from 'zod'
import { isReservedSlug } from './reserved-slugs'
import { defineEndpoints } from './endpoint'
import { latitude, longitude, phone, requiredText } from './fields'
import { staffSignInResponse } from './staff'

/**
 * The sandbox's developer endpoints (docs/api.md "config and dev"): mounted only with SANDBOX on,
 * so with it off every /dev path answers 404 no_such_endpoint although the map lists them.
 */

/** POST /dev/session: the demo customer to sign in as (created on first use; never a non-demo account). */
export const devSessionRequest = z.object({
  firstName: requiredText(60),
  lastName: z.string().trim().max(60, 'is too long').default(''),
  mobilePhone: phone(),
  email: z.email('must be an email address').optional(),
  /** Tops the demo customer's wallet up to this balance, in minor units (a higher balance, or none given, is left as it is). */
  walletAmount: z.number().int('must be a whole number of minor units').min(0, 'must be 0 or more').max(10_000_000, 'is too large').optional(),
})

export type DevSessionRequest = z.input<typeof devSessionRequest>

/** The shape the web app stores after a sign-in (the login answer and its user details: docs/accounts.md "Stored on the device"). */
export const devSessionResponse = z
  .strictObject({
    userId: z.uuid(),
    accessToken: z.string(),
    refreshToken: z.string(),
    userDetails: z.strictObject({
      customerId: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string().nullable(),
      mobilePhone: z.string(),
    }),
  })
  .meta({ id: 'DevSessionResponse' })

export type DevSessionResponse = z.output<typeof devSessionResponse>

/** POST /dev/staff-session: a seeded demo staff member's email (docs/staff.md "Demo staff"). */
export const devStaffSessionRequest = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(manager|host|kitchen|server)@[a-z-]+\.demo$/, 'must be a demo staff email such as kitchen@empire-burger.demo'),
})

/** POST /dev/locations: a new restaurant copied from an existing one, to show pages for data newer than the build. */
export const devLocationRequest = z.object({
  fromSlug: z.string().trim().min(1, 'is required').max(120),
  merchantName: z.string().trim().min(1, 'is required').max(80, 'is too long'),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z][a-z-]{1,60}[a-z]$/, 'must be lower-case words joined by hyphens, without digits')
    .refine((value) => !isReservedSlug(value), 'is a word the app keeps for itself (such as staff)'),
  /** Where the new branch is; the copied restaurant's address when left out. */
  address: z.string().trim().min(1).max(200).optional(),
  lat: latitude.optional(),
  lng: longitude.optional(),
})

export const devLocationResponse = z
  .strictObject({ locationId: z.uuid(), merchantType: z.string(), locationSlug: z.string() })
  .meta({ id: 'DevLocationResponse' })

export type DevLocationResponse = z.output<typeof devLocationResponse>

/** GET /dev/outbox?phone=: the sandbox's texts to one number. */
export const devOutboxQuery = z.object({ phone: phone() })

/** GET /dev/email-outbox?email=: the sandbox's emails to one address. */
export const devEmailOutboxQuery = z.object({ email: z.email('must be an email address') })

/** GET /dev/echo-size: the benchmark's ceiling, a precomputed body of this many bytes. */
export const devEchoSizeQuery = z.object({
  bytes: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(5_000_000, 'is too large'),
})

/** The texts sent to a number, newest first; none for a non-demo account's number. */
export const outboxResponse = z
  .strictObject({
    messages: z.array(z.strictObject({ phone: z.string(), body: z.string(), provider: z.string(), createdAt: z.iso.datetime({ offset: true }) })),
  })
  .meta({ id: 'OutboxResponse' })

/** The emails sent to an address, newest first; none for an address a non-demo account stores. */
export const emailOutboxResponse = z
  .strictObject({
    messages: z.array(
      z.strictObject({ email: z.string(), subject: z.string(), body: z.string(), provider: z.string(), createdAt: z.iso.datetime({ offset: true }) }),
    ),
  })
  .meta({ id: 'EmailOutboxResponse' })

/** Menu reads answered from the menu cache (hits) and those that built an answer (misses), since the server started. */
export const menuCacheCountsResponse = z
  .strictObject({ hits: z.number().int().min(0), misses: z.number().int().min(0) })
  .meta({ id: 'MenuCacheCounts' })

export type OutboxResponse = z.output<typeof outboxResponse>
export type EmailOutboxResponse = z.output<typeof emailOutboxResponse>

export const devEndpoints = defineEndpoints({
  'POST /dev/staff-session': {
    auth: 'none',
    wire: 'json',
    tag: 'dev',
    summary: 'Sandbox only: signs in as a seeded demo staff member (<role>@<slug>.demo) without the password or the sign-in throttle',
    body: devStaffSessionRequest,
    response: staffSignInResponse,
    errors: ['not_found'],
    cache: 'no-store',
  },
  'POST /dev/session': {
    auth: 'none',
    wire: 'json',
    tag: 'dev',
    summary: 'Sandbox only: signs in as a demo customer, created on first use, optionally topping its wallet up',
    body: devSessionRequest,
    response: devSessionResponse,
    statuses: [201],
    errors: ['not_a_demo_customer'],
    cache: 'no-store',
  },
  'GET /dev/echo-size': {
    auth: 'none',
    wire: 'text',
    tag: 'dev',
    summary: 'Sandbox only: a precomputed text/plain body of `bytes` characters, the ceiling `npm run bench` measures a read against',
    query: devEchoSizeQuery,
    response: z.string().meta({ description: 'Base64 characters, like the encrypted bodies it stands in for.' }),
    errors: [],
  },
  'GET /dev/outbox': {
    auth: 'none',
    wire: 'json',
    tag: 'dev',
    summary: 'Sandbox only: the last 20 texts to a number (none for a non-demo account’s number)',
    query: devOutboxQuery,
    response: outboxResponse,
    errors: [],
    cache: 'no-store',
  },
  'GET /dev/email-outbox': {
    auth: 'none',
    wire: 'json',
    tag: 'dev',
    summary: 'Sandbox only: the last 20 emails to an address (none for an address a non-demo account stores)',
    query: devEmailOutboxQuery,
    response: emailOutboxResponse,
    errors: [],
    cache: 'no-store',
  },
  'GET /dev/menu-cache': {
    auth: 'none',
    wire: 'json',
    tag: 'dev',
    summary: 'Sandbox only: menu reads answered from the cache and those that built an answer, since the server started (the bench’s hit ratio)',
    response: menuCacheCountsResponse,
    errors: [],
    cache: 'no-store',
  },
  'POST /dev/locations': {
    auth: 'none',
    wire: 'json',
    tag: 'dev',
    summary: 'Sandbox only: a new restaurant copied from another, and a rebuild of the static pages',
    body: devLocationRequest,
    response: devLocationResponse,
    statuses: [201],
    errors: ['not_found', 'slug_taken'],
  },
})
