import { expect, test } from '@playwright/test'
import { menuOf, restaurantOf } from './support/api'
import { seriousViolations } from './support/axe'
import { payThroughApi, placeOrderThroughApi } from './support/orders'
import { createDemoSession, uniqueMobile, useSession } from './support/session'
import { staffSignOutOnScreen } from './support/staff'

// Empire Burger is open around the clock. Its kitchen signs in first: a location with staff on shift
// is not moved by the sandbox kitchen (docs/kitchen.md), so only the kitchen's taps move the order.
const SLUG = 'empire-burger'

test('a diner orders, the kitchen sees it arrive, bumps it to Ready (with an undo on the way) and the diner’s order page shows it live', async ({ browser, request }, testInfo) => {
  test.setTimeout(40_000)
  const kitchenContext = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true })
  const dinerContext = await browser.newContext({ viewport: { width: 375, height: 800 } })
  const kitchen = await kitchenContext.newPage()
  const diner = await dinerContext.newPage()
  try {
    await kitchen.goto('/staff')
    await kitchen.getByLabel('Email').fill(`kitchen@${SLUG}.demo`)
    await kitchen.getByLabel('Password', { exact: true }).fill('tablefront-demo')
    await kitchen.getByRole('button', { name: 'Sign in' }).click()
    await expect(kitchen).toHaveURL(/\/staff\/kitchen$/)
    await expect(kitchen.getByRole('heading', { level: 1, name: 'Kitchen' })).toBeVisible()
    const newColumn = kitchen.getByTestId('kitchen-column-new')
    await expect(newColumn).toBeVisible()

    const session = await createDemoSession(request, { firstName: 'Kit', mobilePhone: uniqueMobile() })
    const restaurant = await restaurantOf(request, SLUG)
    const dish = (await menuOf(request, SLUG, 'pickup')).items.find((item) => item.name === 'Patty Melt')!
    const order = await placeOrderThroughApi(request, session, {
      locationId: restaurant.id,
      orderTypeCode: 'pickup',
      items: [{ itemId: dish.id, quantity: 2, comment: 'no onions' }],
      tip: { tipType: 'NONE', value: 0 },
    })
    await payThroughApi(request, session, order.orderId)
    const title = `#${order.orderNumber}`

    await useSession(diner, session)
    await diner.goto(`/restaurant/${SLUG}/order/${order.orderId}`)
    const status = diner.getByRole('region', { name: 'Order status' })
    await expect(status.getByRole('status')).toHaveText('In Queue')
    await diner.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))

    // The new order arrives live: a card in New, highlighted, counted and announced.
    const card = kitchen.getByRole('article', { name: title, exact: true })
    await expect(newColumn.getByRole('article', { name: title, exact: true })).toBeVisible()
    await expect(card).toHaveAttribute('data-fresh', 'true')
    await expect(card).toContainText('2× Patty Melt')
    await expect(card).toContainText('no onions')
    await expect(card).toContainText('Kit')
    await expect(kitchen.getByTestId('kitchen-new-count')).not.toHaveText('0 new')
    await expect(kitchen.getByTestId('kitchen-announcement')).toContainText(title)

    await kitchen.getByRole('button', { name: `Accept: ${title}`, exact: true }).click()
    await expect(kitchen.getByTestId('kitchen-column-accepted').getByRole('article', { name: title, exact: true })).toBeVisible()
    await kitchen.getByRole('button', { name: `Start: ${title}`, exact: true }).click()
    // A wrong tap is taken back within its window.
    await expect(kitchen.getByRole('status').filter({ hasText: `${title} → In Progress` })).toBeVisible()
    await kitchen.getByRole('button', { name: /^Undo/ }).click()
    await expect(kitchen.getByTestId('kitchen-column-accepted').getByRole('article', { name: title, exact: true })).toBeVisible()
    await kitchen.getByRole('button', { name: `Start: ${title}`, exact: true }).click()
    await expect(kitchen.getByTestId('kitchen-column-in_progress').getByRole('article', { name: title, exact: true })).toBeVisible()
    await kitchen.getByRole('button', { name: `Ready: ${title}`, exact: true }).click()
    await expect(kitchen.getByTestId('kitchen-column-ready').getByRole('article', { name: title, exact: true })).toBeVisible()

    // The diner's page follows without a reload.
    await expect(status.getByRole('status')).toHaveText('Order Ready', { timeout: 10_000 })
    expect(await diner.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)

    expect(await seriousViolations(kitchen)).toEqual([])
    await kitchen.screenshot({ path: testInfo.outputPath('staff-kitchen-1024.png') })
    // The stock panel and the pause's question, looked at and left as they were (other tests order Patty Melts here).
    await kitchen.getByRole('button', { name: 'Stock' }).click()
    const stock = kitchen.getByRole('dialog', { name: /^Stock/ })
    await stock.getByRole('searchbox', { name: 'Search dishes' }).fill('patty')
    await expect(stock.getByRole('switch', { name: 'Patty Melt: available' })).toBeChecked()
    expect(await seriousViolations(kitchen)).toEqual([])
    await kitchen.screenshot({ path: testInfo.outputPath('staff-kitchen-stock-1024.png') })
    await stock.getByRole('button', { name: 'Done' }).click()
    await kitchen.getByRole('switch', { name: 'Online ordering on' }).click()
    await expect(kitchen.getByRole('dialog', { name: 'Pause online ordering?' })).toBeVisible()
    await kitchen.getByRole('button', { name: 'Keep taking orders' }).click()
    await expect(kitchen.getByRole('switch', { name: 'Online ordering on' })).toBeChecked()
    await kitchen.setViewportSize({ width: 375, height: 800 })
    await kitchen.getByRole('tab', { name: /Ready/ }).click()
    await expect(kitchen.getByTestId('kitchen-column-ready').getByRole('article', { name: title, exact: true })).toBeVisible()
    expect(await kitchen.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    expect(await seriousViolations(kitchen)).toEqual([])
    await kitchen.screenshot({ path: testInfo.outputPath('staff-kitchen-375.png'), fullPage: true })
  } finally {
    // Signing out ends the shift, so the sandbox kitchen moves Empire Burger's orders again for the other tests.
    await staffSignOutOnScreen(kitchen)
    await kitchenContext.close()
    await dinerContext.close()
  }
})
