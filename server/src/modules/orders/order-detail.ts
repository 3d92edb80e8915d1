import { and, asc, eq, inArray } from 'drizzle-orm'
import { statusLabel } from '@/shared/api/contracts/order-status'
import type { CancelReason, OrderDetail, OrderReceipt, PaymentStatus } from '@/shared/api/contracts/ordering'
import type { TipType } from '@/shared/api/contracts/orders'
import { customers, diningTables, locations, merchants, orderItemOptions, orderItems, orders, orderSplits, orderStatusHistory, orderTypes } from '../../db/schema'
import type { Executor } from '../../db/executor'
import type { Caller } from '../../domain/caller'
import { loadOwnedOrder } from '../../domain/owned-order'
import { notFound } from '../../lib/errors'
import { estimateOrder } from './estimate'
import { livePaymentOf, paymentStatesOf, toOrderPayment } from './payment-state'

type OrderRow = typeof orders.$inferSelect
export type ReceiptRequest = { orderId: string; splitId?: string; transactionId?: string }

/** The place an order answer names: its location and merchant. */
const placeOf = (db: Executor, locationId: string) =>
  db
    .select({
      branchName: locations.branchName,
      locationSlug: locations.locationSlug,
      timeZone: locations.timeZoneCd,
      merchantName: merchants.name,
      merchantType: merchants.merchantType,
      address: locations.address,
      phone: locations.phoneNumber,
      lat: locations.lat,
      lng: locations.lng,
    })
    .from(locations)
    .innerJoin(merchants, eq(locations.merchantId, merchants.id))
    .where(eq(locations.id, locationId))

/**
 * What the caller that has just written the order already holds (placement): each part given is
 * not read again, so a placement answers without reading back what it wrote.
 */
export type KnownOfOrder = {
  place?: Awaited<ReturnType<typeof placeOf>>[number]
  type?: { name: string; typeGroup: string }
  table?: { name: string }
  customer?: typeof customers.$inferSelect
  items?: (typeof orderItems.$inferSelect)[]
  options?: (typeof orderItemOptions.$inferSelect)[]
  payments?: Awaited<ReturnType<typeof paymentStatesOf>>
  history?: (typeof orderStatusHistory.$inferSelect)[]
}

/** An order as every order call answers it: its place, lines, amounts, payments and status history (docs/orders.md "The order page"). */
export async function orderDetail(db: Executor, order: OrderRow, known: KnownOfOrder = {}): Promise<OrderDetail> {
  const [place] = known.place ? [known.place] : await placeOf(db, order.locationId)
  const [type] = known.type
    ? [known.type]
    : await db
        .select({ name: orderTypes.name, typeGroup: orderTypes.typeGroup })
        .from(orderTypes)
        .where(and(eq(orderTypes.locationId, order.locationId), eq(orderTypes.code, order.orderTypeCode)))
  const [table] = !order.tableId ? [] : known.table ? [known.table] : await db.select({ name: diningTables.name }).from(diningTables).where(eq(diningTables.id, order.tableId))
  const [customer] = !order.customerId ? [] : known.customer ? [known.customer] : await db.select().from(customers).where(eq(customers.id, order.customerId))
  const itemRows = known.items ?? (await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.sortOrder)))
  const optionRows = known.options
    ? known.options
    : itemRows.length
    ? await db
        .select()
        .from(orderItemOptions)
        .where(
          inArray(
            orderItemOptions.orderItemId,
            itemRows.map((row) => row.id),
          ),
        )
    : []
  const paymentRows = known.payments ?? (await paymentStatesOf(db, [order.id]))
  const history =
    known.history ??
    (await db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id)))
  const tax = order.itemTaxMinor + order.orderTaxMinor
  const hasDeliveryPoint = order.deliveryLat !== null && order.deliveryLng !== null
  const estimate = await estimateOrder(db, order)
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    orderNumberDate: order.orderNumberDate,
    estimatedAt: estimate?.at.toISOString() ?? null,
    estimateKind: estimate?.kind ?? null,
    place: { address: place?.address ?? '', phone: place?.phone ?? '', lat: place?.lat ?? 0, lng: place?.lng ?? 0 },
    locationId: order.locationId,
    branchName: place?.branchName ?? '',
    merchantName: place?.merchantName ?? '',
    merchantType: place?.merchantType ?? '',
    locationSlug: place?.locationSlug ?? '',
    timeZone: place?.timeZone ?? 'UTC',
    orderTypeCode: order.orderTypeCode,
    orderTypeName: type?.name ?? order.orderTypeCode,
    orderTypeGroup: type?.typeGroup ?? 'P',
    status: order.status,
    statusLabel: statusLabel(order.status),
    paymentStatus: order.paymentStatus as PaymentStatus | null,
    customerId: order.customerId,
    fullName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : (order.guestName ?? ''),
    phone: customer ? customer.mobilePhone : (order.guestPhone ?? ''),
    email: customer ? customer.email : order.guestEmail,
    currency: order.currency,
    subtotal: order.subtotalMinor,
    itemTax: order.itemTaxMinor,
    orderTaxRate: order.orderTaxBp / 100,
    orderTax: order.orderTaxMinor,
    tax,
    surcharge: order.surchargeMinor,
    surchargeLabel: order.surchargeLabel,
    deliveryFee: order.deliveryFeeMinor,
    distanceKm: order.deliveryDistanceKm,
    tipType: order.tipType as TipType,
    tipValue: order.tipValue,
    tip: order.tipMinor,
    discount: order.discountMinor,
    walletRedeemed: order.walletRedeemedMinor,
    total: order.totalMinor,
    orderInstruction: order.orderInstruction,
    deliveryInstruction: order.deliveryInstruction,
    isScheduleOrder: order.isScheduled,
    scheduledFor: order.scheduledFor?.toISOString() ?? null,
    deliveryLocation: hasDeliveryPoint ? { lat: order.deliveryLat!, lng: order.deliveryLng! } : null,
    deliveryAddress: order.deliveryAddressLine1
      ? {
          addressLine1: order.deliveryAddressLine1,
          addressLine2: order.deliveryAddressLine2 ?? '',
          addressLine3: order.deliveryAddressLine3 ?? '',
        }
      : null,
    tableId: order.tableId,
    tableName: table?.name ?? null,
    items: itemRows.map((row) => ({
      id: row.id,
      itemId: row.itemId,
      name: row.name,
      quantity: row.quantity,
      unitPrice: row.unitPriceMinor,
      lineSubtotal: row.lineSubtotalMinor,
      itemTaxRate: row.itemTaxBp / 100,
      itemTax: row.itemTaxMinor,
      comment: row.comment,
      round: row.round,
      options: optionRows
        .filter((option) => option.orderItemId === row.id)
        .map((option) => ({
          modifierOptionId: option.modifierOptionId,
          optionName: option.optionName,
          modifier: option.modifier,
          price: option.priceMinor,
          quantity: option.quantity,
          typeId: option.typeId,
        })),
    })),
    payments: paymentRows.map(toOrderPayment),
    statusHistory: history.map((row) => ({ status: row.status, at: row.at.toISOString() })),
    payBy: order.payBy?.toISOString() ?? null,
    cancelReason: (order.cancelReason as CancelReason | null) ?? null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  }
}

/** GET /order/v2/getOrder: the caller's order. */
export async function readOrder(db: Executor, caller: Caller, orderId: string): Promise<OrderDetail> {
  return orderDetail(db, await loadOwnedOrder(db, caller, orderId))
}

/** POST /order/customer: the order, narrowed to a share of its bill or one of its payments when asked. */
export async function orderReceipt(db: Executor, caller: Caller, request: ReceiptRequest): Promise<OrderReceipt> {
  const order = await orderDetail(db, await loadOwnedOrder(db, caller, request.orderId))
  let split: OrderReceipt['split'] = null
  if (request.splitId) {
    const [row] = await db
      .select()
      .from(orderSplits)
      .where(and(eq(orderSplits.id, request.splitId), eq(orderSplits.orderId, order.orderId)))
    if (!row) throw notFound('This share of the bill')
    const states = await paymentStatesOf(db, [order.orderId])
    const payment = livePaymentOf(states, row.id) ?? states.filter((state) => state.splitId === row.id).at(-1)
    split = { id: row.id, label: row.label, amount: row.amountMinor, payment: payment ? toOrderPayment(payment) : null }
  }
  let transaction: OrderReceipt['transaction'] = null
  if (request.transactionId) {
    transaction = order.payments.find((payment) => payment.id === request.transactionId) ?? null
    if (!transaction) throw notFound('The transaction')
  }
  return { ...order, split, transaction }
}
