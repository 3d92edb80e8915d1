// Start-up work of two or more builds of the web app, measured in turn in one run (issue 16):
// `npx tsx bench/compare-startup.ts before=/path/to/dist after=dist` (or COMPARE_BUILDS="before=…,after=…";
// not a step of `npm run bench`, which measures one build). Each build is served by a server of
// its own with a fresh seeded database; every round measures each screen of each build once, the
// builds' order reversed every other round, so the machine's load drifts over both alike. Prints
// the medians of the main thread's CPU before each screen's first frame (bench/lib/startup.ts)
// and writes bench/results/compare-startup.json and .md.
//
// Why in turn: on 2 shared cores, runs minutes apart differ by more than most changes do (the
// same build measured 1,500 and 1,900 ms an hour apart); rounds interleaved see the same machine.
// A build is a folder `astro build` wrote (dist/); to get an older commit's, build it in a git
// worktree. COMPARE_RUNS (8) rounds, COMPARE_SCREENS (menu,cart,checkout), INP_CPU_RATE (4).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { isAbsolute, join, resolve } from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumPath } from '../scripts/find-chromium.mjs'
import { root, startServer, type RunningServer } from './lib/server'
import { cartState, CHROMIUM_ARGS, measureStartup, median, SCREENS, type Startup, type StorageState } from './lib/startup'

const RATE = Number(process.env.INP_CPU_RATE ?? 4)
const RUNS = Number(process.env.COMPARE_RUNS ?? 8)
const wantedScreens = (process.env.COMPARE_SCREENS ?? 'menu,cart,checkout').split(',')
const screens = SCREENS.filter((screen) => wantedScreens.includes(screen.name.split(' ')[0]!))

const specs = (process.argv.length > 2 ? process.argv.slice(2) : (process.env.COMPARE_BUILDS ?? '').split(',')).filter(Boolean)
if (specs.length < 2 || specs.some((spec) => !spec.includes('='))) {
  console.error('Give two builds or more as name=folder, e.g. before=/tmp/build-before after=dist (or COMPARE_BUILDS="before=…,after=…").')
  process.exit(2)
}
const builds = specs.map((spec) => {
  const [name, folder] = [spec.slice(0, spec.indexOf('=')), spec.slice(spec.indexOf('=') + 1)]
  return { name, folder: isAbsolute(folder) ? folder : resolve(root, folder) }
})

type Served = { name: string; folder: string; server: RunningServer; work: string; cart: StorageState }
const served: Served[] = []
const results: Record<string, Record<string, Startup[]>> = {}
const loads: number[] = [loadavg()[0]!]
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
try {
  for (const build of builds) {
    const work = mkdtempSync(join(tmpdir(), 'tf-bench-compare-'))
    const server = await startServer({ DATA_DIR: join(work, 'data'), SEED: '1', BUILD_SITE: '0', STATIC_DIR: build.folder })
    served.push({ ...build, server, work, cart: (await cartState(browser, server.origin)).storageState })
  }
  for (let run = 0; run < RUNS; run++) {
    const order = run % 2 ? [...served].reverse() : served
    for (const screen of screens) {
      for (const build of order) {
        const result = await measureStartup(browser, build.server.origin, screen, screen.withCart ? build.cart : undefined, { rate: RATE })
        ;((results[screen.name] ??= {})[build.name] ??= []).push(result)
        console.log(`round ${run + 1} ${screen.name} ${build.name}: ${Math.round(result.beforeCpuMs)} ms before the first screen, ${Math.round(result.quietCpuMs)} ms until quiet`)
      }
    }
    loads.push(loadavg()[0]!)
  }
} finally {
  await browser.close()
  for (const build of served) {
    await build.server.stop()
    rmSync(build.work, { recursive: true, force: true })
  }
}

const round = (n: number) => Math.round(n)
const rows = screens.flatMap((screen) =>
  builds.map(({ name }) => {
    const runs = results[screen.name]![name]!
    return {
      screen: screen.name,
      build: name,
      beforeCpuMs: round(median(runs.map((r) => r.beforeCpuMs))),
      beforeScriptCpuMs: round(median(runs.map((r) => r.beforeScriptCpuMs))),
      quietCpuMs: round(median(runs.map((r) => r.quietCpuMs))),
      firstScreenMs: round(median(runs.map((r) => r.firstScreenMs))),
      runs: runs.map((r) => round(r.beforeCpuMs)),
    }
  }),
)
const first = builds[0]!.name
const share = (row: (typeof rows)[number]) => {
  const base = rows.find((other) => other.screen === row.screen && other.build === first)!
  return row.build === first ? '—' : `${row.beforeCpuMs <= base.beforeCpuMs ? '−' : '+'}${Math.abs(round((1 - row.beforeCpuMs / base.beforeCpuMs) * 100))} %`
}
const measuredAt = new Date().toISOString()
const loadAverage = { min: Math.round(Math.min(...loads) * 10) / 10, max: Math.round(Math.max(...loads) * 10) / 10 }
const table = [
  `| screen | build | main thread before the first screen: CPU (of which script) | against ${first} | until quiet: CPU | first screen (wall) | runs |`,
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map((r) => `| ${r.screen} | ${r.build} | ${r.beforeCpuMs} ms (${r.beforeScriptCpuMs}) | ${share(r)} | ${r.quietCpuMs} ms | ${r.firstScreenMs} ms | ${r.runs.join(' ')} |`),
].join('\n')
writeFileSync(join(root, 'bench/results/compare-startup.json'), JSON.stringify({ measuredAt, cpuSlowdown: RATE, rounds: RUNS, loadAverage, cores: availableParallelism(), builds, rows }, null, 2) + '\n')
writeFileSync(
  join(root, 'bench/results/compare-startup.md'),
  `# Start-up work of builds measured in turn\n\nMeasured ${measuredAt.slice(0, 16).replace('T', ' ')} UTC with \`bench/compare-startup.ts\` (Debian Chromium, 375 px, ${RATE}× CPU, ${RUNS} rounds, each build's screens in turn, the order reversed every other round; medians; load average ${loadAverage.min.toFixed(1)}–${loadAverage.max.toFixed(1)} on ${availableParallelism()} cores).\n\n` +
    `Builds: ${builds.map((b) => `**${b.name}** (${b.folder.replace(root, '.')})`).join(', ')}.\n\n${table}\n`,
)
console.log(table)
