import { expect, test } from '@playwright/test'
import { menuOf } from './support/api'

test.describe('the stack end to end', () => {
  test('the home page lists the seeded restaurants and opens one menu in its own theme', async ({ page }) => {
    await page.goto('/')
    const cards = page.getByTestId('restaurant-card')
    await expect(cards.first()).toBeVisible()
    expect(await cards.count()).toBeGreaterThanOrEqual(10)
    await expect(page.getByRole('heading', { name: 'Bengaluru' })).toBeVisible()

    await page.getByRole('link', { name: 'The Velvet Hour', exact: true }).click()
    await expect(page).toHaveURL(/\/bar\/velvet-hour\/menu\/\w+$/)
    await expect(page.getByRole('heading', { level: 1, name: 'The Velvet Hour' })).toBeVisible()
    // The heading comes with the restaurant; the dishes with the menu, a moment later.
    await expect.poll(() => page.getByTestId('menu-item').count()).toBeGreaterThanOrEqual(20)

    const banner = page.locator('header').first()
    await expect(banner).toHaveCSS('background-color', 'rgb(74, 20, 140)') // #4A148C
    await expect(banner).toHaveCSS('color', 'rgb(243, 229, 245)') // #F3E5F5
  })

  test('a merchant with no theme and no logo gets the default colours and logo', async ({ page }) => {
    await page.goto('/restaurant/hanami-sushi/menu')
    await expect(page.getByRole('heading', { level: 1, name: 'Hanami Sushi' })).toBeVisible()
    await expect(page.locator('header').first()).toHaveCSS('background-color', 'rgb(229, 35, 51)') // #E52333
    await expect(page.getByRole('img', { name: 'Hanami Sushi logo' })).toHaveAttribute('src', '/default-logo.svg')
  })

  test('items hidden by the display flag are not shown', async ({ page, request }) => {
    const menu = await menuOf(request, 'olive-tree-soma', 'pickup')
    const hidden = menu.items.filter((item) => item.display !== 1)
    const shown = menu.items.filter((item) => item.display === 1)
    expect(hidden.length).toBeGreaterThan(0)

    await page.goto('/restaurant/olive-tree-soma/menu/pickup')
    await expect(page.getByTestId('menu-item')).toHaveCount(shown.length)
    for (const item of hidden) await expect(page.getByRole('article', { name: item.name, exact: true })).toHaveCount(0)
    await expect(page.getByRole('article', { name: shown[0]!.name, exact: true })).toBeVisible()
  })

  test('a menu type the restaurant does not offer leads to one it does', async ({ page }) => {
    await page.goto('/bar/velvet-hour/menu/pickup')
    await expect(page).toHaveURL(/\/bar\/velvet-hour\/menu\/dinein$/)
    await expect(page.getByTestId('menu-item').first()).toBeVisible()
  })

  test('a deep link survives a reload', async ({ page }) => {
    await page.goto('/cafe/brew-lab/menu/pickup')
    await expect(page.getByRole('heading', { level: 1, name: 'Brew Lab Coffee' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Brew Lab Coffee' })).toBeVisible()
    await expect(page.getByTestId('menu-item').first()).toBeVisible()
  })
})
