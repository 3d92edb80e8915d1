import { expect, test, type Page } from '@playwright/test'
import { EMPTY_CART, type Cart } from '@/entities/cart/model/cart'
import { encryptValue, STORAGE_KEYS } from '@/shared/lib/storage/storage'
import { menuOf, restaurantOf } from './support/api'
import { seriousViolations } from './support/axe'
import { createDemoSession, uniqueMobile, useSession } from './support/session'

async function shoot(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true })
    if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
  }
}

test.describe('offers', () => {
  test('a signed-in diner sees the offers of their city with where each works and their uses left, copies a code, and applies one to the cart', async ({ page, request, context }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const session = await createDemoSession(request, { firstName: 'Omar', lastName: 'Offers', mobilePhone: uniqueMobile() })
    await useSession(page, session)

    await page.goto('/offers?city=san-francisco')
    await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible()
    await expect(page.getByText('Offers at restaurants in San Francisco.')).toBeVisible()
    const welcome = page.getByRole('article', { name: '10% off your order' })
    await expect(welcome).toContainText('10% off')
    await expect(welcome).toContainText('On orders of $15.00 or more')
    await expect(welcome.getByTestId('offer-uses')).toHaveText('3 uses left')
    // An expired offer is not listed; Bengaluru's rupee offer is not either.
    await expect(page.getByRole('article', { name: /Summer 2024/ })).toHaveCount(0)
    await expect(page.getByRole('article', { name: /Spice Route/ })).toHaveCount(0)

    const where = welcome.getByRole('button', { name: /^At \d+ restaurants$/ })
    await expect(where).toHaveAttribute('aria-expanded', 'false')
    await where.click()
    await expect(where).toHaveAttribute('aria-expanded', 'true')
    await expect(welcome.getByRole('link', { name: 'Olive Tree — SoMa' })).toHaveAttribute('href', /\/olive-tree-soma\/menu$/)
    const dessert = page.getByRole('article', { name: 'A free Tiramisu' })
    await expect(dessert).toContainText('Tiramisu on us')
    await expect(dessert.getByRole('link', { name: 'Order at Olive Tree' })).toHaveAttribute('href', /\/olive-tree-soma\/menu$/)

    await welcome.getByRole('button', { name: 'Copy code' }).click()
    await expect(welcome.getByRole('status')).toHaveText('Code WELCOME10 copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('WELCOME10')
    expect(await seriousViolations(page)).toEqual([])
    await shoot(page, 'offers-city', testInfo.outputPath.bind(testInfo))

    // With dishes from Olive Tree SoMa in the cart, the list is that restaurant's and Apply puts the code on the order.
    const restaurant = await restaurantOf(request, 'olive-tree-soma')
    const dish = (await menuOf(request, 'olive-tree-soma', 'pickup')).items.find((item) => item.price >= 800)!
    const cart: Cart = {
      ...EMPTY_CART,
      locationId: restaurant.id,
      restaurant,
      orderTypeId: 'pickup',
      items: [{ lineId: 'l-1', itemId: dish.id, name: dish.name, slug: dish.slug, quantity: 3, unitPrice: dish.price, options: [], modifierIds: [], comment: '' }],
      cartInitialized: true,
    }
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.guestCart, encryptValue(cart)] as const)
    await page.goto('/offers')
    await expect(page.getByText(/^Offers you can use on your order at Olive Tree\./)).toBeVisible()
    await expect(page.getByRole('link', { name: 'All offers in San Francisco' })).toHaveAttribute('href', '/offers?city=san-francisco')
    await shoot(page, 'offers-cart', testInfo.outputPath.bind(testInfo))
    await page.getByRole('article', { name: '10% off your order' }).getByRole('button', { name: 'Apply to your order' }).click()
    await expect(page).toHaveURL(/\/olive-tree-soma\/cart$/)
    await expect(page.getByText('WELCOME10', { exact: true })).toBeVisible()
  })

  test('without a cart or a place, the Offers screen asks where the diner is', async ({ page }) => {
    await page.goto('/offers')
    await expect(page.getByText('Choose where you are to see the offers near you.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Choose a location' })).toHaveAttribute('href', '/location/pick')
  })
})
