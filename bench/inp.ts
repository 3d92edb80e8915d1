// Interaction speed of the app screens at 4× CPU slowdown, as a busy phone feels it (issue 16).
// Starts its own server with a fresh seeded database, drives Chromium (scripts/find-chromium.mjs)
// with Playwright at 375 px with CDP Emulation.setCPUThrottlingRate {rate: 4}, and measures:
//  * start-up: the renderer main thread's work from navigation to the first screen of the menu,
//    the cart and checkout (a Chromium trace: CPU time of its tasks, and of the script in them),
//    and the same until the page is quiet;
//  * interactions: opening a dish, adding it from the dish sheet, the "+" quick add, closing the
//    sheet with Escape and a quantity change in the cart, each by a real click or key press,
//    timed by the Event Timing API (PerformanceObserver type "event", durationThreshold 16,
//    grouped by interactionId as INP groups them).
// Writes bench/results/inp.json and inp.md; exits 1 when the INP misses its target (≤ 100 ms).
// INP_RUNS (5) sets the runs, INP_CPU_RATE (4) the slowdown; STATIC_DIR picks the app build served.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { chromiumPath } from '../scripts/find-chromium.mjs'
import { root, startServer } from './lib/server'

const RATE = Number(process.env.INP_CPU_RATE ?? 4)
const RUNS = Number(process.env.INP_RUNS ?? 5)
const TARGET_INP_MS = 100
const SLUG = 'olive-tree-soma'
const MENU = `/restaurant/${SLUG}/menu/pickup`
const VIEWPORT = { width: 375, height: 740 }
/** The dish opened and added from its sheet, and the dish added with "+" (no required choices). */
const SHEET_DISH = 'Tiramisu'

type Screen = { name: string; path: string; ready: string; withCart: boolean }
const SCREENS: Screen[] = [
  { name: 'menu', path: MENU, ready: '[data-testid="menu-item"]', withCart: false },
  { name: 'cart (1 item)', path: `/restaurant/${SLUG}/cart`, ready: '[data-testid="cart-line"]', withCart: true },
  { name: 'checkout (1 item)', path: '/checkOut', ready: '[data-testid="cart-line"]', withCart: true },
]

// ---- the page side: first-screen mark and Event Timing ----------------------------------------

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

type TimedEvent = { name: string; interactionId: number; duration: number; startTime: number; processingStart: number; processingEnd: number }
/** Collects every Event Timing entry of an interaction (pointer, click, key) over 16 ms. */
const observeEvents = () => {
  const w = window as unknown as { __tfEvents: TimedEvent[] }
  w.__tfEvents = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (!entry.interactionId) continue
      const { name, interactionId, duration, startTime, processingStart, processingEnd } = entry
      w.__tfEvents.push({ name, interactionId, duration, startTime, processingStart, processingEnd })
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
}

// ---- start-up: a trace of the renderer's main thread -----------------------------------------

type TraceEvent = { name: string; cat: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: Record<string, unknown> }
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'V8.Execute', 'v8.produceModuleCache', 'v8.produceCache', 'RunMicrotasks', 'V8.RunMicrotasks', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'FireIdleCallback', 'ParseHTML'])

type Startup = { firstScreenMs: number; beforeCpuMs: number; beforeScriptCpuMs: number; beforeWallMs: number; quietCpuMs: number; quietScriptCpuMs: number; longTasks: number }

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

async function throttled(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE })
  return cdp
}

async function measureStartup(browser: Browser, origin: string, screen: Screen, storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined): Promise<Startup> {
  // A fresh context each run: a first visit, nothing in the HTTP cache.
  const context = await browser.newContext({ viewport: VIEWPORT, storageState })
  try {
    const page = await context.newPage()
    await page.addInitScript(markFirstScreen, screen.ready)
    const cdp = await throttled(context, page)
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
    // INP_TRACE_DIR keeps each start-up trace (open it in Chrome's Performance panel).
    if (process.env.INP_TRACE_DIR) writeFileSync(join(process.env.INP_TRACE_DIR, `${screen.name.split(" ")[0]}-${Date.now()}.json`), JSON.stringify(trace))
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

// ---- interactions -----------------------------------------------------------------------------

type Interaction = { action: string; durationMs: number; inputDelayMs: number; processingMs: number; presentationMs: number; events: string }

/** Runs `act`, then waits for the Event Timing entries of the interactions it caused. */
async function timed(page: Page, action: string, act: () => Promise<void>): Promise<Interaction[]> {
  const seen = await page.evaluate(() => new Set((window as unknown as { __tfEvents: TimedEvent[] }).__tfEvents.map((e) => e.interactionId)).size)
  await act()
  // Entries arrive after the frame that presents the result: two frames and a little more.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))))
  const events = await page.evaluate(() => (window as unknown as { __tfEvents: TimedEvent[] }).__tfEvents)
  const byInteraction = new Map<number, TimedEvent[]>()
  for (const e of events) byInteraction.set(e.interactionId, [...(byInteraction.get(e.interactionId) ?? []), e])
  const fresh = [...byInteraction.values()].slice(seen)
  // Under 16 ms the browser reports nothing: the interaction counts as 16 ms.
  if (fresh.length === 0) return [{ action, durationMs: 16, inputDelayMs: 0, processingMs: 0, presentationMs: 0, events: '(under 16 ms)' }]
  return fresh.map((group) => {
    const worst = group.reduce((a, b) => (b.duration > a.duration ? b : a))
    const start = Math.min(...group.map((e) => e.startTime))
    const processingStart = Math.min(...group.map((e) => e.processingStart))
    const processingEnd = Math.max(...group.map((e) => e.processingEnd))
    return {
      action,
      durationMs: worst.duration,
      inputDelayMs: Math.round(processingStart - start),
      processingMs: Math.round(processingEnd - processingStart),
      presentationMs: Math.max(0, Math.round(worst.startTime + worst.duration - processingEnd)),
      events: [...new Set(group.map((e) => e.name))].join(' '),
    }
  })
}

/** One diner's visit: open a dish, add it, quick-add another, open and close a sheet by key, change a quantity. */
async function interactionRun(browser: Browser, origin: string, quickDish: string): Promise<Interaction[]> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    await page.addInitScript(observeEvents)
    await page.goto(`${origin}${MENU}`)
    await page.getByTestId('menu-item').first().waitFor()
    await page.waitForLoadState('networkidle')
    await throttled(context, page)
    const found: Interaction[] = []
    const dishLink = (name: string) => page.getByRole('article', { name, exact: true }).getByRole('link', { name, exact: true })
    const sheet = page.getByTestId('item-sheet')
    found.push(...(await timed(page, 'open a dish', async () => {
      await dishLink(SHEET_DISH).click()
      await sheet.getByRole('button', { name: 'Add to order' }).waitFor()
    })))
    found.push(...(await timed(page, 'add to cart (dish sheet)', async () => {
      await sheet.getByRole('button', { name: 'Add to order' }).click()
      await sheet.waitFor({ state: 'hidden' })
    })))
    found.push(...(await timed(page, 'add to cart (+)', async () => {
      await page.getByRole('article', { name: quickDish, exact: true }).getByRole('button', { name: `Add ${quickDish} to your cart` }).click()
      await page.getByText(`${quickDish} added to your cart`).first().waitFor()
    })))
    found.push(...(await timed(page, 'open a dish', async () => {
      await dishLink(quickDish).click()
      await sheet.getByRole('button', { name: 'Add to order' }).waitFor()
    })))
    found.push(...(await timed(page, 'close the dish (Escape)', async () => {
      await page.keyboard.press('Escape')
      await sheet.waitFor({ state: 'hidden' })
    })))
    // The cart: a quantity change (the page itself loads unthrottled; the click is throttled).
    await page.getByTestId('cart-bar').getByRole('link', { name: 'View cart' }).click()
    await page.getByTestId('cart-line').first().waitFor()
    await page.waitForLoadState('networkidle')
    found.push(...(await timed(page, 'cart quantity +1', async () => {
      const line = page.getByTestId('cart-line').filter({ hasText: SHEET_DISH })
      const before = await line.getByTestId('line-quantity').innerText()
      await line.getByRole('button', { name: `One more ${SHEET_DISH}` }).click()
      await page.waitForFunction(
        ([name, was]) => [...document.querySelectorAll('[data-testid="cart-line"]')].some((l) => l.textContent?.includes(name!) && l.querySelector('[data-testid="line-quantity"]')?.textContent !== was),
        [SHEET_DISH, before],
      )
    })))
    return found
  } finally {
    await context.close()
  }
}

// ---- the run ----------------------------------------------------------------------------------

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const round = (n: number) => Math.round(n)
/** INP of one visit: its worst interaction (under 50 interactions, no outlier is dropped). */
const inpOf = (interactions: Interaction[]) => Math.max(...interactions.map((i) => i.durationMs))

const work = mkdtempSync(join(tmpdir(), 'tf-bench-inp-'))
const loads: number[] = [loadavg()[0]!]
const server = await startServer({ DATA_DIR: join(work, 'data'), SEED: '1', BUILD_SITE: '0' })
const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] })
const startups: Record<string, Startup[]> = {}
const visits: Interaction[][] = []
try {
  // The cart's state for the cart and checkout screens: Tiramisu added as a diner would.
  const seedContext = await browser.newContext({ viewport: VIEWPORT })
  const seedPage = await seedContext.newPage()
  await seedPage.goto(`${server.origin}${MENU}`)
  await seedPage.getByRole('article', { name: SHEET_DISH, exact: true }).getByRole('link', { name: SHEET_DISH }).click()
  await seedPage.getByRole('button', { name: 'Add to order' }).click()
  await seedPage.getByText(`${SHEET_DISH} added to your cart`).waitFor()
  // A dish without required choices for "+" (the menu's own rule: canQuickAdd in entities/menu).
  const quickDish = await seedPage.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>('[data-testid="menu-item"] [data-testid="quick-add"][aria-label^="Add "]')
    return button?.getAttribute('aria-label')?.replace(/^Add (.*) to your cart$/, '$1') ?? null
  })
  if (!quickDish) throw new Error('No dish on the menu can be added with "+"')
  const withCart = await seedContext.storageState()
  await seedContext.close()

  for (let run = 0; run < RUNS; run++) {
    for (const screen of SCREENS) {
      const result = await measureStartup(browser, server.origin, screen, screen.withCart ? withCart : undefined)
      ;(startups[screen.name] ??= []).push(result)
      console.log(`start-up ${screen.name} #${run + 1}: first screen ${round(result.firstScreenMs)} ms, main thread before it ${round(result.beforeCpuMs)} ms CPU (script ${round(result.beforeScriptCpuMs)} ms), until quiet ${round(result.quietCpuMs)} ms`)
    }
    const visit = await interactionRun(browser, server.origin, quickDish)
    visits.push(visit)
    console.log(`visit #${run + 1}: ${visit.map((i) => `${i.action} ${i.durationMs} ms`).join(', ')}`)
    loads.push(loadavg()[0]!)
  }
} finally {
  await browser.close()
  await server.stop()
  rmSync(work, { recursive: true, force: true })
}

const startupRows = SCREENS.map((screen) => {
  const runs = startups[screen.name] ?? []
  const m = (pick: (s: Startup) => number) => round(median(runs.map(pick)))
  return {
    screen: screen.name,
    path: screen.path,
    firstScreenMs: m((s) => s.firstScreenMs),
    beforeCpuMs: m((s) => s.beforeCpuMs),
    beforeScriptCpuMs: m((s) => s.beforeScriptCpuMs),
    beforeWallMs: m((s) => s.beforeWallMs),
    quietCpuMs: m((s) => s.quietCpuMs),
    quietScriptCpuMs: m((s) => s.quietScriptCpuMs),
    longTasks: m((s) => s.longTasks),
    runs,
  }
})
const actions = [...new Set(visits.flat().map((i) => i.action))]
const interactionRows = actions.map((action) => {
  const all = visits.flat().filter((i) => i.action === action)
  const worst = all.reduce((a, b) => (b.durationMs > a.durationMs ? b : a))
  const m = (pick: (i: Interaction) => number) => round(median(all.map(pick)))
  return { action, count: all.length, medianMs: m((i) => i.durationMs), worstMs: worst.durationMs, inputDelayMs: m((i) => i.inputDelayMs), processingMs: m((i) => i.processingMs), presentationMs: m((i) => i.presentationMs), worstEvents: worst.events }
})
const inps = visits.map(inpOf)
const inpMs = round(median(inps))
const misses = inpMs > TARGET_INP_MS ? [`INP ${inpMs} ms > ${TARGET_INP_MS} ms`] : []
const measuredAt = new Date().toISOString()
const loadAverage = { min: Math.round(Math.min(...loads) * 10) / 10, max: Math.round(Math.max(...loads) * 10) / 10 }
writeFileSync(
  join(root, 'bench/results/inp.json'),
  JSON.stringify({ measuredAt, cpuSlowdown: RATE, runs: RUNS, viewport: VIEWPORT, loadAverage, cores: availableParallelism(), targetInpMs: TARGET_INP_MS, inpMs, inpPerVisit: inps, interactions: interactionRows, startup: startupRows, visits, misses }, null, 2) + '\n',
)
const startupTable = [
  '| screen | first screen (wall) | main thread before it: CPU | of which script | until quiet: CPU | long tasks before it |',
  '| --- | --- | --- | --- | --- | --- |',
  ...startupRows.map((r) => `| ${r.screen} | ${r.firstScreenMs} ms | ${r.beforeCpuMs} ms | ${r.beforeScriptCpuMs} ms | ${r.quietCpuMs} ms | ${r.longTasks} |`),
].join('\n')
const interactionTable = [
  '| interaction | measured | median | worst | input delay | processing | presentation |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...interactionRows.map((r) => `| ${r.action} | ${r.count} | ${r.medianMs} ms | ${r.worstMs} ms | ${r.inputDelayMs} ms | ${r.processingMs} ms | ${r.presentationMs} ms |`),
].join('\n')
writeFileSync(
  join(root, 'bench/results/inp.md'),
  `# Interaction speed at ${RATE}× CPU slowdown\n\nMeasured ${measuredAt.slice(0, 16).replace('T', ' ')} UTC with \`npm run bench -- inp\` (Debian Chromium, ${VIEWPORT.width}×${VIEWPORT.height}, CDP \`Emulation.setCPUThrottlingRate\` ${RATE}, ${RUNS} runs, medians; load average ${loadAverage.min.toFixed(1)}–${loadAverage.max.toFixed(1)} on ${availableParallelism()} cores).\n\n` +
    `## Interactions (Event Timing, grouped by interactionId)\n\nINP (each visit's worst interaction, median of ${RUNS} visits): **${inpMs} ms** (visits: ${inps.join(', ')} ms), target ≤ ${TARGET_INP_MS} ms.\n\n${interactionTable}\n\n` +
    `## Start-up (a trace of the renderer's main thread, from navigation)\n\nCPU is the thread time of its tasks (what the page asked of the CPU, which the machine's load does not stretch); the first screen is the frame that first shows the screen's content.\n\n${startupTable}\n\n` +
    (misses.length ? `**Missed:** ${misses.join('; ')}\n` : 'Every figure meets its target.\n'),
)
console.log(interactionTable)
console.log(startupTable)
console.log(`INP ${inpMs} ms (target ≤ ${TARGET_INP_MS} ms)`)
if (misses.length) {
  console.error(`Missed: ${misses.join('; ')}`)
  process.exitCode = 1
}
