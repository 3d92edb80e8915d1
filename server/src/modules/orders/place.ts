import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { CartPreview, OrderDetail, placeOrderRequest } from '@/shared/api/contracts/ordering'
import { UNPAID_ORDER_MINUTES } from '@/shared/api/contracts/ordering'
import type { TotalsResponse } from '@/shared/api/contracts/orders'
import { addDays, localInstant, openingStatus, zonedClock, type WorkingSession } from '@/shared/lib/hours'
import { customers, diningTables, locations, offers, orders, orderStatusHistory } from '../../db/schema'
import { builtOnce } from '../../db/built-once'
import type { Executor, Transaction } from '../../db/executor'
import type { Caller } from '../../domain/caller'
import { refuse } from '../../lib/errors'
import { checkEventOrder } from '../events/event-orders'
import { claimOfferUse } from '../offers/offer-uses'
import { recordWalletMovement } from '../wallet/ledger'
import { linesInserts, orderLines, stockRefusal, stockWanted, typeIdsOf } from './order-lines'
import { orderDetail } from './order-detail'
import { nextOrderNumber, serviceDateOf } from './order-number'
import { priceCartAt, type PricingCaller } from './pricing/totals'

type PlaceOrderInput = z.output<typeof placeOrderRequest>
type OrderRow = typeof orders.$inferSelect
type CustomerRow = typeof customers.$inferSelect
type LocationRow = typeof locations.$inferSelect

/** Order type groups (docs/orders.md "Order types"): L delivery, D dine-in, E event; P pickup. */
const DELIVERY = 'L'
const EVENT = 'E'
const DINE_IN = 'D'

const MINUTE = 60_000

// Statements of every placement: their SQL is built once (docs/decisions.md "Issue 16 — placement CPU").
const diner = builtOnce((db) => db.select().from(customers).where(eq(customers.id, sql.placeholder('id'))))
const lockedDiner = builtOnce((db) => db.select().from(customers).where(eq(customers.id, sql.placeholder('id'))).for('no key update'))

/** The columns a placement writes of its order, each a placeholder of `placementWrite`. */
const PLACED_FIELDS = [
  'id', 'customerId', 'guestName', 'guestPhone', 'guestEmail', 'locationId', 'orderTypeCode', 'status', 'subtotalMinor', 'itemTaxMinor', 'orderTaxMinor',
  'orderTaxBp', 'surchargeMinor', 'surchargeLabel', 'deliveryFeeMinor', 'tipType', 'tipValue', 'tipMinor', 'discountMinor', 'walletRedeemedMinor',
  'totalMinor', 'currency', 'orderInstruction', 'deliveryInstruction', 'isScheduled', 'deliveryLat', 'deliveryLng', 'deliveryAddressLine1',
  'deliveryAddressLine2', 'deliveryAddressLine3', 'deliveryDistanceKm', 'tableId', 'orderNumberDate',
] as const
type PlacedOrder = { [F in (typeof PLACED_FIELDS)[number]]-?: Exclude<(typeof orders.$inferInsert)[F], undefined> }
/** Bound as ISO text (a column's encoder would call toISOString on a null). */
const instant = (name: string) => sql`${sql.placeholder(name)}::timestamptz`

/**
 * The order, its lines, their options and its first status as one statement, built once: the
 * lines', options' and first status's inserts are CTEs of the order's own INSERT (their foreign keys
 * are checked at the statement's end, when the order is there), the lines and options come as JSON
 * records (`linesInserts`), so every cart sends the same text and the database keeps one prepared
 * statement. The stock is taken first, by `take_stock` in a CTE (migration 0022) that the order
 * number's subquery reads, so the dishes are locked before the day's counter (docs/payments.md
 * "Lock order") and held one round trip less; a dish short of stock fails the statement (TF004),
 * answered 409 out_of_stock. The order number is taken by the order's INSERT (docs/orders.md
 * "Order numbers"). The answer is made of what was written, not read back.
 */
const placementWrite = builtOnce((db) => {
  // The stock first: the order number's subquery reads this CTE, so the dishes are locked before the counter.
  const stock = db.$with('stock', {}).as(sql`select take_stock(${sql.placeholder('stock')}::jsonb)`)
  const [insertLines, insertOptions] = linesInserts(sql.placeholder('lines'), sql.placeholder('options'))
  const firstStatus = db
    .insert(orderStatusHistory)
    .values({ id: sql.placeholder('statusId'), orderId: sql.placeholder('id'), status: '6', at: instant('createdAt') })
    .getSQL()
  return db
    .with(stock, db.$with('w0', {}).as(firstStatus), db.$with('w1', {}).as(insertLines), db.$with('w2', {}).as(insertOptions))
    .insert(orders)
    .values({
      ...(Object.fromEntries(PLACED_FIELDS.map((field) => [field, sql.placeholder(field)])) as unknown as PlacedOrder),
      scheduledFor: instant('scheduledFor'),
      payBy: instant('payBy'),
      createdAt: instant('createdAt'),
      updatedAt: instant('updatedAt'),
      orderNumber: sql`(select ${nextOrderNumber(sql.placeholder('locationId'), sql.placeholder('orderNumberDate'))} from stock)`,
    })
    .returning()
})

/**
 * When the order is wanted: as soon as possible needs the restaurant open now and still open
 * after its cut-off; a scheduled slot must be in the future, in the scheduling window, before
 * the scheduled cut-off time and inside a session with the pickup cut-off to spare (the rules
 * of the checkout's slot list).
 */
async function checkTiming(
  db: Executor,
  location: LocationRow,
  sessions: WorkingSession[],
  typeGroup: string,
  request: PlaceOrderInput,
  now: Date,
): Promise<Date | null> {
  // An event order is scheduled for its event date and slot, whatever the hours now (docs/events.md "Rules").
  if (typeGroup === EVENT) return checkEventOrder(db, location, request, request.orderTypeCode, now)
  const zone = location.timeZoneCd
  const openAt = (instant: Date) => openingStatus(sessions, zone, instant).open === 1
  if (!request.isScheduleOrder) {
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

/** Everything a placement checks, and the server's prices: shared by placeOrder and the cart preview. */
export async function checkPlacement(db: Executor, request: PlaceOrderInput, now: Date, caller: PricingCaller = {}) {
  // Pricing read the location, the order type and the hours: checked here without reading them again.
  const { totals: priced, location, merchantName, merchantType, orderType, hours, modifiersByItem, diner } = await priceCartAt(db, request, caller)
  const typeGroup = orderType.typeGroup
  const scheduledFor = await checkTiming(db, location, hours, typeGroup, request, now)
  if (typeGroup === DELIVERY && !request.deliveryAddress) {
    throw refuse(400, 'delivery_address_required', 'Choose a delivery address for the delivery order.')
  }
  let tableName: string | null = null
  if (request.tableId) {
    const [table] = await db
      .select({ id: diningTables.id, name: diningTables.name })
      .from(diningTables)
      .where(and(eq(diningTables.id, request.tableId), eq(diningTables.locationId, location.id), eq(diningTables.isActive, true)))
    if (!table) throw refuse(400, 'table_not_found', `This table is not one of ${location.branchName}'s.`)
    tableName = table.name
  }
  return { priced, location, merchantName, merchantType, orderType, typeIds: typeIdsOf(modifiersByItem), tableName, scheduledFor, diner }
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

/**
 * Who places the order, and the number a coupon's use is counted for (the customer's mobile, or the
 * guest's verified one). The customer's row is read once: before pricing, and locked, when the
 * order spends the wallet, so two placements spending it take turns (docs/payments.md "Lock
 * order"); before pricing when a coupon's uses are counted by the diner's number; otherwise with
 * the cart's own reading (`readWithCart`), one statement fewer (docs/checkout.md "Placing").
 */
const readsDinerWithCart = (caller: Caller, request: PlaceOrderInput) => Boolean(caller.customerId && !request.walletAmount && !request.couponCode)

async function contactOf(tx: Transaction, caller: Caller, request: PlaceOrderInput) {
  if (caller.customerId) {
    // NO KEY UPDATE: wallet spenders take turns, while the same diner's other orders (whose rows only point at it) never wait.
    const [customer] = await (request.walletAmount ? lockedDiner : diner)(tx, { id: caller.customerId })
    return customerContact(customer)
  }
  const { guest } = request
  if (!guest) throw refuse(401, 'contact_required', 'Please sign in, or give your name and mobile number, to place the order.')
  // Only the guest token of this session proves the number: a number verified once by someone else proves nothing.
  if (caller.guest?.phone !== guest.phone) {
    throw refuse(403, 'mobile_not_verified', 'Please verify your mobile number with the code we text you, then place the order.')
  }
  return { contact: { customerId: null, guestName: guest.fullName, guestPhone: guest.phone, guestEmail: guest.email || null }, phone: guest.phone, customer: undefined }
}

/** A signed-in diner's contact, from their row (none: the account is gone, 401). */
function customerContact(customer: CustomerRow | null | undefined) {
  if (!customer) throw refuse(401, 'unauthenticated', 'Please sign in to continue.')
  return { contact: { customerId: customer.id, guestName: null, guestPhone: null, guestEmail: null }, phone: customer.mobilePhone, customer }
}

/** POST /merchants/cartItems: every check of a placement and the server's prices, nothing written. */
export async function previewCart(db: Executor, request: PlaceOrderInput, now = new Date()): Promise<CartPreview> {
  const { priced, scheduledFor } = await checkPlacement(db, request, now)
  return { ...priced, isScheduleOrder: scheduledFor !== null, scheduledFor: scheduledFor?.toISOString() ?? null }
}

/** POST /order/customer/createOrder: prices, checks and writes the order, its lines and its first status in one transaction. */
export async function placeOrder(tx: Transaction, caller: Caller, request: PlaceOrderInput, now = new Date()): Promise<OrderDetail> {
  const readWithCart = readsDinerWithCart(caller, request)
  const first = readWithCart ? undefined : await contactOf(tx, caller, request)
  const redeemerPhone = request.couponCode ? (first?.phone ?? null) : null
  const checked = await checkPlacement(
    tx,
    request,
    now,
    first ? { customerId: first.contact.customerId ?? undefined, phone: redeemerPhone ?? undefined } : { customerId: caller.customerId, readDiner: true },
  )
  const { priced, location, merchantName, merchantType, orderType, typeIds, tableName, scheduledFor } = checked
  const { contact, customer } = first ?? customerContact(checked.diner)
  const typeGroup = orderType.typeGroup
  const isDelivery = typeGroup === DELIVERY
  // A dine-in tab at a table is paid at the end; every other order within UNPAID_ORDER_MINUTES.
  const isTab = typeGroup === DINE_IN && Boolean(request.tableId)
  const payBy = isTab ? null : new Date(now.getTime() + UNPAID_ORDER_MINUTES * MINUTE)
  // The counter's row is the last lock placement takes, by the statement that writes the order (docs/orders.md "Order numbers").
  const serviceDate = serviceDateOf(location.timeZoneCd, now, scheduledFor)
  // The order, its lines, their options and its first status in one statement (`placementWrite`).
  const orderId = randomUUID()
  const firstStatus = { id: randomUUID(), orderId, status: '6', at: now }
  const written = orderLines(orderId, priced.lines, { comments: request.items.map((item) => item.comment || null), typeIds })
  const values: PlacedOrder = {
    id: orderId,
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
    deliveryLat: isDelivery ? (request.deliveryLocation?.lat ?? null) : null,
    deliveryLng: isDelivery ? (request.deliveryLocation?.lng ?? null) : null,
    deliveryAddressLine1: isDelivery ? (request.deliveryAddress?.addressLine1 ?? null) : null,
    deliveryAddressLine2: isDelivery ? request.deliveryAddress?.addressLine2 || null : null,
    deliveryAddressLine3: isDelivery ? request.deliveryAddress?.addressLine3 || null : null,
    deliveryDistanceKm: priced.distanceKm,
    tableId: request.tableId ?? null,
    orderNumberDate: serviceDate,
  }
  // The stock is taken by the same statement, before the order number (`placementWrite`): a dish short of it refuses the placement.
  const stock = stockWanted(priced.lines)
  const [order] = await placementWrite(tx, {
    stock: stock.json,
    ...values,
    // Instants as ISO text: these four are bound as they are, not through their columns' encoders (`placementWrite`).
    scheduledFor: scheduledFor?.toISOString() ?? null,
    payBy: payBy?.toISOString() ?? null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    statusId: firstStatus.id,
    lines: written.records.lines,
    options: written.records.options,
  }).catch((error: unknown) => {
    throw stockRefusal(error, stock.byItem) ?? error
  })
  await redeemOffersOf(tx, order!, request, priced, redeemerPhone)
  const place = {
    branchName: location.branchName,
    locationSlug: location.locationSlug,
    timeZone: location.timeZoneCd,
    merchantName,
    merchantType,
    address: location.address,
    phone: location.phoneNumber,
    lat: location.lat,
    lng: location.lng,
  }
  return orderDetail(tx, order!, {
    place,
    type: orderType,
    ...(tableName !== null ? { table: { name: tableName } } : {}),
    ...(customer ? { customer } : {}),
    items: written.rows,
    options: written.options,
    payments: [],
    history: [firstStatus],
  })
}
