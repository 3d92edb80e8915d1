import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm'
import type { FloorBoard, FloorCall } from '@/shared/api/contracts/floor'
import type { Executor } from '../../db/executor'
import { diningTables, staffMembers, supportReplies, supportRequests, waiterCalls } from '../../db/schema'
import { notFound } from '../../lib/errors'

/** Calls on the board at once: a restaurant with more open calls than this has a bigger problem. */
const MAX_QUEUE = 200

/**
 * GET /staff/{locationId}/waiter-calls and each event of the floor stream (docs/floor.md "Waiter
 * calls"): the open and acknowledged calls, oldest first (the longest wait is served first), with
 * their age at `now`, and the count of open support requests.
 */
export async function floorBoard(db: Executor, locationId: string, now: Date): Promise<FloorBoard> {
  const rows = await db
    .select({ call: waiterCalls, tableName: diningTables.name, acknowledgedBy: staffMembers.name })
    .from(waiterCalls)
    .innerJoin(diningTables, eq(waiterCalls.tableId, diningTables.id))
    .leftJoin(staffMembers, eq(waiterCalls.acknowledgedBy, staffMembers.id))
    .where(and(eq(waiterCalls.locationId, locationId), inArray(waiterCalls.status, ['Open', 'Acknowledged'])))
    .orderBy(asc(waiterCalls.createdAt), asc(waiterCalls.id))
    .limit(MAX_QUEUE)
  const [support] = await db
    .select({
      open: count(sql`case when ${supportRequests.status} = 'Open' then 1 end`),
      changedAt: max(sql<Date>`greatest(${supportRequests.createdAt}, ${supportRequests.closedAt}, (select max(${supportReplies.createdAt}) from ${supportReplies} where ${supportReplies.requestId} = ${supportRequests.id}))`),
    })
    .from(supportRequests)
    .where(eq(supportRequests.locationId, locationId))
  const changedAt = support?.changedAt ? new Date(support.changedAt as unknown as string) : null
  return {
    now: now.toISOString(),
    calls: rows.map((row) => toFloorCall(row.call, row.tableName, row.acknowledgedBy, now)),
    supportOpen: support?.open ?? 0,
    supportChangedAt: changedAt ? changedAt.toISOString() : null,
  }
}

/** One call of the location as the queue shows it (after a change: Done ones too); another location's is 404. */
export async function floorCallById(db: Executor, locationId: string, callId: string, now: Date): Promise<FloorCall> {
  const [row] = await db
    .select({ call: waiterCalls, tableName: diningTables.name, acknowledgedBy: staffMembers.name })
    .from(waiterCalls)
    .innerJoin(diningTables, eq(waiterCalls.tableId, diningTables.id))
    .leftJoin(staffMembers, eq(waiterCalls.acknowledgedBy, staffMembers.id))
    .where(and(eq(waiterCalls.id, callId), eq(waiterCalls.locationId, locationId)))
  if (!row) throw notFound('The waiter call')
  return toFloorCall(row.call, row.tableName, row.acknowledgedBy, now)
}

function toFloorCall(row: typeof waiterCalls.$inferSelect, tableName: string, acknowledgedBy: string | null, now: Date): FloorCall {
  return {
    id: row.id,
    tableId: row.tableId,
    tableName,
    orderId: row.orderId,
    reason: row.reason,
    status: row.status as FloorCall['status'],
    createdAt: row.createdAt.toISOString(),
    ageSeconds: Math.max(0, Math.floor((now.getTime() - row.createdAt.getTime()) / 1000)),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy,
    doneAt: row.doneAt?.toISOString() ?? null,
  }
}

/** The staff member's name, for a reply's signature and the queue's "acknowledged by". */
export async function staffName(db: Executor, staffId: string): Promise<string> {
  const [row] = await db.select({ name: staffMembers.name }).from(staffMembers).where(eq(staffMembers.id, staffId))
  return row?.name ?? 'Staff'
}
