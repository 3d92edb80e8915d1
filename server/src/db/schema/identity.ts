// Who calls: customers (registered and guests) with their sessions (refresh tokens), one-time
// codes, password resets, email changes and delivery addresses, and a location's staff. Rules:
// docs/accounts.md; addresses, docs/checkout.md "Addresses".
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'
import type { StaffRole } from '@/shared/api/contracts/staff-roles'
import { locations } from './catalog'

export type CustomerLocation = { lat: number; lng: number; text?: string; tag?: string }

export const customers = pgTable(
  'customers',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    /** E.164, such as +14155550123. */
    mobilePhone: text('mobile_phone').notNull(),
    countryCode: text('country_code').notNull().default('US'),
    passwordHash: text('password_hash'),
    isGuest: boolean('is_guest').notNull().default(false),
    isPromoSubscribed: boolean('is_promo_subscribed').notNull().default(false),
    walletAmountMinor: integer('wallet_amount_minor').notNull().default(0),
    /** The diner's own location (userLocationDetails / customerLocation on the wire). */
    locationDetails: jsonb('location_details').$type<CustomerLocation | null>(),
    /** Set once the mobile number has been proven by a one-time code. */
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    /** Made by the demo sign-in (SANDBOX only); the demo's shortcuts touch no other customer. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_registered_mobile_uq')
      .on(t.mobilePhone)
      .where(sql`${t.isGuest} = false`),
    // An account's email is proven by a code sent to it before it is stored (docs/accounts.md), and
    // no two accounts share one, whatever its case.
    uniqueIndex('customers_registered_email_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.isGuest} = false and ${t.email} is not null`),
    // The balance is the sum of the customer's wallet_movements, kept by a trigger (migration 0009).
    check('customers_wallet_not_negative', sql`${t.walletAmountMinor} >= 0`),
  ],
)

/**
 * Refresh tokens, stored as hashes. Each use replaces the token by a new one of the same family;
 * presenting a used token again revokes the whole family (docs/accounts.md "Sessions").
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    /** The customer of a diner's sign-in; null for a staff member's (exactly one of the two is set). */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** The staff member of a staff sign-in (docs/staff.md "Sessions"). */
    staffMemberId: uuid('staff_member_id').references((): AnyPgColumn => staffMembers.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * A staff sign-in's access token issued with this refresh token (its sha256): staff access
     * tokens are looked up, not signed, since every staff request reads the member's role anyway.
     */
    accessTokenHash: text('access_token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_customer_idx').on(t.customerId),
    index('refresh_tokens_staff_idx').on(t.staffMemberId, t.createdAt),
    // A sign-in is a diner's or a staff member's, never both and never neither.
    check('refresh_tokens_one_subject', sql`num_nonnulls(${t.customerId}, ${t.staffMemberId}) = 1`),
    check('refresh_tokens_access_is_staff', sql`${t.accessTokenHash} is null or ${t.staffMemberId} is not null`),
    // The housekeeping purge takes the oldest expired first (docs/accounts.md, "Housekeeping").
    index('refresh_tokens_expires_idx').on(t.expiresAt),
  ],
)

/**
 * One-time codes (docs/accounts.md "One-time codes and password resets"): a hash of 6 digits, 10
 * minutes, single use, at most 5 checks.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    /** E.164 mobile number the code was sent to. */
    phone: text('phone').notNull(),
    /** guest, signup, login, reset or mobile. */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_phone_idx').on(t.phone, t.createdAt), index('otp_codes_expires_idx').on(t.expiresAt)],
)

/**
 * A password reset: initiated, then verified by a one-time code, then completed (docs/accounts.md
 * "One-time codes and password resets").
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** initiated, verified or completed. */
    state: text('state').notNull().default('initiated'),
    /** Hash of the token that the verified step hands to the completing step. */
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_expires_idx').on(t.expiresAt)],
)

/**
 * A new email address waiting for its code (docs/accounts.md): the address is stored on the
 * customer only once the code sent to it comes back. A hash of 6 digits, 5 checks, 30 minutes.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_customer_idx').on(t.customerId, t.createdAt), index('email_changes_expires_idx').on(t.expiresAt)],
)

/** Delivery addresses of a customer (docs/checkout.md "Addresses"): tag Home, Work, Business or Custom. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull().default('Custom'),
    /** The label of a Custom tag, such as "Grandma's". */
    customTag: text('custom_tag'),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    addressLine3: text('address_line3').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    isSelected: boolean('is_selected').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_customer_idx').on(t.customerId)],
)

export { STAFF_ROLES, type StaffRole } from '@/shared/api/contracts/staff-roles'

/**
 * A location's staff (docs/staff.md "Accounts"): one location each, a role, an email and password
 * to sign in with. Removing someone sets `removed_at` (their sessions end) and keeps the row, so
 * the reservations and history that name them still do.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** manager, host, kitchen or server (docs/staff.md "Roles"). */
    role: text('role').$type<StaffRole>().notNull(),
    /** The sign-in identifier, unique (whatever its case) among the staff not removed, platform-wide. */
    email: text('email').notNull(),
    /** scrypt, the same as customers' passwords (docs/accounts.md "Passwords"). */
    passwordHash: text('password_hash').notNull(),
    /** The manager who added them; null for the seeded and the first staff of a location. */
    createdBy: uuid('created_by').references((): AnyPgColumn => staffMembers.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references((): AnyPgColumn => staffMembers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('staff_members_role', sql`${t.role} in ('manager', 'host', 'kitchen', 'server')`),
    uniqueIndex('staff_members_active_email_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.removedAt} is null`),
    index('staff_members_location_idx').on(t.locationId),
  ],
)

/**
 * Per-location staff settings (docs/staff.md "On shift"): `simulators_off` keeps the sandbox
 * simulators away from the location whether or not anyone is signed in.
 */
export const staffSettings = pgTable('staff_settings', {
  locationId: uuid('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  simulatorsOff: boolean('simulators_off').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
