import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { callWaiterRequest, WaiterCall, WaiterCallStatus } from '@/shared/api/contracts/dine-in'
import { diningTables, waiterCalls } from '../../db/schema'
import type { Executor } from '../../db/executor'
import type { Caller } from '../../domain/caller'
import { loadOwnedOrder } from '../../domain/owned-order'
import { ApiError, notFound, refuse } from '../../lib/errors'
import { notifyFloor } from '../floor/notify'

type CallWaiterInput = z.output<typeof callWaiterRequest>

/** POST /customer/call-waiter: one open call per table; calling again answers the open one (201 new, 200 existing). */
export async function callWaiter(db: Executor, caller: Caller, request: CallWaiterInput): Promise<{ call: WaiterCall; created: boolean }> {
  const [table] = await db
    .select({ id: diningTables.id, name: diningTables.name, locationId: diningTables.locationId })
    .from(diningTables)
    .where(and(eq(diningTables.id, request.tableId), eq(diningTables.isActive, true)))
  if (!table) throw notFound('This table')
  if (request.orderId) {
    const order = await loadOwnedOrder(db, caller, request.orderId)
    if (order.tableId !== table.id) throw notFound('The order')
  }
  const inserted = await db
    .insert(waiterCalls)
    .values({ locationId: table.locationId, tableId: table.id, orderId: request.orderId ?? null, reason: request.reason || null })
    .onConflictDoNothing()
    .returning()
  const row = inserted[0] ?? (await db.select().from(waiterCalls).where(and(eq(waiterCalls.tableId, table.id), eq(waiterCalls.status, 'Open'))))[0]
  if (!row) throw new ApiError(409, 'waiter_call_changed', 'The waiter call changed while it was made. Please try again.')
  if (inserted.length > 0) await notifyFloor(db, table.locationId)
  return { call: toWaiterCall(row, table.name), created: inserted.length > 0 }
}

/** GET /merchants/{locationId}/waiter-calls: open and acknowledged calls first, newest first. */
export async function waiterCallsOf(db: Executor, locationId: string): Promise<WaiterCall[]> {
  const rows = await db
    .select({ call: waiterCalls, tableName: diningTables.name })
    .from(waiterCalls)
    .innerJoin(diningTables, eq(waiterCalls.tableId, diningTables.id))
    .where(eq(waiterCalls.locationId, locationId))
    .orderBy(sql`case ${waiterCalls.status} when 'Open' then 0 when 'Acknowledged' then 1 else 2 end`, desc(waiterCalls.createdAt))
    .limit(200)
  return rows.map((row) => toWaiterCall(row.call, row.tableName))
}

/** GET /customer/call-waiter/{callId}: the diner's own call, followed until it is acknowledged (docs/dine-in.md "Calling the waiter"). */
export async function waiterCallById(db: Executor, callId: string): Promise<WaiterCall> {
  const [row] = await db
    .select({ call: waiterCalls, tableName: diningTables.name })
    .from(waiterCalls)
    .innerJoin(diningTables, eq(waiterCalls.tableId, diningTables.id))
    .where(eq(waiterCalls.id, callId))
  if (!row) throw notFound('The waiter call')
  return toWaiterCall(row.call, row.tableName)
}

/**
 * PUT /merchants/{locationId}/waiter-calls/{id} and PUT /staff/{locationId}/waiter-calls/{id}: the
 * staff acknowledge a call, then mark it done (docs/floor.md "Waiter calls"). `staffId` is who
 * acted; the first to acknowledge keeps the call. A Done call stays done: any change is 409, also
 * when two staff race (the UPDATE only touches a call that is not Done).
 */
export async function updateWaiterCall(
  db: Executor,
  locationId: string,
  callId: string,
  status: Exclude<WaiterCallStatus, 'Open'>,
  { staffId = null, now = new Date() }: { staffId?: string | null; now?: Date } = {},
): Promise<WaiterCall> {
  const [current] = await db
    .select({ call: waiterCalls, tableName: diningTables.name })
    .from(waiterCalls)
    .innerJoin(diningTables, eq(waiterCalls.tableId, diningTables.id))
    .where(and(eq(waiterCalls.id, callId), eq(waiterCalls.locationId, locationId)))
  if (!current) throw notFound('The waiter call')
  const done = () => refuse(409, 'waiter_call_done', 'This waiter call is already done.')
  if (current.call.status === 'Done') throw done()
  const [updated] = await db
    .update(waiterCalls)
    .set({
      status,
      acknowledgedAt: sql`coalesce(${waiterCalls.acknowledgedAt}, ${now.toISOString()}::timestamptz)`,
      acknowledgedBy: sql`case when ${waiterCalls.acknowledgedAt} is null then ${staffId}::uuid else ${waiterCalls.acknowledgedBy} end`,
      ...(status === 'Done' ? { doneAt: now, doneBy: staffId } : {}),
    })
    .where(and(eq(waiterCalls.id, callId), ne(waiterCalls.status, 'Done')))
    .returning()
  if (!updated) throw done()
  await notifyFloor(db, locationId)
  return toWaiterCall(updated, current.tableName)
}

function toWaiterCall(row: typeof waiterCalls.$inferSelect, tableName: string): WaiterCall {
  return {
    id: row.id,
    locationId: row.locationId,
    tableId: row.tableId,
    tableName,
    orderId: row.orderId,
    reason: row.reason,
    status: row.status as WaiterCallStatus,
    createdAt: row.createdAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
  }
}
