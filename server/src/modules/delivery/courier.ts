import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { deliveries, locations, orderStatusHistory, orders, orderTypes } from '../../db/schema'
import { deliveryProvider } from '../../providers/delivery/sandbox-providers'
import { distanceKm } from '../../domain/distance'
import { moveOrder } from '../orders/status'
import { bestQuote, courierRoute, notifyCourier } from './delivery.service'
import type { Transaction } from '../../db/executor'

/** Deliveries moved per tick and phase; the rest wait for the next one. */
const BATCH_SIZE = 100
/** The courier covers its route in about this many steps. */
export const DRIVE_STEPS = 10
/** Paid delivery orders still in the kitchen: the courier is booked while the food is made. */
const BOOKABLE_STATUSES = ['19', '25', '11', '12', '70', '13']

export type CourierMove = { orderId: string; to: 'ASSIGNED' | 'PICKED_UP' | 'MOVED' | 'ARRIVED' | 'DELIVERED'; orderStatus?: string }
export type CourierOptions = { stepSeconds?: number }

const setOrderStatus = (tx: Transaction, orderId: string, status: string, now: Date) => moveOrder(tx, orderId, status, { at: now })

const stride = (routeLength: number) => Math.max(1, Math.ceil((routeLength - 1) / DRIVE_STEPS))

/** When the courier should be at the door: the steps left at `stepSeconds` each (the sandbox's clock). */
const etaAfter = (now: Date, stepsLeft: number, stepSeconds: number) => new Date(now.getTime() + Math.max(1, stepsLeft) * Math.max(stepSeconds, 1) * 1000)

/** Books the best provider for paid delivery orders still without a courier (ASSIGNED); with none, the restaurant delivers it itself. */
async function bookCouriers(tx: Transaction, now: Date, stepSeconds: number): Promise<CourierMove[]> {
  const moves: CourierMove[] = []
  const unbooked = await tx
    .select({ order: orders, location: locations })
    .from(orders)
    .innerJoin(orderTypes, and(eq(orderTypes.locationId, orders.locationId), eq(orderTypes.code, orders.orderTypeCode)))
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .where(
      and(
        eq(orderTypes.typeGroup, 'L'),
        inArray(orders.status, BOOKABLE_STATUSES),
        isNotNull(orders.deliveryLat),
        isNotNull(orders.deliveryLng),
        sql`not exists (select 1 from ${deliveries} d where d.order_id = ${orders.id})`,
      ),
    )
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(BATCH_SIZE)
    .for('update', { of: orders, skipLocked: true })
  for (const { order, location } of unbooked) {
    const pickup = { lat: location.lat, lng: location.lng }
    const drop = { lat: order.deliveryLat!, lng: order.deliveryLng! }
    const input = { pickup, drop, distanceKm: distanceKm(pickup, drop), currency: order.currency, tip: 0, at: now }
    const chosen = await bestQuote(location.locationDeliveryProviders, input)
    // No provider takes it: the restaurant delivers it itself, and the kitchen carries it to 15.
    if (!chosen) continue
    const booking = await chosen.provider.create({ ...input, orderId: order.id })
    const route = courierRoute(pickup, drop)
    const kitchenSteps = ({ '19': 4, '25': 4, '11': 3, '12': 2, '70': 2, '13': 1 } as Record<string, number>)[order.status] ?? 1
    const eta = etaAfter(now, kitchenSteps + Math.ceil((route.length - 1) / stride(route.length)) + 1, stepSeconds)
    await tx.insert(deliveries).values({
      orderId: order.id,
      providerCode: chosen.provider.code,
      providerReference: booking.reference,
      feeMinor: chosen.estimatedPrice,
      currency: order.currency,
      status: 'ASSIGNED',
      runnerName: booking.runner?.name ?? null,
      runnerPhone: booking.runner?.phone ?? null,
      deliveryStaffId: booking.deliveryStaffId,
      trackingUrl: booking.trackingUrl,
      etaAt: eta,
      pickupLat: pickup.lat,
      pickupLng: pickup.lng,
      dropLat: drop.lat,
      dropLng: drop.lng,
      route,
      routeIndex: 0,
      createdAt: now,
      updatedAt: now,
    })
    await notifyCourier(tx, { orderId: order.id, lat: null, lng: null, status: order.status, eta })
    moves.push({ orderId: order.id, to: 'ASSIGNED' })
  }
  return moves
}

/** Picks up ready (13) orders unchanged for a step: the courier leaves (PICKED_UP, order 14 "Out for Delivery"). */
async function pickUpReady(tx: Transaction, now: Date, stepSeconds: number): Promise<CourierMove[]> {
  const cutoff = new Date(now.getTime() - stepSeconds * 1000)
  const lastChange = sql`coalesce((select max(h.at) from ${orderStatusHistory} h where h.order_id = ${orders.id}), ${orders.updatedAt})`
  const moves: CourierMove[] = []
  const ready = await tx
    .select({ delivery: deliveries })
    .from(deliveries)
    .innerJoin(orders, eq(orders.id, deliveries.orderId))
    .where(and(eq(deliveries.status, 'ASSIGNED'), eq(orders.status, '13'), sql`${lastChange} <= ${cutoff.toISOString()}::timestamptz`))
    .orderBy(asc(deliveries.updatedAt), asc(deliveries.id))
    .limit(BATCH_SIZE)
    .for('update', { of: deliveries, skipLocked: true })
  for (const { delivery } of ready) {
    const [lat, lng] = delivery.route[0] ?? [delivery.pickupLat, delivery.pickupLng]
    const provider = deliveryProvider(delivery.providerCode)
    // Some providers name the runner only once the food is picked up.
    const runner = provider ? (await provider.status(delivery.orderId, true)).runner : null
    const eta = etaAfter(now, Math.ceil((delivery.route.length - 1) / stride(delivery.route.length)) + 1, stepSeconds)
    await tx
      .update(deliveries)
      .set({
        status: 'PICKED_UP',
        courierLat: lat,
        courierLng: lng,
        routeIndex: 0,
        etaAt: eta,
        ...(runner ? { runnerName: runner.name, runnerPhone: runner.phone } : {}),
        updatedAt: now,
      })
      .where(eq(deliveries.id, delivery.id))
    await setOrderStatus(tx, delivery.orderId, '14', now)
    await notifyCourier(tx, { orderId: delivery.orderId, lat, lng, status: '14', eta })
    moves.push({ orderId: delivery.orderId, to: 'PICKED_UP', orderStatus: '14' })
  }
  return moves
}

/** Moves each courier on the road a step along its route: at its end the courier is at the door (50), a step later the order is delivered (15). */
async function drive(tx: Transaction, now: Date, stepSeconds: number): Promise<CourierMove[]> {
  const cutoff = new Date(now.getTime() - stepSeconds * 1000)
  const moves: CourierMove[] = []
  const driving = await tx
    .select()
    .from(deliveries)
    .where(and(inArray(deliveries.status, ['PICKED_UP', 'ARRIVED']), lte(deliveries.updatedAt, cutoff)))
    .orderBy(asc(deliveries.updatedAt), asc(deliveries.id))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true })
  for (const delivery of driving) {
    if (delivery.status === 'ARRIVED') {
      await tx
        .update(deliveries)
        .set({ status: 'DELIVERED', courierLat: delivery.dropLat, courierLng: delivery.dropLng, etaAt: now, updatedAt: now })
        .where(eq(deliveries.id, delivery.id))
      await setOrderStatus(tx, delivery.orderId, '15', now)
      await notifyCourier(tx, { orderId: delivery.orderId, lat: delivery.dropLat, lng: delivery.dropLng, status: '15', eta: now })
      moves.push({ orderId: delivery.orderId, to: 'DELIVERED', orderStatus: '15' })
      continue
    }
    const last = delivery.route.length - 1
    const routeIndex = Math.min(last, delivery.routeIndex + stride(delivery.route.length))
    const [lat, lng] = delivery.route[routeIndex] ?? [delivery.dropLat, delivery.dropLng]
    const arrived = routeIndex >= last
    const eta = etaAfter(now, Math.ceil((last - routeIndex) / stride(delivery.route.length)) + 1, stepSeconds)
    await tx
      .update(deliveries)
      .set({ status: arrived ? 'ARRIVED' : 'PICKED_UP', routeIndex, courierLat: lat, courierLng: lng, etaAt: eta, updatedAt: now })
      .where(eq(deliveries.id, delivery.id))
    if (arrived) await setOrderStatus(tx, delivery.orderId, '50', now)
    await notifyCourier(tx, { orderId: delivery.orderId, lat, lng, status: arrived ? '50' : '14', eta })
    moves.push({ orderId: delivery.orderId, to: arrived ? 'ARRIVED' : 'MOVED', orderStatus: arrived ? '50' : undefined })
  }
  return moves
}

/**
 * The sandbox courier (docs/delivery.md "The courier simulator"), one transaction per tick: books the best provider for paid
 * delivery orders without a courier; picks up ready (13) orders (14 "Out for Delivery"); moves
 * along the route a step at a time; at the end the courier has reached the door (50), and a step
 * later the order is delivered (15). Rows are taken FOR UPDATE SKIP LOCKED, so two instances
 * never move the same delivery twice.
 */
export async function runCourierTick(db: Database, now: Date, { stepSeconds = 20 }: CourierOptions = {}): Promise<CourierMove[]> {
  return db.transaction(async (tx) => [...(await bookCouriers(tx, now, stepSeconds)), ...(await pickUpReady(tx, now, stepSeconds)), ...(await drive(tx, now, stepSeconds))])
}
