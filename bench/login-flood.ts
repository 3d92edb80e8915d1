// How a flood of sign-ins affects everyone else: 64 connections post wrong passwords to
// POST /api/customer/login/v2 (each from another client address and for another account, so no
// throttle stops them and every one costs a password hash) while one connection reads
// /api/health, then one reads a menu with gzip (compression runs on libuv's threadpool, like
// scrypt). Prints each probe's p50 and p99 alone and during the flood, and what the flood was
// answered. Not part of `npm run bench`: `npx tsx bench/login-flood.ts` (docs/accounts.md).
// PostgreSQL: node scripts/with-postgres.mjs npx tsx bench/login-flood.ts
import { randomInt } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import type { RestaurantDetail } from '@/shared/api/contracts/merchants'
import { startServer } from './lib/server'
import { callEncrypted, encryptedBody } from './lib/wire'

const SECONDS = Number(process.env.FLOOD_SECONDS ?? 10)
const FLOOD_CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 64)

const work = mkdtempSync(join(tmpdir(), 'tf-login-flood-'))
// TRUST_PROXY=1: the flood's X-Forwarded-For gives each request its own client address.
const server = await startServer({ DATA_DIR: join(work, 'data'), STATIC_DIR: join(work, 'site'), SEED: '1', TRUST_PROXY: '1' })

const health = (duration: number) => autocannon({ url: `${server.origin}/api/health`, connections: 1, duration })
const soma = await callEncrypted<RestaurantDetail>(server.origin, '/merchants/locations/slug', { slug: 'olive-tree-soma' })
const menuBody = encryptedBody({ locationId: soma.body.id, menuType: 'pickup', visibleTo: ['C'] })
const menu = (duration: number) =>
  autocannon({
    url: `${server.origin}/api/merchants/menu/v2`,
    connections: 1,
    duration,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip' },
    body: menuBody,
  })
const figures = (result: Awaited<ReturnType<typeof autocannon>>) => ({ p50Ms: result.latency.p50, p99Ms: result.latency.p99, requests: result.requests.total })

const octet = () => randomInt(1, 255)

try {
  const alone = await health(SECONDS)
  const menuAlone = await menu(SECONDS)
  const floodRun = autocannon({
    url: `${server.origin}/api/customer/login/v2`,
    connections: FLOOD_CONNECTIONS,
    duration: 2 * SECONDS + 2,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'Content-Type': 'application/json', 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` },
          body: JSON.stringify({ mobilePhone: `+1415${String(randomInt(0, 10_000_000)).padStart(7, '0')}`, password: 'not the password' }),
        }),
      },
    ],
  })
  // Let the flood fill the server before measuring.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const during = await health(SECONDS)
  const menuDuring = await menu(SECONDS)
  const flood = await floodRun
  const statuses = Object.fromEntries(Object.entries(flood.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]))
  console.log(
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
        healthAlone: figures(alone),
        healthDuringFlood: figures(during),
        gzipMenuAlone: figures(menuAlone),
        gzipMenuDuringFlood: figures(menuDuring),
        flood: { connections: FLOOD_CONNECTIONS, rps: Math.round(flood.requests.average), p50Ms: flood.latency.p50, statuses, errors: flood.errors, timeouts: flood.timeouts },
      },
      null,
      2,
    ),
  )
} finally {
  await server.stop()
  rmSync(work, { recursive: true, force: true })
}
