// The one place that decides which Chromium the browser tests and the benchmarks launch
// (README "Running the tests"): CHROMIUM_PATH, else Debian's /usr/bin/chromium (the browser the
// screenshots in tests/visual were taken with), else Playwright's own download, else a Chromium or
// Chrome on the usual paths. ensureChromium() may also install Debian's package (e2e.mjs, CI).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { delimiter, join } from 'node:path'

const onPath = (name) => (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, name))

function playwrightsOwn() {
  try {
    // Where `npx playwright install chromium` puts its browser, whether it is there or not.
    return createRequire(import.meta.url)('@playwright/test').chromium.executablePath()
  } catch {
    return undefined
  }
}

/** Where a Chromium is on this machine, and which rule found it; undefined when there is none. */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) return { path: fromEnv, source: 'CHROMIUM_PATH' }
  if (existsSync('/usr/bin/chromium')) return { path: '/usr/bin/chromium', source: "Debian's chromium" }
  const own = playwrightsOwn()
  if (own && existsSync(own)) return { path: own, source: "Playwright's own Chromium" }
  const common = [
    ...['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'].flatMap(onPath),
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    ...['PROGRAMFILES', 'PROGRAMFILES(X86)', 'LOCALAPPDATA'].map((base) => process.env[base] && join(process.env[base], 'Google', 'Chrome', 'Application', 'chrome.exe')),
  ].filter(Boolean)
  const found = common.find((path) => existsSync(path))
  return found ? { path: found, source: 'found on this machine' } : undefined
}

const isDebianLike = () => {
  if (process.platform !== 'linux' || !existsSync('/etc/debian_version')) return false
  return onPath('apt-get').some((path) => existsSync(path))
}
const isRoot = () => process.getuid?.() === 0
const canSudo = () => onPath('sudo').some((path) => existsSync(path)) && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0
/** The one line that says what to run when no Chromium can be found or installed here. */
export function missingChromiumMessage() {
  if (process.env.CHROMIUM_PATH) return `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist: point it at a Chrome or Chromium binary, or unset it.`
  const apt = isDebianLike() ? `sudo apt-get install -y chromium, or ` : ''
  return `No Chromium found: run ${apt}npx playwright install --with-deps chromium, or set CHROMIUM_PATH to a Chrome or Chromium binary (README "Running the tests").`
}

/** The path of a Chromium that exists, or an error whose message is the one line of what to run. */
export function chromiumPath() {
  const found = findChromium()
  if (found && existsSync(found.path)) return found.path
  throw new Error(missingChromiumMessage())
}

/**
 * Like chromiumPath(), but on Debian or Ubuntu, as root or with passwordless sudo, installs
 * Debian's chromium first when none is found (one line says so). Returns {path, source}.
 */
export function ensureChromium() {
  const found = findChromium()
  if (found && existsSync(found.path)) return found
  if (!found && isDebianLike() && (isRoot() || canSudo())) {
    console.log("No Chromium found: installing Debian's chromium (apt-get update && apt-get install -y chromium)…")
    const sudo = isRoot() ? [] : ['sudo', '-n', 'env', 'DEBIAN_FRONTEND=noninteractive']
    const run = (args) => {
      const [file, ...rest] = [...sudo, ...args]
      return spawnSync(file, rest, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    }
    const update = run(['apt-get', 'update', '-qq'])
    const install = update.status === 0 ? run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium']) : update
    const again = findChromium()
    if (install.status === 0 && again && existsSync(again.path)) return { ...again, source: `${again.source}, just installed` }
    const why = install.stderr?.trim().split('\n').slice(-5).join('\n')
    if (why) console.error(why)
    throw new Error('Installing chromium with apt-get did not give a Chromium: run npx playwright install --with-deps chromium, or set CHROMIUM_PATH to a Chrome or Chromium binary (README "Running the tests").')
  }
  throw new Error(missingChromiumMessage())
}
