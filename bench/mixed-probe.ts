// The mixed run's question without its bench process in the way: placements at Empire Burger from
// 2 callers in this process, timed alone, then while menu reads come from ANOTHER process
// (autocannon's CLI, 10 connections) uncapped and capped at 1,000 a second, then alone again.
// PostgreSQL only: `node scripts/with-postgres.mjs npx tsx bench/mixed-probe.ts` (not a bench
// step; docs/decisions.md "Issue 16 — placement CPU, second pass").
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { demoDiners, locationIdOf, placementBody, preparedDatabase, stockedDishes } from './lib/orders'
import { root, startServer } from './lib/server'
import { encryptedBody } from './lib/wire'

const clusterUrl = process.env.DATABASE_URL
if (!clusterUrl) throw new Error('Run under scripts/with-postgres.mjs')
delete process.env.DATABASE_URL
const work = mkdtempSync(join(tmpdir(), 'tf-probe-'))
const { env, prepared } = await preparedDatabase('postgres', { work, clusterUrl, name: 'tf_probe' }, async (db) => {
  const empire = await locationIdOf(db, 'empire-burger')
  return { empire, dishes: (await stockedDishes(db, [empire], 10_000_000)).get(empire)! }
})
const server = await startServer(env)
const diners = await demoDiners(server.origin, 10)
const body = placementBody(prepared.empire, prepared.dishes)
/** Placements for `seconds` from `workers` callers, one after another each: their rate, p50 and p99. */
async function placements(seconds: number, workers = 2) {
  const end = Date.now() + seconds * 1000
  const times: number[] = []
  let k = 0
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < end) {
        const started = performance.now()
        const response = await fetch(`${server.origin}/api/order/customer/createOrder`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${diners[k++ % 10]!.token}`, 'Idempotency-Key': randomUUID() },
          body,
        })
        const text = await response.text()
        if (response.status !== 201) throw new Error(`A placement answered ${response.status}: ${text.slice(0, 300)}`)
        times.push(performance.now() - started)
      }
    }),
  )
  times.sort((a, b) => a - b)
  return `${(times.length / seconds).toFixed(0)}/s p50 ${times[times.length >> 1]!.toFixed(1)} ms p99 ${times[Math.floor(times.length * 0.99)]!.toFixed(1)} ms`
}
try {
  console.log('alone', await placements(5))
  const menuBody = encryptedBody({ locationId: prepared.empire, menuType: 'pickup', visibleTo: ['C'] })
  for (const rate of ['', '1000']) {
    const url = `${server.origin}/api/merchants/menu/v2`
    const args = [join(root, 'node_modules/autocannon/autocannon.js'), '-c', '10', '-d', '8', '-m', 'POST', '-H', 'Content-Type=application/json', '-b', menuBody, ...(rate ? ['-R', rate] : []), url]
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let out = ''
    child.stderr.on('data', (chunk) => (out += chunk))
    await new Promise((resolve) => setTimeout(resolve, 1000))
    console.log(`with menu reads ${rate || 'uncapped'} from another process:`, await placements(5))
    await new Promise((resolve) => child.once('exit', resolve))
    console.log(out.split('\n').filter((line) => /requests in|Req\/Sec/.test(line)).join(' | '))
  }
  console.log('alone again', await placements(5))
} finally {
  await server.stop()
  rmSync(work, { recursive: true, force: true })
}
