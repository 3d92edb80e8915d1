import { expect, test, type Page } from '@playwright/test'
import type { TableDetailsResponse } from '@/shared/api/contracts/reservations'
import { encryptedCall, restaurantOf } from './support/api'
import { seriousViolations } from './support/axe'
import { uniqueMobile } from './support/session'
import { staffSignOutOnScreen } from './support/staff'

// Empire Burger is open around the clock and seats diners; its back room is no other test's.
const SLUG = 'empire-burger'
const SERVER = { email: `server@${SLUG}.demo`, password: 'tablefront-demo' }
const shots = process.env.E2E_OUT_DIR ?? 'test-results'

async function backRoomTable(page: Page) {
  const restaurant = await restaurantOf(page.request, SLUG)
  const details = await encryptedCall<TableDetailsResponse>(page.request, '/merchants/locations/reservations/table-details/v2', { locationId: restaurant.id })
  return { restaurant, table: details.sections.find((section) => section.name === 'Back room')!.tables[0]! }
}

test.describe('the floor', () => {
  test('a diner calls the waiter, the server sees it live, acknowledges it, and the diner’s screen says so; the server answers a support request by SMS', async ({ browser }) => {
    test.setTimeout(40_000)
    const diner = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
    const staff = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true })
    const dinerPage = await diner.newPage()
    const staffPage = await staff.newPage()
    try {
      const { restaurant, table } = await backRoomTable(dinerPage)

      // A request about this restaurant, with a phone, for the inbox.
      const phone = uniqueMobile()
      const created = await staffPage.request.post('/api/support/createSupportRequest', {
        data: { name: 'Nora Floor', phone, topic: 'Problem with an order', message: 'We left a scarf at table ' + table.name + '.', locationId: restaurant.id },
      })
      expect(created.status()).toBe(201)
      const { reference } = (await created.json()) as { reference: string }

      // The server signs in and opens the floor before the call: it must arrive live.
      await staffPage.goto('/staff')
      await staffPage.getByLabel('Email').fill(SERVER.email)
      await staffPage.getByRole('textbox', { name: 'Password' }).fill(SERVER.password)
      await staffPage.getByRole('button', { name: 'Sign in' }).click()
      // A server lands on the floor.
      await expect(staffPage).toHaveURL(/\/staff\/floor$/)
      await expect(staffPage.getByRole('heading', { name: /Waiter calls/ })).toBeVisible()

      await dinerPage.goto(`/table/${table.id}`)
      await dinerPage.getByRole('button', { name: 'Call Waiter' }).click()
      await expect(dinerPage.getByTestId('waiter-called')).toHaveText('Your waiter has been called and will be with you shortly.')

      const card = staffPage.getByTestId('waiter-call').filter({ hasText: table.name })
      await expect(card).toBeVisible()
      await expect(staffPage.getByTestId('new-call-alert')).toContainText(table.name)
      expect(await seriousViolations(staffPage)).toEqual([])
      await staffPage.screenshot({ path: `${shots}/staff-floor-1024.png` })

      await card.getByRole('button', { name: `Acknowledge ${table.name}` }).click()
      await expect(card).toContainText('Acknowledged by')
      await expect(dinerPage.getByTestId('waiter-called')).toHaveText('Your server has seen your call and is on the way.')

      // The support inbox: open the request, reply by SMS.
      const request = staffPage.getByRole('button', { name: new RegExp(reference) })
      await request.click()
      const reply = staffPage.getByLabel(`Reply by SMS to ${phone}`)
      await reply.fill('Found it: it is at the host stand.')
      await expect(staffPage.getByText('34 / 320 characters')).toBeVisible()
      // A tablet turned upright (the phone's layout) and back, and a tab switched, keep the open request and its draft.
      await staffPage.setViewportSize({ width: 375, height: 740 })
      const callsTab = staffPage.getByRole('tab', { name: /Waiter calls/ })
      const supportTab = staffPage.getByRole('tab', { name: /Support/ })
      await expect(callsTab).toHaveAttribute('aria-selected', 'true')
      await expect(reply).toBeHidden()
      await supportTab.click()
      await expect(reply).toHaveValue('Found it: it is at the host stand.')
      // The tabs by keyboard: arrows move between them and select.
      await staffPage.keyboard.press('ArrowLeft')
      await expect(callsTab).toBeFocused()
      await expect(callsTab).toHaveAttribute('aria-selected', 'true')
      await expect(card).toBeVisible()
      await staffPage.keyboard.press('ArrowRight')
      await expect(supportTab).toHaveAttribute('aria-selected', 'true')
      await expect(reply).toHaveValue('Found it: it is at the host stand.')
      await staffPage.setViewportSize({ width: 1024, height: 768 })
      await expect(staffPage.getByRole('tab')).toHaveCount(0)
      await expect(card).toBeVisible()
      await expect(reply).toHaveValue('Found it: it is at the host stand.')
      await staffPage.getByRole('button', { name: 'Send SMS' }).click()
      await expect(staffPage.getByRole('list', { name: 'Replies' })).toContainText('Found it: it is at the host stand.')
      await staffPage.screenshot({ path: `${shots}/staff-floor-support-1024.png` })
      const outbox = await staffPage.request.get(`/api/dev/outbox?phone=${encodeURIComponent(phone)}`)
      expect(JSON.stringify(await outbox.json())).toContain('Found it: it is at the host stand.')

      // The phone layout: two tabs.
      await staffPage.setViewportSize({ width: 375, height: 740 })
      await expect(staffPage.getByRole('tab', { name: /Waiter calls/ })).toBeVisible()
      expect(await seriousViolations(staffPage)).toEqual([])
      await staffPage.screenshot({ path: `${shots}/staff-floor-375.png`, fullPage: true })
      expect(await staffPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    } finally {
      // Off shift again at once, so the sandbox moves Empire Burger's orders for the other tests.
      await staffSignOutOnScreen(staffPage)
      await diner.close()
      await staff.close()
    }
  })
})
