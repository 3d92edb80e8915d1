import { expect, test, type Browser, type Page } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { DEMO_STAFF_PASSWORD, demoStaffEmail } from './support/staff'

// The staff area's foundation (docs/staff.md): a manager on a tablet adds a kitchen member, who signs
// in on a phone and sees only the kitchen; the manager removes them and their phone is signed out.
// Kaapi Katte: no diner journey relies on its simulators (a signed-in staff member puts it on shift).
const SLUG = 'kaapi-katte'

async function contextOf(browser: Browser, width: number, height: number) {
  const mobile = width < 768
  return browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width, height }, isMobile: mobile, hasTouch: mobile })
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })

test('a manager adds a kitchen member, who signs in and sees only the kitchen, until removed', async ({ browser }) => {
  test.setTimeout(40_000)
  const tablet = await (await contextOf(browser, 1024, 768)).newPage()
  const phone = await (await contextOf(browser, 375, 740)).newPage()
  const email = `kiran-${Date.now()}@example.com`

  // The manager signs in on the tablet: a wrong password is refused in words, then the team opens.
  await tablet.goto('/staff')
  await expect(tablet.getByRole('heading', { name: 'Sign in to your restaurant' })).toBeVisible()
  expect(await seriousViolations(tablet)).toEqual([])
  await signIn(tablet, demoStaffEmail(SLUG, 'manager'), 'not-the-password')
  await expect(tablet.getByRole('alert')).toHaveText('That email and password do not match a staff account.')
  await signIn(tablet, demoStaffEmail(SLUG, 'manager'), DEMO_STAFF_PASSWORD)
  await expect(tablet).toHaveURL(/\/staff\/team$/)
  await expect(tablet.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible()
  await expect(tablet.getByRole('navigation', { name: 'Staff areas' }).getByRole('link')).toHaveText(['Kitchen', 'Host', 'Floor', 'Team'])
  await expect(tablet.getByTestId('team-member')).toHaveCount(4)

  // Adds Kiran to the kitchen; the same email again is refused with the server's words.
  const form = tablet.getByRole('region', { name: 'Add someone' })
  const add = async () => {
    await form.getByLabel('Name').fill('Kiran Kitchen')
    await form.getByLabel('Email (they sign in with it)').fill(email)
    await form.getByRole('radio', { name: /Kitchen/ }).check()
    await form.getByLabel('First password').fill('kitchen-first-1')
    await form.getByRole('button', { name: 'Add to the team' }).click()
  }
  await add()
  await expect(tablet.getByRole('status').filter({ hasText: 'Kiran Kitchen was added' })).toHaveText('Kiran Kitchen was added as kitchen. Give them their email and first password.')
  await expect(tablet.getByTestId('team-member').filter({ hasText: 'Kiran Kitchen' })).toContainText(email)
  await add()
  await expect(form.getByRole('alert')).toHaveText('Someone on a staff team already signs in with that email.')
  expect(await seriousViolations(tablet)).toEqual([])
  await shot(tablet, 'team-1024')

  // Kiran signs in on a phone: the kitchen, and only the kitchen.
  await phone.goto('/staff')
  await signIn(phone, email, 'kitchen-first-1')
  await expect(phone).toHaveURL(/\/staff\/kitchen$/)
  await expect(phone.getByText('Kiran Kitchen · Kitchen')).toBeVisible()
  await expect(phone.getByRole('navigation', { name: 'Staff areas' }).getByRole('link')).toHaveText(['Kitchen'])
  await phone.goto('/staff/team')
  await expect(phone.getByRole('heading', { name: 'Not for your role' })).toBeVisible()
  expect(await seriousViolations(phone)).toEqual([])
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
  await shot(phone, 'not-for-your-role-375')

  // The manager removes Kiran, after a confirmation; Kiran's phone is signed out at its next call.
  await tablet.getByRole('button', { name: 'Remove Kiran Kitchen' }).click()
  const dialog = tablet.getByRole('dialog', { name: 'Remove Kiran Kitchen?' })
  await dialog.getByRole('button', { name: 'Remove' }).click()
  await expect(tablet.getByRole('status').filter({ hasText: 'Kiran Kitchen was removed' })).toHaveText('Kiran Kitchen was removed from the team and signed out.')
  await expect(tablet.getByTestId('team-member')).toHaveCount(4)
  await phone.goto('/staff/kitchen')
  await expect(phone).toHaveURL(/\/staff$/)
  await expect(phone.getByRole('heading', { name: 'Sign in to your restaurant' })).toBeVisible()

  // The manager signs out: back at the sign-in, and the restaurant is off shift again.
  await tablet.getByRole('button', { name: 'Sign out' }).click()
  await expect(tablet).toHaveURL(/\/staff$/)
  await tablet.context().close()
  await phone.context().close()
})
