import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type { EmailOutboxResponse } from '@/shared/api/contracts/auth'
import { seriousViolations } from './support/axe'
import { createDemoSession, uniqueMobile, useSession } from './support/session'

const DESKTOP = { width: 1280, height: 900 }
const MOBILE = { width: 375, height: 800 }

async function signIn(page: Page, firstName: string) {
  const session = await createDemoSession(page.request, { firstName, lastName: 'Tester', mobilePhone: uniqueMobile() })
  await useSession(page, session)
  return session
}

/** The newest code the sandbox emailed to `email`, once there are `count` emails. */
async function emailedCode(request: APIRequestContext, email: string, count = 1): Promise<string> {
  let messages: EmailOutboxResponse['messages'] = []
  await expect
    .poll(async () => {
      messages = ((await (await request.get(`/api/dev/email-outbox?email=${encodeURIComponent(email)}`)).json()) as EmailOutboxResponse).messages
      return messages.length
    })
    .toBeGreaterThanOrEqual(count)
  return /\b(\d{6})\b/.exec(messages[0]!.body)![1]!
}

/** The desktop account's menu of sections; on mobile the sections are a page of their own. */
const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'Account', exact: true })

test.describe('account', () => {
  test('a guest is sent to sign-in and remembered where to come back to', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await page.goto('/account/Cards')
    await expect(page).toHaveURL(/\/signin$/)
  })

  test('desktop account page: menu of sections, profile first, no serious axe violations', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, 'Dora')
    await page.goto('/account')
    const menu = page.getByRole('navigation', { name: 'Account', exact: true })
    for (const name of ['Profile', 'Favorites', 'Delivery addresses', 'Saved cards', 'My orders', 'Policies', 'FAQ']) {
      await expect(menu.getByRole('link', { name })).toBeVisible()
    }
    await expect(menu.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByText('Dora Tester')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await menu.getByRole('link', { name: 'My orders' }).click()
    await expect(page).toHaveURL(/\/account\/MyOrders$/)
    await expect(page.getByText('No orders yet')).toBeVisible()
  })

  test('add, edit, select and delete a delivery address', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, 'Ada')
    await page.goto('/account/DeliveryAddress')
    await expect(page.getByText('No delivery addresses yet.')).toBeVisible()

    // Typed as in the cart: the street found by the geocoder, the apartment, the pin; never coordinates.
    // At 375 px first (the account's layout changes with the width, so each width opens its own form).
    const street = page.getByRole('combobox', { name: 'Street address' })
    for (const size of [MOBILE, DESKTOP]) {
      await page.setViewportSize(size)
      // The layout follows the width a frame or more later (a media query's change event): wait for it.
      await expect(accountMenu(page)).toHaveCount(size === DESKTOP ? 1 : 0)
      await page.getByRole('button', { name: 'Add an address' }).click()
      await street.fill('1 Market')
      await page.getByRole('option', { name: /^1 Market St\s*San Francisco, CA$/ }).click()
      await expect(street).toHaveValue('1 Market St, San Francisco, CA')
      await expect(page.getByRole('region', { name: 'Map of the delivery point' })).toBeVisible()
      await page.getByLabel('Apartment, suite or floor (optional)').fill('Suite 200')
      await page.getByLabel('Instructions for the courier (optional)').fill('Front desk')
      await expect(page.getByLabel(/Latitude|Longitude/)).toHaveCount(0)
      await page.screenshot({ path: test.info().outputPath(`account-address-form-${size.width}.png`), fullPage: true })
      if (size.width === 375) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
        await page.getByRole('button', { name: 'Cancel' }).click()
      }
    }
    await page.getByRole('button', { name: 'Save address' }).click()
    const list = page.getByRole('list', { name: 'Your delivery addresses' })
    await expect(list.getByText('1 Market St, San Francisco, CA, Suite 200')).toBeVisible()
    await expect(list.getByText('Selected for delivery')).toHaveCount(1)

    // A street not chosen from the list is not saved: the courier needs the found point.
    await page.getByRole('button', { name: 'Add an address' }).click()
    await page.getByRole('radio', { name: 'Work' }).check()
    await street.fill('500 Howard')
    await page.getByRole('button', { name: 'Save address' }).click()
    await expect(page.getByRole('alert')).toHaveText('Choose the address from the list, so the courier finds it.')
    await street.fill('500 Howard St')
    await page.getByRole('option', { name: /^500 Howard St\s*San Francisco, CA$/ }).click()
    await page.getByRole('button', { name: 'Save address' }).click()
    await expect(list.getByText('500 Howard St, San Francisco, CA')).toBeVisible()

    const work = '500 Howard St, San Francisco, CA'
    await page.getByRole('button', { name: `Edit Work: ${work}` }).click()
    await expect(page.getByRole('combobox', { name: 'Street address' })).toHaveValue(work)
    await page.getByLabel('Apartment, suite or floor (optional)').fill('Floor 3')
    await page.getByRole('button', { name: 'Save address' }).click()
    await expect(list.getByText(`${work}, Floor 3`)).toBeVisible()

    await page.getByRole('button', { name: `Deliver to Work: ${work}` }).click()
    const selected = list.getByRole('listitem').filter({ hasText: 'Selected for delivery' })
    await expect(selected).toHaveCount(1)
    await expect(selected).toContainText('500 Howard St')

    await page.getByRole('button', { name: `Delete Work: ${work}` }).click()
    await page.getByRole('button', { name: 'Yes, delete' }).click()
    await expect(list.getByText('500 Howard St')).toHaveCount(0)
    await expect(list.getByRole('listitem')).toHaveCount(1)

    await page.reload()
    await expect(page.getByRole('list', { name: 'Your delivery addresses' }).getByRole('listitem')).toHaveCount(1)
  })

  test('a half-typed address survives the window crossing the mobile width, both ways, on either path', async ({ page }) => {
    await signIn(page, 'Tam')
    const street = page.getByRole('combobox', { name: 'Street address' })
    const apartment = page.getByLabel('Apartment, suite or floor (optional)')
    // The app's own mobile path moves to /account/DeliveryAddress when the window widens.
    for (const path of ['/DeliveryAddress', '/account/DeliveryAddress']) {
      await page.setViewportSize(MOBILE)
      await page.goto(path)
      await expect(accountMenu(page)).toHaveCount(0)
      await page.getByRole('button', { name: 'Add an address' }).click()
      await street.fill('1 Market')
      await page.getByRole('option', { name: /^1 Market St\s*San Francisco, CA$/ }).click()
      await apartment.fill('Suite 200')
      await page.setViewportSize(DESKTOP)
      await expect(accountMenu(page)).toBeVisible()
      await expect(page).toHaveURL(/\/account\/DeliveryAddress$/)
      await expect(street).toHaveValue('1 Market St, San Francisco, CA')
      await expect(apartment).toHaveValue('Suite 200')
      await page.setViewportSize(MOBILE)
      await expect(accountMenu(page)).toHaveCount(0)
      await expect(street).toHaveValue('1 Market St, San Francisco, CA')
      await expect(apartment).toHaveValue('Suite 200')
      await expect(page.getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/account')
      await page.getByRole('button', { name: 'Cancel' }).click()
    }
  })
  test('save a card and see •••• 4242; a bad number says "Invalid Card Details"', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, 'Cy')
    const sentNumbers: string[] = []
    page.on('request', (request) => {
      if ((request.postData() ?? '').includes('4242424242424242')) sentNumbers.push(new URL(request.url()).pathname)
    })
    await page.goto('/account/Cards')
    await page.getByRole('button', { name: 'Add a card' }).click()
    await page.getByLabel('Card number').fill('4242 4242 4242 4241')
    await page.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 2) % 100}`)
    await page.getByLabel('Security code (CVC)').fill('123')
    await page.getByRole('button', { name: 'Save card' }).click()
    await expect(page.getByRole('alert')).toHaveText('Invalid Card Details')

    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByLabel('Security code (CVC)').fill('123')
    await page.getByRole('button', { name: 'Save card' }).click()
    const cards = page.getByRole('list', { name: 'Your saved cards' })
    await expect(cards.getByText('•••• 4242')).toBeVisible()
    expect(sentNumbers).toEqual(['/api/provider/sandbox/tokenize'])
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Remove Visa ending in 4242' }).click()
    await expect(page.getByText('No saved cards yet.')).toBeVisible()
  })

  for (const [project, viewport] of [['desktop', DESKTOP], ['mobile', MOBILE]] as const) {
    test(`a new email is stored only with the code sent to it; meanwhile the profile says "Verify" (${project})`, async ({ page }) => {
      await page.setViewportSize(viewport)
      const session = await signIn(page, 'Elsa')
      const address = `elsa.${session.userDetails.mobilePhone.slice(-7)}.${project}@example.com`
      await page.goto('/profile/email')
      await expect(page.getByRole('heading', { level: 1, name: 'Your email address' })).toBeVisible()
      await page.getByLabel('Email address').fill('not an address')
      await page.getByRole('button', { name: 'Send code' }).click()
      await expect(page.getByRole('alert')).toHaveText('Enter an email address such as name@example.com.')
      await page.screenshot({ path: test.info().outputPath(`email-address-step-${project}.png`), fullPage: true })
      await page.getByLabel('Email address').fill(address)
      await page.getByRole('button', { name: 'Send code' }).click()

      const codeStep = page.getByRole('form', { name: 'Confirm your email address' })
      await expect(codeStep).toContainText(`We sent a 6-digit code to ${address}.`)
      await expect(page.getByLabel('Verification code')).toBeFocused()
      expect(await seriousViolations(page), 'code step').toEqual([])
      await page.screenshot({ path: test.info().outputPath(`email-code-step-${project}.png`), fullPage: true })

      // Until the code comes back the address is only pending.
      await page.goto(project === 'mobile' ? '/Profile' : '/account/Profile')
      const verifyLink = page.getByRole('link', { name: `Verify ${address}` })
      await expect(verifyLink).toBeVisible()
      await expect(page.getByText('No email address yet')).toBeVisible()
      await page.screenshot({ path: test.info().outputPath(`profile-pending-email-${project}.png`), fullPage: true })
      await verifyLink.click()
      await expect(page).toHaveURL(/\/profile\/email$/)

      await page.getByLabel('Verification code').fill('000000' === (await emailedCode(page.request, address)) ? '111111' : '000000')
      await page.getByRole('button', { name: 'Confirm email' }).click()
      await expect(page.getByRole('alert')).toHaveText('The code is wrong or has expired. Please try again or ask for a new code.')
      await page.getByLabel('Verification code').fill(await emailedCode(page.request, address))
      await page.getByRole('button', { name: 'Confirm email' }).click()
      await expect(page).toHaveURL(project === 'mobile' ? /\/Profile$/ : /\/account(\/Profile)?$/)
      await expect(page.getByText(address, { exact: true })).toBeVisible()
      await expect(page.getByRole('link', { name: /^Verify / })).toHaveCount(0)
    })
  }

  test('an address another account holds is refused with the server’s message', async ({ page, request }) => {
    await page.setViewportSize(DESKTOP)
    const taken = `taken.${uniqueMobile().slice(-7)}@example.com`
    await createDemoSession(request, { firstName: 'Owner', mobilePhone: uniqueMobile(), email: taken })
    await signIn(page, 'Other')
    await page.goto('/profile/email')
    await page.getByLabel('Email address').fill(taken.toUpperCase())
    await page.getByRole('button', { name: 'Send code' }).click()
    await expect(page.getByRole('alert')).toHaveText('This email address belongs to another account. Please use another one.')
  })

  test('mobile: /account lists the sections, /Profile shows the profile, axe passes', async ({ page }) => {
    await page.setViewportSize(MOBILE)
    await signIn(page, 'Mo')
    await page.goto('/account')
    const sections = page.getByRole('navigation', { name: 'Account sections' })
    await expect(sections.getByRole('link', { name: /Delivery addresses/ })).toHaveAttribute('href', '/DeliveryAddress')
    expect(await seriousViolations(page)).toEqual([])

    await page.goto('/Profile')
    await expect(page).toHaveURL(/\/Profile$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
    await expect(page.getByText('Mo Tester')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    for (const [path, heading] of [
      ['/Cards', 'Saved cards'],
      ['/MyOrders', 'My orders'],
      ['/DeliveryAddress', 'Delivery addresses'],
      ['/policies/terms', 'Terms of use'],
      ['/FAQ', 'Frequently asked questions'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page.getByRole('main').getByRole('status')).toHaveCount(0)
      expect(await seriousViolations(page), path).toEqual([])
    }
  })

  test('desktop: a mobile-only page lands on the account page with that section', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, 'Des')
    await page.goto('/Profile')
    await expect(page).toHaveURL(/\/account\/Profile$/)
    await expect(page.getByRole('navigation', { name: 'Account', exact: true }).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page')
    await page.goto('/policies/CancellationPolicy')
    await expect(page).toHaveURL(/\/account\/CancellationPolicy$/)
    await expect(page.getByRole('heading', { name: 'Cancellation and refund policy' })).toBeVisible()
  })

  test('a merchant’s /PrivacyPolicy: the privacy page on mobile, the account page on desktop', async ({ page }) => {
    await page.setViewportSize(MOBILE)
    await page.goto('/restaurant/olive-tree-soma/PrivacyPolicy')
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Account', exact: true })).toHaveCount(0)

    await page.setViewportSize(DESKTOP)
    await page.goto('/restaurant/olive-tree-soma/PrivacyPolicy')
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Account', exact: true }).getByRole('link', { name: 'Policies' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('heading', { level: 2, name: 'Privacy policy' })).toBeVisible()
  })
})
