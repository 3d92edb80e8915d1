import { expect, test, type APIRequestContext } from '@playwright/test'
import type { OutboxResponse } from '@/shared/api/contracts/auth'
import type { OrderDetail } from '@/shared/api/contracts/ordering'
import { menuOf, restaurantOf } from './support/api'
import { seriousViolations } from './support/axe'
import { payThroughApi, placeOrderThroughApi } from './support/orders'
import { uniqueMobile, type DemoSession } from './support/session'

// Empire Burger is open around the clock and delivers; the door is ~2 km away.
const SLUG = 'empire-burger'
const DOOR = { lat: 40.7752, lng: -73.9712 }

const textsTo = async (request: APIRequestContext, phone: string) =>
  ((await (await request.get(`/api/dev/outbox?phone=${encodeURIComponent(phone)}`)).json()) as OutboxResponse).messages.map((message) => message.body)

/** The newest text to `phone` matching `pattern`, waited for. */
async function textMatching(request: APIRequestContext, phone: string, pattern: RegExp): Promise<string> {
  let found: string | undefined
  await expect.poll(async () => (found = (await textsTo(request, phone)).find((body) => pattern.test(body))), { timeout: 20_000 }).toBeDefined()
  return found!
}

/** A verified guest, as the guest code flow leaves one: its guest token stands in for a session in the API helpers. */
async function verifiedGuest(request: APIRequestContext, phone: string): Promise<DemoSession> {
  const sent = await request.post('/api/customer/sendSMS', { data: { fullName: 'Gia Guest', mobile: phone, countryCode: 'US' } })
  expect(sent.status(), await sent.text()).toBeLessThan(300)
  const code = /\b(\d{6})\b/.exec(await textMatching(request, phone, /\b\d{6}\b/))![1]!
  const verified = await request.post('/api/customer/validateOTP/v2', { data: { mobile: phone, otp: code, purpose: 'guest' } })
  expect(verified.status(), await verified.text()).toBe(200)
  const { guestToken, userId } = (await verified.json()) as { guestToken: string; userId: string }
  return { userId, accessToken: guestToken, refreshToken: '', userDetails: { customerId: userId, firstName: 'Gia', lastName: 'Guest', email: null, mobilePhone: phone } }
}

test('a guest pays and follows the order to done from the text’s link: the number, live status with its sentence, the ETA, what comes next', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000)
  const phone = uniqueMobile()
  const guest = await verifiedGuest(request, phone)
  const restaurant = await restaurantOf(request, SLUG)
  const dish = (await menuOf(request, SLUG, 'delivery')).items.find((item) => item.name === 'Patty Melt')!
  const order: OrderDetail = await placeOrderThroughApi(request, guest, {
    locationId: restaurant.id,
    orderTypeCode: 'delivery',
    items: [{ itemId: dish.id, quantity: 1 }],
    deliveryLocation: DOOR,
    deliveryAddress: { addressLine1: '200 Central Park West', addressLine2: 'Apt 4B' },
    guest: { fullName: 'Gia Guest', phone },
  })
  expect(order.orderNumber).toBeGreaterThanOrEqual(1)
  await payThroughApi(request, guest, order.orderId)

  // The text carries a short, unguessable link, never the order's id.
  const confirmed = await textMatching(request, phone, /Follow it here:/)
  expect(confirmed).toContain(`#${order.orderNumber}`)
  expect(confirmed).not.toContain(order.orderId)
  const link = /(https?:\/\/\S+)$/.exec(confirmed)![1]!
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(new URL(link).pathname)

  await expect(page).toHaveURL(new RegExp(`/restaurant/${SLUG}/order/${order.orderId}$`))
  await expect(page.getByRole('heading', { level: 1, name: `Order #${order.orderNumber}` })).toBeVisible()
  const status = page.getByRole('region', { name: 'Order status' })
  await expect(status).toContainText(/Arriving (in \d+ min|in \d+ h|any minute now)/)
  await expect(page.getByRole('region', { name: 'What’s next' })).toContainText(`We text (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`)
  await expect(page.getByRole('link', { name: 'Get help with this order' })).toBeVisible()
  await expect(page.getByRole('article', { name: `Receipt of order #${order.orderNumber}` })).toContainText('Patty Melt')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('order-page-375.png'), fullPage: true })

  // Nothing reloads the page: the stream moves it on, to the courier and to the door.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
  await expect(status.getByRole('status')).toHaveText('Out for Delivery', { timeout: 30_000 })
  await expect(status).toContainText('Your courier is on the way.')
  expect(await textMatching(request, phone, /is on its way/)).toContain(new URL(link).pathname)
  await expect(status.getByRole('status')).toHaveText('Order Delivered', { timeout: 45_000 })
  await expect(status).toContainText('Your order was delivered. Enjoy!')
  await expect(page.getByRole('link', { name: 'Rate your order' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)

  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: testInfo.outputPath('order-page-1280.png'), fullPage: true })
})
