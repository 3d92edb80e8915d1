import { expect, test, type Page } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { openMoment } from './support/clock'
import { createDemoSession, uniqueMobile, useSession } from './support/session'

/** Paid (or to pay at the restaurant) and in the sandbox kitchen, which may already have moved it on. */
const PAID_AND_MOVING = /^(In Queue|Accepted|In Progress|Order Ready|Completed - Pickup Order)$/

const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' })
const payment = (page: Page) => page.getByRole('region', { name: 'Pay for your order' })
const walletSwitch = (page: Page) => summary(page).getByRole('switch', { name: 'Use wallet balance' })
const money = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100)

async function signInWithWallet(page: Page, walletAmount: number) {
  const session = await createDemoSession(page.request, { firstName: 'Wanda', lastName: 'Wallet', mobilePhone: uniqueMobile(), walletAmount })
  await useSession(page, session)
}

/**
 * A 14" Margherita at Olive Tree SoMa, picked up tomorrow. The restaurant is not open around the
 * clock: the browser's clock is set to a time it is open (a real future moment, so the server takes the scheduled time too).
 */
async function margheritaInCart(page: Page) {
  await page.clock.setFixedTime(openMoment('olive-tree-soma'))
  await page.goto('/restaurant/olive-tree-soma/menu/pickup')
  await page.getByRole('article', { name: 'Margherita', exact: true }).getByRole('link', { name: 'Margherita' }).click()
  await page.getByRole('group', { name: /Size/ }).getByRole('radio', { name: '14" to share' }).check()
  await page.getByRole('button', { name: 'Add to order' }).click()
  await expect(page.getByText('Margherita added to your cart')).toBeVisible()
  await page.getByRole('complementary', { name: 'Your cart' }).getByRole('link', { name: 'View cart' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible()
  const when = page.locator('section#pickupDate')
  await when.getByRole('radio', { name: 'Schedule for later' }).check()
  const date = when.getByRole('combobox', { name: 'Date' })
  const dates = await date.locator('option:not([disabled])').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
  await date.selectOption(dates[1]!)
  const slot = when.getByRole('combobox', { name: 'Time' })
  const slots = await slot.locator('option:not([disabled])').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
  await slot.selectOption(slots[2]!)
  await expect(summary(page)).not.toContainText('estimate')
}

/** Review → Place order → the payment step, which shows `total`. */
async function placeOrder(page: Page, total: string) {
  await summary(page).getByRole('link', { name: 'Review your order' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Review your order' })).toBeVisible()
  await expect(summary(page).getByTestId('total')).toHaveText(total)
  await summary(page).getByRole('button', { name: 'Place order' }).click()
  await expect(payment(page).getByTestId('order-total')).toHaveText(total)
}

test.describe('wallet and saved cards', () => {
  test('the wallet lowers the total, a new card is saved after paying, and the saved card pays the next order', async ({ page }) => {
    await signInWithWallet(page, 500)
    await margheritaInCart(page)
    // The menu's estimate shows until the restaurant's prices answer: read the final total.
    await expect(summary(page).locator('[data-estimate]')).toHaveCount(0)
    const before = money(await summary(page).getByTestId('total').textContent())
    await expect(walletSwitch(page)).not.toBeChecked()
    await expect(summary(page).getByText('$5.00 available')).toBeVisible()
    await expect(summary(page).getByTestId('wallet')).toHaveCount(0)

    await walletSwitch(page).check()
    await expect(summary(page).getByTestId('wallet')).toHaveText('-$5.00')
    await expect.poll(async () => money(await summary(page).getByTestId('total').textContent())).toBe(before - 500)
    expect(await seriousViolations(page)).toEqual([])
    // The menu's estimate shows until the restaurant's prices answer: read the final total.
    await expect(summary(page).locator('[data-estimate]')).toHaveCount(0)
    const total = (await summary(page).getByTestId('total').textContent()) ?? ''

    await placeOrder(page, total)
    await payment(page).getByLabel('Card number').fill('4242 4242 4242 4242')
    await payment(page).getByLabel('Expiry (MM/YY)').fill('12/34')
    await payment(page).getByLabel('Security code (CVC)').fill('123')
    await payment(page).getByRole('checkbox', { name: 'Save this card for next time' }).check()
    await payment(page).getByRole('button', { name: `Pay ${total}` }).click()
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible()
    await expect(page.getByText('Your payment went through, but we could not save the card.')).toHaveCount(0)

    await page.goto('/account/Cards')
    await expect(page.getByLabel('ending in 4242', { exact: true })).toBeVisible()

    // The balance is spent: the second order offers no wallet and is paid with the saved card.
    await margheritaInCart(page)
    await expect(summary(page).getByRole('heading', { name: 'Order summary' })).toBeVisible()
    await expect(walletSwitch(page)).toHaveCount(0)
    // The menu's estimate shows until the restaurant's prices answer: read the final total.
    await expect(summary(page).locator('[data-estimate]')).toHaveCount(0)
    const second = (await summary(page).getByTestId('total').textContent()) ?? ''
    expect(money(second)).toBe(before)
    await placeOrder(page, second)
    // The saved card is already chosen: nothing to pick, no card form.
    await expect(payment(page).getByRole('radio', { name: /ending in 4242/ })).toBeChecked()
    await expect(payment(page).getByLabel('Card number')).toHaveCount(0)
    await payment(page).getByRole('button', { name: `Pay ${second}` }).click()
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('region', { name: 'Order status' }).getByRole('status')).toHaveText(PAID_AND_MOVING)
  })

  test('a wallet that covers the whole order needs no card @mobile', async ({ page }) => {
    await signInWithWallet(page, 100_000)
    await margheritaInCart(page)
    await walletSwitch(page).check()
    await expect(summary(page).getByTestId('total')).toHaveText('$0.00')
    expect(await seriousViolations(page)).toEqual([])
    await placeOrder(page, '$0.00')
    await expect(payment(page).getByText('Your wallet covers this order')).toBeVisible()
    await expect(payment(page).getByLabel('Card number')).toHaveCount(0)
    await payment(page).getByRole('button', { name: 'Confirm order' }).click()
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('region', { name: 'Order status' }).getByRole('status')).toHaveText(PAID_AND_MOVING)
  })

  test('a guest is not offered the wallet @mobile', async ({ page }) => {
    await margheritaInCart(page)
    await expect(summary(page).getByTestId('total')).toBeVisible()
    await expect(walletSwitch(page)).toHaveCount(0)
  })
})
