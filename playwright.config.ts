import { defineConfig, devices } from '@playwright/test'
import { chromiumPath } from './scripts/find-chromium.mjs'

const port = Number(process.env.E2E_PORT ?? 4399)
const baseURL = `http://127.0.0.1:${port}`
// scripts/e2e.mjs passes the Chromium it found (or installed) as CHROMIUM_PATH; `npx playwright test` finds one.
const chromium = chromiumPath()

export default defineConfig({
  testDir: 'tests',
  outputDir: process.env.E2E_OUT_DIR ? `${process.env.E2E_OUT_DIR}/test-results` : 'test-results',
  fullyParallel: false,
  // Two browsers at once: the suite waits on the server and the kitchen's ticks far more than on the
  // CPU, and each test makes its own diner (uniqueMobile differs per worker). E2E_WORKERS=1 to debug.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: {
    timeout: 10_000,
    // tests/visual.spec.ts: pictures of the main screens, compared with a little room for anti-aliasing.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  snapshotPathTemplate: '{testDir}/visual/{arg}{ext}',
  use: {
    baseURL,
    // A trace only for a test being retried (CI retries once): recording one for every test, kept
    // only on failure, was a third of the suite's CPU on 2 cores (docs/decisions.md, "npm test on a
    // slower machine"). E2E_TRACE=retain-on-failure (or on) records them on a local run.
    trace: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | 'on-first-retry' | undefined) ?? 'on-first-retry',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }, grepInvert: /@mobile/ },
    { name: 'mobile', use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }, grep: /@mobile/ },
  ],
  webServer: {
    command: 'tsx server/src/main.ts',
    // Ready when the static pages have been built from the seeded data.
    url: `${baseURL}/api/health/site`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? './data-e2e',
      SANDBOX: '1',
      KITCHEN: '1',
      KITCHEN_TICK_MS: '500',
      KITCHEN_STEP_SECONDS: '1',
      LOG_LEVEL: 'error',
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
      BUILD_SITE: '1',
      SITE_DIR: `${process.env.E2E_DATA_DIR ?? './data-e2e'}/site`,
    },
  },
})
