// bench/results/summary.md from the JSON the benchmarks wrote (each section says when it was measured).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Load } from './lib/load'
import { writeSections } from './lib/summary-writes'
import { root } from './lib/server'

const results = join(root, 'bench/results')
const read = <T>(name: string): T | undefined => (existsSync(join(results, name)) ? (JSON.parse(readFileSync(join(results, name), 'utf8')) as T) : undefined)
const day = (iso: string) => iso.slice(0, 16).replace('T', ' ')
const pct = (share: number | undefined) => (share === undefined ? '—' : `${Math.round(share * 100)} %`)
const loadCell = (l: Load) => `${l.rps} req/s, p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms`

type Lighthouse = { measuredAt: string; loadAverage: number[]; siteBuildSeconds: number; rows: { name: string; formFactor: string; score: number; lcpMs: number; cls: number; tbtMs: number; jsKb: number }[]; misses: string[] }
type Api = { measuredAt: string; database: string; seconds: number; rounds?: number; connections: number; rows: { name: string; bytes: number; measured: Load; ceiling?: Load; share?: number }[] }
type Growth = { measuredAt: string; loadAverage: number[]; seconds: number; connections: number; rows: { restaurants: number; menuItems: number; seedSeconds: number; menuBytes: number; menu: Load; menuCeiling: Load; searchTotal: number; search: Load }[] }

const parts = ['# Benchmarks (`npm run bench`)', '', 'Loopback, one machine: absolute numbers move with the load of the machine; each run records its load average, and the ratio to the ceiling measured in the same run is the figure to compare.']

const lighthouse = read<Lighthouse>('lighthouse.json')
if (lighthouse) {
  parts.push('', `## Pages (Lighthouse, ${day(lighthouse.measuredAt)} UTC, load average ${lighthouse.loadAverage[0]})`, '')
  parts.push('| page | mobile score | desktop score | mobile LCP | CLS | mobile TBT | JS (gzip) |', '| --- | --- | --- | --- | --- | --- | --- |')
  for (const mobile of lighthouse.rows.filter((r) => r.formFactor === 'mobile')) {
    const desktop = lighthouse.rows.find((r) => r.formFactor === 'desktop' && r.name === mobile.name)
    parts.push(`| ${mobile.name} | ${mobile.score} | ${desktop?.score ?? '—'} | ${mobile.lcpMs} ms | ${mobile.cls} | ${mobile.tbtMs} ms | ${mobile.jsKb} KB |`)
  }
  parts.push('', lighthouse.misses.length ? `Missed: ${lighthouse.misses.join('; ')}.` : 'Every page meets its target (static ≥ 98 on mobile with ≤ 90 KB JS; app screens ≥ 90 with ≤ 180 KB).', `Static pages built in ${lighthouse.siteBuildSeconds} s (server start included). Details: lighthouse.md.`)
}

const apis = ['api-pglite.json', 'api-postgres.json'].map((name) => read<Api>(name)).filter((a): a is Api => Boolean(a))
if (apis.length) {
  parts.push('', `## API (autocannon, ${apis[0]!.connections} connections, ${apis[0]!.seconds} s per run, best of ${apis[0]!.rounds ?? 1} runs taken in turn with the ceiling)`, '')
  parts.push('| database | call | answer | measured | ceiling (same bytes) | share |', '| --- | --- | --- | --- | --- | --- |')
  for (const api of apis) {
    for (const row of api.rows) {
      parts.push(`| ${api.database} (${day(api.measuredAt)}) | ${row.name} | ${row.bytes ? `${Math.round(row.bytes / 102.4) / 10} KB` : 'no body'} | ${loadCell(row.measured)} | ${row.ceiling ? loadCell(row.ceiling) : '—'} | ${pct(row.share)} |`)
    }
  }
  for (const api of apis) {
    const menu = api.rows.find((r) => r.name.startsWith('menu read ('))
    const notModified = api.rows.find((r) => r.name.includes('304'))
    if (menu?.share !== undefined) {
      parts.push('', `${api.database}: the menu read reaches ${pct(menu.share)} of its ceiling (target ≥ 50 %)${notModified ? `; a repeat read with If-None-Match answers 304 at ${notModified.measured.rps} req/s, ${Math.round((notModified.measured.rps / menu.measured.rps) * 10) / 10}× the full read` : ''}.`)
    }
  }
}

const growth = read<Growth>('growth.json')
if (growth && growth.rows.length) {
  parts.push('', `## Growth (PGlite, ${day(growth.measuredAt)} UTC, load average ${growth.loadAverage[0]})`, '')
  parts.push('| restaurants | menu items | menu answer | menu read | menu ceiling | share | search (SF, 20 of n) | seeding |', '| --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const r of growth.rows) {
    parts.push(`| ${r.restaurants} | ${r.menuItems} | ${Math.round(r.menuBytes / 1024)} KB | ${loadCell(r.menu)} | ${r.menuCeiling.rps} req/s | ${pct(r.menu.rps / r.menuCeiling.rps)} | ${r.searchTotal} found: ${loadCell(r.search)} | ${r.seedSeconds} s |`)
  }
  const ratio = (pick: (r: Growth['rows'][number]) => number, items: number) => {
    const rows = growth.rows.filter((r) => r.menuItems === items).sort((a, b) => a.restaurants - b.restaurants)
    const first = rows[0]
    const last = rows.at(-1)
    return first && last && first !== last ? `${first.restaurants} → ${last.restaurants} restaurants: ×${Math.round((pick(first) / pick(last)) * 10) / 10} time per request` : undefined
  }
  const lines = [
    ['menu read, 25 items', ratio((r) => r.menu.rps, 25)],
    ['menu read, 250 items', ratio((r) => r.menu.rps, 250)],
    ['search, 25-item menus', ratio((r) => r.search.rps, 25)],
  ].filter(([, text]) => text)
  parts.push('', 'How cost grows (requests per second, first size over last):', '', ...lines.map(([what, text]) => `* ${what}: ${text}`))
}

parts.push(...writeSections(results))
type Inp = {
  measuredAt: string
  cpuSlowdown: number
  runs: number
  loadAverage: { min: number; max: number }
  targetInpMs: number
  inpMs: number
  interactions: { action: string; count: number; medianMs: number; worstMs: number }[]
  startup: { screen: string; firstScreenMs: number; beforeCpuMs: number; beforeScriptCpuMs: number; quietCpuMs: number }[]
  misses: string[]
}
const inp = read<Inp>('inp.json')
if (inp) {
  parts.push('', `## Interaction speed (Chromium at ${inp.cpuSlowdown}× CPU slowdown, 375 px, ${day(inp.measuredAt)} UTC, ${inp.runs} runs, load average ${inp.loadAverage.min}–${inp.loadAverage.max})`, '')
  parts.push(`INP (each visit's worst interaction, median of the visits): **${inp.inpMs} ms**, target ≤ ${inp.targetInpMs} ms.`, '')
  parts.push('| interaction (Event Timing) | median | worst |', '| --- | --- | --- |', ...inp.interactions.map((i) => `| ${i.action} | ${i.medianMs} ms | ${i.worstMs} ms |`))
  parts.push('', '| screen | first screen | main thread before it (CPU) | of which script | until quiet (CPU) |', '| --- | --- | --- | --- | --- |')
  parts.push(...inp.startup.map((s) => `| ${s.screen} | ${s.firstScreenMs} ms | ${s.beforeCpuMs} ms | ${s.beforeScriptCpuMs} ms | ${s.quietCpuMs} ms |`))
  parts.push('', inp.misses.length ? `Missed: ${inp.misses.join('; ')}.` : 'INP meets its target.', 'Details: inp.md.')
}

writeFileSync(join(results, 'summary.md'), parts.join('\n') + '\n')
console.log(`Wrote bench/results/summary.md`)
