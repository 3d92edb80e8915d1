import { gzipSync } from 'node:zlib'
import type { Page, Response } from '@playwright/test'

export type PageWeight = { path: string; scripts: { url: string; gzipBytes: number }[]; gzipBytes: number; renderBlocking: string[] }

/**
 * Loads a page as a first visit would (the browser's cache off, so pages measured one after
 * another on the same tab each count everything they need), scrolls it to the end so that lazy
 * parts load too, and adds up the gzipped size of every JavaScript file it fetched; also lists
 * any render-blocking script. `ready` waits for what the page must show before it counts.
 */
export async function measurePageWeight(page: Page, path: string, ready?: () => Promise<void>): Promise<PageWeight> {
  const scripts = new Map<string, number>()
  const pending: Promise<void>[] = []
  const onResponse = (response: Response) => {
    const type = response.request().resourceType()
    const url = response.url()
    if (type !== 'script' && !/\.m?js(\?|$)/.test(url)) return
    pending.push(
      response
        .body()
        .then((body) => void scripts.set(url, gzipSync(body, { level: 9 }).length))
        .catch(() => undefined),
    )
  }
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  page.on('response', onResponse)
  try {
    await page.goto(path, { waitUntil: 'networkidle' })
    await ready?.()
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForLoadState('networkidle')
    await Promise.all(pending)
  } finally {
    page.off('response', onResponse)
    await cdp.detach()
  }
  const renderBlocking = await page.evaluate(() =>
    [...document.querySelectorAll('head script')]
      .filter((script) => {
        const type = script.getAttribute('type')
        if (type && type !== 'module' && type !== 'text/javascript') return false // data, such as JSON-LD
        return type !== 'module' && !script.hasAttribute('async') && !script.hasAttribute('defer')
      })
      .map((script) => script.getAttribute('src') ?? `inline: ${script.textContent?.slice(0, 60)}`),
  )
  const list = [...scripts].map(([url, gzipBytes]) => ({ url, gzipBytes }))
  return { path, scripts: list, gzipBytes: list.reduce((sum, s) => sum + s.gzipBytes, 0), renderBlocking }
}
