import { and, eq, inArray, min } from 'drizzle-orm'
import { FINISHED_STATUSES } from '@/shared/api/contracts/order-status'
import { deliveries, locations, orders, orderStatusHistory, orderTypes } from '../../db/schema'
import type { Executor } from '../../db/executor'

type OrderRow = typeof orders.$inferSelect

/** ready: when it should be ready to collect (or be served); arrival: when it should be at the door. */
export type EstimateKind = 'ready' | 'arrival'
export type Estimate = { at: Date; kind: EstimateKind } | null

/** Statuses with nothing to wait for from the kitchen: not paid yet, or ready and waiting for the diner. */
const NOT_COOKING = ['6', '7', '18', '20', '21', '22', '23', '13', '43', '59', '60']
/** A delivery on its way: only the courier's ETA says when. */
const DRIVING = ['14', '50']

export type EstimateInput = {
  status: string
  typeGroup: string
  atTable: boolean
  scheduledFor: Date | null
  /** When it was paid or promised to be paid at the restaurant (the kitchen starts then). */
  paidAt: Date | null
  /** The courier's ETA once a courier is booked. */
  courierEta: Date | null
  /** The restaurant's own estimates, in minutes (locations.defaultPickUpETA, defaultDeliveryETA). */
  pickupEtaMinutes: number
  deliveryEtaMinutes: number
}

const after = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000)

/**
 * When an order should be ready or arrive (docs/orders.md "ETA"). A delivery: the courier's ETA
 * once a courier is booked (a scheduled one waits for its time until it is out), else the time it
 * was paid plus the restaurant's delivery estimate. Anything else: its scheduled time, else the time
 * it was paid plus the restaurant's pickup estimate, until it is ready. None for an order not paid,
 * ready, finished or cancelled, nor for a tab at a table (the kitchen's tickets say more).
 */
export function estimateOf(input: EstimateInput): Estimate {
  const { status, typeGroup, scheduledFor, paidAt, courierEta } = input
  if (!mayHaveEstimate(status) || input.atTable) return null
  if (typeGroup === 'L') {
    if (DRIVING.includes(status)) return courierEta ? { at: courierEta, kind: 'arrival' } : null
    if (NOT_COOKING.includes(status) && status !== '13') return null
    if (scheduledFor) return { at: scheduledFor, kind: 'arrival' }
    if (courierEta) return { at: courierEta, kind: 'arrival' }
    return paidAt ? { at: after(paidAt, input.deliveryEtaMinutes), kind: 'arrival' } : null
  }
  if (NOT_COOKING.includes(status)) return null
  if (scheduledFor) return { at: scheduledFor, kind: 'ready' }
  return paidAt ? { at: after(paidAt, input.pickupEtaMinutes), kind: 'ready' } : null
}

/**
 * False for a status with an estimate of none whatever else is known: finished or cancelled, or not
 * cooking (not paid yet …) — except ready (13), where a delivery still waits for its courier.
 */
function mayHaveEstimate(status: string): boolean {
  return !FINISHED_STATUSES.includes(status) && (!NOT_COOKING.includes(status) || status === '13')
}

/** The estimate of one order, read from the database (the order row is the caller's). */
export async function estimateOrder(db: Executor, order: OrderRow): Promise<Estimate> {
  // Nothing to read for a status whose estimate is none anyway (estimateOf asks the same).
  if (!mayHaveEstimate(order.status)) return null
  const [place] = await db
    .select({ pickup: locations.defaultPickUpETA, delivery: locations.defaultDeliveryETA, typeGroup: orderTypes.typeGroup })
    .from(locations)
    .leftJoin(orderTypes, and(eq(orderTypes.locationId, locations.id), eq(orderTypes.code, order.orderTypeCode)))
    .where(eq(locations.id, order.locationId))
  const [paid] = await db
    .select({ at: min(orderStatusHistory.at) })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, order.id), inArray(orderStatusHistory.status, ['19', '25'])))
  const [delivery] = await db.select({ eta: deliveries.etaAt }).from(deliveries).where(eq(deliveries.orderId, order.id))
  const typeGroup = place?.typeGroup ?? 'P'
  return estimateOf({
    status: order.status,
    typeGroup,
    atTable: typeGroup === 'D' && order.tableId !== null,
    scheduledFor: order.scheduledFor,
    paidAt: paid?.at ?? null,
    courierEta: delivery?.eta ?? null,
    pickupEtaMinutes: place?.pickup ?? 20,
    deliveryEtaMinutes: place?.delivery ?? 40,
  })
}
