import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './server-process'

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const base = '/usr/lib/postgresql'
  const found = existsSync(base)
    ? readdirSync(base)
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => join(base, version, 'bin'))
        .find((dir) => existsSync(join(dir, 'initdb')))
    : undefined
  if (!found) throw new Error('PostgreSQL server binaries were not found (Debian’s "postgresql" package, or PG_BIN)')
  return found
}

export type OwnCluster = {
  /** postgres://…/postgres on the cluster's port. */
  url: string
  /** pg_ctl stop: "fast" ends every session (57P01 to the clients), then the port refuses connections. */
  stop: (mode?: 'fast' | 'immediate') => void
  start: () => void
  dispose: () => void
}

/**
 * A PostgreSQL cluster of the test's own (the one of `npm run test:pg` is shared by every test
 * file, so it cannot be stopped): initdb, then pg_ctl on a free port; as user postgres when root,
 * as scripts/with-postgres.mjs does.
 */
export async function startOwnCluster(): Promise<OwnCluster> {
  const bin = binDir()
  const dir = mkdtempSync(join(tmpdir(), 'tf-own-pg-'))
  const dataDir = join(dir, 'data')
  const port = await freePort()
  const asRoot = process.getuid?.() === 0
  const run = (file: string, args: string[]) => {
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', join(bin, file), ...args], { stdio: 'pipe' })
    else execFileSync(join(bin, file), args, { stdio: 'pipe' })
  }
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(dir, uid, gid)
  }
  run('initdb', ['-A', 'trust', '-U', 'postgres', '-D', dataDir, '--no-sync'])
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-l', join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start'])
  start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode = 'fast') => run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']),
    start,
    dispose: () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop'])
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
