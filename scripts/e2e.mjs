// `npm run test:e2e`: Playwright in the Chromium scripts/find-chromium.mjs finds (installing Debian's when
// it can) against a server on a free port with a fresh database.
// No build here: the test server (BUILD_SITE=1, playwright.config.ts) builds the whole site, app screens
// and static pages, from its seeded data before the first test, so an app-shell build first would be
// a second minute-long build that no test serves (docs/decisions.md, "npm test under 15 minutes").
// E2E_OUT_DIR=/tmp/x writes Playwright's results into that folder (several checkouts on one machine).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

const dataDir = mkdtempSync(join(tmpdir(), 'tf-e2e-'))
const port = await freePort()
const result = spawnSync('playwright', ['test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium.path, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
})
rmSync(dataDir, { recursive: true, force: true })
process.exit(result.status ?? 1)
