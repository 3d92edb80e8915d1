import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { statusLabel } from '@/shared/api/contracts/order-status'
import type {
  addTipRequest,
  CancelReason,
  CartPreview,
  OrderDetail,
  OrderReceipt,
  PaymentStatus,
  placeOrderRequest,
} from '@/shared/api/contracts/ordering'
import { UNPAID_ORDER_MINUTES } from '@/shared/api/contracts/ordering'
import type { TipType, TotalsResponse } from '@/shared/api/contracts/orders'
import { localInstant, openingStatus, zonedClock, type WorkingSession } from '@/shared/lib/hours'
import type { Database } from '../../db/client'
import {
  customers,
  diningTables,
  locations,
  merchants,
  offers,
  orderItemOptions,
  orderItems,
  orders,
  orderSplits,
  orderStatusHistory,
  orderTypes,
  workingHours,
} from '../../db/schema'
import { ApiError, notFound, refuse } from '../../lib/errors'
import type { PaymentProvider } from '../../providers/payment/payment-provider'
import { isTableOrder } from '../dine-in/table-order'
import { checkEventOrder } from '../events/events.service'
import { claimOfferUse } from '../offers/offer-uses'
import { recordWalletMovement } from '../wallet/ledger'
import { releaseOrder, UNPAID_STATUSES } from './cancellation'
import { takeStock, writeOrderLines } from './order-lines'
import { estimateOrder } from './estimate'
import { serviceDateOf, takeOrderNumber } from './order-number'
import { moveOrder } from './status'
import { livePaymentOf, paymentStatesOf, toOrderPayment } from './payment-state'
import { createPricingService } from './pricing.service'
import { repriceOrder } from './repricing'
import type { Executor, Transaction } from '../../db/executor'

type PlaceOrderInput = z.output<typeof placeOrderRequest>
type AddTipInput = z.output<typeof addTipRequest>
export type ReceiptRequest = { orderId: string; splitId?: string; transactionId?: string }
type OrderRow = typeof orders.$inferSelect
type LocationRow = typeof locations.$inferSelect

/** Who is asking: a signed-in customer, or a guest (no access token). */
/** A signed-in customer, or a guest (with `guest` when a code proved their phone in this session: docs/accounts.md "Guests"). */
export type Caller = { customerId?: string; guest?: { id: string; phone: string } }

/** Order type groups (SPEC §3): L delivery, D dine-in, E event; P pickup. */
const DELIVERY = 'L'
const EVENT = 'E'
const DINE_IN = 'D'

const MINUTE = 60_000

/** SPEC §5 / §8: the one message for an order call without an order id. */
export const ORDER_ID_REQUIRED = 'Order ID is required'

/** Cancelled by the customer or by the merchant. */
export const CANCELLED_STATUSES: readonly string[] = ['8', '9']

/** The order of `orderId` if the caller may see it: a customer's order only by that customer, a guest's by whoever holds its id. */
export async function loadOwnedOrder(db: Executor, caller: Caller, orderId: string, { lock = false } = {}): Promise<OrderRow> {
  const query = db.select().from(orders).where(eq(orders.id, orderId))
  const [order] = lock ? await query.for('update') : await query
  if (!order || (order.customerId !== null && order.customerId !== caller.customerId)) throw notFound('The order')
  return order
}

/** Moves an order to a status through the one transition every change takes (status.ts). */
export async function recordStatus(tx: Transaction, orderId: string, status: string, changes: Partial<OrderRow> = {}) {
  await moveOrder(tx, orderId, status, { changes })
}

async function mobileOf(db: Executor, customerId: string): Promise<string | null> {
  const [customer] = await db.select({ phone: customers.mobilePhone }).from(customers).where(eq(customers.id, customerId))
  return customer?.phone ?? null
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** Placement, cart preview, order detail and tip changes (SPEC §4 Cart place order, Order tip update). */
export function createPlacementService() {
  async function sessionsOf(db: Executor, locationId: string): Promise<WorkingSession[]> {
    const rows = await db.select().from(workingHours).where(eq(workingHours.locationId, locationId))
    return rows.map((row) => ({ day: row.dayOfWeek, sessionName: row.sessionName, opensAt: row.opensAt, closesAt: row.closesAt }))
  }

  /**
   * When the order is wanted: as soon as possible needs the restaurant open now and still open
   * after its cut-off; a scheduled slot must be in the future, in the scheduling window, before
   * the scheduled cut-off time and inside a session with the pickup cut-off to spare (the rules
   * of the checkout's slot list).
   */
  async function checkTiming(db: Executor, location: LocationRow, typeGroup: string, request: PlaceOrderInput, now: Date): Promise<Date | null> {
    // An event order is scheduled for its event date and slot, whatever the hours now (SPEC §4 "Event orders force open=1").
    if (typeGroup === EVENT) return checkEventOrder(db, location, request, request.orderTypeCode, now)
    const sessions = await sessionsOf(db, location.id)
    const zone = location.timeZoneCd
    const openAt = (instant: Date) => openingStatus(sessions, zone, instant).open === 1
    if (!request.isScheduleOrder) {
      if (typeGroup === EVENT) return null
      if (!openAt(now)) {
        throw refuse(409, 'restaurant_closed', `${location.branchName} is closed right now. Please schedule the order for when it is open.`)
      }
      const cutoff = typeGroup === DELIVERY ? location.deliveryCutoff : location.pickupCutoff
      if (!openAt(new Date(now.getTime() + cutoff * MINUTE))) {
        throw refuse(
          409,
          'past_order_cutoff',
          `${location.branchName} stops taking ${typeGroup === DELIVERY ? 'delivery' : 'online'} orders ${cutoff} minutes before closing. Please schedule the order for later.`,
        )
      }
      return null
    }

    const { selectedDate, selectedTimeSlot } = request
    if (!selectedDate || !selectedTimeSlot) {
      throw refuse(400, 'time_slot_required', 'Choose a date and a time for the scheduled order.')
    }
    const instant = localInstant(selectedDate, selectedTimeSlot, zone)
    if (!instant) throw refuse(400, 'time_slot_unavailable', `${selectedTimeSlot} does not exist on ${selectedDate} in the restaurant's time zone.`)
    const today = zonedClock(now, zone).date
    const lastDay = addDays(today, location.scheduledDelivery ? Math.max(0, location.scheduledDeliveryDurationInDays) : 0)
    if (selectedDate < today || selectedDate > lastDay) {
      throw refuse(
        400,
        'schedule_out_of_range',
        lastDay === today
          ? `${location.branchName} takes scheduled orders for today only.`
          : `${location.branchName} takes scheduled orders from ${today} to ${lastDay}.`,
      )
    }
    if (instant.getTime() <= now.getTime()) throw refuse(400, 'time_slot_passed', 'This time has passed. Please choose a later time.')
    const pastCutOffTime = location.scheduledDeliveryCutOffTime !== null && selectedTimeSlot > location.scheduledDeliveryCutOffTime
    const lastOrderMinute = new Date(instant.getTime() + (location.pickupCutoff - 1) * MINUTE)
    if (pastCutOffTime || !openAt(instant) || !openAt(lastOrderMinute)) {
      throw refuse(400, 'time_slot_unavailable', `${location.branchName} is not taking orders for ${selectedTimeSlot} on ${selectedDate}. Please choose another time.`)
    }
    return instant
  }

  /** Everything a placement checks, and the server's prices: shared by createOrder and the cart preview. */
  async function check(db: Executor, request: PlaceOrderInput, now: Date, caller: { customerId?: string; phone?: string } = {}) {
    // The pricing service takes the database handle; inside a transaction it must use the transaction.
    const priced = await createPricingService(db as Database).totals(request, caller)
    const [place] = await db
      .select({ location: locations, typeGroup: orderTypes.typeGroup })
      .from(locations)
      .innerJoin(orderTypes, and(eq(orderTypes.locationId, locations.id), eq(orderTypes.code, priced.orderTypeCode)))
      .where(eq(locations.id, priced.locationId))
    if (!place) throw notFound('The restaurant')
    const { location, typeGroup } = place
    const scheduledFor = await checkTiming(db, location, typeGroup, request, now)
    if (typeGroup === DELIVERY && !request.deliveryAddress) {
      throw refuse(400, 'delivery_address_required', 'Choose a delivery address for the delivery order.')
    }
    if (request.tableId) {
      const [table] = await db
        .select({ id: diningTables.id })
        .from(diningTables)
        .where(and(eq(diningTables.id, request.tableId), eq(diningTables.locationId, location.id), eq(diningTables.isActive, true)))
      if (!table) throw refuse(400, 'table_not_found', `This table is not one of ${location.branchName}'s.`)
    }
    return { priced, location, typeGroup, scheduledFor }
  }

  /**
   * The coupon's use and the wallet's REDEEM movement, in the order's transaction: a replayed
   * placement does neither twice. The use goes through claimOfferUse, which counts the diner's
   * uses again under a lock; the ledger's trigger refuses an overdraft.
   */
  async function redeemOffersOf(tx: Transaction, order: OrderRow, request: PlaceOrderInput, priced: TotalsResponse, phone: string | null) {
    if (request.couponCode) {
      const [offer] = await tx.select().from(offers).where(eq(offers.code, request.couponCode.trim().toUpperCase()))
      if (offer) await claimOfferUse(tx, { offer, orderId: order.id, redeemer: { customerId: order.customerId, phone }, amountMinor: priced.discount })
    }
    if (priced.walletRedeemed > 0 && order.customerId) {
      await recordWalletMovement(tx, { customerId: order.customerId, kind: 'REDEEM', amountMinor: -priced.walletRedeemed, orderId: order.id })
    }
  }

  async function contactOf(tx: Transaction, caller: Caller, request: PlaceOrderInput) {
    if (caller.customerId) {
      const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, caller.customerId))
      if (!customer) throw refuse(401, 'unauthenticated', 'Please sign in to continue.')
      return { customerId: customer.id, guestName: null, guestPhone: null, guestEmail: null }
    }
    const { guest } = request
    if (!guest) throw refuse(401, 'contact_required', 'Please sign in, or give your name and mobile number, to place the order.')
    // Only the guest token of this session proves the number: a number verified once by someone else proves nothing.
    if (caller.guest?.phone !== guest.phone) {
      throw refuse(403, 'mobile_not_verified', 'Please verify your mobile number with the code we text you, then place the order.')
    }
    return { customerId: null, guestName: guest.fullName, guestPhone: guest.phone, guestEmail: guest.email || null }
  }

  async function detail(db: Executor, order: OrderRow): Promise<OrderDetail> {
    const [place] = await db
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
      .where(eq(locations.id, order.locationId))
    const [type] = await db
      .select({ name: orderTypes.name, typeGroup: orderTypes.typeGroup })
      .from(orderTypes)
      .where(and(eq(orderTypes.locationId, order.locationId), eq(orderTypes.code, order.orderTypeCode)))
    const [table] = order.tableId ? await db.select({ name: diningTables.name }).from(diningTables).where(eq(diningTables.id, order.tableId)) : []
    const [customer] = order.customerId ? await db.select().from(customers).where(eq(customers.id, order.customerId)) : []
    const itemRows = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.sortOrder))
    const optionRows = itemRows.length
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
    const paymentRows = await paymentStatesOf(db, [order.id])
    const history = await db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id))
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

  return {
    /** POST /merchants/cartItems: every check of a placement and the server's prices, nothing written. */
    async preview(db: Database, request: PlaceOrderInput, now = new Date()): Promise<CartPreview> {
      const { priced, scheduledFor } = await check(db, request, now)
      return { ...priced, isScheduleOrder: scheduledFor !== null, scheduledFor: scheduledFor?.toISOString() ?? null }
    },

    /** POST /order/customer/createOrder: prices, checks and writes the order, its lines and its first status in one transaction. */
    async place(tx: Transaction, caller: Caller, request: PlaceOrderInput, now = new Date()): Promise<OrderDetail> {
      const contact = await contactOf(tx, caller, request)
      // The customer's row is locked before the wallet is read, so two placements spending it take turns.
      if (contact.customerId && request.walletAmount) await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, contact.customerId)).for('update')
      // The number a coupon's use is counted for: the customer's mobile, or the guest's verified one.
      const redeemerPhone = !request.couponCode ? null : contact.customerId ? await mobileOf(tx, contact.customerId) : contact.guestPhone
      const { priced, location, typeGroup, scheduledFor } = await check(tx, request, now, {
        customerId: contact.customerId ?? undefined,
        phone: redeemerPhone ?? undefined,
      })
      await takeStock(tx, priced.lines)
      const isDelivery = typeGroup === DELIVERY
      // A dine-in tab at a table is paid at the end; every other order within UNPAID_ORDER_MINUTES.
      const isTab = typeGroup === DINE_IN && Boolean(request.tableId)
      const payBy = isTab ? null : new Date(now.getTime() + UNPAID_ORDER_MINUTES * MINUTE)
      // The counter's row is the last lock placement takes before its own rows (docs/orders.md "Order numbers").
      const number = await takeOrderNumber(tx, location.id, serviceDateOf(location.timeZoneCd, now, scheduledFor))
      const [order] = await tx
        .insert(orders)
        .values({
          ...contact,
          locationId: location.id,
          orderTypeCode: priced.orderTypeCode,
          status: '6',
          subtotalMinor: priced.subtotal,
          itemTaxMinor: priced.itemTax,
          orderTaxMinor: priced.orderTax,
          orderTaxBp: Math.round(priced.orderTaxRate * 100),
          surchargeMinor: priced.surcharge,
          surchargeLabel: priced.surchargeLabel,
          deliveryFeeMinor: priced.deliveryFee,
          tipType: priced.tipType,
          tipValue: priced.tipType === 'NONE' ? 0 : request.tip.value,
          tipMinor: priced.tip,
          discountMinor: priced.discount,
          walletRedeemedMinor: priced.walletRedeemed,
          totalMinor: priced.total,
          currency: priced.currency,
          orderInstruction: request.orderInstruction || null,
          deliveryInstruction: isDelivery ? request.deliveryInstruction || null : null,
          isScheduled: scheduledFor !== null,
          scheduledFor,
          deliveryLat: isDelivery ? (request.deliveryLocation?.lat ?? null) : null,
          deliveryLng: isDelivery ? (request.deliveryLocation?.lng ?? null) : null,
          deliveryAddressLine1: isDelivery ? (request.deliveryAddress?.addressLine1 ?? null) : null,
          deliveryAddressLine2: isDelivery ? request.deliveryAddress?.addressLine2 || null : null,
          deliveryAddressLine3: isDelivery ? request.deliveryAddress?.addressLine3 || null : null,
          deliveryDistanceKm: priced.distanceKm,
          tableId: request.tableId ?? null,
          payBy,
          orderNumber: number.number,
          orderNumberDate: number.date,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      await writeOrderLines(tx, order!.id, priced.lines, { comments: request.items.map((item) => item.comment || null) })
      await redeemOffersOf(tx, order!, request, priced, redeemerPhone)
      await tx.insert(orderStatusHistory).values({ orderId: order!.id, status: '6', at: now })
      return detail(tx, order!)
    },

    /** GET /order/v2/getOrder. */
    async read(db: Database, caller: Caller, orderId: string): Promise<OrderDetail> {
      return detail(db, await loadOwnedOrder(db, caller, orderId))
    },

    /** POST /order/customer: the order, narrowed to a share of its bill or one of its payments when asked. */
    async receipt(db: Database, caller: Caller, request: ReceiptRequest): Promise<OrderReceipt> {
      const order = await detail(db, await loadOwnedOrder(db, caller, request.orderId))
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
    },

    detail,

    /** PUT /order/v2/customer/add-tip: a new tip and total, until a payment of the order is live (docs/payments.md "Tips"). */
    async addTip(tx: Transaction, caller: Caller, request: AddTipInput): Promise<OrderDetail> {
      const order = await loadOwnedOrder(tx, caller, request.orderId, { lock: true })
      const updated = await repriceOrder(tx, order, { tip: { tipType: request.tipType, value: request.tip } }, 'payment_started')
      return detail(tx, updated)
    },

    /**
     * POST /order/customer/cancel: the diner cancels an order that is not paid yet (8, 'customer'),
     * which gives back what it held like an expired one. Refused once something is captured, once it
     * is to be paid at the restaurant, for a tab at a table (settled with the restaurant), and when
     * it is already cancelled.
     */
    async cancel(tx: Transaction, caller: Caller, orderId: string, provider: PaymentProvider | null, now = new Date()): Promise<OrderDetail> {
      const order = await loadOwnedOrder(tx, caller, orderId, { lock: true })
      const notCancellable = (message: string) => refuse(409, 'order_not_cancellable', message)
      if (CANCELLED_STATUSES.includes(order.status)) throw notCancellable('This order is already cancelled.')
      const states = await paymentStatesOf(tx, [order.id])
      if (states.some((state) => state.effectiveStatus === '19')) throw notCancellable('This order is paid, so it can no longer be cancelled here. Please contact the restaurant.')
      if (states.some((state) => state.live && state.status === '25')) {
        throw notCancellable('This order is to be paid at the restaurant. Please ask the restaurant to cancel it.')
      }
      if (await isTableOrder(tx, order)) throw notCancellable('A table order is settled with the restaurant. Please ask your server.')
      if (!UNPAID_STATUSES.includes(order.status)) throw notCancellable('This order is already being prepared, so it can no longer be cancelled here.')
      const release = await releaseOrder(tx, order, { status: '8', reason: 'customer', now, provider })
      if (!release.released) throw new ApiError(503, 'payment_gateway_unavailable', 'The card’s hold could not be released just now. Please try again.')
      return detail(tx, (await loadOwnedOrder(tx, caller, orderId))!)
    },
  }
}

export type PlacementService = ReturnType<typeof createPlacementService>
