// `npm run test:e2e`: Playwright in Debian's Chromium against a server on a free port with a fresh database.
// E2E_OUT_DIR=/tmp/x builds the site into that folder instead of dist/ (for parallel work on one machine).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildIfStale } from './build-if-stale.mjs'

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

const outDir = process.env.E2E_OUT_DIR
buildIfStale({ outDir })
const dataDir = mkdtempSync(join(tmpdir(), 'tf-e2e-'))
const port = await freePort()
const result = spawnSync('playwright', ['test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir, E2E_STATIC_DIR: outDir ?? 'dist' },
})
rmSync(dataDir, { recursive: true, force: true })
process.exit(result.status ?? 1)
