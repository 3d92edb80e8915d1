// Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL cluster started here.
// Usage: node scripts/with-postgres.mjs <command> [args…]   (as root it runs the server as user postgres)
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

function findBinDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return undefined
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a))
  return versions.map((v) => join(base, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')))
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('Usage: node scripts/with-postgres.mjs <command> [args…]')
  process.exit(2)
}
const bin = findBinDir()
if (!bin) {
  console.error('PostgreSQL server binaries were not found (install Debian\'s "postgresql" package, or set PG_BIN).')
  process.exit(1)
}

const dir = mkdtempSync(join(tmpdir(), 'tf-pg-'))
const dataDir = join(dir, 'data')
const port = await freePort()
const asRoot = process.getuid?.() === 0
const run = (file, fileArgs) => {
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', file, ...fileArgs], { stdio: 'pipe' })
  else execFileSync(file, fileArgs, { stdio: 'pipe' })
}
if (asRoot) {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
  chownSync(dir, uid, gid)
}

let status = 1
try {
  run(join(bin, 'initdb'), ['-A', 'trust', '-U', 'postgres', '-D', dataDir, '--no-sync'])
  run(join(bin, 'pg_ctl'), ['-D', dataDir, '-l', join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start'])
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  console.log(`PostgreSQL is running on port ${port}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url }, shell: false })
  status = result.status ?? 1
} catch (error) {
  console.error('Could not start PostgreSQL:', error.stderr?.toString() || error.message)
} finally {
  try {
    run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop'])
  } catch {}
  rmSync(dir, { recursive: true, force: true })
}
process.exit(status)
