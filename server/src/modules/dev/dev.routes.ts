import { randomBytes } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { countryCodeFromMobile } from '../../../../src/shared/lib/phone/phone'
import type { AppDeps } from '../../app'
import type { OutboxResponse } from '../../../../src/shared/api/contracts/auth'
import { customers, locations, merchants, orderTypes, smsMessages, workingHours } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { readJson, validate } from '../../lib/wire'
import { signAccessToken } from '../auth/tokens'
import { recordWalletMovement } from '../wallet/ledger'
import { devEchoSizeQuery, devLocationRequest, devOutboxQuery, devSessionRequest, type DevLocationResponse, type DevSessionResponse } from './dev.schemas'

/**
 * Sandbox only (see app.ts): /dev/session signs in as a demo customer, created on first use,
 * optionally with a wallet balance;
 * /dev/locations adds a restaurant, as a merchant would, and rebuilds the static pages;
 * /dev/outbox shows the texts the sandbox SMS provider "sent" to a number (one-time codes);
 * /dev/echo-size answers a precomputed text body of N bytes: `npm run bench`'s ceiling for a read.
 */
export function devRoutes({ db, env, site }: AppDeps) {
  const echoBodies = new Map<number, string>()
  return new Hono()
  .get('/dev/echo-size', (c) => {
    const { bytes } = validate(devEchoSizeQuery, c.req.query())
    let body = echoBodies.get(bytes)
    // Base64 like the encrypted bodies it stands in for, so compression treats both alike.
    if (body === undefined) {
      if (echoBodies.size >= 16) echoBodies.clear()
      echoBodies.set(bytes, (body = randomBytes(bytes).toString('base64').slice(0, bytes)))
    }
    return c.text(body, 200, { 'Content-Type': 'text/plain; charset=utf-8' })
  })
  .post('/dev/session', async (c) => {
    const request = await readJson(c, devSessionRequest)
    const registered = and(eq(customers.mobilePhone, request.mobilePhone), eq(customers.isGuest, false))
    let [customer] = await db.select().from(customers).where(registered)
    if (!customer) {
      ;[customer] = await db
        .insert(customers)
        .values({
          firstName: request.firstName,
          lastName: request.lastName,
          email: request.email ?? null,
          mobilePhone: request.mobilePhone,
          countryCode: countryCodeFromMobile(request.mobilePhone),
        })
        .onConflictDoNothing()
        .returning()
      // Another request created the same demo customer in the meantime.
      if (!customer) [customer] = await db.select().from(customers).where(registered)
      if (!customer) throw new Error(`Demo customer ${request.mobilePhone} could neither be created nor found`)
    }
    if (request.walletAmount !== undefined) {
      if (request.walletAmount > customer.walletAmountMinor) await recordWalletMovement(db, { customerId: customer.id, kind: 'CREDIT', amountMinor: request.walletAmount - customer.walletAmountMinor, note: 'Demo top-up' })
    }
    const session: DevSessionResponse = {
      userId: customer.id,
      accessToken: await signAccessToken(customer.id, env.TOKEN_SECRET),
      refreshToken: '',
      userDetails: {
        customerId: customer.id,
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        mobilePhone: customer.mobilePhone,
      },
    }
    c.header('Cache-Control', 'no-store')
    return c.json(session, 201)
  })
  .get('/dev/outbox', async (c) => {
    const { phone } = validate(devOutboxQuery, c.req.query())
    const rows = await db.select().from(smsMessages).where(eq(smsMessages.phone, phone)).orderBy(desc(smsMessages.createdAt)).limit(20)
    const body: OutboxResponse = {
      messages: rows.map((row) => ({ phone: row.phone, body: row.body, provider: row.provider, createdAt: row.createdAt.toISOString() })),
    }
    c.header('Cache-Control', 'no-store')
    return c.json(body)
  })
  .post('/dev/locations', async (c) => {
    const request = await readJson(c, devLocationRequest)
    const created = await db.transaction(async (tx) => {
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
    site.requestRebuild(`${request.merchantName} was added`)
    const body: DevLocationResponse = {
      locationId: created.location.id,
      merchantType: created.merchant.merchantType,
      locationSlug: created.location.locationSlug,
    }
    return c.json(body, 201)
  })
}
