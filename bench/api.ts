// API throughput on loopback: menu read, restaurant search and order placement, each next to its
// ceiling (the same server answering a precomputed body of the same size, GET /api/dev/echo-size).
// PGlite by default; under scripts/with-postgres.mjs (DATABASE_URL set) on a real PostgreSQL.
// The placement's dish is chosen in the database before the server starts (an uncounted dish, or
// one counted with plenty): the menu no longer tells (docs/menu.md, "Stock on the menu").
// Writes bench/results/api-<pglite|postgres>.json.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FindMerchantResponse, MenuResponse, RestaurantDetail } from '@/shared/api/contracts/merchants'
import { bestOf, CONNECTIONS, LOAD_SECONDS, load, ROUNDS, type Load } from './lib/load'
import { locationIdOf, orderableDishes, preparedDatabase } from './lib/orders'
import { measurePgbench } from './lib/pgbench'
import { root, startServer } from './lib/server'
import { callEncrypted, encryptedBody } from './lib/wire'

const clusterUrl = process.env.DATABASE_URL
// The server is given its database explicitly (preparedDatabase), not the cluster's default one.
delete process.env.DATABASE_URL
const kind = clusterUrl ? 'postgres' : 'pglite'
// The database's own limit on the same cluster, before the server starts: the placement row's ratio.
const pgbench = clusterUrl ? await measurePgbench(clusterUrl) : undefined
const work = mkdtempSync(join(tmpdir(), 'tf-bench-api-'))
// The seeded demo, and the dish to place at the 24-hour diner: uncounted, or counted with plenty.
const { env, prepared } = await preparedDatabase(kind, { work, clusterUrl, name: 'tf_bench_api' }, async (db) => {
  const [dish] = await orderableDishes(db, await locationIdOf(db, 'empire-burger'), 1, true)
  if (!dish) throw new Error('Empire Burger has no uncounted (or plentiful) dish without required options')
  return { dish }
})
const server = await startServer(env)
const json = { 'Content-Type': 'application/json' }

type Row = { name: string; bytes: number; measured: Load; ceiling?: Load; share?: number }
const rows: Row[] = []
const ceiling = (bytes: number) => load(`${server.origin}/api/dev/echo-size?bytes=${bytes}`)

async function compare(name: string, bytes: number, measure: () => Promise<Load>, expectStatus = 200) {
  const { measured, top } = await bestOf({ measured: measure, top: () => ceiling(bytes) })
  const row = { name, bytes, measured, ceiling: top, share: Math.round((measured.rps / top.rps) * 100) / 100 }
  rows.push(row)
  console.log(`${kind} ${name}: ${measured.rps} req/s (p50 ${measured.p50Ms} ms, p99 ${measured.p99Ms} ms) vs ceiling ${top.rps} req/s = ${Math.round(row.share * 100)} %`)
  if (measured.failures > 0) throw new Error(`${name}: ${measured.failures} answers were not ${expectStatus}: ${JSON.stringify(measured.statuses)}`)
}

try {
  const soma = await callEncrypted<RestaurantDetail>(server.origin, '/merchants/locations/slug', { slug: 'olive-tree-soma' })
  const menuRequest = { locationId: soma.body.id, menuType: 'pickup', visibleTo: ['C'] }
  const menu = await callEncrypted<MenuResponse>(server.origin, '/merchants/menu/v2', menuRequest)
  const menuBody = encryptedBody(menuRequest)
  await compare(`menu read (${menu.body.items.length} items)`, menu.bytes, () =>
    load(`${server.origin}/api/merchants/menu/v2`, { method: 'POST', headers: json, body: menuBody }),
  )
  // A repeat read: the client already holds the menu, the answer is a bodiless 304.
  const revalidated = await load(`${server.origin}/api/merchants/menu/v2`, { method: 'POST', headers: { ...json, 'If-None-Match': menu.etag! }, body: menuBody }, 304)
  rows.push({ name: 'menu read, If-None-Match (304)', bytes: 0, measured: revalidated })
  console.log(`${kind} menu 304: ${revalidated.rps} req/s (p50 ${revalidated.p50Ms} ms, p99 ${revalidated.p99Ms} ms)`)

  const searchRequest = { cityName: 'san-francisco', lat: 37.7817, lng: -122.4012, page: 0, size: 20 }
  const search = await callEncrypted<FindMerchantResponse>(server.origin, '/customer/findMerchant/v2', searchRequest)
  const searchBody = encryptedBody(searchRequest)
  // The same request each time: every diner who browses the city from its centre (a kept answer, docs/discovery.md).
  await compare(`restaurant search, the same point (${search.body.content.length} of ${search.body.totalElements})`, search.bytes, () =>
    load(`${server.origin}/api/customer/findMerchant/v2`, { method: 'POST', headers: json, body: searchBody }),
  )
  // A different point each time (20,000 of them, in turn: more than the kept answers, so none is
  // reused): the index answers from memory, but each answer is built, tagged and sealed.
  let seed = 16
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
  const pointBodies = Array.from({ length: 20_000 }, () =>
    encryptedBody({ ...searchRequest, lat: 37.70 + random() * 0.12, lng: -122.50 + random() * 0.12 }),
  )
  let next = 0
  await compare(`restaurant search, a new point each time (${search.body.content.length} of ${search.body.totalElements})`, search.bytes, () =>
    load(`${server.origin}/api/customer/findMerchant/v2`, { method: 'POST', headers: json, perRequest: () => ({ body: pointBodies[next++ % pointBodies.length] }) }),
  )

  // Order placement at the 24-hour diner, as a signed-in demo customer, a new Idempotency-Key each time.
  const empire = await callEncrypted<RestaurantDetail>(server.origin, '/merchants/locations/slug', { slug: 'empire-burger' })
  const session = (await (
    await fetch(`${server.origin}/api/dev/session`, { method: 'POST', headers: json, body: JSON.stringify({ firstName: 'Bench', mobilePhone: '+14155550999' }) })
  ).json()) as { accessToken: string }
  const orderRequest = { locationId: empire.body.id, orderTypeCode: 'pickup', items: [{ itemId: prepared.dish, quantity: 1, options: [] }], tip: { tipType: 'NONE', value: 0 } }
  const auth = { ...json, Authorization: `Bearer ${session.accessToken}` }
  const placed = await callEncrypted<{ orderId: string }>(server.origin, '/order/customer/createOrder', orderRequest, { Authorization: auth.Authorization, 'Idempotency-Key': randomUUID() })
  const orderBody = encryptedBody(orderRequest)
  await compare(
    'order placement (1 line, new Idempotency-Key)',
    placed.bytes,
    () => load(`${server.origin}/api/order/customer/createOrder`, { method: 'POST', headers: auth, body: orderBody, perRequestHeaders: () => ({ 'Idempotency-Key': randomUUID() }) }, 201),
    201,
  )

  const placement = rows.at(-1)!
  if (pgbench) console.log(`${kind} order placement: ${Math.round((placement.measured.rps / pgbench.preparedTps) * 1000) / 10} % of pgbench prepared, ${Math.round((placement.measured.rps / pgbench.simpleTps) * 1000) / 10} % of simple`)
  const report = { measuredAt: new Date().toISOString(), database: kind, seconds: LOAD_SECONDS, rounds: ROUNDS, connections: CONNECTIONS, rows, pgbench: pgbench ?? null }
  writeFileSync(join(root, `bench/results/api-${kind}.json`), JSON.stringify(report, null, 2) + '\n')
} finally {
  await server.stop()
  rmSync(work, { recursive: true, force: true })
}
