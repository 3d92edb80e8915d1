import { expect, test, type Page } from '@playwright/test'
import { seriousViolations } from './support/axe'

// The e2e server runs with SANDBOX=1: every header of the platform says payments and texts are simulated.
const DEMO = /^Demo: payments and texts are simulated$/

async function expectMarker(page: Page, name: string) {
  const header = page.getByRole('banner')
  const marker = header.getByRole('note', { name: DEMO })
  await expect(marker).toBeVisible()
  await expect(marker).toHaveText('Demo')
  // The brand link keeps its own name; the marker sits beside it, not inside.
  await expect(header.getByRole('link', { name: 'Tablefront home' })).toBeVisible()
  expect(await seriousViolations(page), name).toEqual([])
  const width = page.viewportSize()!.width
  // The marker keeps clear of the brand's text and of the account link at every width.
  const [brand, badge, account] = await Promise.all([
    header.getByRole('link', { name: 'Tablefront home' }).boundingBox(),
    marker.boundingBox(),
    header.getByRole('link', { name: 'Account' }).boundingBox(),
  ])
  expect(badge!.x).toBeGreaterThanOrEqual(brand!.x + brand!.width + 4)
  expect(badge!.x + badge!.width).toBeLessThanOrEqual(account!.x - 4)
  await header.screenshot({ path: test.info().outputPath(`demo-marker-${name}-${width}.png`) })
  await page.screenshot({ path: test.info().outputPath(`demo-marker-${name}-${width}-page.png`) })
}

for (const tag of ['', ' @mobile']) {
  test.describe(`the Demo marker of a sandbox server${tag}`, () => {
    test(`is in the static pages’ header as built, without a script${tag}`, async ({ page, request }) => {
      const html = await (await request.get('/')).text()
      expect(html).toMatch(/role="note" aria-label="Demo: payments and texts are simulated"[^>]*>Demo</)
      await page.goto('/')
      await expectMarker(page, 'home')
    })

    test(`is in the app’s site header once the server said it is a sandbox${tag}`, async ({ page }) => {
      await page.goto('/signin')
      await expectMarker(page, 'signin')
    })
  })
}
