import { expect, test, type Page } from '@playwright/test'
import type { WaiterCall } from '@/shared/api/contracts/dine-in'
import type { TableDetailsResponse } from '@/shared/api/contracts/reservations'
import { DEFAULT_PAYLOAD_KEY } from '@/shared/config/constants'
import { decryptPayload } from '@/shared/lib/crypto/payload'
import { encryptedCall, restaurantOf } from './support/api'
import { seriousViolations } from './support/axe'
import { createDemoSession, uniqueMobile, useSession } from './support/session'
import { staffSignInThroughApi } from './support/staff'

// Empire Burger is open around the clock and seats diners, so a table can always order.
const SLUG = 'empire-burger'

async function tableOf(page: Page, section: string) {
  const restaurant = await restaurantOf(page.request, SLUG)
  const details = await encryptedCall<TableDetailsResponse>(page.request, '/merchants/locations/reservations/table-details/v2', { locationId: restaurant.id })
  const table = details.sections.find((candidate) => candidate.name === section)!.tables[0]!
  return { restaurant, table }
}

async function signIn(page: Page) {
  await useSession(page, await createDemoSession(page.request, { firstName: 'Tara', lastName: 'Table', mobilePhone: uniqueMobile() }))
}

/** From the table menu: a dish onto the cart, then the table's cart. */
async function addDish(page: Page, name: string) {
  await page.getByRole('article', { name, exact: true }).getByRole('link', { name }).click()
  await page.getByRole('button', { name: 'Add to order' }).click()
  await page.getByRole('complementary', { name: 'Your cart' }).getByRole('link', { name: 'View cart' }).click()
  await expect(page).toHaveURL(/\/contactlessdinein\/cart(\?|$)/)
  await expect(page.getByTestId('cart-line').filter({ hasText: name })).toBeVisible()
}

test.describe('dine-in at the table', () => {
  test('scan a table, order two rounds onto one order, call the waiter, split the bill in two and pay one share', async ({ page }) => {
    test.setTimeout(60_000)
    const { restaurant, table } = await tableOf(page, 'Booths')
    await signIn(page)

    await page.goto(`/table/${table.id}`)
    await expect(page).toHaveURL(new RegExp(`/table/${table.id}/menu/dinein/contactlessdinein/landing$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Empire Burger Diner' })).toBeVisible()
    await expect(page.getByTestId('table-name')).toContainText(`Table ${table.name}`)
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('link', { name: 'Start your order' }).click()
    await expect(page).toHaveURL(new RegExp(`/table/${table.id}/menu/dinein$`))
    await addDish(page, 'Patty Melt')
    await page.getByRole('button', { name: 'Place order' }).click()
    await expect(page).toHaveURL(new RegExp(`/restaurant/${SLUG}/table/${table.id}/order/[0-9a-f-]{36}$`))
    const orderId = /\/order\/([0-9a-f-]{36})$/.exec(page.url())![1]!
    await expect(page.getByTestId('round')).toHaveCount(1)

    // Round 2 goes onto the same order.
    await page.getByRole('link', { name: 'Order more' }).click()
    await expect(page).toHaveURL(new RegExp(`/table/${table.id}/order/${orderId}/menu/dinein$`))
    await addDish(page, 'Western Omelette')
    await expect(page.getByText(/added to your order #/)).toBeVisible()
    await page.getByRole('button', { name: 'Send to the kitchen' }).click()
    await expect(page).toHaveURL(new RegExp(`/table/${table.id}/order/${orderId}$`))
    const rounds = page.getByTestId('round')
    await expect(rounds).toHaveCount(2)
    await expect(rounds.nth(0)).toContainText('Patty Melt')
    await expect(rounds.nth(1)).toContainText('Western Omelette')
    await expect(page.getByTestId('kot-status').filter({ hasText: 'KOT Ready' }).first()).toBeVisible({ timeout: 20_000 })

    // Call Waiter: the diner sees it confirmed, the restaurant's staff see it in their list.
    await page.getByRole('button', { name: 'Call Waiter' }).click()
    await expect(page.getByTestId('waiter-called')).toHaveText('Your waiter has been called and will be with you shortly.')
    const server = await staffSignInThroughApi(page.request, SLUG, 'server')
    const staffList = await page.request.get(`/api/merchants/${restaurant.id}/waiter-calls`, { headers: { Authorization: `Bearer ${server.accessToken}` } })
    expect(staffList.status()).toBe(200)
    // Signed out at once, so the restaurant is not left on shift for the simulators (docs/staff.md "On shift").
    await page.request.post('/api/staff/sign-out', { data: { refreshToken: server.refreshToken } })
    const calls = decryptPayload(await staffList.text(), DEFAULT_PAYLOAD_KEY) as WaiterCall[]
    expect(calls).toContainEqual(expect.objectContaining({ tableId: table.id, orderId, status: 'Open' }))
    expect(await seriousViolations(page)).toEqual([])

    // Split the bill in two and pay one share by card.
    await page.getByRole('link', { name: 'Pay the bill' }).click()
    await expect(page).toHaveURL(new RegExp(`/table/${table.id}/order/${orderId}/placeOrder/payment$`))
    await page.getByRole('radio', { name: 'Split the bill' }).check()
    await page.getByLabel('Number of shares').fill('2')
    await page.getByRole('button', { name: 'Split into 2 shares' }).click()
    const shares = page.getByTestId('bill-share')
    await expect(shares).toHaveCount(2)
    await expect(shares.nth(0)).toContainText('Unpaid')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('link', { name: 'Pay this share: Share 1 of 2' }).click()
    await expect(page).toHaveURL(new RegExp(`/table/${table.id}/order/${orderId}/e/splitId/[0-9a-f-]{36}$`))
    await expect(page.getByTestId('share-status')).toHaveText('Unpaid')
    const pay = page.getByRole('region', { name: 'Pay your share' })
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242')
    await pay.getByLabel('Expiry (MM/YY)').fill('12/34')
    await pay.getByLabel('Security code (CVC)').fill('123')
    await pay.getByRole('button', { name: /^Pay / }).click()
    await expect(page.getByTestId('share-status')).toHaveText('Paid')

    await page.goto(`/restaurant/${SLUG}/table/${table.id}/order/${orderId}/placeOrder/payment`)
    await expect(shares).toHaveCount(2)
    await expect(shares.nth(0)).toContainText('Paid')
    await expect(shares.nth(1)).toContainText('Unpaid')
  })

  test('the table landing and its Call Waiter button work at 375 px @mobile', async ({ page }) => {
    const { table } = await tableOf(page, 'Counter')
    await page.goto(`/table/${table.id}`)
    await expect(page.getByRole('link', { name: 'Start your order' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await page.getByRole('button', { name: 'Call Waiter' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('waiter-called')).toHaveText('Your waiter has been called and will be with you shortly.')
    expect(await seriousViolations(page)).toEqual([])
  })
})
