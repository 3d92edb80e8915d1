import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/client'
import { seedDemoData } from '../db/seed'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite dump of the migrated, seeded demo database (empty on PostgreSQL runs). */
    seededPgliteDump: string
  }
}

/**
 * Vitest's global setup for the server tests: migrates and seeds one PGlite database and dumps its
 * data directory, so every test file starts from a copy (server/src/test/harness.ts) instead of
 * migrating and seeding its own. On PostgreSQL (DATABASE_URL) each file still builds its database.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('seededPgliteDump', '')
    return
  }
  const handle = await openDatabase({ dataDir: 'memory://' })
  await handle.migrate()
  await seedDemoData(handle.db)
  const dump = await ((handle.db as unknown as { $client: PGlite }).$client).dumpDataDir('none')
  await handle.close()
  const path = join(tmpdir(), `tf-seeded-${process.pid}-${Date.now()}.tar`)
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()))
  project.provide('seededPgliteDump', path)
  return () => rmSync(path, { force: true })
}
