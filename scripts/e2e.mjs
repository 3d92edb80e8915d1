// `npm run test:e2e`: Playwright in the Chromium scripts/find-chromium.mjs finds (installing Debian's when
// it can) against a server on a free port with a fresh database.
// E2E_OUT_DIR=/tmp/x builds the site into that folder instead of dist/ (for parallel work on one machine).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildIfStale } from './build-if-stale.mjs'
import { ensureChromium } from './find-chromium.mjs'

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

// Before the build: a machine without a browser hears it in one line, not after a minute of building.
let chromium
try {
  chromium = ensureChromium()
} catch (error) {
  console.error(error.message)
  process.exit(1)
}
console.log(`Chromium: ${chromium.path} (${chromium.source})`)

const outDir = process.env.E2E_OUT_DIR
buildIfStale({ outDir })
const dataDir = mkdtempSync(join(tmpdir(), 'tf-e2e-'))
const port = await freePort()
const result = spawnSync('playwright', ['test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium.path, E2E_PORT: String(port), E2E_DATA_DIR: dataDir, E2E_STATIC_DIR: outDir ?? 'dist' },
})
rmSync(dataDir, { recursive: true, force: true })
process.exit(result.status ?? 1)
