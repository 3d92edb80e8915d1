import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test'
import type { OrderHistoryResponse } from '@/shared/api/contracts/account'
import type { OutboxResponse } from '@/shared/api/contracts/auth'
import type { Address } from '@/shared/api/contracts/account'
import type { OrderReceipt } from '@/shared/api/contracts/ordering'
import { DEFAULT_PAYLOAD_KEY } from '@/shared/config/constants'
import { decryptPayload } from '@/shared/lib/crypto/payload'
import { encryptedCall } from './support/api'
import { seriousViolations } from './support/axe'
import { createDemoSession, uniqueMobile, useSession, type DemoSession } from './support/session'

/** Paid (or to pay at the restaurant) and in the sandbox kitchen, which may already have moved it on. */
const PAID_AND_MOVING = /^(In Queue|Accepted|In Progress|Order Ready|Completed - Pickup Order)$/

// Empire Burger is open around the clock, so an order can always be placed there.
const MENU = '/restaurant/empire-burger/menu/pickup'
const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' })
const payment = (page: Page) => page.getByRole('region', { name: 'Pay for your order' })

async function signIn(page: Page): Promise<DemoSession> {
  const session = await createDemoSession(page.request, { firstName: 'Paula', lastName: 'Payer', mobilePhone: uniqueMobile() })
  await useSession(page, session)
  return session
}

/** The diner's order history, as My orders reads it. */
async function ordersOf(request: APIRequestContext, session: DemoSession): Promise<OrderHistoryResponse> {
  const response = await request.get(`/api/order/customer/getOrders?search=customerId:${session.userId}&page=0&size=1000&sort=orderTime,desc`, {
    headers: { Authorization: `Bearer ${session.accessToken}` },
  })
  expect(response.status()).toBe(200)
  return decryptPayload(await response.text(), DEFAULT_PAYLOAD_KEY) as OrderHistoryResponse
}

/** A screenshot of the page at 375 and at 1280 px, kept with the test's results; at 375 px nothing scrolls sideways. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true })
    if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${name} at 375 px`).toBeLessThanOrEqual(0)
  }
}

/** The newest code the sandbox texted to `phone`. */
async function codeFor(request: APIRequestContext, phone: string): Promise<string> {
  let messages: OutboxResponse['messages'] = []
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?phone=${encodeURIComponent(phone)}`)
      messages = ((await response.json()) as OutboxResponse).messages
      return messages.length
    })
    .toBeGreaterThanOrEqual(1)
  return /\b(\d{6})\b/.exec(messages[0]!.body)![1]!
}

/** Menu → Western Omelette → cart with an 18 % tip → review → Place order. */
async function placeOmeletteOrder(page: Page, { verified = true } = {}) {
  await page.goto(MENU)
  await page.getByRole('article', { name: 'Western Omelette', exact: true }).getByRole('link', { name: 'Western Omelette' }).click()
  await page.getByRole('button', { name: 'Add to order' }).click()
  await expect(page.getByText('Western Omelette added to your cart')).toBeVisible()
  await page.getByRole('complementary', { name: 'Your cart' }).getByRole('link', { name: 'View cart' }).click()
  await page.locator('section#tip').getByRole('radio', { name: /^18%/ }).check()
  await expect(summary(page).getByTestId('tip')).toHaveText('$2.34')
  await expect(summary(page)).not.toContainText('estimate')
  await summary(page).getByRole('link', { name: 'Review your order' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Review your order' })).toBeVisible()
  // The menu's estimate shows until the restaurant's prices answer: read the final total.
  await expect(summary(page).locator('[data-estimate]')).toHaveCount(0)
  const total = (await summary(page).getByTestId('total').textContent()) ?? ''
  await summary(page).getByRole('button', { name: 'Place order' }).click()
  if (!verified) return total
  await expect(payment(page)).toBeVisible()
  await expect(payment(page).getByTestId('order-total')).toHaveText(total)
  return total
}

async function fillCard(page: Page, number: string) {
  await payment(page).getByLabel('Card number').fill(number)
  await payment(page).getByLabel('Expiry (MM/YY)').fill('12/34')
  await payment(page).getByLabel('Security code (CVC)').fill('123')
}

test.describe('checkout', () => {
  test('a coupon is checked by the server and comes off the subtotal', async ({ page }) => {
    await page.goto(MENU)
    await page.getByRole('article', { name: 'Western Omelette', exact: true }).getByRole('link', { name: 'Western Omelette' }).click()
    await page.getByRole('button', { name: 'Add to order' }).click()
    await page.getByRole('complementary', { name: 'Your cart' }).getByRole('link', { name: 'View cart' }).click()
    await expect(summary(page)).not.toContainText('estimate')
    const code = summary(page).getByLabel('Coupon code')

    await code.fill('NOPE')
    await summary(page).getByRole('button', { name: 'Apply' }).click()
    await expect(summary(page).getByRole('alert')).toHaveText('NOPE is not a valid coupon code.')
    await code.fill('welcome10')
    await summary(page).getByRole('button', { name: 'Apply' }).click()
    await expect(summary(page).getByRole('alert')).toHaveText('Add $2.00 more to use WELCOME10.')

    await page.getByRole('button', { name: 'One more Western Omelette' }).click()
    await expect(summary(page).getByTestId('subtotal')).toHaveText('$26.00')
    await summary(page).getByRole('button', { name: 'Apply' }).click()
    await expect(summary(page).getByText('Coupon WELCOME10 applied')).toBeVisible()
    await expect(summary(page).getByTestId('discount')).toHaveText('-$2.60')
    await summary(page).getByRole('button', { name: 'Remove coupon' }).click()
    await expect(summary(page).getByTestId('discount')).toHaveCount(0)
  })

  test('a signed-in diner places the order, pays by card and lands on the paid order', async ({ page }) => {
    await signIn(page)
    const total = await placeOmeletteOrder(page)
    expect(await seriousViolations(page)).toEqual([])
    await fillCard(page, '4242 4242 4242 4242')
    await payment(page).getByRole('button', { name: `Pay ${total}` }).click()

    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Order status' }).getByRole('status')).toHaveText(PAID_AND_MOVING)
    await expect(page.getByRole('article', { name: /^Receipt of order/ })).toContainText(`Total${total}`)
  })

  test('a declined card shows the server message and the order stays payable, also at the restaurant', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await signIn(page)
    const total = await placeOmeletteOrder(page)
    await fillCard(page, '4000 0000 0000 0341')
    await payment(page).getByRole('button', { name: `Pay ${total}` }).click()
    const alert = payment(page).getByRole('alert')
    await expect(alert).toBeVisible()
    await expect(alert).not.toHaveText(/^(Something went wrong!|Invalid Card Details)$/)
    await expect(page).toHaveURL(/\/checkOut$/)
    expect(await seriousViolations(page)).toEqual([])

    await payment(page).getByRole('radio', { name: 'Pay at the restaurant' }).check()
    await payment(page).getByRole('button', { name: 'Confirm: pay at the restaurant' }).click()
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('region', { name: 'Order status' }).getByRole('status')).toHaveText(PAID_AND_MOVING)
  })

  test('a card that cannot be one says "Invalid Card Details"', async ({ page }) => {
    await signIn(page)
    await placeOmeletteOrder(page)
    await fillCard(page, '4242')
    await payment(page).getByRole('button', { name: /^Pay / }).click()
    await expect(payment(page).getByRole('alert')).toHaveText('Invalid Card Details')
  })

  test('a guest verifies the mobile first, comes back, pays at the restaurant and sees the confirmation', async ({ page, request }) => {
    const mobile = uniqueMobile()
    await placeOmeletteOrder(page, { verified: false })
    await expect(page).toHaveURL(/\/guest$/)
    await page.getByLabel('Full name').fill('Gia Guest')
    await page.getByLabel('Mobile number').fill(mobile.replace(/^\+1/, ''))
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.getByLabel('Verification code').fill(await codeFor(request, mobile))
    await page.getByRole('button', { name: 'Verify', exact: true }).click()

    await expect(page).toHaveURL(/\/checkOut$/)
    await summary(page).getByRole('button', { name: 'Place order' }).click()
    await payment(page).getByRole('radio', { name: 'Pay at the restaurant' }).check()
    await payment(page).getByRole('button', { name: 'Confirm: pay at the restaurant' }).click()
    // The order page is the confirmation: its number, its live status, what comes next.
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Order status' }).getByRole('status')).toHaveText(PAID_AND_MOVING)
  })

  test('a reload at the payment step pays the same order: one order in the diner’s history', async ({ page }, testInfo) => {
    const session = await signIn(page)
    const total = await placeOmeletteOrder(page)
    await expect(payment(page)).toContainText(/Please pay by .+: an order not paid 15 minutes after it was placed is cancelled/)
    await page.reload()
    await expect(payment(page)).toBeVisible()
    await expect(payment(page).getByTestId('order-total')).toHaveText(total)
    await expect(summary(page).getByRole('button', { name: 'Place order' })).toHaveCount(0)
    // Placed is frozen: no quantity, remove or tip controls above the card form, only "Edit order".
    await expect(page.getByRole('button', { name: 'One more Western Omelette' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Remove Western Omelette' })).toHaveCount(0)
    await expect(page.locator('section#tip')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Edit order' })).toBeVisible()
    await screenshots(page, testInfo, 'checkout-resumed')
    expect(await seriousViolations(page)).toEqual([])
    await fillCard(page, '4242 4242 4242 4242')
    await payment(page).getByRole('button', { name: `Pay ${total}` }).click()
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('region', { name: 'Order status' }).getByRole('status')).toHaveText(PAID_AND_MOVING)
    const history = await ordersOf(page.request, session)
    expect(history.totalElements).toBe(1)
    expect(page.url()).toContain(history.content[0]!.orderId)
  })

  test('"Edit order" cancels the unpaid order and gives the cart back to change; placing again makes a new order', async ({ page }) => {
    const session = await signIn(page)
    await placeOmeletteOrder(page)
    await page.getByRole('button', { name: 'Edit order' }).click()
    await expect(summary(page).getByRole('button', { name: 'Place order' })).toBeVisible()
    await page.getByRole('button', { name: 'One more Western Omelette' }).click()
    await expect(page.getByTestId('line-quantity')).toHaveText('2')
    const first = (await ordersOf(page.request, session)).content
    expect(first).toHaveLength(1)
    const cancelled = await encryptedCall<OrderReceipt>(page.request, '/order/customer', { orderId: first[0]!.orderId }, { Authorization: `Bearer ${session.accessToken}` })
    expect(cancelled.status).toBe('8')
  })

  test('a dish added from the menu while the order waits for payment changes nothing: "Pay for it" goes to the payment, "Edit order" cancels it and adds the dish', async ({ page }, testInfo) => {
    const session = await signIn(page)
    await placeOmeletteOrder(page)
    const addFromMenu = async () => {
      await page.goto(MENU)
      await page.getByRole('article', { name: 'Western Omelette', exact: true }).getByRole('link', { name: 'Western Omelette' }).click()
      await page.getByRole('button', { name: 'Add to order' }).click()
      const dialog = page.getByRole('dialog', { name: 'Your order is waiting for payment' })
      await expect(dialog).toBeVisible()
      return dialog
    }
    const dialog = await addFromMenu()
    await screenshots(page, testInfo, 'awaiting-payment-dialog')
    await dialog.getByRole('button', { name: 'Pay for it' }).click()
    await expect(payment(page)).toBeVisible()
    await expect(page.getByTestId('line-quantity')).toHaveText('Quantity × 1')

    await (await addFromMenu()).getByRole('button', { name: 'Edit order' }).click()
    await expect(page.getByText('Western Omelette added to your cart')).toBeVisible()
    const orders = (await ordersOf(page.request, session)).content
    expect(orders).toHaveLength(1)
    const cancelled = await encryptedCall<OrderReceipt>(page.request, '/order/customer', { orderId: orders[0]!.orderId }, { Authorization: `Bearer ${session.accessToken}` })
    expect(cancelled.status).toBe('8')
    await page.getByRole('complementary', { name: 'Your cart' }).getByRole('link', { name: 'View cart' }).click()
    await expect(page.getByTestId('line-quantity')).toHaveText('2')
    await expect(summary(page).getByRole('link', { name: 'Review your order' })).toBeVisible()
  })

  test('a reload between authorizing and collecting completes the payment without asking for a card again', async ({ page }, testInfo) => {
    const session = await signIn(page)
    const total = await placeOmeletteOrder(page)
    // The card is authorized, then the collect never arrives (the connection drops).
    await page.route('**/api/payment/collect-payment', (route) => route.abort())
    await fillCard(page, '4242 4242 4242 4242')
    await payment(page).getByRole('button', { name: `Pay ${total}` }).click()
    await expect(payment(page).getByRole('alert')).toBeVisible()
    await page.unroute('**/api/payment/collect-payment')

    // After the reload the collect is held back until the screen has been looked at.
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/payment/collect-payment', async (route) => {
      await released
      await route.continue()
    })
    await page.reload()
    await expect(payment(page).getByRole('status')).toHaveText('Completing your payment…')
    await expect(payment(page).getByTestId('order-total')).toHaveText(total)
    await expect(payment(page).getByLabel('Card number')).toHaveCount(0)
    await expect(payment(page).getByRole('button')).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])
    await screenshots(page, testInfo, 'checkout-completing')
    release()

    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('region', { name: 'Order status' }).getByRole('status')).toHaveText(PAID_AND_MOVING)
    const history = await ordersOf(page.request, session)
    expect(history.totalElements).toBe(1)
    // One authorization, collected: the card was never asked for, or authorized, a second time.
    const receipt = await encryptedCall<OrderReceipt>(page.request, '/order/customer', { orderId: history.content[0]!.orderId }, { Authorization: `Bearer ${session.accessToken}` })
    expect(receipt.payments.map((paid) => [paid.status, paid.voidedAt])).toEqual([['19', null]])
  })

  test('a diner cancels an unpaid order from its page, after saying yes, and the page says so', async ({ page }, testInfo) => {
    await signIn(page)
    await placeOmeletteOrder(page)
    // Left unpaid: My orders leads to its page, which offers paying it or cancelling it.
    await page.goto('/MyOrders')
    await page.getByRole('link', { name: /Empire Burger/ }).first().click()
    const unpaid = page.getByRole('region', { name: /^Order #\d+ is waiting for payment$/ })
    await expect(unpaid).toBeVisible()
    await expect(unpaid.getByRole('button', { name: /^Pay \$/ })).toBeVisible()
    await unpaid.getByRole('button', { name: 'Cancel order' }).click()
    const question = unpaid.getByRole('group', { name: /Cancel this order\?/ })
    await expect(question).toBeVisible()
    await expect(question.getByText(/^Cancel this order\?/)).toBeFocused()
    await screenshots(page, testInfo, 'order-cancel-confirm')
    expect(await seriousViolations(page)).toEqual([])
    await question.getByRole('button', { name: 'Keep the order' }).click()
    await expect(question).toHaveCount(0)
    await unpaid.getByRole('button', { name: 'Cancel order' }).click()
    await unpaid.getByRole('button', { name: 'Yes, cancel the order' }).click()

    await expect(unpaid).toHaveCount(0)
    const status = page.getByRole('region', { name: 'Order status' })
    await expect(status.getByRole('status')).toHaveText('Cancelled by you')
    await expect(status).toContainText('Cancelled: you cancelled this order.')
    await screenshots(page, testInfo, 'order-cancelled')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('delivery to a typed address: saved one preselected, "350 5th" found, pin dragged, saved, paid by card only', async ({ page }, testInfo) => {
    const session = await signIn(page)
    const auth = { Authorization: `Bearer ${session.accessToken}` }
    // A saved address "Selected for delivery", as the account screen would have made it.
    const home = await page.request.post('/api/addresses', {
      data: { customerId: session.userId, tag: 'Home', addressLine1: '287 Bleecker St', addressLine2: '', addressLine3: '', lat: 40.7318, lng: -74.0036, isSelected: true },
      headers: auth,
    })
    expect(home.status(), await home.text()).toBe(201)

    await page.goto('/restaurant/empire-burger/menu/delivery')
    await page.getByRole('article', { name: 'Western Omelette', exact: true }).getByRole('link', { name: 'Western Omelette' }).click()
    await page.getByRole('button', { name: 'Add to order' }).click()
    await page.getByRole('complementary', { name: 'Your cart' }).getByRole('link', { name: 'View cart' }).click()
    await page.getByRole('button', { name: 'One more Western Omelette' }).click()
    const deliverTo = page.getByRole('radiogroup', { name: 'Deliver to' })
    await expect(deliverTo.getByRole('radio', { name: /Home.*Selected for delivery/ })).toBeChecked()
    await expect(summary(page).getByText('Delivery fee')).toBeVisible()

    await deliverTo.getByRole('radio', { name: '+ A new address' }).click()
    const street = page.getByRole('combobox', { name: 'Street address' })
    await street.fill('350 5th')
    await page.getByRole('option', { name: /^350 5th Ave\s*New York, NY$/ }).click()
    await expect(street).toHaveValue('350 5th Ave, New York, NY')
    const pin = page.locator('.leaflet-marker-draggable')
    await expect(pin).toBeVisible()
    const box = (await pin.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 4)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height + 20, { steps: 5 })
    await page.mouse.up()
    await page.getByLabel(/Apartment, suite or floor/).fill('Apt 4B')
    await page.getByLabel(/Instructions for the courier/).fill('Ring 4B')
    await expect(page.getByRole('checkbox', { name: 'Save to my addresses' })).toBeChecked()
    await screenshots(page, testInfo, 'cart-new-address')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Deliver here' }).click()

    await expect(deliverTo.getByRole('radio', { name: /350 5th Ave, New York, NY/ })).toBeChecked()
    await expect(page.getByRole('textbox', { name: /For the courier/ })).toHaveValue('Ring 4B')
    await expect(summary(page)).not.toContainText('estimate')
    await summary(page).getByRole('link', { name: 'Review your order' }).click()
    // The menu's estimate shows until the restaurant's prices answer: read the final total.
    await expect(summary(page).locator('[data-estimate]')).toHaveCount(0)
    const total = (await summary(page).getByTestId('total').textContent()) ?? ''
    await summary(page).getByRole('button', { name: 'Place order' }).click()
    await expect(payment(page).getByTestId('order-total')).toHaveText(total)
    // Nobody collects a delivery's payment at a counter.
    await expect(payment(page).getByRole('radio', { name: 'Pay at the restaurant' })).toHaveCount(0)
    await fillCard(page, '4242 4242 4242 4242')
    await payment(page).getByRole('button', { name: `Pay ${total}` }).click()
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)

    const orderId = page.url().split('/').pop()!
    const receipt = await encryptedCall<OrderReceipt>(page.request, '/order/customer', { orderId }, auth)
    expect(receipt).toMatchObject({ deliveryAddress: { addressLine1: '350 5th Ave, New York, NY', addressLine2: 'Apt 4B' }, deliveryInstruction: 'Ring 4B' })
    const saved = (await (await page.request.get(`/api/addresses?customerId=${session.userId}`, { headers: auth })).json()) as Address[]
    const typed = saved.find((address) => address.addressLine1 === '350 5th Ave, New York, NY')!
    expect(typed).toMatchObject({ addressLine2: 'Apt 4B', addressLine3: 'Ring 4B', isSelected: true, tag: 'Work' })
    // The pin was dragged off the geocoded point onto the door.
    expect([typed.lat, typed.lng]).not.toEqual([40.7484, -73.9857])
    expect(Math.abs(typed.lat - 40.7484)).toBeLessThan(0.01)
  })
})
