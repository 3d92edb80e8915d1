import { asc, count, desc, eq } from 'drizzle-orm'
import type { OrderHistoryResponse } from '../../../../src/shared/api/contracts/account'
import { statusLabel } from '../../../../src/shared/api/contracts/order-status'
import type { Database } from '../../db/client'
import { locations, merchants, orders } from '../../db/schema'

export type OrderHistoryQuery = { customerId: string; page: number; size: number; newestFirst: boolean }

/** A customer's order history for My Orders (SPEC §7 GET /order/customer/getOrders). */
export function createOrderHistoryService(db: Database) {
  return {
    async list({ customerId, page, size, newestFirst }: OrderHistoryQuery): Promise<OrderHistoryResponse> {
      const order = newestFirst ? [desc(orders.createdAt), desc(orders.id)] : [asc(orders.createdAt), asc(orders.id)]
      const [rows, [total]] = await Promise.all([
        db
          .select({ order: orders, branchName: locations.branchName, locationSlug: locations.locationSlug, merchant: merchants })
          .from(orders)
          .innerJoin(locations, eq(orders.locationId, locations.id))
          .innerJoin(merchants, eq(locations.merchantId, merchants.id))
          .where(eq(orders.customerId, customerId))
          .orderBy(...order)
          .limit(size)
          .offset(page * size),
        db.select({ value: count() }).from(orders).where(eq(orders.customerId, customerId)),
      ])
      return {
        content: rows.map(({ order, branchName, locationSlug, merchant }) => ({
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
        })),
        totalElements: total?.value ?? 0,
        page,
        size,
      }
    },
  }
}
