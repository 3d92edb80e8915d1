import { Column, eq, getTableName, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '../db/executor'
import { locations } from '../db/schema'
import { STAFF_ACCESS_TTL_MS } from '../modules/staff/guard'

/**
 * Whether a location runs itself (docs/staff.md "On shift"): someone of its staff holds a live
 * staff access token (signed in, not signed out or removed, the token issued within its 15
 * minutes; an open staff screen keeps renewing it), or a manager turned the sandbox simulators
 * off for it. The simulators skip such a location.
 *
 * `locationIdColumn` is the outer query's location id; `now` is a bound timestamp (the jobs pass
 * their clock), the database's `now()` when left out.
 */
export function staffOnShiftSql(locationIdColumn: AnyPgColumn | SQL, now?: Date): SQL<boolean> {
  // drizzle writes a bare column unqualified inside a select's fields: name its table (an aliased table: pass sql`alias.location_id`).
  const outer = locationIdColumn instanceof Column ? sql`${sql.identifier(getTableName(locationIdColumn.table))}.${sql.identifier(locationIdColumn.name)}` : locationIdColumn
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`
  const since = sql`${at} - ${`${STAFF_ACCESS_TTL_MS} milliseconds`}::interval`
  return sql<boolean>`(exists (
    select 1 from staff_members sm
    join refresh_tokens rt on rt.staff_member_id = sm.id
    where sm.location_id = ${outer} and sm.removed_at is null
      and rt.access_token_hash is not null and rt.created_at > ${since} and rt.created_at <= ${at}
      and not exists (select 1 from refresh_tokens r where r.family_id = rt.family_id and r.revoked_at is not null)
  ) or exists (
    select 1 from staff_settings ss where ss.location_id = ${outer} and ss.simulators_off
  ))`
}

/** staffOnShiftSql for one location. */
export async function isStaffOnShift(executor: Executor, locationId: string, now = new Date()): Promise<boolean> {
  const [row] = await executor
    .select({ onShift: staffOnShiftSql(locations.id, now) })
    .from(locations)
    .where(eq(locations.id, locationId))
  return row?.onShift === true
}
