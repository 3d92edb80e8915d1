import { expect, test, type Locator, type Page } from '@playwright/test'
import { menuOf, restaurantOf } from './support/api'
import { payThroughApi, placeOrderThroughApi } from './support/orders'
import { createDemoSession, useSession, type DemoSession } from './support/session'

// The main screens as pictures (tests/visual/*.png), at 375 and 1280 px: a layout that breaks, a
// control that moves or a colour that changes fails here before a diner sees it. What changes from
// run to run — times, dates, order numbers, live status — is masked. After an intended change:
// `npm run test:e2e -- tests/visual.spec.ts --update-snapshots`, then look at every new picture.

/** Demo data of this file only: its own diner (the exchange digit 5 is never used by uniqueMobile). */
const DINER = { firstName: 'Vera', lastName: 'Visual', mobilePhone: '+14155000001' }
const SLUG = 'empire-burger'

type Screen = {
  name: string
  /** Opens the screen; returns what to mask. */
  open: (page: Page, diner: DemoSession) => Promise<Locator[]>
}

const volatile = (page: Page) => [page.locator('time'), page.locator('[data-volatile]')]

const SCREENS: Screen[] = [
  {
    name: 'home',
    open: async (page) => {
      await page.goto('/')
      await expect(page.locator('h1').first()).toBeVisible()
      return volatile(page)
    },
  },
  {
    name: 'menu',
    open: async (page) => {
      await page.goto(`/restaurant/${SLUG}/menu/pickup`)
      await expect(page.getByRole('article').first()).toBeVisible()
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
    name: 'order',
    open: async (page, diner) => {
      const { request } = page
      const restaurant = await restaurantOf(request, SLUG)
      const dish = (await menuOf(request, SLUG, 'pickup')).items.find((item) => item.name === 'Patty Melt')!
      const order = await placeOrderThroughApi(request, diner, { locationId: restaurant.id, orderTypeCode: 'pickup', items: [{ itemId: dish.id, quantity: 2 }] })
      await payThroughApi(request, diner, order.orderId)
      await page.goto(`/restaurant/${SLUG}/order/${order.orderId}`)
      await expect(page.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible()
      return [...volatile(page), page.getByRole('heading', { level: 1 }), page.getByTestId('order-status')]
    },
  },
  {
    name: 'account',
    open: async (page) => {
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
        await useSession(page, diner)
        const mask = await screen.open(page, diner)
        await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0)
        await expect(page).toHaveScreenshot(`${screen.name}-${width}.png`, { mask })
      })
    }
  })
}
