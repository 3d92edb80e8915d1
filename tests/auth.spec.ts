import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type { LoginResponse, OutboxResponse } from '@/shared/api/contracts/auth'
import { seriousViolations } from './support/axe'
import { createDemoSession, shownUs, uniqueMobile } from './support/session'

/** The newest code the sandbox texted to `phone`, once there are `count` texts. */
async function codeFor(request: APIRequestContext, phone: string, count = 1): Promise<string> {
  let messages: OutboxResponse['messages'] = []
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?phone=${encodeURIComponent(phone)}`)
      messages = ((await response.json()) as OutboxResponse).messages
      return messages.length
    })
    .toBeGreaterThanOrEqual(count)
  return /\b(\d{6})\b/.exec(messages[0]!.body)![1]!
}

/** An active account made through the API, for the journeys that start signed up. */
async function createAccount(request: APIRequestContext, password: string) {
  const mobilePhone = uniqueMobile()
  expect((await request.post('/api/customer/signup', { data: { firstName: 'Mina', lastName: 'Park', mobilePhone, password } })).status()).toBe(201)
  const verified = await request.post('/api/customer/validateOTP/v2', { data: { mobile: mobilePhone, otp: await codeFor(request, mobilePhone), purpose: 'signup' } })
  expect(verified.status()).toBe(200)
  return { mobilePhone, session: (await verified.json()) as LoginResponse }
}

const national = (mobile: string) => mobile.replace(/^\+1/, '')
const passwordField = (page: Page, name = 'Password') => page.getByLabel(name, { exact: true })

async function signIn(page: Page, mobilePhone: string, password: string) {
  await page.goto('/signin')
  await page.getByLabel('Mobile number or email').fill(national(mobilePhone))
  await passwordField(page).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test.describe('sign-up, sign-in and codes', () => {
  test('a guest who opens the account from the header signs in and comes back to it', async ({ page, request }) => {
    const { mobilePhone } = await createAccount(request, 'open sesame')
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Account' }).click()
    await expect(page).toHaveURL(/\/signin$/)
    await page.getByLabel('Mobile number or email').fill(national(mobilePhone))
    await passwordField(page).fill('open sesame')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/account(\/\w+)?$/)
    await expect(page.getByText('Mina').first()).toBeVisible()
  })

  test('signs up with the texted code, signs out, and signs in again', async ({ page, request }) => {
    const mobilePhone = uniqueMobile()
    await page.goto('/signup')
    await page.getByLabel('First name').fill('Asha')
    await page.getByLabel('Last name').fill('Rao')
    await expect(page.getByLabel('Calling code')).toHaveValue('+1')
    await page.getByLabel('Mobile number').fill(national(mobilePhone))
    await passwordField(page).fill('correct horse')
    await page.getByRole('button', { name: 'Show password' }).click()
    await expect(passwordField(page)).toHaveAttribute('type', 'text')
    await page.getByRole('button', { name: 'Create account' }).click()

    await expect(page).toHaveURL(/\/verify$/)
    await expect(page.getByText(`We sent a 6-digit code to ${shownUs(mobilePhone)}.`)).toBeVisible()
    await page.getByLabel('Verification code').fill(await codeFor(request, mobilePhone))
    await page.getByRole('button', { name: 'Verify and sign in' }).click()
    await expect(page).toHaveURL(/\/$/)

    await page.goto('/signin')
    await expect(page.getByText('You are signed in as Asha.')).toBeVisible()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()

    await signIn(page, mobilePhone, 'correct horse')
    await expect(page).toHaveURL(/\/$/)
    const stored = await page.evaluate(() => Object.keys(localStorage))
    expect(stored).toEqual(expect.arrayContaining(['tf.userId', 'tf.accessToken', 'tf.refreshToken', 'tf.userDetails']))
  })

  test('a wrong password shows "Invalid Username or Password"', async ({ page, request }) => {
    const { mobilePhone } = await createAccount(request, 'right password')
    await signIn(page, mobilePhone, 'wrong password')
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid Username or Password' })).toBeVisible()
    await expect(page).toHaveURL(/\/signin$/)
  })

  test('a guest verifies the mobile with the texted code and is guest signed in', async ({ page, request }) => {
    const mobile = uniqueMobile()
    await page.goto('/guest')
    await expect(page.getByLabel('Mobile number')).toHaveAttribute('placeholder', '1111111111')
    await page.getByLabel('Full name').fill('Ravi Kumar')
    await page.getByLabel('Mobile number').fill(national(mobile))
    await page.getByRole('button', { name: 'Send code' }).click()
    await expect(page).toHaveURL(/\/verify$/)
    // The resend button counts down from 30 s.
    await expect(page.getByRole('button', { name: /^Resend code in (2\d|30) s$/ })).toBeDisabled()
    await page.getByLabel('Verification code').fill(await codeFor(request, mobile))
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    await expect(page).toHaveURL(/\/$/)
    const stored = await page.evaluate(() => Object.keys(localStorage))
    // The guest token proves the number for this guest session (docs/accounts.md "Guests").
    expect(stored).toEqual(expect.arrayContaining(['tf.userId', 'tf.guestName', 'tf.guestMobile', 'tf.guestToken']))
    expect(stored).not.toContain('tf.guestEmail')
    await page.goto('/guest')
    await expect(page.getByText(`You are verified as Ravi Kumar (${shownUs(mobile)}).`)).toBeVisible()
  })

  test('resets a forgotten password end to end (a demo account: the sandbox shows only demo and guest codes)', async ({ page, request }) => {
    const mobilePhone = uniqueMobile()
    await createDemoSession(request, { firstName: 'Reese', mobilePhone })
    await page.goto('/signin')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL(/\/reset-password$/)
    await page.getByLabel('Mobile number').fill(national(mobilePhone))
    await page.getByRole('button', { name: 'Send code' }).click()
    await page.getByLabel('Verification code').fill(await codeFor(request, mobilePhone))
    await page.getByRole('button', { name: 'Continue' }).click()
    await passwordField(page, 'New password').fill('new password')
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect(page.getByText('Your password has been changed. Sign in with the new password.')).toBeVisible()

    expect((await request.post('/api/customer/login/v2', { data: { mobilePhone, password: 'old password' } })).status()).toBe(401)
    await signIn(page, mobilePhone, 'new password')
    await expect(page).toHaveURL(/\/$/)
  })

  test('the sandbox shows nobody a real account’s codes, and the demo sign-in never enters it', async ({ request }) => {
    const { mobilePhone } = await createAccount(request, 'her own password')
    expect((await request.post('/api/customer/resetPassword', { data: { sendOtp: true, mobilePhone } })).status()).toBe(200)
    const outbox = (await (await request.get(`/api/dev/outbox?phone=${encodeURIComponent(mobilePhone)}`)).json()) as { messages: unknown[] }
    expect(outbox.messages).toEqual([])
    const demo = await request.post('/api/dev/session', { data: { firstName: 'Mallory', mobilePhone, walletAmount: 100000 } })
    expect(demo.status()).toBe(403)
    expect(await demo.json()).toMatchObject({ code: 'not_a_demo_customer' })
  })
})

for (const [project, tag] of [['desktop', ''], ['mobile', ' @mobile']] as const) {
  test(`every auth screen passes axe (${project})${tag}`, async ({ page, request }) => {
    for (const path of ['/signin', '/signup', '/guest', '/verify', '/reset-password']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(await seriousViolations(page), path).toEqual([])
    }
    // The code screens too, with a code on its way.
    await page.goto('/guest')
    await page.getByLabel('Full name').fill('Axe Guest')
    const mobile = uniqueMobile()
    await page.getByLabel('Mobile number').fill(national(mobile))
    await page.getByRole('button', { name: 'Send code' }).click()
    await expect(page.getByLabel('Verification code')).toBeVisible()
    expect(await seriousViolations(page), '/verify with a code').toEqual([])
    expect(await codeFor(request, mobile)).toMatch(/^\d{6}$/)
  })
}
