import { expect, test, type Page } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { createDemoSession, uniqueMobile, useSession } from './support/session'

// The e2e server runs with SANDBOX=1: every screen says payments and texts are simulated.
const DEMO = /^Demo: payments and texts are simulated$/
const MENU = '/restaurant/empire-burger/menu/pickup'

/**
 * The marker is on the screen, once, named and worded, at the very top; it covers nothing and
 * nothing covers it; the marker itself passes axe (whole screens are axe's in a11y-all-routes.spec.ts
 * and each screen's own spec); a screenshot of the screen as it opens.
 */
async function expectMarker(page: Page, name: string) {
  const marker = page.getByRole('note', { name: DEMO })
  // The marker heads the page (it is in the flow, not fixed): look from the top.
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(marker).toHaveCount(1)
  await expect(marker).toBeVisible()
  await expect(marker).toHaveText('DemoPayments and texts are simulated')
  expect(await seriousViolations(page, '[role="note"]'), name).toEqual([])
  const layout = await marker.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const overlaps = [...document.querySelectorAll('body *')]
      .filter((other) => !element.contains(other) && !other.contains(element))
      .filter((other) => {
        const style = getComputedStyle(other)
        return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0
      })
      .map((other) => ({ other, rect: other.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && rect.height > 0 && rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top)
      .map(({ other }) => `${other.tagName.toLowerCase()}${other.className ? `.${String(other.className).split(' ')[0]}` : ''}`)
    const centre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return { top: box.top + window.scrollY, height: box.height, width: box.width, overlaps, onTop: element.contains(centre) }
  })
  // At the top of the page, one slim line at every width, clear of everything else.
  expect(layout.top, name).toBe(0)
  expect(layout.height, name).toBeLessThanOrEqual(32)
  expect(layout.width, name).toBe(page.viewportSize()!.width)
  expect(layout.overlaps, name).toEqual([])
  expect(layout.onTop, name).toBe(true)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), name).toBeLessThanOrEqual(0)
  const width = page.viewportSize()!.width
  await page.screenshot({ path: test.info().outputPath(`demo-marker-${name}-${width}.png`) })
}

// 375 px runs in the mobile project (a phone's viewport, overlay scrollbars, touch), 1280 px on the desktop.
for (const [width, tag] of [
  [375, ' @mobile'],
  [1280, ''],
] as const) {
  test.describe(`the Demo marker of a sandbox server at ${width} px${tag}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
    })

    test(`is in the static pages as built, without a script, above the site header${tag}`, async ({ page, request }) => {
      const html = await (await request.get('/')).text()
      expect(html).toMatch(/role="note" aria-label="Demo: payments and texts are simulated"[^>]*>.*Demo<\/span>.*Payments and texts are simulated</)
      expect(html.indexOf('aria-label="Demo: payments')).toBeLessThan(html.indexOf('<header'))
      await page.goto('/')
      await expectMarker(page, 'home')
      await page.goto('/restaurant/empire-burger/details')
      await expectMarker(page, 'details')
    })

    test(`is on every app screen, asked of the server once: sign-in, menu, item, cart and checkout${tag}`, async ({ page }) => {
      const configReads: string[] = []
      page.on('request', (sent) => {
        if (new URL(sent.url()).pathname === '/api/config') configReads.push(sent.url())
      })
      await page.goto('/signin')
      await expectMarker(page, 'signin')
      expect(configReads).toHaveLength(1)

      await useSession(page, await createDemoSession(page.request, { firstName: 'Della', lastName: 'Demo', mobilePhone: uniqueMobile() }))
      configReads.length = 0
      await page.goto(MENU)
      await expect(page.getByRole('heading', { level: 1, name: 'Empire Burger' })).toBeVisible()
      await expectMarker(page, 'menu')

      const dish = page.getByRole('article', { name: 'Western Omelette', exact: true }).getByRole('link', { name: 'Western Omelette' })
      const dishPage = (await dish.getAttribute('href'))!
      // On the menu a dish opens as a sheet over it (the marker stays on the page behind); its own page is checked below.
      await dish.click()
      await expect(page.getByRole('dialog', { name: 'Western Omelette' })).toBeVisible()
      await page.getByRole('dialog', { name: 'Western Omelette' }).getByRole('button', { name: 'Add to order' }).click()
      await page.getByRole('complementary', { name: 'Your cart' }).getByRole('link', { name: 'View cart' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible()
      await expectMarker(page, 'cart')

      const summary = page.getByRole('complementary', { name: 'Order summary' })
      await summary.getByRole('link', { name: 'Review your order' }).click()
      await summary.getByRole('button', { name: 'Place order' }).click()
      await expect(page.getByRole('region', { name: 'Pay for your order' })).toBeVisible()
      await expectMarker(page, 'checkout')
      // The screens changed in the app, not by loading pages: the server was asked once.
      expect(configReads).toHaveLength(1)

      await page.goto(dishPage)
      await expect(page.getByRole('heading', { level: 1, name: 'Western Omelette' })).toBeVisible()
      await expectMarker(page, 'item')
    })
  })
}
