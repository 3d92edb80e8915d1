import { and, asc, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm'
import type { OrderHistoryResponse } from '@/shared/api/contracts/account'
import { statusLabel } from '@/shared/api/contracts/order-status'
import type { Executor } from '../../db/executor'
import { customers, locations, merchants, orders } from '../../db/schema'
import { notFound } from '../../lib/errors'

/**
 * Whose orders: the signed-in customer's; with `phone` (their own, verified number) also the
 * orders they placed as a guest with it; with `locationId` only those at one restaurant.
 */
export type OrderHistoryQuery = { customerId: string; phone?: string; locationId?: string; page: number; size: number; newestFirst: boolean }

async function ordersOf(db: Executor, { customerId, phone, locationId }: OrderHistoryQuery): Promise<SQL> {
  let owned: SQL = eq(orders.customerId, customerId)
  if (phone) {
    const [customer] = await db.select({ phone: customers.mobilePhone }).from(customers).where(eq(customers.id, customerId))
    if (customer?.phone !== phone) throw notFound('The customer')
    owned = or(owned, and(isNull(orders.customerId), eq(orders.guestPhone, phone)))!
  }
  return locationId ? and(owned, eq(orders.locationId, locationId))! : owned
}

/** A customer's order history: the list calls of the account's orders (docs/orders.md). */
export async function listOrderHistory(db: Executor, query: OrderHistoryQuery): Promise<OrderHistoryResponse> {
  const { page, size, newestFirst } = query
  const where = await ordersOf(db, query)
  const order = newestFirst ? [desc(orders.createdAt), desc(orders.id)] : [asc(orders.createdAt), asc(orders.id)]
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, branchName: locations.branchName, locationSlug: locations.locationSlug, timeZone: locations.timeZoneCd, merchant: merchants })
      .from(orders)
      .innerJoin(locations, eq(orders.locationId, locations.id))
      .innerJoin(merchants, eq(locations.merchantId, merchants.id))
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset(page * size),
    db.select({ value: count() }).from(orders).where(where),
  ])
  return {
    content: rows.map(({ order, branchName, locationSlug, timeZone, merchant }) => ({
      orderId: order.id,
      locationId: order.locationId,
      branchName,
      merchantName: merchant.name,
      merchantType: merchant.merchantType,
      locationSlug,
      orderTypeCode: order.orderTypeCode,
      status: order.status,
      statusLabel: statusLabel(order.status),
      total: order.totalMinor,
      currency: order.currency,
      orderTime: order.createdAt.toISOString(),
      orderNumber: order.orderNumber,
      timeZone,
    })),
    totalElements: total?.value ?? 0,
    page,
    size,
  }
}
