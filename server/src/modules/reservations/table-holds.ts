import { and, eq, gte, inArray } from 'drizzle-orm'
import { HOLD_BLOCK_MINUTES } from '@/shared/api/contracts/reservations'
import type { Executor, Transaction } from '../../db/executor'
import { tableHolds } from '../../db/schema'
import { MINUTE, type TableRow } from './rules'
import { holdBlocks } from './slots'

/** Thrown inside a savepoint when a table is already held for one of the blocks: the savepoint rolls back, the next table is tried. */
class TableTaken extends Error {}

/**
 * Holds the first of `tables` that is free for every block a party of `size` takes from `start`
 * (docs/reservations.md "Holding a table"). Each attempt runs in a savepoint; the table_holds
 * primary key decides a race, so two parallel bookings of the last table cannot both get it.
 * Null when none is free.
 */
export async function holdTable(tx: Transaction, reservationId: string, tables: TableRow[], start: Date, size: number): Promise<TableRow | null> {
  const blocks = holdBlocks(start, size)
  if (!tables.length) return null
  const taken = await tx
    .selectDistinct({ tableId: tableHolds.tableId })
    .from(tableHolds)
    .where(
      and(
        inArray(
          tableHolds.tableId,
          tables.map((table) => table.id),
        ),
        inArray(tableHolds.blockStart, blocks),
      ),
    )
  const busy = new Set(taken.map((row) => row.tableId))
  for (const table of tables.filter((candidate) => !busy.has(candidate.id))) {
    try {
      await tx.transaction(async (savepoint) => {
        const held = await savepoint
          .insert(tableHolds)
          .values(blocks.map((blockStart) => ({ tableId: table.id, blockStart, reservationId })))
          .onConflictDoNothing()
          .returning()
        if (held.length < blocks.length) throw new TableTaken()
      })
      return table
    } catch (error) {
      if (!(error instanceof TableTaken)) throw error
    }
  }
  return null
}

/** Frees a reservation's table from `from` on (all of it without `from`). */
export async function releaseHolds(tx: Executor, reservationId: string, from?: Date) {
  const blockOfNow = from ? new Date(Math.floor(from.getTime() / (HOLD_BLOCK_MINUTES * MINUTE)) * HOLD_BLOCK_MINUTES * MINUTE) : null
  await tx
    .delete(tableHolds)
    .where(blockOfNow ? and(eq(tableHolds.reservationId, reservationId), gte(tableHolds.blockStart, blockOfNow)) : eq(tableHolds.reservationId, reservationId))
}
