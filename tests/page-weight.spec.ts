import { expect, test } from '@playwright/test'
import { menuOf, restaurantOf } from './support/api'
import { payThroughApi, placeOrderThroughApi } from './support/orders'
import { measurePageWeight, type PageWeight } from './support/page-weight'
import { createDemoSession, uniqueMobile, useSession } from './support/session'

/** The app screens' budget (docs/decisions.md "JS budgets"): what a first visit to a screen downloads, gzipped. */
const APP_BUDGET_BYTES = 180 * 1024
const SLUG = 'empire-burger'

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const heaviest = (weight: PageWeight) =>
  [...weight.scripts]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, 12)
    .map((script) => `${new URL(script.url).pathname.replace('/_astro/', '')} ${kb(script.gzipBytes)}`)
    .join(', ')

test(`every main app screen ships at most ${APP_BUDGET_BYTES / 1024} KB of gzipped JavaScript on a fresh load`, async ({ page, request, browser }) => {
  test.setTimeout(90_000)
  const weights: { screen: string; weight: PageWeight }[] = []
  const measure = async (screen: string, path: string, ready: () => Promise<void>, on = page) => {
    weights.push({ screen, weight: await measurePageWeight(on, path, ready) })
  }
  const heading = (name: string | RegExp, on = page) => () => expect(on.getByRole('heading', { level: 1, name })).toBeVisible()

  // Sign-in is for a visitor who is not signed in yet.
  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()
  await measure('/signin', '/signin', heading(/Sign in/, visitorPage), visitorPage)
  await visitor.close()

  const session = await createDemoSession(request, { firstName: 'Bea', lastName: 'Budget', mobilePhone: uniqueMobile() })
  const restaurant = await restaurantOf(request, SLUG)
  const dish = (await menuOf(request, SLUG, 'pickup')).items.find((item) => item.name === 'Patty Melt')!
  const order = await placeOrderThroughApi(request, session, { locationId: restaurant.id, orderTypeCode: 'pickup', items: [{ itemId: dish.id, quantity: 1 }] })
  await payThroughApi(request, session, order.orderId)
  // A delivery's order page also shows the courier on a map (Leaflet, loaded with it).
  const delivery = await placeOrderThroughApi(request, session, {
    locationId: restaurant.id,
    orderTypeCode: 'delivery',
    items: [{ itemId: dish.id, quantity: 1 }],
    deliveryLocation: { lat: 40.7752, lng: -73.9712 },
    deliveryAddress: { addressLine1: '200 Central Park West', addressLine2: 'Apt 4B' },
  })
  await payThroughApi(request, session, delivery.orderId)
  await useSession(page, session)

  await measure('/search', '/search', () => expect(page.getByRole('combobox', { name: 'Search restaurants, cuisines and dishes' })).toBeVisible())
  await measure('menu', `/restaurant/${SLUG}/menu/pickup`, () => expect(page.getByTestId('menu-item').first()).toBeVisible())
  await measure('item page', `/menu/pickup/${dish.slug}`, heading(dish.name))
  await page.getByRole('button', { name: 'Add to order' }).click()
  await expect(page).toHaveURL(new RegExp(`/restaurant/${SLUG}/menu/pickup$`))
  const cartTypes = () => page.getByRole('group', { name: 'How you get your order' })
  await measure('cart, pickup', `/restaurant/${SLUG}/cart`, () => expect(cartTypes().getByRole('radio', { name: 'Pickup' })).toBeChecked())
  await cartTypes().getByRole('radio', { name: 'Delivery' }).check()
  await measure('cart, delivery', `/restaurant/${SLUG}/cart`, () => expect(page.getByRole('combobox', { name: 'Street address' })).toBeVisible())
  await measure('order page, pickup', `/restaurant/${SLUG}/order/${order.orderId}`, () =>
    expect(page.getByRole('article', { name: `Receipt of order #${order.orderNumber}` })).toContainText(dish.name),
  )
  await measure('order page, delivery', `/restaurant/${SLUG}/order/${delivery.orderId}`, () =>
    expect(page.getByRole('article', { name: `Receipt of order #${delivery.orderNumber}` })).toContainText(dish.name),
  )
  await measure('/account', '/account', () => expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible())
  await measure('/account/Profile', '/account/Profile', () => expect(page.getByText('Bea Budget').first()).toBeVisible())
  await measure('/Reservation', '/Reservation?restaurant=olive-tree-soma', heading(/./))
  await measure('/checkin', `/checkin?restaurant=${SLUG}`, heading(/./))
  await measure('/offers', '/offers', heading(/Offers/))

  const table = weights.map(({ screen, weight }) => `${screen.padEnd(20)} ${kb(weight.gzipBytes).padStart(9)}  ${heaviest(weight)}`).join('\n')
  test.info().annotations.push({ type: 'page weights', description: table })
  console.log(table)
  for (const { screen, weight } of weights) {
    expect(weight.renderBlocking, screen).toEqual([])
    expect(weight.gzipBytes, `${screen}: ${kb(weight.gzipBytes)} — ${heaviest(weight)}`).toBeLessThanOrEqual(APP_BUDGET_BYTES)
  }
})

test('a lazy chunk preloads only modules the page has not loaded yet (scripts/loaded-preloads.mjs)', async ({ page }) => {
  // Each <link rel="modulepreload"> is a DOM insertion and a fetch: one for a module the page already
  // ran is work for nothing before the first screen (docs/app.md, "Start-up work").
  await page.addInitScript(() => {
    const w = window as unknown as { __redundant: string[]; __preloads: number }
    w.__redundant = []
    w.__preloads = 0
    new MutationObserver((records) => {
      const fetched = new Set(performance.getEntriesByType('resource').map((entry) => entry.name))
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLLinkElement) || node.rel !== 'modulepreload') continue
          w.__preloads++
          if (fetched.has(node.href)) w.__redundant.push(new URL(node.href).pathname)
        }
      }
    }).observe(document, { childList: true, subtree: true })
  })
  await page.goto(`/restaurant/${SLUG}/menu/pickup`)
  await expect(page.getByTestId('menu-item').first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  const { redundant, preloads } = await page.evaluate(() => {
    const w = window as unknown as { __redundant: string[]; __preloads: number }
    return { redundant: w.__redundant, preloads: w.__preloads }
  })
  // The menu's lazy chunks do preload what they need beyond their importer.
  expect(preloads).toBeGreaterThan(0)
  expect(redundant).toEqual([])
})
