// Start-up of the app screens at a CPU slowdown, as a busy phone meets them: shared by
// bench/inp.ts (one build, with the interactions) and bench/compare-startup.ts (builds in turn).
// A Chromium trace of the renderer's main thread from navigation to the first frame that shows the
// screen's content (a MutationObserver marks `tf-first-screen`), as the thread time of its tasks
// and of the outermost script events in them, and the same until the page is quiet.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'

export const SLUG = 'olive-tree-soma'
export const MENU = `/restaurant/${SLUG}/menu/pickup`
export const VIEWPORT = { width: 375, height: 740 }
/** The dish opened and added from its sheet, and the dish of the cart the cart and checkout start with. */
export const SHEET_DISH = 'Tiramisu'

export type Screen = { name: string; path: string; ready: string; withCart: boolean }
export const SCREENS: Screen[] = [
  { name: 'menu', path: MENU, ready: '[data-testid="menu-item"]', withCart: false },
  { name: 'cart (1 item)', path: `/restaurant/${SLUG}/cart`, ready: '[data-testid="cart-line"]', withCart: true },
  { name: 'checkout (1 item)', path: '/checkOut', ready: '[data-testid="cart-line"]', withCart: true },
]

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

/** Marks `tf-first-screen` when `selector` first appears in the document (read back from the trace). */
const markFirstScreen = (selector: string) => {
  // A MutationObserver, not requestAnimationFrame: a frame requested this early never runs.
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return
    observer.disconnect()
    performance.mark('tf-first-screen')
  })
  observer.observe(document, { childList: true, subtree: true })
}

type TraceEvent = { name: string; cat: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: Record<string, unknown> }
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'V8.Execute', 'v8.produceModuleCache', 'v8.produceCache', 'RunMicrotasks', 'V8.RunMicrotasks', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'FireIdleCallback', 'ParseHTML'])

export type Startup = { firstScreenMs: number; beforeCpuMs: number; beforeScriptCpuMs: number; beforeWallMs: number; quietCpuMs: number; quietScriptCpuMs: number; longTasks: number }

/** CPU (thread) time of top-level tasks and of the outermost script events on one thread, in a window. */
function sumThread(events: TraceEvent[], from: number, to: number) {
  let cpu = 0
  let wall = 0
  let script = 0
  let longTasks = 0
  let scriptUntil = -1
  const sorted = events.filter((e) => e.ph === 'X' && e.ts >= from && e.ts < to).sort((a, b) => a.ts - b.ts)
  for (const e of sorted) {
    if (e.name === 'RunTask' && e.cat === 'disabled-by-default-devtools.timeline') {
      cpu += e.tdur ?? 0
      wall += e.dur ?? 0
      if ((e.dur ?? 0) > 50_000) longTasks++
    } else if (SCRIPT_EVENTS.has(e.name) && e.ts >= scriptUntil) {
      // The outermost script event only: a function call inside an evaluated script is counted once.
      script += e.tdur ?? e.dur ?? 0
      scriptUntil = e.ts + (e.dur ?? 0)
    }
  }
  return { cpuMs: cpu / 1000, wallMs: wall / 1000, scriptMs: script / 1000, longTasks }
}

const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'v8', 'loading']

/** The page's CPU slowed down `rate` times (CDP Emulation.setCPUThrottlingRate). */
export async function throttled(context: BrowserContext, page: Page, rate: number) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  return cdp
}

/**
 * One first visit to `screen` (a fresh context: nothing in the HTTP cache), traced. `traceDir`
 * keeps the trace (open it in Chrome's Performance panel).
 */
export async function measureStartup(browser: Browser, origin: string, screen: Screen, storageState: StorageState | undefined, { rate, traceDir }: { rate: number; traceDir?: string }): Promise<Startup> {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState })
  try {
    const page = await context.newPage()
    await page.addInitScript(markFirstScreen, screen.ready)
    const cdp = await throttled(context, page, rate)
    await browser.startTracing(page, { categories: TRACE_CATEGORIES })
    await page.goto(`${origin}${screen.path}`)
    // Polled with a bare Runtime.evaluate: Playwright's own waiting would inject its selector
    // engine into the page and count among the work measured.
    for (const deadline = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const { result } = (await cdp.send('Runtime.evaluate', { expression: `performance.getEntriesByName('tf-first-screen').length > 0` })) as { result: { value?: boolean } }
      if (result.value) break
      if (Date.now() > deadline) throw new Error(`${screen.path} showed no ${screen.ready} within 60 s`)
    }
    // Quiet: no request for 500 ms (the rest of start-up: streams, prefetch, idle work).
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1000)
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
    if (traceDir) writeFileSync(join(traceDir, `${screen.name.split(' ')[0]}-${Date.now()}.json`), JSON.stringify(trace))
    const events = trace.traceEvents
    const mark = events.find((e) => e.name === 'tf-first-screen')
    if (!mark) throw new Error(`No first-screen mark in the trace of ${screen.path}`)
    // The mark's startTime is performance.now(): milliseconds since this document's navigation started.
    const firstScreenMs = Number((mark.args?.data as { startTime?: number } | undefined)?.startTime)
    const navigationTs = mark.ts - firstScreenMs * 1000
    const thread = events.filter((e) => e.pid === mark.pid && e.tid === mark.tid)
    const before = sumThread(thread, navigationTs, mark.ts)
    const all = sumThread(thread, navigationTs, Number.POSITIVE_INFINITY)
    return {
      firstScreenMs,
      beforeCpuMs: before.cpuMs,
      beforeScriptCpuMs: before.scriptMs,
      beforeWallMs: before.wallMs,
      quietCpuMs: all.cpuMs,
      quietScriptCpuMs: all.scriptMs,
      longTasks: before.longTasks,
    }
  } finally {
    await context.close()
  }
}

/** The storage of a diner who added `SHEET_DISH` from its sheet, as a diner would: the cart and checkout start with it. */
export async function cartState(browser: Browser, origin: string): Promise<{ storageState: StorageState; quickDish: string }> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    await page.goto(`${origin}${MENU}`)
    await page.getByRole('article', { name: SHEET_DISH, exact: true }).getByRole('link', { name: SHEET_DISH }).click()
    await page.getByRole('button', { name: 'Add to order' }).click()
    await page.getByText(`${SHEET_DISH} added to your cart`).waitFor()
    // A dish without required choices for "+" (the menu's own rule: canQuickAdd in entities/menu).
    const quickDish = await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('[data-testid="menu-item"] [data-testid="quick-add"][aria-label^="Add "]')
      return button?.getAttribute('aria-label')?.replace(/^Add (.*) to your cart$/, '$1') ?? null
    })
    if (!quickDish) throw new Error('No dish on the menu can be added with "+"')
    return { storageState: await context.storageState(), quickDish }
  } finally {
    await context.close()
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']
