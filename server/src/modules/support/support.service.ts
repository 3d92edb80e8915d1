import { randomInt } from 'node:crypto'
import { and, asc, count, desc, eq, gt, inArray, min, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { SUPPORT_REQUESTS_PER_HOUR } from '@/shared/api/contracts/feedback-rules'
import type { createSupportRequest, SupportRequestCreated, SupportRequestStatus, SupportRequestSummary } from '@/shared/api/contracts/support'
import type { Database } from '../../db/client'
import type { Executor } from '../../db/executor'
import { locations, supportReplies, supportRequests } from '../../db/schema'
import { ApiError, notFound } from '../../lib/errors'
import type { SmsProvider } from '../../providers/sms'
import type { Caller } from '../../domain/caller'
import { loadOwnedOrder } from '../../domain/owned-order'
import { notifyFloor } from '../floor/notify'

type CreateInput = z.output<typeof createSupportRequest>

export const SUPPORT_WINDOW_MS = 60 * 60_000
/** No 0/O, 1/I/L: a reference read out over the phone cannot be misheard. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
const REFERENCE_ATTEMPTS = 8

/** 429 with the seconds until another request may be sent. */
export class SupportRateLimited extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
    super(429, 'rate_limited', `Too many support requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`)
  }
}

export function newReference(): string {
  let code = ''
  for (let index = 0; index < 6; index++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]
  return `TF-${code}`
}

/**
 * POST /support/createSupportRequest (docs/feedback.md "Support requests"): `sms` confirms to the
 * sender's phone; `reference` makes the request's reference (tests choose it).
 */
export async function requestSupport(
  db: Database,
  sms: SmsProvider,
  caller: Caller,
  request: CreateInput,
  { now = new Date(), reference = newReference }: { now?: Date; reference?: () => string } = {},
): Promise<SupportRequestCreated> {
  const { customerId } = caller
  if (!customerId && !request.phone && !request.email) {
    throw new ApiError(400, 'contact_required', 'Please give a phone number or an email so that we can answer you.')
  }
  const order = request.orderId ? await loadOwnedOrder(db, caller, request.orderId) : undefined
  // docs/floor.md "Support inbox": the order names the restaurant; without one, the restaurant chosen on the form.
  if (request.locationId) {
    const [location] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, request.locationId))
    if (!location) throw notFound('The restaurant')
    if (order && order.locationId !== request.locationId) throw new ApiError(400, 'location_mismatch', 'This order is from another restaurant than the one chosen.')
  }
  const locationId = order?.locationId ?? request.locationId ?? null
  const email = request.email?.toLowerCase()

  const created = await db.transaction(async (tx) => {
    const keys: string[] = []
    const senders: SQL[] = []
    if (customerId) {
      keys.push(`support:customer:${customerId}`)
      senders.push(eq(supportRequests.customerId, customerId))
    }
    if (request.phone) {
      keys.push(`support:phone:${request.phone}`)
      senders.push(eq(supportRequests.phone, request.phone))
    }
    if (email) {
      keys.push(`support:email:${email}`)
      senders.push(eq(supportRequests.email, email))
    }
    // Serialises requests of one sender across instances so the count cannot race (docs/operations.md "Several instances"); sorted, so two never deadlock.
    for (const key of keys.sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
    const [recent] = await tx
      .select({ sent: count(), oldest: min(supportRequests.createdAt) })
      .from(supportRequests)
      .where(and(or(...senders), gt(supportRequests.createdAt, new Date(now.getTime() - SUPPORT_WINDOW_MS))))
    if (recent && recent.sent >= SUPPORT_REQUESTS_PER_HOUR && recent.oldest) {
      const freesAt = new Date(recent.oldest).getTime() + SUPPORT_WINDOW_MS
      throw new SupportRateLimited(Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)))
    }
    for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
      const [row] = await tx
        .insert(supportRequests)
        .values({
          reference: reference(),
          customerId: customerId ?? null,
          orderId: order?.id ?? null,
          locationId,
          name: request.name,
          phone: request.phone ?? null,
          email: email ?? null,
          topic: request.topic,
          message: request.message,
          createdAt: now,
        })
        .onConflictDoNothing({ target: supportRequests.reference })
        .returning()
      if (row) {
        if (locationId) await notifyFloor(tx, locationId)
        return row
      }
    }
    throw new Error(`No free support reference after ${REFERENCE_ATTEMPTS} attempts`)
  })

  if (created.phone) {
    await sms.send(created.phone, `Tablefront: we have your support request ${created.reference} about "${created.topic}". We will get back to you soon.`)
  }
  return { reference: created.reference, status: created.status as SupportRequestStatus, createdAt: created.createdAt.toISOString() }
}

/** GET /support/requests: the signed-in customer's own requests, newest first (docs/feedback.md "Support requests"). */
export async function listSupportRequests(db: Executor, customerId: string): Promise<SupportRequestSummary[]> {
  const rows = await db
    .select({ request: supportRequests, branchName: locations.branchName })
    .from(supportRequests)
    .leftJoin(locations, eq(supportRequests.locationId, locations.id))
    .where(eq(supportRequests.customerId, customerId))
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(100)
  const replies =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(supportReplies)
          .where(inArray(supportReplies.requestId, rows.map(({ request }) => request.id)))
          .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id))
  return rows.map(({ request, branchName }) => ({
    reference: request.reference,
    status: request.status as SupportRequestStatus,
    createdAt: request.createdAt.toISOString(),
    topic: request.topic,
    message: request.message,
    orderId: request.orderId,
    branchName,
    replies: replies
      .filter((reply) => reply.requestId === request.id)
      .map((reply) => ({ body: reply.body, staffName: reply.staffName, createdAt: reply.createdAt.toISOString() })),
  }))
}
