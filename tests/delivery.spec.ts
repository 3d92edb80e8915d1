import { expect, test, type Page } from '@playwright/test'
import type { OrderDetail, PaymentResult } from '@/shared/api/contracts/ordering'
import { SANDBOX_TOKENIZE_AUTHORIZATION } from '@/shared/api/contracts/card-provider'
import { DEFAULT_PAYLOAD_KEY } from '@/shared/config/constants'
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'
import { encryptedCall, menuOf, restaurantOf } from './support/api'
import { seriousViolations } from './support/axe'
import { createDemoSession, uniqueMobile, useSession, type DemoSession } from './support/session'

// Empire Burger is open around the clock and delivers (DASHR, PORTR within 6 km); the door is ~2 km away.
const SLUG = 'empire-burger'
const DOOR = { lat: 40.7752, lng: -73.9712 }

/** A signed-in diner's delivery order of a Patty Melt, paid with the sandbox card 4242 4242 4242 4242. */
async function deliveryOrderPaid(page: Page, session: DemoSession): Promise<OrderDetail> {
  const auth = { Authorization: `Bearer ${session.accessToken}` }
  const restaurant = await restaurantOf(page.request, SLUG)
  const menu = await menuOf(page.request, SLUG, 'delivery')
  const item = menu.items.find((dish) => dish.name === 'Patty Melt')!
  const placed = await page.request.post('/api/order/customer/createOrder', {
    data: {
      data: encryptPayload(
        {
          locationId: restaurant.id,
          orderTypeCode: 'delivery',
          items: [{ itemId: item.id, quantity: 2 }],
          deliveryLocation: DOOR,
          deliveryAddress: { addressLine1: '200 Central Park West', addressLine2: 'Apt 4B' },
        },
        DEFAULT_PAYLOAD_KEY,
      ),
    },
    headers: auth,
  })
  const placedText = await placed.text()
  expect(placed.status(), placedText).toBe(201)
  const order = decryptPayload(placedText, DEFAULT_PAYLOAD_KEY) as OrderDetail
  const tokenized = await page.request.post('/api/provider/sandbox/tokenize', {
    data: { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
    headers: { Authorization: SANDBOX_TOKENIZE_AUTHORIZATION },
  })
  expect(tokenized.status()).toBe(201)
  const { token } = (await tokenized.json()) as { token: string }
  const authorized = await encryptedCall<PaymentResult>(page.request, '/payment/v2/authorize', { orderId: order.orderId, cardToken: token }, auth)
  expect(authorized.paymentStatus).toBe('18')
  const collected = await encryptedCall<PaymentResult>(page.request, '/payment/collect-payment', { orderId: order.orderId }, auth)
  expect(collected.paymentStatus).toBe('19')
  return order
}

const courierAt = async (page: Page) => {
  const frame = page.locator('[data-courier-lat]')
  return `${await frame.getAttribute('data-courier-lat')},${await frame.getAttribute('data-courier-lng')}`
}

test.describe('live delivery tracking', () => {
  test('the courier marker moves on the map without a reload until "Order Delivered"', async ({ page }) => {
    test.setTimeout(60_000)
    const session = await createDemoSession(page.request, { firstName: 'Dina', lastName: 'Diner', mobilePhone: uniqueMobile() })
    await useSession(page, session)
    const order = await deliveryOrderPaid(page, session)

    await page.goto(`/MyOrders/OrderSummary/${order.orderId}`)
    await page.getByRole('link', { name: 'Track on the map' }).click()
    await expect(page).toHaveURL(new RegExp(`/restaurant/${SLUG}/tracker/${order.orderId}$`))
    await expect(page.getByRole('heading', { level: 1, name: /Track your order/ })).toBeVisible()
    const map = page.getByRole('region', { name: /Map of the delivery from Empire Burger/ })
    await expect(map).toBeVisible()
    await expect(map.getByTitle('Delivery address')).toBeVisible()

    const status = page.getByTestId('tracking-status')
    await expect(status).toHaveText('Out for Delivery', { timeout: 20_000 })
    const courier = map.getByTitle('Courier')
    await expect(courier).toBeVisible()
    const firstPosition = await courierAt(page)
    const firstTransform = await courier.evaluate((marker) => (marker as HTMLElement).style.transform)
    await expect.poll(() => courierAt(page), { timeout: 8_000 }).not.toBe(firstPosition)
    await expect.poll(() => courier.evaluate((marker) => (marker as HTMLElement).style.transform)).not.toBe(firstTransform)

    const card = page.getByRole('region', { name: 'Your delivery' })
    await expect(card.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+/)
    await expect(page.getByTestId('tracking-eta')).toContainText('Arriving by')
    expect(await seriousViolations(page)).toEqual([])

    await expect(status).toHaveText('Order Delivered', { timeout: 30_000 })
    const progress = page.getByRole('region', { name: 'Order status' })
    await expect(progress.locator('[aria-current="step"]')).toHaveText(/Order Delivered/)
    await expect(await courierAt(page)).toBe(`${DOOR.lat},${DOOR.lng}`)

    // Feedback after the delivery: every rating, then the spec's message.
    await page.goto(`/order/${order.orderId}/CD/feedbacks`)
    const form = page.getByRole('form', { name: 'Your feedback' })
    const groups = form.getByRole('group')
    await expect(groups.first()).toBeVisible()
    const count = await groups.count()
    for (let index = 0; index < count; index++) await groups.nth(index).getByText('★').nth(3).click()
    await form.getByRole('button', { name: 'Submit feedback' }).click()
    await expect(page.getByText('Feedback Submitted Successfully')).toBeVisible()
  })

  test('the order page of a delivery shows the map and the receipt at 375 px @mobile', async ({ page }) => {
    const session = await createDemoSession(page.request, { firstName: 'Milo', lastName: 'Diner', mobilePhone: uniqueMobile() })
    await useSession(page, session)
    const order = await deliveryOrderPaid(page, session)

    await page.goto(`/restaurant/${SLUG}/order/${order.orderId}`)
    await expect(page.getByRole('heading', { level: 1, name: `Order #${order.orderNumber}` })).toBeVisible()
    await expect(page.getByRole('region', { name: /Map of the delivery/ })).toBeVisible({ timeout: 15_000 })
    await expect(page.getByRole('article', { name: /^Receipt of order/ })).toContainText('2 × Patty Melt')
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(375)
    expect(await seriousViolations(page)).toEqual([])

    await expect(page.getByRole('link', { name: 'Track on the map' })).toHaveAttribute('href', `/restaurant/${SLUG}/tracker/${order.orderId}`)
  })
})
