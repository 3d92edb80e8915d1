// What the sign-in check costs each signed-in request: one read of refresh_tokens by family (the
// access token's sid). Times it alone, on PGlite or (under scripts/with-postgres.mjs) PostgreSQL,
// with 10,000 sign-ins in the table. Not part of `npm run bench`: `npx tsx bench/session-check.ts`.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { openDatabase } from '../server/src/db/client'
import { customers } from '../server/src/db/schema'
import { isFamilyLive, startFamily } from '../server/src/modules/auth/refresh-tokens'

const SIGN_INS = 10_000
const CHECKS = Number(process.env.CHECKS ?? 5000)
const work = mkdtempSync(join(tmpdir(), 'tf-session-check-'))
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: join(work, 'data') })
try {
  await handle.migrate()
  const rows = await handle.db
    .insert(customers)
    .values(Array.from({ length: 100 }, (_, n) => ({ firstName: `Bench ${n}`, mobilePhone: `+1415000${String(n).padStart(4, '0')}` })))
    .returning()
  const families: { familyId: string; customerId: string }[] = []
  for (let n = 0; n < SIGN_INS; n++) {
    const customerId = rows[n % rows.length]!.id
    families.push({ customerId, familyId: (await startFamily(handle.db, customerId)).familyId })
  }
  for (let n = 0; n < 200; n++) await isFamilyLive(handle.db, families[n]!.familyId, families[n]!.customerId)
  const times: number[] = []
  for (let n = 0; n < CHECKS; n++) {
    const { familyId, customerId } = families[(n * 7919) % families.length]!
    const started = performance.now()
    if (!(await isFamilyLive(handle.db, familyId, customerId))) throw new Error('a live sign-in read as ended')
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))]! * 1000)
  console.log(JSON.stringify({ database: handle.kind, signIns: SIGN_INS, checks: CHECKS, p50Us: at(0.5), p99Us: at(0.99), meanUs: Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 1000) }))
} finally {
  await handle.close()
  rmSync(work, { recursive: true, force: true })
}
