import { and, asc, eq, isNull } from 'drizzle-orm'
import { formatOrderNumber } from '@/shared/api/contracts/order-status'
import type { Database } from '../../db/client'
import { customers, deliveries, locations, merchants, orders, orderTexts, orderTypes } from '../../db/schema'
import type { SmsProvider } from '../../providers/sms'
import { orderLinkOf, orderPagePath } from '../links/order-links'
import type { Executor } from '../../db/executor'

/** confirmed: a guest's order is paid (or to be paid at the restaurant); ready: come and collect it; on_the_way: the courier has it. */
export type OrderTextKind = 'confirmed' | 'ready' | 'on_the_way'

/** A text not handed to the provider this long after its status change is dropped: "ready" an hour late helps nobody. */
export const ORDER_TEXT_STALE_MINUTES = 30
/** Texts sent per pass of the job; the rest wait for the next pass. */
export const ORDER_TEXT_BATCH = 50

/**
 * Which text, if any, a status change sends (docs/orders.md "Texts"). A guest, who has no order list,
 * gets the link to the order once it is paid; then every diner gets one text that asks them to act
 * or to expect: "ready" when they collect it (not for a delivery, which the courier collects, nor at
 * a table, where it is brought), "on the way" for a delivery.
 */
export function textKindFor(status: string, order: { typeGroup: string; atTable: boolean; guest: boolean }): OrderTextKind | null {
  if (status === '19' || status === '25') return order.guest && !order.atTable ? 'confirmed' : null
  if (status === '13') return order.typeGroup !== 'L' && !order.atTable ? 'ready' : null
  if (status === '14') return order.typeGroup === 'L' ? 'on_the_way' : null
  return null
}

const minutesUntil = (eta: Date, now: Date) => Math.max(1, Math.ceil((eta.getTime() - now.getTime()) / 60_000))

/** The words of a text; the order's link follows them when it is sent. */
export function textBody(
  kind: OrderTextKind,
  order: { number: number | null; merchantName: string; branchName: string; courierEta: Date | null; now: Date },
): string {
  const number = order.number === null ? 'Your order' : `Order ${formatOrderNumber(order.number)}`
  const place = order.branchName && order.branchName !== order.merchantName ? `${order.merchantName} (${order.branchName})` : order.merchantName
  switch (kind) {
    case 'confirmed':
      return `Tablefront: ${place} has your order${order.number === null ? '' : ` ${formatOrderNumber(order.number)}`}. Follow it here:`
    case 'ready':
      return `Tablefront: ${number} is ready at ${place}. Show this number at the counter.`
    case 'on_the_way': {
      const eta = order.courierEta ? `, arriving in about ${minutesUntil(order.courierEta, order.now)} min` : ''
      return `Tablefront: ${number} from ${place} is on its way${eta}. Follow your courier:`
    }
  }
}

/**
 * Writes the text a status change sends, in the change's transaction, so it exists exactly when
 * the change does. At most one per order and kind (a unique index, inserted with ON CONFLICT DO
 * NOTHING): a replayed or repeated transition adds nothing. The order-texts job sends it.
 */
export async function queueOrderText(tx: Executor, orderId: string, status: string, now: Date): Promise<OrderTextKind | null> {
  if (!['13', '14', '19', '25'].includes(status)) return null
  const [row] = await tx
    .select({
      order: orders,
      typeGroup: orderTypes.typeGroup,
      merchantName: merchants.name,
      merchantType: merchants.merchantType,
      branchName: locations.branchName,
      locationSlug: locations.locationSlug,
      customerPhone: customers.mobilePhone,
      courierEta: deliveries.etaAt,
    })
    .from(orders)
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .innerJoin(merchants, eq(merchants.id, locations.merchantId))
    .leftJoin(orderTypes, and(eq(orderTypes.locationId, orders.locationId), eq(orderTypes.code, orders.orderTypeCode)))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id))
    .where(eq(orders.id, orderId))
  if (!row) return null
  const { order } = row
  const typeGroup = row.typeGroup ?? 'P'
  const kind = textKindFor(status, { typeGroup, atTable: typeGroup === 'D' && order.tableId !== null, guest: order.customerId === null })
  const phone = order.customerId === null ? order.guestPhone : row.customerPhone
  if (!kind || !phone) return null
  const linkId = await orderLinkOf(tx, order.id, orderPagePath({ merchantType: row.merchantType, locationSlug: row.locationSlug, orderId: order.id }))
  const body = textBody(kind, { number: order.orderNumber, merchantName: row.merchantName, branchName: row.branchName, courierEta: row.courierEta, now })
  const written = await tx.insert(orderTexts).values({ orderId: order.id, kind, phone, body, linkId, createdAt: now }).onConflictDoNothing().returning()
  return written.length > 0 ? kind : null
}

export type SentTexts = { sent: number; stale: number }

/**
 * One pass of the order-texts job: every waiting text, oldest first, each in its own transaction
 * taken FOR UPDATE SKIP LOCKED (two instances never send one twice), handed to the SMS provider with
 * the order's link and marked sent in the same transaction. A provider that fails leaves that text
 * waiting for the next pass. The sandbox provider writes its outbox in that transaction, so there a
 * text is sent exactly once; a real provider could send one again only if the commit after it fails.
 */
export async function sendOrderTexts(
  db: Database,
  { sms, siteUrl, now, batch = ORDER_TEXT_BATCH }: { sms: (executor: Executor) => SmsProvider; siteUrl: string; now: Date; batch?: number },
): Promise<SentTexts> {
  const waiting = await db.select({ id: orderTexts.id }).from(orderTexts).where(isNull(orderTexts.sentAt)).orderBy(asc(orderTexts.createdAt), asc(orderTexts.id)).limit(batch)
  const origin = siteUrl.replace(/\/+$/, '')
  const staleBefore = now.getTime() - ORDER_TEXT_STALE_MINUTES * 60_000
  const result: SentTexts = { sent: 0, stale: 0 }
  for (const { id } of waiting) {
    await db.transaction(async (tx) => {
      const [text] = await tx.select().from(orderTexts).where(and(eq(orderTexts.id, id), isNull(orderTexts.sentAt))).for('update', { skipLocked: true })
      if (!text) return
      if (text.createdAt.getTime() < staleBefore) {
        await tx.update(orderTexts).set({ sentAt: now, outcome: 'stale' }).where(eq(orderTexts.id, id))
        result.stale += 1
        return
      }
      await sms(tx).send(text.phone, text.linkId ? `${text.body} ${origin}/${text.linkId}` : text.body)
      await tx.update(orderTexts).set({ sentAt: now, outcome: 'sent' }).where(eq(orderTexts.id, id))
      result.sent += 1
    })
  }
  return result
}
