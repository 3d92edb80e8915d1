import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { getTableColumns, getTableName, sql, type Table } from 'drizzle-orm'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test/harness'
import { verifyPassword } from '../modules/auth/password'
import type { DatabaseHandle } from './client'
import { cities, locations, merchants } from './schema'
import { buildSeedRows, DEMO_STAFF_PASSWORD } from './seed'

// Migration 0016 on a database seeded before staff accounts (docs/staff.md "Demo staff"): the old
// demo host becomes host@<slug>.demo with the demo password and gains the other roles; any other
// token-only row is kept as a removed member; the history that names them keeps its link.

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url))
let handle: DatabaseHandle
let dispose: () => Promise<void>
let folder: string
const migrateFrom = (migrationsFolder: string) =>
  handle.kind === 'pglite'
    ? migratePglite(handle.db as Parameters<typeof migratePglite>[0], { migrationsFolder })
    : migratePostgres(handle.db as Parameters<typeof migratePostgres>[0], { migrationsFolder })

beforeAll(async () => {
  ;({ handle, dispose } = await openTestDatabase())
  // The migrations as they stood before 0016.
  folder = mkdtempSync(join(tmpdir(), 'tf-migrations-'))
  cpSync(MIGRATIONS, folder, { recursive: true })
  const journalPath = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] }
  journal.entries = journal.entries.filter((entry) => entry.idx < 16)
  writeFileSync(journalPath, JSON.stringify(journal))
  await migrateFrom(folder)
}, 120_000)
afterAll(async () => {
  await dispose()
  rmSync(folder, { recursive: true, force: true })
})

/** Inserts a row of today's schema into a table as the old database has it: the columns added since are left out. */
async function insertAsOfThen(table: Table, row: Record<string, unknown>): Promise<void> {
  const name = getTableName(table)
  const result = (await handle.db.execute(sql`select column_name from information_schema.columns where table_name = ${name}`)) as unknown
  const had = new Set(((Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { column_name: string }[]).map((column) => column.column_name))
  const columns = Object.entries(getTableColumns(table)).filter(([key, column]) => had.has(column.name) && row[key] !== undefined)
  await handle.db.execute(
    sql`insert into ${sql.identifier(name)} (${sql.join(columns.map(([, column]) => sql.identifier(column.name)), sql`, `)}) values (${sql.join(
      columns.map(([key, column]) => sql`${column.mapToDriverValue(row[key])}`),
      sql`, `,
    )})`,
  )
}

describe('migration 0016', () => {
  it('turns the old demo host into host@<slug>.demo with the other roles, and keeps any other token holder removed', async () => {
    const rows = buildSeedRows()
    const city = rows.cities[0]!
    const location = rows.locations.find((row) => row.cityId === city.id)!
    const merchant = rows.merchants.find((row) => row.id === location.merchantId)!
    await handle.db.insert(cities).values(city)
    await handle.db.insert(merchants).values(merchant)
    await insertAsOfThen(locations, location)
    const demoHash = sql`encode(sha256(convert_to(${`tf_staff_demo_${location.locationSlug}`}, 'UTF8')), 'hex')`
    await handle.db.execute(sql`insert into staff_members (id, location_id, name, token_hash) values
      ('00000000-0000-4000-8000-000000000001', ${location.id}, 'Old demo host', ${demoHash}),
      ('00000000-0000-4000-8000-000000000002', ${location.id}, 'Someone with a token', 'a-real-secret-hash')`)

    await migrateFrom(MIGRATIONS)

    const staff = (await handle.db.execute(sql`select id, name, role, email, password_hash, removed_at from staff_members order by email`)) as unknown
    const list = (Array.isArray(staff) ? staff : (staff as { rows: unknown[] }).rows) as { id: string; role: string; email: string; password_hash: string; removed_at: unknown }[]
    const active = list.filter((row) => row.removed_at === null)
    expect(active.map((row) => row.email).sort()).toEqual(['host', 'kitchen', 'manager', 'server'].map((role) => `${role}@${location.locationSlug}.demo`))
    expect(active.find((row) => row.role === 'host')!.id).toBe('00000000-0000-4000-8000-000000000001')
    expect(await verifyPassword(DEMO_STAFF_PASSWORD, active[0]!.password_hash)).toBe(true)
    const kept = list.find((row) => row.id === '00000000-0000-4000-8000-000000000002')!
    expect(kept.removed_at).not.toBeNull()
    expect(await verifyPassword('a-real-secret-hash', kept.password_hash)).toBe(false)
  })
})
