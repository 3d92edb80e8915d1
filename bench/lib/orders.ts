// What the write benchmarks share: a seeded database on either engine prepared before its server
// starts, signed-in demo diners, and valid placement bodies (a cart of stocked dishes).
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { type Database, openDatabase } from '../../server/src/db/client'
import { seedDemoData } from '../../server/src/db/seed'
import { encryptedBody } from './wire'

export type Engine = 'pglite' | 'postgres'

/**
 * Migrates and seeds a fresh database (`name`: a PGlite directory under `work`, or a database on
 * the cluster of `clusterUrl`), runs `prepare` on it, closes it, and answers the server's
 * environment for it: the server then owns it alone, as PGlite needs.
 */
export async function preparedDatabase<T>(
  engine: Engine,
  { work, clusterUrl, name }: { work: string; clusterUrl?: string; name: string },
  prepare: (db: Database) => Promise<T>,
): Promise<{ env: Record<string, string>; prepared: T }> {
  let env: Record<string, string>
  let handle
  if (engine === 'postgres') {
    if (!clusterUrl) throw new Error('PostgreSQL needs the cluster (scripts/with-postgres.mjs)')
    const admin = postgres(clusterUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`drop database if exists ${name} with (force)`)
    await admin.unsafe(`create database ${name}`)
    await admin.end()
    const url = new URL(clusterUrl)
    url.pathname = `/${name}`
    env = { DATABASE_URL: url.toString(), DATA_DIR: join(work, 'unused') }
    handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: 'unused' })
  } else {
    env = { DATA_DIR: join(work, name) }
    handle = await openDatabase({ dataDir: env.DATA_DIR! })
  }
  try {
    await handle.migrate()
    await seedDemoData(handle.db)
    const prepared = await prepare(handle.db)
    return { env: { ...env, SEED: '0', STATIC_DIR: join(work, 'site') }, prepared }
  } finally {
    await handle.close()
  }
}

/** The restaurant's slug → id. */
export async function locationIdOf(db: Database, slug: string): Promise<string> {
  const rows = await db.execute<{ id: string }>(sql`select id from locations where location_slug = ${slug}`)
  const id = ('rows' in rows ? rows.rows : rows)[0]?.id
  if (!id) throw new Error(`No restaurant ${slug}`)
  return id as string
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows)

/** Portions a bench may call plenty: more than any run places (a few thousand orders). */
export const PLENTY = 1_000_000

/**
 * Up to `count` dishes of a location a diner can order without choosing anything (shown, for
 * customers, orderable for pickup, every option optional), in menu order. `uncountedOrPlenty`
 * keeps only dishes whose stock no run can exhaust: uncounted, or counted with at least PLENTY
 * portions. The menu cannot tell (it shows a count only at or below the alert quantity,
 * docs/menu.md), so this is read from the database.
 */
export async function orderableDishes(db: Database, locationId: string, count: number, uncountedOrPlenty = false): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select i.id from menu_items i
      where i.location_id = ${locationId} and i.display = 1 and i.visible_to ? 'C'
        and (i.order_type_codes = '[]'::jsonb or i.order_type_codes ? 'pickup')
        and not exists (select 1 from modifiers m where m.item_id = i.id and m.min_select > 0)
        ${uncountedOrPlenty ? sql`and (i.stock_quantity is null or i.stock_quantity >= ${PLENTY})` : sql``}
      order by i.sort_order, i.id limit ${count}`),
  )
  return rows.map((row) => row.id)
}

/**
 * Two dishes of each location a diner can order without choosing anything (orderableDishes),
 * given `stock` portions each: every placement then takes stock, as at a restaurant that counts
 * its portions.
 */
export async function stockedDishes(db: Database, locationIds: string[], stock: number | null): Promise<Map<string, string[]>> {
  const dishes = new Map<string, string[]>()
  for (const locationId of locationIds) {
    const ids = await orderableDishes(db, locationId, 2)
    if (ids.length < 2) throw new Error(`Location ${locationId} has fewer than two dishes to order without options`)
    dishes.set(locationId, ids)
  }
  const ids = [...dishes.values()].flat()
  await db.execute(sql`update menu_items set stock_quantity = ${stock} where id in ${sql.raw(`('${ids.join("','")}')`)}`)
  return dishes
}

/** Portions left of these dishes: what the placements took, to check that none was sold twice. */
export async function stockLeft(db: Database, ids: string[]): Promise<number> {
  const rows = rowsOf<{ left: string | number }>(await db.execute(sql`select coalesce(sum(stock_quantity), 0) as left from menu_items where id in ${sql.raw(`('${ids.join("','")}')`)}`))
  return Number(rows[0]!.left)
}

/** Signed-in demo diners (POST /api/dev/session), each with their own number. */
export async function demoDiners(origin: string, count: number, firstPhone = 14155551000): Promise<{ id: string; token: string; phone: string }[]> {
  const diners = []
  for (let n = 0; n < count; n++) {
    const phone = `+${firstPhone + n}`
    const response = await fetch(`${origin}/api/dev/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: `Bench${n}`, mobilePhone: phone }),
    })
    if (!response.ok) throw new Error(`/dev/session answered ${response.status}: ${await response.text()}`)
    const { userId, accessToken } = (await response.json()) as { userId: string; accessToken: string }
    diners.push({ id: userId, token: accessToken, phone })
  }
  return diners
}

/** The encrypted body of a pickup order of one of each dish, no tip. */
export const placementBody = (locationId: string, itemIds: string[]) =>
  encryptedBody({ locationId, orderTypeCode: 'pickup', items: itemIds.map((itemId) => ({ itemId, quantity: 1, options: [] })), tip: { tipType: 'NONE', value: 0 } })
