// `npm run bench`: the gzipped JavaScript each public page loads, against the issue 3 budget.
// Starts its own server on a free port with a fresh database, waits for the static pages, then
// loads each page in Chromium (scripts/find-chromium.mjs). Writes bench/results/page-weight.json and .md.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { measurePageWeight } from '../tests/support/page-weight'
import { chromiumPath } from '../scripts/find-chromium.mjs'
import { freePort, root } from './lib/server'

const BUDGET_KB = 90
const PAGES: [string, string, number][] = [
  ['home (static)', '/', BUDGET_KB],
  ['city (static)', '/restaurants/city/san-francisco', BUDGET_KB],
  ['restaurant info (static)', '/restaurant/olive-tree-soma/details', BUDGET_KB],
  ['landing (static)', '/landing', BUDGET_KB],
  ['menu (app)', '/restaurant/olive-tree-soma/menu/pickup', 180],
  ['nearby map (app)', '/restaurants/location/37.7817/-122.4012', 180],
]

const work = mkdtempSync(join(tmpdir(), 'tf-bench-'))
const port = await freePort()
const origin = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/src/main.ts'], {
  cwd: root,
  stdio: 'ignore',
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(work, 'data'), SITE_DIR: join(work, 'site'), BUILD_SITE: '1', LOG_LEVEL: 'error' },
})

try {
  const deadline = Date.now() + 180_000
  while ((await fetch(`${origin}/api/health/site`).then((r) => r.status).catch(() => 0)) !== 200) {
    if (Date.now() > deadline) throw new Error('The server did not finish building the static pages in 3 minutes')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] })
  const rows = []
  for (const [name, path, budgetKb] of PAGES) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const weight = await measurePageWeight(page, `${origin}${path}`)
    await page.close()
    rows.push({ name, path, budgetKb, gzipKb: Math.round((weight.gzipBytes / 1024) * 10) / 10, scripts: weight.scripts.length, renderBlocking: weight.renderBlocking })
  }
  await browser.close()
  const resultsDir = join(root, 'bench/results')
  writeFileSync(join(resultsDir, 'page-weight.json'), JSON.stringify({ measuredAt: new Date().toISOString(), pages: rows }, null, 2) + '\n')
  const table = [
    '| page | path | gzipped JS | budget | scripts | render-blocking |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.name} | \`${r.path}\` | ${r.gzipKb} KB | ${r.budgetKb} KB | ${r.scripts} | ${r.renderBlocking.length} |`),
  ].join('\n')
  writeFileSync(join(resultsDir, 'page-weight.md'), `# Page weight\n\nMeasured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` (Chromium, every script a page loads after scrolling to its end, gzip level 9).\n\n${table}\n`)
  console.log(table)
  const over = rows.filter((r) => r.gzipKb > r.budgetKb || r.renderBlocking.length > 0)
  if (over.length) {
    console.error(`Over budget: ${over.map((r) => r.path).join(', ')}`)
    process.exitCode = 1
  }
} finally {
  server.kill('SIGTERM')
  await new Promise((resolve) => setTimeout(resolve, 500))
  rmSync(work, { recursive: true, force: true })
}
