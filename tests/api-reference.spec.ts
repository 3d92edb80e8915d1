import { expect, test } from '@playwright/test'

test('the API reference page shows the endpoint map in Swagger UI, with no script blocked by the CSP, at 375 and 1280 px', async ({ page }, testInfo) => {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/api/reference')
    await expect(page.getByRole('heading', { name: /Tablefront API/ })).toBeVisible()
    // Every tag listed, the last ones too (the page once stopped rendering part-way through a long document).
    for (const tag of ['order-history', 'kitchen', 'host-stand', 'floor']) await expect(page.locator('.opblock-tag', { hasText: new RegExp(`^${tag}`) })).toBeVisible()
    // A tag opens to its operations.
    await page.locator('.opblock-tag', { hasText: /^favourites/ }).click()
    await expect(page.locator('.opblock-summary-path', { hasText: '/favourites' }).first()).toBeVisible()
    const widest = await page.evaluate(() => document.documentElement.scrollWidth)
    if (width === 375) expect(widest, 'no sideways scroll at 375 px').toBeLessThanOrEqual(375)
    await page.screenshot({ path: testInfo.outputPath(`api-reference-${width}.png`), fullPage: false })
  }
  expect(problems).toEqual([])
})
