// `npm run bench [-- step …]`: every benchmark in turn (they must not share the CPU), then the
// summary. Steps: page-weight, lighthouse, api (PGlite), api-postgres, growth, pgbench, placement,
// mixed, history (below). A failed step is
// reported and the others still run; the exit code is 1 if any failed or missed its target.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { root } from './lib/server'

const tsx = join(root, 'node_modules/tsx/dist/cli.mjs')
const STEPS: Record<string, string[]> = {
  'page-weight': [tsx, 'bench/page-weight.ts'],
  lighthouse: [tsx, 'bench/lighthouse.ts'],
  api: [tsx, 'bench/api.ts'],
  'api-postgres': ['scripts/with-postgres.mjs', process.execPath, tsx, 'bench/api.ts'],
  growth: [tsx, 'bench/growth.ts'],
  pgbench: ['scripts/with-postgres.mjs', process.execPath, tsx, 'bench/pgbench.ts'],
  placement: ['scripts/with-postgres.mjs', process.execPath, tsx, 'bench/placement.ts'],
  mixed: ['scripts/with-postgres.mjs', process.execPath, tsx, 'bench/mixed.ts'],
  history: ['scripts/with-postgres.mjs', process.execPath, tsx, 'bench/history.ts'],
  inp: [tsx, 'bench/inp.ts'],
}
const wanted = process.argv.slice(2)
const unknown = wanted.filter((step) => !(step in STEPS))
if (unknown.length) {
  console.error(`Unknown step ${unknown.join(', ')}; the steps are ${Object.keys(STEPS).join(', ')}.`)
  process.exit(2)
}
const failed: string[] = []
// The steps that serve the web app measure the build in dist/: built here first from the sources
// as they are, or they would measure whatever build was left there (BENCH_BUILD=0 keeps it).
const APP_STEPS = ['page-weight', 'lighthouse', 'inp']
if (process.env.BENCH_BUILD !== '0' && APP_STEPS.some((step) => !wanted.length || wanted.includes(step))) {
  console.log('\n== build (the web app, for page-weight, lighthouse and inp)')
  const { status } = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' })
  if (status !== 0) {
    console.error('The web app did not build; the app steps would measure an old build.')
    process.exit(1)
  }
}
for (const [step, args] of Object.entries(STEPS)) {
  if (wanted.length && !wanted.includes(step)) continue
  const started = Date.now()
  console.log(`\n== ${step}`)
  const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' })
  console.log(`== ${step}: ${status === 0 ? 'done' : `failed (exit ${status})`} in ${Math.round((Date.now() - started) / 1000)} s`)
  if (status !== 0) failed.push(step)
}
spawnSync(process.execPath, [tsx, 'bench/summary.ts'], { cwd: root, stdio: 'inherit' })
if (failed.length) {
  console.error(`Failed or missed a target: ${failed.join(', ')}`)
  process.exitCode = 1
}
