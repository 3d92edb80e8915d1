import { expect, test, type Page } from '@playwright/test'
import type { OrderReceipt } from '@/shared/api/contracts/ordering'
import { encryptedCall } from './support/api'
import { seriousViolations } from './support/axe'
import { createDemoSession, uniqueMobile, useSession, type DemoSession } from './support/session'

// Empire Burger is open around the clock, so an order can always be placed there.
const MENU = '/restaurant/empire-burger/menu/pickup'
const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' })
const payment = (page: Page) => page.getByRole('region', { name: 'Pay for your order' })
const receipt = (page: Page) => page.getByRole('article', { name: /^Receipt of order/ })
const status = (page: Page) => page.getByRole('region', { name: 'Order status' })

async function signIn(page: Page, firstName: string): Promise<DemoSession> {
  const session = await createDemoSession(page.request, { firstName, lastName: 'Diner', mobilePhone: uniqueMobile() })
  await useSession(page, session)
  return session
}

/** The whole order: menu → Empire Classic with onion rings and bacon → cart → 18 % tip → WELCOME10 → card. */
async function orderAndPay(page: Page): Promise<string> {
  await page.goto(MENU)
  await page.getByRole('article', { name: 'Empire Classic', exact: true }).getByRole('link', { name: 'Empire Classic' }).click()
  await page.getByRole('group', { name: /Side/ }).getByRole('radio', { name: /Onion rings/ }).check()
  await page.getByRole('group', { name: /Add-ons/ }).getByRole('checkbox', { name: /Bacon/ }).check()
  await page.getByRole('button', { name: 'Add to order' }).click()
  await expect(page.getByText('Empire Classic added to your cart')).toBeVisible()
  await page.getByRole('complementary', { name: 'Your cart' }).getByRole('link', { name: 'View cart' }).click()

  await expect(summary(page).getByTestId('subtotal')).toHaveText('$18.50')
  await page.locator('section#tip').getByRole('radio', { name: /^18%/ }).check()
  await expect(summary(page).getByTestId('tip')).toHaveText('$3.33')
  await summary(page).getByLabel('Coupon code').fill('WELCOME10')
  await summary(page).getByRole('button', { name: 'Apply' }).click()
  await expect(summary(page).getByTestId('discount')).toHaveText('-$1.85')
  await expect(summary(page)).not.toContainText('estimate')

  await summary(page).getByRole('link', { name: 'Review your order' }).click()
  // The menu's estimate shows until the restaurant's prices answer: read the final total.
  await expect(summary(page).locator('[data-estimate]')).toHaveCount(0)
  const total = (await summary(page).getByTestId('total').textContent()) ?? ''
  await summary(page).getByRole('button', { name: 'Place order' }).click()
  await payment(page).getByLabel('Card number').fill('4242 4242 4242 4242')
  await payment(page).getByLabel('Expiry (MM/YY)').fill('12/34')
  await payment(page).getByLabel('Security code (CVC)').fill('123')
  await payment(page).getByRole('button', { name: `Pay ${total}` }).click()
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
  return new URL(page.url()).pathname.split('/').pop()!
}

test.describe('receipts and order summaries', () => {
  test('menu → customise → cart → 18 % tip → offer → pay → order summary follows the kitchen → receipt', async ({ page }) => {
    test.slow()
    const session = await signIn(page, 'Rita')
    const orderId = await orderAndPay(page)

    await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible()
    await expect(status(page).getByRole('listitem').filter({ hasText: 'In Queue' })).toBeVisible()
    // The sandbox kitchen moves a paid order every second here; the summary asks again every 10 s.
    await expect(status(page).getByRole('status')).toHaveText(/Accepted|In Progress|Order Ready|Completed - Pickup Order/, { timeout: 25_000 })
    await expect(status(page).locator('[aria-current="step"]')).not.toHaveText(/In Queue/)
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('link', { name: 'Receipt', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/receipt/${orderId}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible()
    const lines = receipt(page).getByRole('list', { name: 'Choices for Empire Classic' })
    await expect(receipt(page)).toContainText('1 × Empire Classic')
    await expect(lines).toContainText('Side: Onion rings (+$2.00)')
    await expect(lines).toContainText('Add-ons: Bacon (+$2.50)')
    await expect(receipt(page)).toContainText('Tip (18 %)')
    await expect(receipt(page)).toContainText('$3.33')
    await expect(receipt(page)).toContainText('−$1.85')
    await expect(receipt(page).getByRole('region', { name: 'Payment' })).toContainText(/Visa •••• 4242 · Paid/i)
    expect(await seriousViolations(page)).toEqual([])

    // One payment's receipt: /receipt/{orderId}/e/transactionId/{transactionId}.
    const order = await encryptedCall<OrderReceipt>(page.request, '/order/customer', { orderId }, { Authorization: `Bearer ${session.accessToken}` })
    const paid = order.payments.find((entry) => entry.status === '19')!
    await page.goto(`/receipt/${orderId}/e/transactionId/${paid.id}`)
    await expect(receipt(page).getByRole('region', { name: 'Transaction' })).toContainText(`${order.total / 100}`)
    await expect(receipt(page).getByRole('region', { name: 'Transaction' })).toContainText(/Visa •••• 4242 · Paid/i)
    await page.getByRole('link', { name: 'Order status' }).click()
    await expect(page).toHaveURL(new RegExp(`/receipt/${orderId}/e/transactionId/${paid.id}/orderSummary$`))
    await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible()
    await expect(status(page)).toBeVisible()
  })

  test('nobody else reads the receipt; a signed-out visitor is offered sign-in; a wrong table shows nothing', async ({ page, browser }) => {
    await signIn(page, 'Owen')
    const orderId = await orderAndPay(page)

    const other = await browser.newContext()
    const stranger = await other.newPage()
    await signIn(stranger, 'Sam')
    await stranger.goto(`/receipt/${orderId}`)
    await expect(stranger.getByRole('alert')).toHaveText(/We could not find this order/)
    await expect(receipt(stranger)).toHaveCount(0)
    await other.close()

    const signedOut = await browser.newContext()
    const visitor = await signedOut.newPage()
    await visitor.goto(`/receipt/${orderId}/orderSummary`)
    await expect(visitor.getByRole('alert')).toContainText('We could not find this order')
    await expect(visitor.getByRole('link', { name: 'Sign in to see your orders' })).toBeVisible()
    await signedOut.close()

    await page.goto(`/receipt/table/00000000-0000-4000-8000-000000000000/order/${orderId}`)
    await expect(page.getByRole('alert')).toHaveText(/We could not find this order/)
  })

  test('order again from My orders at 375 px puts the same dishes and choices in the cart', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await signIn(page, 'Ola')
    await orderAndPay(page)
    await page.goto('/MyOrders')
    const again = page.getByRole('button', { name: /^Order again from Empire Burger/ })
    await expect(again).toHaveCount(1)
    expect(await seriousViolations(page)).toEqual([])
    await again.click()
    await expect(page).toHaveURL(/\/restaurant\/empire-burger\/cart$/)
    await expect(page.getByText('Added 1 dish to your cart.')).toBeVisible()
    await expect(page.locator('main')).toContainText('Empire Classic')
    await expect(page.locator('main')).toContainText('Onion rings')
    await expect(summary(page).getByTestId('subtotal')).toHaveText('$18.50')
  })
})
