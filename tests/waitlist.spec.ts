import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type { OutboxResponse } from '@/shared/api/contracts/auth'
import { ONE_ACTIVE_CHECKIN, type Reservation, type SlotsResponse } from '@/shared/api/contracts/reservations'
import { DEFAULT_PAYLOAD_KEY } from '@/shared/config/constants'
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'
import { STORAGE_KEYS } from '@/shared/lib/storage/storage'
import { restaurantOf } from './support/api'
import { seriousViolations } from './support/axe'
import { createDemoSession, shownUs, uniqueMobile, useSession, type DemoSession } from './support/session'

const EMPIRE_BURGER_CHECKIN = '/checkin?restaurant=empire-burger'
const national = (mobile: string) => mobile.replace(/^\+1/, '')

/** The newest six-digit code the sandbox texted to `phone` (confirmation texts carry no code). */
async function codeFor(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?phone=${encodeURIComponent(phone)}`)
      const { messages } = (await response.json()) as OutboxResponse
      code = messages.map((message) => /\b(\d{6})\b/.exec(message.body)?.[1]).find(Boolean)
      return code
    })
    .toBeTruthy()
  return code!
}

/** A party checked in through the API by a signed-in demo customer. */
async function checkInThroughApi(request: APIRequestContext, session: DemoSession, locationId: string): Promise<Reservation> {
  const query = new URLSearchParams({
    locationId,
    fullName: 'Ahead Party',
    mobile: session.userDetails.mobilePhone,
    guestCount: '2',
    deviceId: '',
    channelName: 'ONLINE',
    seatTogether: '1',
  })
  const response = await request.post(`/api/customer/reservations?${query}`, {
    headers: { Authorization: `Bearer ${session.accessToken}`, 'Idempotency-Key': `test-${Date.now()}` },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as Reservation
}

async function cancelThroughApi(request: APIRequestContext, session: DemoSession, reservation: Reservation) {
  const response = await request.put('/api/customer/cancel-table?user=customer', {
    headers: { Authorization: `Bearer ${session.accessToken}`, 'Idempotency-Key': `test-cancel-${Date.now()}` },
    data: { locationId: reservation.locationId, reservationId: reservation.reservationId, cancelReason: 'Changed our plans' },
  })
  expect(response.status(), await response.text()).toBe(200)
}

const position = (page: Page) => page.getByTestId('queue-position')

async function positionNumber(page: Page): Promise<number> {
  return Number(((await position(page).textContent()) ?? '').replace('#', ''))
}

test.describe('waitlist and reservations', () => {
  test('a guest checks in at Empire Burger after a code, follows the queue live, and cannot check in twice', async ({ page, request }) => {
    const ahead = await createDemoSession(request, { firstName: 'Alma', lastName: 'Ahead', mobilePhone: uniqueMobile() })
    const mobile = uniqueMobile()

    await page.goto(EMPIRE_BURGER_CHECKIN)
    await expect(page.getByRole('heading', { level: 1, name: 'Empire Burger' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('table')).toContainText('Party size')
    expect(await seriousViolations(page)).toEqual([])

    await page.getByLabel('Adults').selectOption('3')
    await page.getByLabel('Children').selectOption('1')
    await page.getByRole('button', { name: 'Continue to check in' }).click()
    await expect(page).toHaveURL(/\/guest$/)
    await page.getByLabel('Full name').fill('Gina Guest')
    await page.getByLabel('Mobile number').fill(national(mobile))
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.getByLabel('Verification code').fill(await codeFor(request, mobile))
    await page.getByRole('button', { name: 'Verify', exact: true }).click()

    await expect(page).toHaveURL(/\/checkin\?restaurant=empire-burger$/)
    await expect(page.getByTestId('diner')).toHaveText(`For Gina Guest, ${shownUs(mobile)}`)
    await expect(page.getByLabel('Adults')).toHaveValue('3')
    // A party checks in ahead of the guest, so its leaving moves the guest up.
    const first = await checkInThroughApi(request, ahead, (await restaurantOf(request, 'empire-burger')).id)
    await page.getByRole('button', { name: 'Check in', exact: true }).click()

    await expect(page.getByRole('heading', { name: 'You are on the waitlist' })).toBeVisible()
    await expect(position(page)).toHaveText(/^#\d+$/)
    await expect(page.getByTestId('estimated-wait')).not.toBeEmpty()
    await expect(page.getByRole('status').filter({ has: position(page) })).toHaveAttribute('aria-live', 'polite')
    await expect(page.getByRole('region', { name: 'Your check-in' })).toContainText('4 guests (1 child)')
    const before = await positionNumber(page)
    expect(before).toBeGreaterThanOrEqual(2)

    await cancelThroughApi(request, ahead, first)
    await expect(position(page)).toHaveText(`#${before - 1}`, { timeout: 15_000 })

    // The floating status follows the check-in on every screen until hidden.
    await expect(page.getByTestId('reservation-widget')).toHaveText(new RegExp(`^Waitlist: #${before - 1} at Empire Burger`))
    await page.getByRole('button', { name: 'Hide' }).click()
    await expect(page.getByTestId('reservation-widget')).toHaveCount(0)

    // Within 5 minutes, /checkin shows the check-in again instead of a new form.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'You are on the waitlist' })).toBeVisible()

    // Without the local marker, a second check-in from the same phone is refused with the spec's message.
    await page.evaluate((keys) => keys.forEach((key) => localStorage.removeItem(key)), [STORAGE_KEYS.reservationExpiry, STORAGE_KEYS.checkInReservationId])
    await page.reload()
    await page.getByRole('button', { name: 'Check in', exact: true }).click()
    await expect(page.getByTestId('check-in-error')).toHaveText(ONE_ACTIVE_CHECKIN)
  })

  test('a signed-in diner reserves tomorrow at Olive Tree SoMa, reloads the reservation and cancels it', async ({ page, request }) => {
    const session = await createDemoSession(request, { firstName: 'Rita', lastName: 'Reserve', mobilePhone: uniqueMobile() })
    await useSession(page, session)
    await page.goto('/Reservation?restaurant=olive-tree-soma')
    await expect(page.getByRole('link', { name: 'Reserve a table' })).toHaveAttribute('aria-current', 'page')
    const date = page.getByLabel('Date')
    const tomorrow = await date.locator('option').nth(1).getAttribute('value')
    await date.selectOption(tomorrow!)
    await page.getByLabel('Adults').selectOption('4')
    const slot = page.getByRole('radio').and(page.locator(':enabled')).first()
    await expect(slot).toBeVisible()
    const time = await slot.getAttribute('value')
    await slot.check()
    await expect(page.getByLabel('Full name')).toHaveValue('Rita Reserve')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: new RegExp(`^Reserve .* at ${time}$`) }).click()

    await expect(page).toHaveURL(/\/reservation\/[0-9a-f-]{36}$/)
    await page.reload()
    const card = page.getByRole('region', { name: 'Your reservation' })
    await expect(card).toContainText('Olive Tree')
    await expect(card).toContainText('4 guests')
    await expect(card.getByTestId('reservation-when')).toContainText(time!)
    await expect(card.getByTestId('reservation-status')).toHaveText('Active')
    await expect(card).toContainText('Cancellation policy')
    expect(await seriousViolations(page)).toEqual([])

    await card.getByRole('button', { name: 'Cancel reservation' }).click()
    await card.getByLabel('Why are you cancelling?').fill('Plans changed')
    await card.getByRole('button', { name: 'Confirm cancellation' }).click()
    await expect(card.getByTestId('reservation-status')).toHaveText('Cancelled')
    await expect(card).toContainText('Plans changed')
    await page.reload()
    await expect(page.getByTestId('reservation-status')).toHaveText('Cancelled')
  })

  test('late in the day, with no tables left today, the reserve screen moves on to tomorrow and a chosen full day offers the next one', async ({ page }, testInfo) => {
    // Today's times are all taken (as late in the evening); the other days are the server's own.
    let today: string | undefined
    await page.route('**/api/merchants/generate-reservation-slot/**', async (route) => {
      const response = await route.fetch()
      // Merchant reads are encrypted: read the day, take today's times, seal it again.
      const day = decryptPayload(await response.text(), DEFAULT_PAYLOAD_KEY) as SlotsResponse
      today ??= day.date
      const full = day.date === today ? { ...day, slots: day.slots.map((slot) => ({ ...slot, available: false })) } : day
      await route.fulfill({ response, body: encryptPayload(full, DEFAULT_PAYLOAD_KEY) })
    })
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/Reservation?restaurant=olive-tree-soma')
    const date = page.getByLabel('Date')
    const tomorrow = (await date.locator('option').nth(1).getAttribute('value'))!
    await expect(page.getByRole('status').filter({ hasText: 'No tables left today — showing tomorrow.' })).toBeVisible()
    await expect(date).toHaveValue(tomorrow)
    await expect(page.getByRole('radio').and(page.locator(':enabled')).first()).toBeVisible()
    expect(today).toBe(await date.locator('option').first().getAttribute('value'))
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: testInfo.outputPath(`reserve-moved-on-${width}.png`), fullPage: true })
    }

    // Today chosen on purpose: not a dead end, one tap to the next day with tables.
    await date.selectOption(today!)
    await expect(page.getByText('No tables left today', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'See tomorrow' }).click()
    await expect(date).toHaveValue(tomorrow)
    await expect(page.getByRole('radio').and(page.locator(':enabled')).first()).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('closed screens explain why, with the hours and the way to the menu', async ({ page }) => {
    await page.goto('/checkIn/el-camino-tacos/closed')
    await expect(page.getByRole('heading', { name: 'Online check-in is closed' })).toBeVisible()
    await expect(page.getByTestId('closed-reason')).toHaveText(/does not take online check-ins\.$/)
    await expect(page.getByRole('heading', { name: 'Hours today' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'See the menu' })).toHaveAttribute('href', /\/el-camino-tacos\/menu$/)
    expect(await seriousViolations(page)).toEqual([])

    await page.goto('/reservation/brew-lab/closed')
    await expect(page.getByRole('heading', { name: 'Reservations are closed' })).toBeVisible()
    await expect(page.getByTestId('closed-reason')).toHaveText(/^Brew Lab.* does not take reservations online\.$/)
    await expect(page.getByRole('link', { name: 'Join the waitlist' })).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])

    // A restaurant without reservations sends /Reservation to its closed screen.
    await page.goto('/Reservation?restaurant=brew-lab')
    await expect(page).toHaveURL(/\/reservation\/brew-lab\/closed$/)
  })

  test('a signed-in diner’s check-in follows the queue live too (the stream carries the token)', async ({ page, request }) => {
    const ahead = await createDemoSession(request, { firstName: 'Abe', lastName: 'Ahead', mobilePhone: uniqueMobile() })
    const diner = await createDemoSession(request, { firstName: 'Sia', lastName: 'Signed', mobilePhone: uniqueMobile() })
    await useSession(page, diner)
    await page.goto(EMPIRE_BURGER_CHECKIN)
    const first = await checkInThroughApi(request, ahead, (await restaurantOf(request, 'empire-burger')).id)
    await page.getByRole('button', { name: 'Check in', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'You are on the waitlist' })).toBeVisible()
    const before = await positionNumber(page)
    expect(before).toBeGreaterThanOrEqual(2)
    await cancelThroughApi(request, ahead, first)
    // Well inside the 20 s a fallback read would take: only the event stream gets it here this fast.
    await expect(position(page)).toHaveText(`#${before - 1}`, { timeout: 6_000 })
  })

  test('a signed-in diner’s check-in uses their account’s number without typing one, and the form says it is the number we text', async ({ page, request }, testInfo) => {
    const diner = await createDemoSession(request, { firstName: 'Nia', lastName: 'Number', mobilePhone: uniqueMobile() })
    await useSession(page, diner)
    await page.goto(EMPIRE_BURGER_CHECKIN)
    const form = page.getByRole('form', { name: 'Join the waitlist' })
    const mobile = form.getByLabel('Mobile number')
    await expect(mobile).toHaveValue(shownUs(diner.userDetails.mobilePhone))
    await expect(mobile).not.toBeEditable()
    await expect(mobile).toHaveAccessibleDescription(/^We text this number, the one on your account, about your table\. To use another number, sign out/)
    await expect(form.getByRole('link', { name: 'your account' })).toHaveAttribute('href', '/account')
    await expect(form.getByLabel('Full name')).toHaveValue('Nia Number')
    expect(await seriousViolations(page)).toEqual([])
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await form.screenshot({ path: testInfo.outputPath(`check-in-signed-in-${width}.png`) })
    }

    const sent = page.waitForRequest((sentRequest) => sentRequest.method() === 'POST' && new URL(sentRequest.url()).pathname === '/api/customer/reservations')
    await form.getByRole('button', { name: 'Check in', exact: true }).click()
    expect(new URL((await sent).url()).searchParams.get('mobile')).toBe(diner.userDetails.mobilePhone)
    await expect(page.getByRole('heading', { name: 'You are on the waitlist' })).toBeVisible()
  })

  test('a signed-in diner books with their account’s number, shown and not editable', async ({ page, request }) => {
    const diner = await createDemoSession(request, { firstName: 'Bea', lastName: 'Booker', mobilePhone: uniqueMobile() })
    await useSession(page, diner)
    await page.goto('/Reservation?restaurant=olive-tree-soma')
    const form = page.getByRole('form', { name: 'Reserve a table' })
    await expect(form.getByLabel('Mobile number')).toHaveValue(shownUs(diner.userDetails.mobilePhone))
    await expect(form.getByLabel('Mobile number')).not.toBeEditable()
    const date = page.getByLabel('Date')
    await date.selectOption((await date.locator('option').nth(1).getAttribute('value'))!)
    const slot = page.getByRole('radio').and(page.locator(':enabled')).first()
    await slot.check()
    const sent = page.waitForRequest((sentRequest) => sentRequest.method() === 'POST' && new URL(sentRequest.url()).pathname === '/api/customer/reservations')
    await page.getByRole('button', { name: /^Reserve .* at / }).click()
    expect(new URL((await sent).url()).searchParams.get('mobile')).toBe(diner.userDetails.mobilePhone)
    await expect(page).toHaveURL(/\/reservation\/[0-9a-f-]{36}$/)
  })

  test('at 375 px the waitlist works and the menu offers it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 760 })
    await page.goto('/restaurant/empire-burger/menu/pickup')
    await page.getByRole('link', { name: 'Join the waitlist' }).click()
    await expect(page).toHaveURL(/\/checkin\?restaurant=empire-burger$/)
    await expect(page.getByRole('heading', { name: 'Current wait times' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Continue to check in' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('link', { name: 'Reserve a table' }).click()
    // Tomorrow has every time of the day; late in the evening today has none left.
    const date = page.getByLabel('Date')
    await date.selectOption((await date.locator('option').nth(1).getAttribute('value'))!)
    await expect(page.getByRole('radio').first()).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})

