import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEnv } from '../env'
import { createTestApp, type TestApp } from '../test/harness'
import { createSiteBuilder } from './site-builder'

/* Hashed assets across builds (docs/operations.md, "Static pages"). */

const folders: string[] = []
const folder = (prefix: string) => {
  const made = mkdtempSync(join(tmpdir(), prefix))
  folders.push(made)
  return made
}
function build(name: string, files: Record<string, string | Buffer>) {
  const root = folder(`tf-${name}-`)
  mkdirSync(join(root, '_astro'), { recursive: true })
  mkdirSync(join(root, 'app-shell'), { recursive: true })
  writeFileSync(join(root, 'app-shell/index.html'), `<!doctype html><title>${name}</title>`)
  for (const [file, body] of Object.entries(files)) writeFileSync(join(root, '_astro', file), body)
  return root
}

let t: TestApp
let current: string
let previous: string
let shell: string
beforeAll(async () => {
  t = await createTestApp({ seed: false })
  current = build('current', { 'App.NEW1.js': 'export const v = "new"' })
  previous = build('previous', { 'App.OLD1.js': 'export const v = "old"', 'App.OLD1.js.gz': gzipSync('export const v = "old"') })
  shell = build('shell', { 'App.SHL1.js': 'export const v = "shell"' })
  Object.assign(t.site.state(), { root: current, assetRoots: [current, previous, shell] })
})
afterAll(async () => {
  await t.close()
  folders.forEach((made) => rmSync(made, { recursive: true, force: true }))
})

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers })

describe('hashed assets', () => {
  it('serves a chunk from the newest build that has it: the current one, the previous one, the app-shell build', async () => {
    for (const [name, body] of [
      ['App.NEW1.js', 'export const v = "new"'],
      ['App.OLD1.js', 'export const v = "old"'],
      ['App.SHL1.js', 'export const v = "shell"'],
    ]) {
      const response = await get(`/_astro/${name}`)
      expect(response.status, name).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/)
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(await response.text()).toBe(body)
    }
    // Precompressed, from the previous build too.
    const zipped = await get('/_astro/App.OLD1.js', { 'Accept-Encoding': 'gzip' })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
  })

  it('answers a name no build has with a 404 that no one keeps, never the app shell', async () => {
    for (const path of ['/_astro/App.GONE.js', '/_astro/..%2fapp-shell%2findex.html', '/_astro/']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('cache-control'), path).toBe('no-store')
      expect(response.headers.get('content-type'), path).not.toMatch(/html/)
    }
    // The same path outside /_astro is the app's route: the shell.
    expect((await get('/restaurant/anywhere/menu')).headers.get('content-type')).toMatch(/^text\/html/)
  })

  it('forgets a build once it is no longer among the roots, and skips a root that is gone', async () => {
    Object.assign(t.site.state(), { assetRoots: [current, join(tmpdir(), 'tf-no-such-build'), shell] })
    expect((await get('/_astro/App.OLD1.js')).status).toBe(404)
    expect((await get('/_astro/App.SHL1.js')).status).toBe(200)
    Object.assign(t.site.state(), { assetRoots: [current, previous, shell] })
  })
})

describe('the site builder’s asset roots', () => {
  it('start with the two newest complete builds a previous run left, then the app-shell build', () => {
    const sites = folder('tf-sites-')
    for (const [name, ready] of [['20261201000000000', true], ['20261202000000000', true], ['20261203000000000', true], ['20261204000000000', false]] as const) {
      mkdirSync(join(sites, name))
      if (ready) writeFileSync(join(sites, name, 'build-ready.json'), JSON.stringify({ builtAt: '2026-12-03T00:00:00.000Z' }))
    }
    const staticDir = folder('tf-shell-')
    const env = loadEnv({ SEED: '0', LOG_LEVEL: 'silent', SANDBOX: '1', SITE_DIR: sites, STATIC_DIR: staticDir })
    const site = createSiteBuilder({ env, log: { info: () => {}, error: () => {} }, apiOrigin: () => 'http://127.0.0.1:1' })
    expect(site.state().root).toBe(join(sites, '20261203000000000'))
    expect(site.state().assetRoots).toEqual([join(sites, '20261203000000000'), join(sites, '20261202000000000'), staticDir])
  })
})
