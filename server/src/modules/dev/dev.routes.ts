import { randomBytes } from 'node:crypto'
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { devLocationRequest, devSessionRequest } from '@/shared/api/contracts/dev'
import { countryCodeFromMobile } from '@/shared/lib/phone/phone'
import type { AppDeps } from '../../deps'
import type { Database } from '../../db/client'
import { customers, emailMessages, locations, merchants, orderTypes, smsMessages, staffMembers, workingHours } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { endpointRouter } from '../../lib/endpoint'
import { startSession } from '../auth/sessions'
import { staffProfile, startStaffSession } from '../staff/sessions'
import { recordWalletMovement } from '../wallet/ledger'
import { menuCacheCounts } from '../merchants/menu-cache'

type Customer = typeof customers.$inferSelect

export const notADemoCustomer = () =>
  new ApiError(403, 'not_a_demo_customer', 'This mobile number belongs to an account that is not a demo account. Please sign in with its password.')

/**
 * A customer the demo sign-in made before customers were marked as demo ones: no password and a
 * mobile never proven, so nothing but the demo sign-in could ever enter it (docs/accounts.md "Demo").
 */
const madeByOldDemoSignIn = (customer: Customer) => !customer.isDemo && customer.passwordHash === null && customer.mobileVerifiedAt === null

/**
 * The demo customer of `request.mobilePhone`, created on first use: demo customers only, so the
 * demo sign-in never enters anybody's account (403 not_a_demo_customer for such a number).
 * `walletAmount` tops the wallet up through the ledger: a CREDIT of what is missing, never a
 * write of the balance, so a lower amount leaves it as it is.
 */
async function enterDemoCustomer(db: Database, request: z.output<typeof devSessionRequest>): Promise<Customer> {
  return db.transaction(async (tx) => {
    const registered = and(eq(customers.mobilePhone, request.mobilePhone), eq(customers.isGuest, false))
    // Two demo sign-ins of one number take turns, so a top-up is credited once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`demo:${request.mobilePhone}`}))`)
    let [customer] = await tx.select().from(customers).where(registered).for('update')
    if (customer && !customer.isDemo && !madeByOldDemoSignIn(customer)) throw notADemoCustomer()
    if (!customer) {
      const create = (email: string | null) =>
        tx
          .insert(customers)
          .values({
            firstName: request.firstName,
            lastName: request.lastName,
            email,
            mobilePhone: request.mobilePhone,
            countryCode: countryCodeFromMobile(request.mobilePhone),
            isDemo: true,
            mobileVerifiedAt: new Date(),
          })
          .onConflictDoNothing()
          .returning()
      // A demo customer's email is the demo's word, like its number, unless an account has stored it.
      const email = request.email && !(await emailStored(tx, request.email)) ? request.email.toLowerCase() : null
      ;[customer] = await create(email)
      if (!customer) {
        // A sign-up took the number meanwhile, or an account the address: never theirs.
        const [taken] = await tx.select({ id: customers.id }).from(customers).where(registered)
        if (taken) throw notADemoCustomer()
        ;[customer] = await create(null)
        if (!customer) throw notADemoCustomer()
      }
    } else if (!customer.isDemo || !customer.mobileVerifiedAt) {
      ;[customer] = await tx
        .update(customers)
        .set({ isDemo: true, mobileVerifiedAt: customer.mobileVerifiedAt ?? new Date(), updatedAt: new Date() })
        .where(eq(customers.id, customer.id))
        .returning()
    }
    const topUp = (request.walletAmount ?? 0) - customer!.walletAmountMinor
    if (topUp > 0) {
      await recordWalletMovement(tx, { customerId: customer!.id, kind: 'CREDIT', amountMinor: topUp, note: 'Demo sign-in top-up' })
      ;[customer] = await tx.select().from(customers).where(eq(customers.id, customer!.id))
    }
    return customer!
  })
}

async function emailStored(db: Pick<Database, 'select'>, email: string): Promise<boolean> {
  const [other] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${email.toLowerCase()}`, eq(customers.isGuest, false)))
    .limit(1)
  return Boolean(other)
}

/**
 * Whether the sandbox's outboxes may show messages to this number or address: not when it is a
 * non-demo account's (its codes would let anyone reset its password or take it); demo customers',
 * guests' and unknown numbers' messages show.
 */
async function belongsToRealAccount(db: Database, to: { phone: string } | { email: string }): Promise<boolean> {
  const [account] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.isGuest, false),
        eq(customers.isDemo, false),
        'phone' in to ? and(eq(customers.mobilePhone, to.phone), isNotNull(customers.mobileVerifiedAt)) : sql`lower(${customers.email}) = ${to.email.toLowerCase()}`,
      ),
    )
    .limit(1)
  return Boolean(account)
}

/**
 * Sandbox only (see app.ts): /dev/session signs in as a demo customer, created on first use,
 * optionally topping its wallet up;
 * /dev/locations adds a restaurant, as a merchant would, and rebuilds the static pages;
 * /dev/outbox and /dev/email-outbox show the texts and emails the sandbox providers "sent" (codes)
 * to demo customers, guests and numbers without an account;
 * /dev/echo-size answers a precomputed text body of N bytes: `npm run bench`'s ceiling for a read;
 * /dev/menu-cache counts the menu reads answered from the cache and those that built (the bench's hit ratio).
 */
export function devRoutes(deps: AppDeps) {
  const { db, env, site } = deps
  const echoBodies = new Map<number, string>()
  return endpointRouter(deps)
    .mount('GET /dev/echo-size', async (_c, { query: { bytes } }) => {
      let body = echoBodies.get(bytes)
      // Base64 like the encrypted bodies it stands in for, so compression treats both alike.
      if (body === undefined) {
        if (echoBodies.size >= 16) echoBodies.clear()
        echoBodies.set(bytes, (body = randomBytes(bytes).toString('base64').slice(0, bytes)))
      }
      return body
    })
    .mount('POST /dev/staff-session', async (_c, { body }) => {
      // The browser tests' way in (tests/support/staff.ts): the same sign-in as POST /staff/sign-in, minus the password's work and its throttle.
      const [member] = await db
        .select({ id: staffMembers.id })
        .from(staffMembers)
        .where(and(eq(staffMembers.email, body.email), isNull(staffMembers.removedAt)))
      if (!member) throw new ApiError(404, 'not_found', 'No demo staff member has that email.')
      return { ...(await startStaffSession(db, member.id)), staff: await staffProfile(db, member.id) }
    })
    .mount('POST /dev/session', async (_c, { body }) => {
      const customer = await enterDemoCustomer(db, body)
      // A real sign-in: a refresh token and a sid, so signing out ends it like any other.
      const { accessToken, refreshToken } = await startSession(db, env.TOKEN_SECRET, customer.id)
      return {
        userId: customer.id,
        accessToken,
        refreshToken,
        userDetails: {
          customerId: customer.id,
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: customer.email,
          mobilePhone: customer.mobilePhone,
        },
      }
    })
    .mount('GET /dev/menu-cache', async () => ({ ...menuCacheCounts }))
    .mount('GET /dev/outbox', async (_c, { query: { phone } }) => {
      const hidden = await belongsToRealAccount(db, { phone })
      const rows = hidden ? [] : await db.select().from(smsMessages).where(eq(smsMessages.phone, phone)).orderBy(desc(smsMessages.createdAt)).limit(20)
      return { messages: rows.map((row) => ({ phone: row.phone, body: row.body, provider: row.provider, createdAt: row.createdAt.toISOString() })) }
    })
    .mount('GET /dev/email-outbox', async (_c, { query: { email } }) => {
      const hidden = await belongsToRealAccount(db, { email })
      const rows = hidden
        ? []
        : await db
            .select()
            .from(emailMessages)
            .where(sql`lower(${emailMessages.email}) = ${email.toLowerCase()}`)
            .orderBy(desc(emailMessages.createdAt))
            .limit(20)
      return {
        messages: rows.map((row) => ({ email: row.email, subject: row.subject, body: row.body, provider: row.provider, createdAt: row.createdAt.toISOString() })),
      }
    })
    .mount('POST /dev/locations', async (_c, { body: request }) => {
      const created = await copyLocation(db, request)
      site.requestRebuild(`${request.merchantName} was added`)
      return { locationId: created.location.id, merchantType: created.merchant.merchantType, locationSlug: created.location.locationSlug }
    }).router
}

/** A new restaurant and its branch, copied with its hours and order types from `fromSlug`. */
function copyLocation(db: Database, request: z.output<typeof devLocationRequest>) {
  return db.transaction(async (tx) => {
    const [source] = await tx
      .select({ location: locations, merchant: merchants })
      .from(locations)
      .innerJoin(merchants, eq(locations.merchantId, merchants.id))
      .where(eq(locations.locationSlug, request.fromSlug))
    if (!source) throw new ApiError(404, 'not_found', 'The restaurant to copy was not found.')
    const [taken] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.slug, request.slug))
    const [takenLocation] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, request.slug))
    if (taken || takenLocation) throw new ApiError(409, 'slug_taken', `The slug ${request.slug} is taken.`)
    const { id: _merchantId, createdAt: _m, ...merchantFields } = source.merchant
    const [merchant] = await tx
      .insert(merchants)
      .values({ ...merchantFields, name: request.merchantName, slug: request.slug })
      .returning()
    const { id: sourceId, createdAt: _c, updatedAt: _u, ...locationFields } = source.location
    const [location] = await tx
      .insert(locations)
      .values({
        ...locationFields,
        merchantId: merchant!.id,
        branchName: request.merchantName,
        locationSlug: request.slug,
        address: request.address ?? locationFields.address,
        lat: request.lat ?? locationFields.lat,
        lng: request.lng ?? locationFields.lng,
      })
      .returning()
    const hours = await tx.select().from(workingHours).where(eq(workingHours.locationId, sourceId))
    if (hours.length) await tx.insert(workingHours).values(hours.map(({ id: _id, ...row }) => ({ ...row, locationId: location!.id })))
    const types = await tx.select().from(orderTypes).where(eq(orderTypes.locationId, sourceId))
    if (types.length) await tx.insert(orderTypes).values(types.map(({ id: _id, ...row }) => ({ ...row, locationId: location!.id })))
    return { location: location!, merchant: merchant! }
  })
}
