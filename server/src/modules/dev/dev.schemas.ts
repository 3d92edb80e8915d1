import { z } from 'zod'

/** POST /dev/session: the demo customer to sign in as (created on first use; never a non-demo account). */
export const devSessionRequest = z.object({
  firstName: z.string().trim().min(1, 'is required').max(60, 'is too long'),
  lastName: z.string().trim().max(60, 'is too long').default(''),
  mobilePhone: z.string().trim().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +14155550123'),
  email: z.email('must be an email address').optional(),
  /** Tops the demo customer's wallet up to this balance, in minor units (a higher balance, or none given, is left as it is). */
  walletAmount: z.number().int('must be a whole number of minor units').min(0, 'must be 0 or more').max(10_000_000, 'is too large').optional(),
})

export type DevSessionRequest = z.input<typeof devSessionRequest>

/** The shape the web app stores after a sign-in (the login answer and its user details: docs/accounts.md "Stored on the device"). */
export type DevSessionResponse = {
  userId: string
  accessToken: string
  refreshToken: string
  userDetails: {
    customerId: string
    firstName: string
    lastName: string
    email: string | null
    mobilePhone: string
  }
}

/** POST /dev/locations: a new restaurant copied from an existing one, to show pages for data newer than the build. */
export const devLocationRequest = z.object({
  fromSlug: z.string().trim().min(1, 'is required').max(120),
  merchantName: z.string().trim().min(1, 'is required').max(80, 'is too long'),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z][a-z-]{1,60}[a-z]$/, 'must be lower-case words joined by hyphens, without digits'),
  /** Where the new branch is; the copied restaurant's address when left out. */
  address: z.string().trim().min(1).max(200).optional(),
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
})

export type DevLocationResponse = { locationId: string; merchantType: string; locationSlug: string }

/** GET /dev/outbox?phone=: the sandbox's texts to one number. */
export const devOutboxQuery = z.object({
  phone: z.string().trim().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +14155550123'),
})

/** GET /dev/email-outbox?email=: the sandbox's emails to one address. */
export const devEmailOutboxQuery = z.object({
  email: z.email('must be an email address'),
})

/** GET /dev/echo-size: the benchmark's ceiling, a precomputed body of this many bytes. */
export const devEchoSizeQuery = z.object({
  bytes: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(5_000_000, 'is too large'),
})
