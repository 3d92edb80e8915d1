import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/executor'

/** Wakes the location's floor streams (delivered on commit; docs/floor.md "Live"): a waiter call or a support request changed. */
export async function notifyFloor(db: Executor, locationId: string) {
  await db.execute(sql`select pg_notify('floor', ${JSON.stringify({ locationId })})`)
}
