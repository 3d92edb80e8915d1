import { expect, test, type Page } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { createDemoSession, uniqueMobile, useSession } from './support/session'

// These journeys use the restaurant's heart in the menu page's header.
const menu = '/restaurant/olive-tree-soma/menu/pickup'
const saveRestaurant = (page: Page) => page.getByRole('button', { name: /^Save Olive Tree\b.* to favorites$/ })
const removeRestaurant = (page: Page) => page.getByRole('button', { name: /^Remove Olive Tree\b.* from favorites$/ })

test.describe('favourites', () => {
  test('a guest who taps a heart is asked to sign in in a dialog, and "Sign in" goes to /signin', async ({ page }) => {
    await page.goto(menu)
    const heart = saveRestaurant(page)
    await expect(heart).toHaveAttribute('aria-pressed', 'false')
    expect(await seriousViolations(page, 'button[aria-pressed]')).toEqual([])
    await heart.click()

    const dialog = page.getByRole('dialog', { name: 'Sign in to save your favorites' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Sign in' })).toBeFocused()
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])

    // Focus stays in the modal dialog, and Escape gives it back to the heart.
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null || document.activeElement === document.body)).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(heart).toBeFocused()

    await page.keyboard.press('Enter')
    await dialog.getByRole('button', { name: 'Not now' }).click()
    await expect(dialog).toBeHidden()
    await expect(heart).toBeFocused()

    await heart.click()
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/signin$/)
  })

  test('a signed-in customer saves a restaurant, and it is still saved after a reload', async ({ page, request }) => {
    const session = await createDemoSession(request, { firstName: 'Fave', mobilePhone: uniqueMobile() })
    await useSession(page, session)
    await page.goto(menu)

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/favourites') && r.request().method() === 'POST')
    await saveRestaurant(page).click()
    await expect(removeRestaurant(page)).toHaveAttribute('aria-pressed', 'true')
    expect((await saved).status()).toBe(201)
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await page.reload()
    await expect(removeRestaurant(page)).toHaveAttribute('aria-pressed', 'true')
    const stored = await request.get(`/api/favourites?customerId=${session.userId}`, {
      headers: { Authorization: `Bearer ${session.accessToken}` },
    })
    expect((await stored.json()).restaurants).toEqual([expect.objectContaining({ locationSlug: 'olive-tree-soma' })])

    const removed = page.waitForResponse((r) => r.url().endsWith('/api/favourites') && r.request().method() === 'DELETE')
    await removeRestaurant(page).click()
    await expect(saveRestaurant(page)).toHaveAttribute('aria-pressed', 'false')
    expect((await removed).status()).toBe(200)
    await page.reload()
    await expect(saveRestaurant(page)).toHaveAttribute('aria-pressed', 'false')
  })

  test('a signed-in customer saves dishes and filters the menu to them', async ({ page, request }) => {
    const session = await createDemoSession(request, { firstName: 'Dish', mobilePhone: uniqueMobile() })
    await useSession(page, session)
    await page.goto(menu)
    const dishes = page.getByTestId('menu-item')
    await expect(dishes.first()).toBeVisible()
    // The menu renders its first screen, then the rest in idle steps (docs/app.md, "Start-up work"): counted once all are there.
    const lastSection = await page.getByRole('navigation', { name: 'Menu categories' }).getByRole('link').last().getAttribute('href')
    await expect(page.locator(lastSection!)).toHaveCount(1)
    const total = await dishes.count()
    const first = (await dishes.nth(0).getAttribute('aria-label'))!
    const second = (await dishes.nth(3).getAttribute('aria-label'))!
    await expect(page.getByRole('button', { name: /My favourites/ })).toHaveCount(0)

    for (const name of [first, second]) {
      await page.getByRole('button', { name: `Save ${name} to favorites` }).click()
      await expect(page.getByRole('button', { name: `Remove ${name} from favorites` })).toHaveAttribute('aria-pressed', 'true')
    }
    await page.reload()
    const filter = page.getByRole('button', { name: 'My favourites (2)' })
    await filter.click()
    await expect(filter).toHaveAttribute('aria-pressed', 'true')
    await expect(dishes).toHaveCount(2)
    await expect(page.getByRole('article', { name: first, exact: true })).toBeVisible()
    await filter.click()
    await expect(dishes).toHaveCount(total)
  })

  test('a signed-in customer whose session has expired sees why the heart did not stay saved', async ({ page, request }) => {
    const session = await createDemoSession(request, { firstName: 'Late', mobilePhone: uniqueMobile() })
    await useSession(page, { ...session, accessToken: `${session.accessToken}x` })
    await page.goto(menu)
    await saveRestaurant(page).click()
    await expect(page.getByText('Please sign in to continue.')).toBeVisible()
    await expect(saveRestaurant(page)).toHaveAttribute('aria-pressed', 'false')
  })

  test('the heart is a 44 px target and the dialog fits a 375 px screen @mobile', async ({ page }) => {
    await page.goto(menu)
    const heart = saveRestaurant(page)
    const box = (await heart.boundingBox())!
    expect(box.width).toBeGreaterThanOrEqual(44)
    expect(box.height).toBeGreaterThanOrEqual(44)
    await heart.tap()
    const dialog = page.getByRole('dialog', { name: 'Sign in to save your favorites' })
    await expect(dialog).toBeVisible()
    // The panel, not the dialog's full-screen frame, must fit.
    const dialogBox = (await dialog.getByTestId('sign-in-prompt').boundingBox())!
    expect(dialogBox.x).toBeGreaterThanOrEqual(0)
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(375)
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])
    await dialog.getByRole('button', { name: 'Not now' }).tap()
    await expect(dialog).toBeHidden()
  })
})
