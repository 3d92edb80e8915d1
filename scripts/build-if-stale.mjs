// Builds the web app when its output folder is missing or older than its sources.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = new URL('..', import.meta.url).pathname

function newestMtime(path) {
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stats.mtimeMs)
}

export function buildIfStale({ force = false, outDir } = {}) {
  const out = resolve(root, outDir ?? 'dist')
  const stamp = join(out, '.build-stamp')
  const sources = ['src', 'public', 'astro.config.mjs', 'package.json'].map((p) => join(root, p))
  const stale =
    !existsSync(stamp) || sources.some((source) => existsSync(source) && newestMtime(source) > statSync(stamp).mtimeMs)
  if (!stale && !force) return
  console.log('Building the web app…')
  const args = ['build', '--silent']
  if (outDir) args.push('--outDir', out)
  const build = spawnSync('astro', args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...(outDir ? { ASTRO_CACHE_DIR: join(out, '.cache') } : {}) },
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
  writeFileSync(stamp, new Date().toISOString())
}
