import { expect, test, type Locator, type Page } from '@playwright/test'
import { createDemoSession, useSession, type DemoSession } from './support/session'

// The main screens as pictures (tests/visual/*.png), at 375 and 1280 px: a layout that breaks, a
// control that moves or a colour that changes fails here before a diner sees it. What changes from
// run to run is fixed (the browser's clock) or masked (`time` and `[data-volatile]` elements). A
// placed order's page changes by the second (its status, times and number) and is left to
// tests/order-page.spec.ts. After an intended change:
// `npm run test:e2e -- tests/visual.spec.ts --update-snapshots`, then look at every new picture.

/** Demo data of this file only: its own diner (the exchange digit 5 is never used by uniqueMobile). */
const DINER = { firstName: 'Vera', lastName: 'Visual', mobilePhone: '+14155000001' }
const SLUG = 'empire-burger'

type Screen = {
  name: string
  /** Opens the screen; returns what to mask. */
  open: (page: Page, diner: DemoSession) => Promise<Locator[]>
  /** Only the top of the page, down to this many pixels. */
  top?: number
}

const volatile = (page: Page) => [page.locator('time'), page.locator('[data-volatile]')]

/**
 * A Wednesday at noon in San Francisco (3 PM in New York), fixed in the browser: opening hours,
 * "Open now" and pickup times then read the same on every run. Menus and carts are Olive Tree West
 * Village's, where no other test orders, so its Popular dishes and stock stay the seed's.
 */
const FIXED_NOON = new Date('2026-12-02T20:00:00Z')
const QUIET = 'olive-tree-west-village'

const SCREENS: Screen[] = [
  {
    name: 'home',
    open: async (page) => {
      await page.clock.setFixedTime(FIXED_NOON)
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1, name: 'Find a restaurant' })).toBeVisible()
      return volatile(page)
    },
    // The restaurants below change as other tests add some (see the city page instead).
    top: 400,
  },
  {
    name: 'city',
    open: async (page) => {
      await page.clock.setFixedTime(FIXED_NOON)
      await page.goto('/restaurants/city/san-francisco')
      await expect(page.locator('[data-open-status]').first()).not.toHaveText('Opening hours')
      return volatile(page)
    },
  },
  {
    name: 'menu',
    open: async (page) => {
      await page.clock.setFixedTime(FIXED_NOON)
      await page.goto(`/restaurant/${QUIET}/menu/pickup`)
      await expect(page.getByRole('heading', { level: 2, name: 'Popular' })).toBeVisible()
      await expect(page.locator('img:visible').first()).toBeVisible()
      return volatile(page)
    },
  },
  {
    name: 'cart',
    open: async (page) => {
      await page.clock.setFixedTime(FIXED_NOON)
      await page.goto(`/restaurant/${QUIET}/menu/pickup`)
      await page.getByRole('article', { name: 'Margherita', exact: true }).getByRole('link', { name: 'Margherita' }).click()
      const sheet = page.getByRole('dialog', { name: 'Margherita' })
      await sheet.getByRole('button', { name: 'Add to order' }).click()
      await expect(sheet).toBeHidden()
      await page.getByRole('complementary', { name: 'Your cart' }).getByRole('link', { name: 'View cart' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible()
      // The "added" toast leaves by itself some seconds later: dismissed, so the picture never catches it half-way.
      const toasts = page.getByRole('button', { name: 'Dismiss notification' })
      // A toast may leave by itself between the count and the click: then there is nothing to click.
      while ((await toasts.count()) > 0) await toasts.first().click({ timeout: 1000 }).catch(() => undefined)
      await page.evaluate(() => window.scrollTo(0, 0))
      return volatile(page)
    },
  },
  {
    name: 'sign-in',
    open: async (page) => {
      await page.goto('/signin')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      return volatile(page)
    },
  },
  {
    name: 'account',
    open: async (page, diner) => {
      await useSession(page, diner)
      await page.goto('/account')
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      return volatile(page)
    },
  },
]

for (const [width, height, tag] of [
  [1280, 800, ''],
  [375, 740, ' @mobile'],
] as const) {
  test.describe(`main screens at ${width} px${tag}`, () => {
    for (const screen of SCREENS) {
      test(`${screen.name} looks as it did`, async ({ page }) => {
        await page.setViewportSize({ width, height })
        const diner = await createDemoSession(page.request, DINER)
        const mask = await screen.open(page, diner)
        await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0)
        const clip = screen.top ? { x: 0, y: 0, width, height: screen.top } : undefined
        await expect(page).toHaveScreenshot(`${screen.name}-${width}.png`, { mask, clip })
      })
    }
  })
}
