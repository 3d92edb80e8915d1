import { expect, test, type Page } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { arrowTo, expectVisibleFocus, tabTo } from './support/keyboard'
import { createDemoSession, uniqueMobile, useSession } from './support/session'

// Empire Burger is open around the clock, so an order can always be placed there.
const MENU = '/restaurant/empire-burger/menu/pickup'
const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' })
const payment = (page: Page) => page.getByRole('region', { name: 'Pay for your order' })

/** Presses a key on the focused control, after checking that a user can see where the focus is. */
async function press(page: Page, key: string, step: string) {
  await expectVisibleFocus(page, step)
  await page.keyboard.press(key)
}

test.describe('keyboard-only checkout', () => {
  test('menu → customise → cart → 18 % tip → place order → card → order summary, with Tab, arrows, Space and Enter only', async ({ page }) => {
    test.setTimeout(90_000)
    await useSession(page, await createDemoSession(page.request, { firstName: 'Kiran', lastName: 'Keys', mobilePhone: uniqueMobile() }))
    await page.goto(MENU)
    await expect(page.getByRole('heading', { level: 1, name: 'Empire Burger' })).toBeVisible()

    const dish = page.getByRole('article', { name: 'Empire Classic', exact: true }).getByRole('link', { name: 'Empire Classic' })
    await tabTo(page, dish, 'the dish on the menu')
    await press(page, 'Enter', 'open the dish')
    await expect(page.getByRole('dialog', { name: 'Empire Classic' })).toBeVisible()

    const side = page.getByRole('group', { name: /Side/ })
    await tabTo(page, side.getByRole('radio').first(), 'the side choice')
    await arrowTo(page, side.getByRole('radio', { name: /Onion rings/ }), 'onion rings as the side')
    const bacon = page.getByRole('group', { name: /Add-ons/ }).getByRole('checkbox', { name: /Bacon/ })
    await tabTo(page, bacon, 'the bacon add-on')
    await press(page, 'Space', 'add bacon')
    await expect(bacon).toBeChecked()
    await tabTo(page, page.getByRole('button', { name: 'Add to order' }), 'Add to order')
    await press(page, 'Enter', 'add the dish to the order')
    await expect(page.getByText('Empire Classic added to your cart')).toBeVisible()

    const viewCart = page.getByRole('complementary', { name: 'Your cart' }).getByRole('link', { name: 'View cart' })
    await tabTo(page, viewCart, 'View cart')
    await press(page, 'Enter', 'open the cart')
    await expect(summary(page).getByTestId('subtotal')).toHaveText('$18.50')

    const tips = page.locator('section#tip')
    await tabTo(page, tips.getByRole('radio').first(), 'the tip choice')
    await arrowTo(page, tips.getByRole('radio', { name: /^18%/ }), 'an 18 % tip')
    await expect(summary(page).getByTestId('tip')).toHaveText('$3.33')
    // The route sweep sees an empty cart; here it has a dish in it.
    expect(await seriousViolations(page)).toEqual([])

    await tabTo(page, summary(page).getByRole('link', { name: 'Review your order' }), 'Review your order')
    await press(page, 'Enter', 'review the order')
    const placeOrder = summary(page).getByRole('button', { name: 'Place order' })
    await tabTo(page, placeOrder, 'Place order')
    // The menu's estimate shows until the restaurant's prices answer: read the final total.
    await expect(summary(page).locator('[data-estimate]')).toHaveCount(0)
    const total = (await summary(page).getByTestId('total').textContent()) ?? ''
    await press(page, 'Enter', 'place the order')

    await expect(payment(page)).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await tabTo(page, payment(page).getByLabel('Card number'), 'the card number')
    await page.keyboard.type('4242 4242 4242 4242')
    await tabTo(page, payment(page).getByLabel('Expiry (MM/YY)'), 'the expiry')
    await page.keyboard.type('12/34')
    await tabTo(page, payment(page).getByLabel('Security code (CVC)'), 'the security code')
    await page.keyboard.type('123')
    await tabTo(page, payment(page).getByRole('button', { name: `Pay ${total}` }), 'the pay button')
    await press(page, 'Enter', 'pay')

    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/, { timeout: 20_000 })
    await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible()
  })
})
