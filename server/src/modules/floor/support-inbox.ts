import { and, asc, count, desc, eq, gt, inArray, max, min, sql } from 'drizzle-orm'
import { formatOrderNumber } from '@/shared/api/contracts/order-status'
import { SUPPORT_REPLIES_PER_HOUR, type SupportInboxItem, type SupportRequestDetail } from '@/shared/api/contracts/floor'
import type { SupportRequestStatus } from '@/shared/api/contracts/support'
import type { Executor } from '../../db/executor'
import { customers, locations, merchants, orders, supportReplies, supportRequests } from '../../db/schema'
import { notFound, refuse } from '../../lib/errors'
import { RateLimited } from '../../lib/rate-limit'
import type { SmsProvider } from '../../providers/sms'
import { notifyFloor } from './notify'
import { staffName } from './board'

const REPLY_WINDOW_MS = 60 * 60_000
const MAX_INBOX = 200

const itemColumns = {
  request: supportRequests,
  customerPhone: customers.mobilePhone,
  orderNumber: orders.orderNumber,
}

type ItemRow = { request: typeof supportRequests.$inferSelect; customerPhone: string | null; orderNumber: number | null }

/**
 * Where a reply is texted (docs/floor.md "Support inbox"): the phone the diner gave on the form,
 * else the signed-in diner's own number; null when only an email is known.
 */
const phoneOf = (row: ItemRow) => row.request.phone ?? row.customerPhone ?? null

async function repliesSummary(db: Executor, requestIds: string[]) {
  if (requestIds.length === 0) return new Map<string, { replies: number; last: Date | null }>()
  const rows = await db
    .select({ requestId: supportReplies.requestId, replies: count(), last: max(supportReplies.createdAt) })
    .from(supportReplies)
    .where(inArray(supportReplies.requestId, requestIds))
    .groupBy(supportReplies.requestId)
  return new Map(rows.map((row) => [row.requestId, { replies: row.replies, last: row.last ? new Date(row.last) : null }]))
}

function toItem(row: ItemRow, summary: { replies: number; last: Date | null } | undefined): SupportInboxItem {
  const { request } = row
  return {
    id: request.id,
    reference: request.reference,
    status: request.status as SupportRequestStatus,
    createdAt: request.createdAt.toISOString(),
    topic: request.topic,
    message: request.message,
    name: request.name,
    phone: phoneOf(row),
    email: request.email,
    orderId: request.orderId,
    orderNumber: row.orderNumber === null ? null : formatOrderNumber(row.orderNumber),
    replyCount: summary?.replies ?? 0,
    lastReplyAt: summary?.last?.toISOString() ?? null,
  }
}

const withContact = (db: Executor) =>
  db
    .select(itemColumns)
    .from(supportRequests)
    .leftJoin(customers, eq(supportRequests.customerId, customers.id))
    .leftJoin(orders, eq(supportRequests.orderId, orders.id))

/** GET /staff/{locationId}/support-requests: the location's requests, newest first, of one status or all. */
export async function supportInbox(db: Executor, locationId: string, status?: SupportRequestStatus): Promise<SupportInboxItem[]> {
  const rows = await withContact(db)
    .where(and(eq(supportRequests.locationId, locationId), status ? eq(supportRequests.status, status) : undefined))
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(MAX_INBOX)
  const summaries = await repliesSummary(
    db,
    rows.map((row) => row.request.id),
  )
  return rows.map((row) => toItem(row, summaries.get(row.request.id)))
}

/** GET /staff/{locationId}/support-requests/{id}: one request of the location with its thread; another location's is 404. */
export async function supportRequestDetail(db: Executor, locationId: string, requestId: string): Promise<SupportRequestDetail> {
  const [row] = await withContact(db).where(and(eq(supportRequests.id, requestId), eq(supportRequests.locationId, locationId)))
  if (!row) throw notFound('The support request')
  const replies = await db.select().from(supportReplies).where(eq(supportReplies.requestId, requestId)).orderBy(asc(supportReplies.createdAt), asc(supportReplies.id))
  return {
    ...toItem(row, { replies: replies.length, last: replies.at(-1)?.createdAt ?? null }),
    replies: replies.map((reply) => ({ id: reply.id, body: reply.body, staffName: reply.staffName, phone: reply.phone, createdAt: reply.createdAt.toISOString() })),
  }
}

/** The text a reply sends: who answers and about which request, then the staff member's words. */
export function replyText(place: { merchantName: string; branchName: string }, reference: string, message: string): string {
  const name = place.branchName && place.branchName !== place.merchantName ? `${place.merchantName} (${place.branchName})` : place.merchantName
  return `Tablefront: ${name} about your request ${reference}: ${message}`
}

/**
 * POST /staff/{locationId}/support-requests/{id}/replies (docs/floor.md "Support inbox"): records
 * the reply and texts it in the caller's transaction (the sandbox outbox writes with it, so a
 * refused reply texts nobody); the request becomes Answered. The request's row is locked, so the
 * hourly count of replies cannot race.
 */
export async function replyToSupportRequest(
  tx: Executor,
  sms: SmsProvider,
  { staffId, locationId, requestId, message, now }: { staffId: string; locationId: string; requestId: string; message: string; now: Date },
): Promise<SupportRequestDetail> {
  const [locked] = await tx
    .select({ id: supportRequests.id })
    .from(supportRequests)
    .where(and(eq(supportRequests.id, requestId), eq(supportRequests.locationId, locationId)))
    .for('update')
  if (!locked) throw notFound('The support request')
  const [row] = await withContact(tx).where(eq(supportRequests.id, requestId))
  const { request } = row!
  if (request.status === 'Closed') throw refuse(409, 'support_request_closed', 'This support request is closed. A new question needs a new request.')
  const phone = phoneOf(row!)
  if (!phone) {
    throw refuse(409, 'no_phone', `This request gave only an email, so it cannot be answered by SMS. Write to ${request.email ?? 'the diner'} instead.`)
  }
  const [recent] = await tx
    .select({ sent: count(), oldest: min(supportReplies.createdAt) })
    .from(supportReplies)
    .where(and(eq(supportReplies.requestId, requestId), gt(supportReplies.createdAt, new Date(now.getTime() - REPLY_WINDOW_MS))))
  if (recent && recent.sent >= SUPPORT_REPLIES_PER_HOUR && recent.oldest) {
    const freesAt = new Date(recent.oldest).getTime() + REPLY_WINDOW_MS
    throw new RateLimited('replies to this request', Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)))
  }
  const [place] = await tx
    .select({ merchantName: merchants.name, branchName: locations.branchName })
    .from(locations)
    .innerJoin(merchants, eq(merchants.id, locations.merchantId))
    .where(eq(locations.id, locationId))
  await tx.insert(supportReplies).values({ requestId, staffMemberId: staffId, staffName: await staffName(tx, staffId), body: message, phone, createdAt: now })
  await tx.update(supportRequests).set({ status: 'Answered' }).where(eq(supportRequests.id, requestId))
  await sms.send(phone, replyText(place!, request.reference, message))
  await notifyFloor(tx, locationId)
  return supportRequestDetail(tx, locationId, requestId)
}

/** PUT /staff/{locationId}/support-requests/{id}/close: Closed, by whom and when; closing a closed one changes nothing. */
export async function closeSupportRequest(tx: Executor, { staffId, locationId, requestId, now }: { staffId: string; locationId: string; requestId: string; now: Date }) {
  const [closed] = await tx
    .update(supportRequests)
    .set({ status: 'Closed', closedAt: now, closedBy: staffId })
    .where(and(eq(supportRequests.id, requestId), eq(supportRequests.locationId, locationId), sql`${supportRequests.status} <> 'Closed'`))
    .returning()
  if (closed) await notifyFloor(tx, locationId)
  return supportRequestDetail(tx, locationId, requestId)
}
