import { expect, test, type Page } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { createDemoSession, uniqueMobile, useSession } from './support/session'
import { DEMO_STAFF_PASSWORD, demoStaffEmail, staffSignInThroughApi, staffSignOutOnScreen, staffSignOutThroughApi } from './support/staff'

const OUT = process.env.E2E_OUT_DIR ?? 'test-results'

/** The page never scrolls sideways. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

test('a diner checks in on the waitlist, the host signs in, sees them, seats them at a suggested table, and the diner’s screen changes live', async ({ browser, request }) => {
  test.setTimeout(40_000)
  // A host of Empire Burger is on shift from here on, so the sandbox host leaves its floor to the stand (docs/host-stand.md).
  const early = await staffSignInThroughApi(request, 'empire-burger', 'host')

  const dinerContext = await browser.newContext()
  const diner = await dinerContext.newPage()
  const hostContext = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true })
  const host = await hostContext.newPage()
  try {
  const session = await createDemoSession(request, { firstName: 'Hana', lastName: 'Standwell', mobilePhone: uniqueMobile() })
  await useSession(diner, session)
  await diner.goto('/checkin?restaurant=empire-burger')
  await diner.getByRole('button', { name: 'Check in', exact: true }).click()
  await expect(diner.getByRole('heading', { name: 'You are on the waitlist' })).toBeVisible()

  await host.goto('/staff')
  await host.getByLabel('Email').fill(demoStaffEmail('empire-burger', 'host'))
  await host.getByLabel('Password', { exact: true }).fill(DEMO_STAFF_PASSWORD)
  await host.getByRole('button', { name: 'Sign in' }).click()
  await expect(host).toHaveURL(/\/staff\/host$/)
  await expect(host.getByRole('heading', { level: 1, name: 'Host stand' })).toBeVisible()

  const row = host.getByTestId('party-row').filter({ hasText: 'Hana Standwell' })
  await expect(row).toContainText('Waiting')
  await expect(host.getByTestId('table-tile').first()).toBeVisible()
  expect(await seriousViolations(host)).toEqual([])
  await host.screenshot({ path: `${OUT}/staff-host-1024.png` })

  await row.getByRole('button', { name: 'Seat' }).click()
  const dialog = host.getByTestId('seat-dialog')
  const best = dialog.getByTestId('table-choice').first()
  await expect(best).toContainText('Best fit')
  await expect(best).toHaveAttribute('aria-checked', 'true')
  const table = /^(T\d+)/.exec((await best.textContent()) ?? '')![1]!
  expect(await seriousViolations(host)).toEqual([])
  await host.screenshot({ path: `${OUT}/staff-host-seat-1024.png` })
  await dialog.getByRole('button', { name: 'Seat', exact: true }).click()
  await expect(dialog).toHaveCount(0)

  // The diner's screen follows its stream: seated, at that table.
  await expect(diner.getByRole('heading', { name: 'Your table is ready' })).toBeVisible()
  await expect(diner.getByText(table, { exact: false }).first()).toBeVisible()

  // The stand: the party under Seated, its table on the map with the diner at it.
  await host.getByTestId('filter-seated').click()
  await expect(host.getByTestId('party-row').filter({ hasText: 'Hana Standwell' })).toContainText(table)
  await expect(host.getByTestId('table-tile').filter({ hasText: 'Hana Standwell' })).toHaveAttribute('data-state', 'seated')

  // A phone: one column, List and Map as tabs.
  await host.setViewportSize({ width: 375, height: 740 })
  await expect(host.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true')
  expect(await scrollsSideways(host)).toBe(false)
  expect(await seriousViolations(host)).toEqual([])
  await host.screenshot({ path: `${OUT}/staff-host-375.png` })
  await host.getByRole('tab', { name: 'Map' }).click()
  await expect(host.getByTestId('table-tile').filter({ hasText: 'Hana Standwell' })).toBeVisible()
  expect(await scrollsSideways(host)).toBe(false)
  expect(await seriousViolations(host)).toEqual([])
  await host.screenshot({ path: `${OUT}/staff-host-map-375.png` })

  // Done frees the table again.
  await host.getByRole('tab', { name: 'List' }).click()
  await host.getByTestId('party-row').filter({ hasText: 'Hana Standwell' }).getByRole('button', { name: 'Done' }).click()
  await expect(host.getByTestId('party-row').filter({ hasText: 'Hana Standwell' })).toHaveCount(0)
  } finally {
    // Off shift again at once, so the sandbox moves Empire Burger's parties and orders for the other tests.
    await staffSignOutOnScreen(host)
    await staffSignOutThroughApi(request, early)
    await dinerContext.close()
    await hostContext.close()
  }
})
