// How the menu read and the restaurant search grow with the catalogue: 10, 100 and 1,000
// restaurants with menus of 25 and 250 items (bench/lib/grow.ts), each in a fresh PGlite
// database served by a fresh server. Writes bench/results/growth.json.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FindMerchantResponse, MenuResponse } from '@/shared/api/contracts/merchants'
import { openDatabase } from '../server/src/db/client'
import { seedDemoData } from '../server/src/db/seed'
import { growCatalogue } from './lib/grow'
import { bestOf, CONNECTIONS, LOAD_SECONDS, load, ROUNDS, type Load } from './lib/load'
import { root, startServer } from './lib/server'
import { callEncrypted, encryptedBody } from './lib/wire'

const SIZES = (process.env.BENCH_GROWTH ?? '10x25,100x25,1000x25,10x250,100x250,1000x250').split(',').map((s) => s.split('x').map(Number) as [number, number])
const json = { 'Content-Type': 'application/json' }
type Row = { restaurants: number; menuItems: number; seedSeconds: number; menuBytes: number; menu: Load; menuCeiling: Load; searchBytes: number; searchTotal: number; searchFirstMs: number; search: Load }
const rows: Row[] = []
const work = mkdtempSync(join(tmpdir(), 'tf-bench-growth-'))
try {
  // The demo seed (cities, the restaurant to copy) once; each size starts from a copy of it.
  const seeded = join(work, 'seeded')
  const template = await openDatabase({ dataDir: seeded })
  await template.migrate()
  await seedDemoData(template.db)
  await template.close()
  for (const [restaurants, menuItems] of SIZES) {
    const dataDir = join(work, `${restaurants}x${menuItems}`)
    cpSync(seeded, dataDir, { recursive: true })
    const started = Date.now()
    const handle = await openDatabase({ dataDir })
    const { locationIds } = await growCatalogue(handle.db, restaurants, menuItems)
    await handle.close()
    const seedSeconds = Math.round((Date.now() - started) / 100) / 10
    const server = await startServer({ DATA_DIR: dataDir, STATIC_DIR: join(work, 'site'), SEED: '0' })
    try {
      const menuRequest = { locationId: locationIds[Math.floor(locationIds.length / 2)]!, menuType: 'pickup', visibleTo: ['C'] }
      const menu = await callEncrypted<MenuResponse>(server.origin, '/merchants/menu/v2', menuRequest)
      if (menu.body.items.length !== menuItems) throw new Error(`The menu has ${menu.body.items.length} items, not ${menuItems}`)
      const searchRequest = { cityName: 'san-francisco', lat: 37.7817, lng: -122.4012, page: 0, size: 20 }
      // The first search after the start: it asks the database while the server's index of every
      // active restaurant loads behind it (docs/discovery.md); the server is cold too.
      const firstStarted = performance.now()
      const search = await callEncrypted<FindMerchantResponse>(server.origin, '/customer/findMerchant/v2', searchRequest)
      const searchFirstMs = Math.round(performance.now() - firstStarted)
      const { menuRead, menuCeiling } = await bestOf({
        menuRead: () => load(`${server.origin}/api/merchants/menu/v2`, { method: 'POST', headers: json, body: encryptedBody(menuRequest) }),
        menuCeiling: () => load(`${server.origin}/api/dev/echo-size?bytes=${menu.bytes}`),
      })
      const row: Row = {
        restaurants,
        menuItems,
        seedSeconds,
        menuBytes: menu.bytes,
        menu: menuRead,
        menuCeiling,
        searchBytes: search.bytes,
        searchTotal: search.body.totalElements,
        searchFirstMs,
        search: await load(`${server.origin}/api/customer/findMerchant/v2`, { method: 'POST', headers: json, body: encryptedBody(searchRequest) }),
      }
      for (const [name, result] of [['menu', row.menu], ['search', row.search]] as const) {
        if (result.failures > 0) throw new Error(`${name} at ${restaurants}x${menuItems}: ${JSON.stringify(result.statuses)}`)
      }
      rows.push(row)
      console.log(
        `${restaurants} restaurants x ${menuItems} items (seeded in ${seedSeconds} s): menu ${row.menu.rps} req/s p50 ${row.menu.p50Ms} ms (ceiling ${row.menuCeiling.rps}), search of ${row.searchTotal} ${row.search.rps} req/s p50 ${row.search.p50Ms} ms (the first after the start: ${searchFirstMs} ms)`,
      )
    } finally {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
const loadAverage = loadavg().map((n) => Math.round(n * 10) / 10)
writeFileSync(join(root, 'bench/results/growth.json'), JSON.stringify({ measuredAt: new Date().toISOString(), loadAverage, seconds: LOAD_SECONDS, rounds: ROUNDS, connections: CONNECTIONS, rows }, null, 2) + '\n')
