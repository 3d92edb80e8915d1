import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'

export type PageWeight = { path: string; scripts: { url: string; gzipBytes: number }[]; gzipBytes: number; renderBlocking: string[] }

/**
 * Loads a page, scrolls it to the end so that lazy parts load too, and adds up the gzipped
 * size of every JavaScript file it fetched; also lists any render-blocking script.
 */
export async function measurePageWeight(page: Page, path: string): Promise<PageWeight> {
  const scripts = new Map<string, number>()
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    const type = response.request().resourceType()
    const url = response.url()
    if (type !== 'script' && !/\.m?js(\?|$)/.test(url)) return
    pending.push(
      response
        .body()
        .then((body) => void scripts.set(url, gzipSync(body, { level: 9 }).length))
        .catch(() => undefined),
    )
  })
  await page.goto(path, { waitUntil: 'networkidle' })
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.waitForLoadState('networkidle')
  await Promise.all(pending)
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
