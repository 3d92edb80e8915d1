import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Logger } from '../deps'
import type { Env } from '../env'
import { precompressTree } from './precompress'

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url))
const READY = 'build-ready.json'

export type SiteState = {
  /** The folder served now: the newest complete data build, else the app-shell build. */
  root: string
  /**
   * Where a hashed asset (`/_astro/…`) is looked for, newest first: `root`, then the builds still
   * on disk that pages may have been loaded from (the previous data build, the app-shell build).
   * The names differ between builds whose environment differs, so a page loaded just before a
   * switch still finds the chunks it imports (docs/operations.md, "Static pages").
   */
  assetRoots: string[]
  /** True once a build with restaurant data is being served. */
  withData: boolean
  building: boolean
  builtAt: string | null
  lastError: string | null
}

export type SiteBuilder = {
  state: () => SiteState
  /** Rebuilds the static pages from the API; calls while building coalesce into one more build. */
  requestRebuild: (reason: string) => void
  /** Resolves when no build is running or queued. */
  idle: () => Promise<void>
}

/** The fixed folder of a server that does not build (tests, or a CDN deployment). */
export function fixedSite(root: string): SiteBuilder {
  const state: SiteState = { root: resolve(root), assetRoots: [resolve(root)], withData: false, building: false, builtAt: null, lastError: null }
  return { state: () => state, requestRebuild: () => {}, idle: async () => {} }
}

/**
 * Builds the static pages in a child process that reads the data from this server's API
 * (a PGlite database is open in one process only: docs/scaling.md), then switches to the new build.
 */
export function createSiteBuilder({ env, log, apiOrigin }: { env: Env; log: Logger; apiOrigin: () => string }): SiteBuilder {
  const sitesDir = resolve(env.SITE_DIR)
  mkdirSync(sitesDir, { recursive: true })
  const shellBuild = resolve(env.STATIC_DIR)
  const ready = readdirSync(sitesDir)
    .filter((name) => existsSync(join(sitesDir, name, READY)))
    .sort()
  const newest = ready.at(-1)
  /** The folders whose assets are served, newest first, without repeats. */
  const assetRootsOf = (...roots: (string | undefined)[]) => [...new Set(roots.filter((root): root is string => root !== undefined))]
  const state: SiteState = {
    root: newest ? join(sitesDir, newest) : shellBuild,
    // The builds a previous run left (its newest and the one before) and the app-shell build.
    assetRoots: assetRootsOf(...ready.slice(-2).reverse().map((name) => join(sitesDir, name)), shellBuild),
    withData: Boolean(newest),
    building: false,
    builtAt: newest ? (JSON.parse(readFileSync(join(sitesDir, newest, READY), 'utf8')) as { builtAt: string }).builtAt : null,
    lastError: null,
  }
  let queued = false
  let idleWaiters: (() => void)[] = []

  function runBuild(): Promise<void> {
    const id = new Date().toISOString().replace(/[-:.TZ]/g, '')
    const outDir = join(sitesDir, id)
    const started = Date.now()
    return new Promise((done) => {
      const child = spawn(process.execPath, [join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent', '--outDir', outDir], {
        cwd: projectRoot,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          ASTRO_TELEMETRY_DISABLED: '1',
          ASTRO_CACHE_DIR: join(sitesDir, '.cache'),
          TABLEFRONT_BUILD_API: `${apiOrigin()}${env.PUBLIC_API_BASE}`,
          PUBLIC_API_BASE: env.PUBLIC_API_BASE,
          PUBLIC_PAYLOAD_KEY: env.PAYLOAD_KEY,
          SITE_URL: env.SITE_URL,
        },
      })
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
      child.on('exit', async (code) => {
        if (code !== 0) {
          state.lastError = `The static site build failed (exit ${code}): ${stderr.trim().split('\n').slice(-5).join(' | ')}`
          log.error(state.lastError)
          rmSync(outDir, { recursive: true, force: true })
          return done()
        }
        await precompressTree(outDir)
        const builtAt = new Date().toISOString()
        writeFileSync(join(outDir, READY), JSON.stringify({ builtAt }))
        const previous = state.root
        Object.assign(state, { root: outDir, assetRoots: assetRootsOf(outDir, previous, shellBuild), withData: true, builtAt, lastError: null })
        log.info(`Static pages rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
        // Keep the previous build a while for pages still loading its assets.
        for (const name of readdirSync(sitesDir)) {
          const dir = join(sitesDir, name)
          if (name !== '.cache' && dir !== outDir && dir !== previous) rmSync(dir, { recursive: true, force: true })
        }
        done()
      })
    })
  }

  async function loop() {
    state.building = true
    while (queued) {
      queued = false
      await runBuild()
    }
    state.building = false
    const waiters = idleWaiters
    idleWaiters = []
    waiters.forEach((resolveWaiter) => resolveWaiter())
  }

  return {
    state: () => state,
    requestRebuild(reason) {
      log.info(`Rebuilding the static pages: ${reason}.`)
      queued = true
      if (!state.building) void loop()
    },
    idle: () => (state.building ? new Promise((resolveIdle) => idleWaiters.push(resolveIdle)) : Promise.resolve()),
  }
}
