import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { menuOf, restaurantOf } from './support/api'
import { closedMoment } from './support/clock'
import { seriousViolations } from './support/axe'
import type { MenuResponse, RestaurantDetail } from '@/shared/api/contracts/merchants'
import { DEFAULT_PAYLOAD_KEY } from '@/shared/config/constants'
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'
import { MONTHS, openingStatus, WEEKDAYS, zonedClock } from '@/shared/lib/hours/hours'
import { decryptValue, STORAGE_KEYS } from '@/shared/lib/storage/storage'

const shown = (menu: MenuResponse) => menu.items.filter((item) => item.display === 1)

async function expectNoSeriousA11yProblems(page: Page) {
  expect(await seriousViolations(page)).toEqual([])
}

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

/** docs/app.md, "Stored in the browser": the persisted root keeps restaurant details, tableId and eventDate, encrypted. */
async function persistedRoot(page: Page) {
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.persistedRoot)
  return decryptValue<{ tableId: string | null; eventDate: string | null }>(stored ?? '')
}

const items = (page: Page) => page.getByTestId('menu-item')
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true })
const categoryNav = (page: Page) => page.getByRole('navigation', { name: 'Menu categories' })

/** Puts a category's section at the top of the window, as a diner scrolling down would. */
async function scrollToCategory(page: Page, name: string) {
  await page.getByRole('heading', { level: 2, name, exact: true }).evaluate((heading) => heading.closest('section')!.scrollIntoView({ block: 'start' }))
}

test.describe('the menu', () => {
  test('opens on Delivery when the restaurant offers it (docs/app.md, "Mobile and desktop")', async ({ page }) => {
    await page.goto('/restaurant/olive-tree-soma/menu')
    await expect(page).toHaveURL(/\/restaurant\/olive-tree-soma\/menu\/delivery$/)
    await expect(page.getByRole('navigation', { name: 'Order type' }).getByRole('link', { name: 'Delivery' })).toHaveAttribute('aria-current', 'page')
    await expect(items(page).first()).toBeVisible()
  })

  test('shows every category, and the sticky category navigation follows the scrolling', async ({ page, request }) => {
    const menu = await menuOf(request, 'olive-tree-soma', 'pickup')
    const categories = menu.categories.filter((category) => shown(menu).some((item) => item.categoryId === category.id)).map((c) => c.name)
    await page.goto('/restaurant/olive-tree-soma/menu/pickup')
    await expect(items(page)).toHaveCount(shown(menu).length)
    const links = categoryNav(page).getByRole('link')
    await expect(links).toHaveText(categories.map((name) => new RegExp(`^${name}`)))
    for (const name of categories) await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible()
    await expect(links.first()).toHaveAttribute('aria-current', 'true')

    await scrollToCategory(page, 'Desserts')
    await expect(categoryNav(page).getByRole('link', { name: 'Desserts' })).toHaveAttribute('aria-current', 'true')
    await expect(links.first()).not.toHaveAttribute('aria-current', 'true')
    const box = await categoryNav(page).boundingBox()
    expect(box!.y).toBeGreaterThanOrEqual(0)
    expect(box!.y).toBeLessThan(40)

    await scrollToCategory(page, 'Pasta')
    await expect(categoryNav(page).getByRole('link', { name: 'Pasta' })).toHaveAttribute('aria-current', 'true')
  })

  test('a category link scrolls to its section, by mouse or keyboard', async ({ page }) => {
    await page.goto('/restaurant/olive-tree-soma/menu/pickup')
    await categoryNav(page).getByRole('link', { name: 'Mains' }).click()
    const mains = page.getByRole('heading', { level: 2, name: 'Mains', exact: true })
    await expect(mains).toBeInViewport()
    await expect(mains).toBeFocused()
    await expect(categoryNav(page).getByRole('link', { name: 'Mains' })).toHaveAttribute('aria-current', 'true')

    await categoryNav(page).getByRole('link', { name: 'Starters' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 2, name: 'Starters', exact: true })).toBeFocused()
    await expect(page).toHaveURL(/\/menu\/pickup$/)
  })

  test('search finds dishes by name or description, whatever the case', async ({ page, request }) => {
    const menu = await menuOf(request, 'olive-tree-soma', 'pickup')
    const matching = shown(menu).filter((item) => `${item.name} ${item.description}`.toLowerCase().includes('mozzarella'))
    expect(matching.filter((item) => !item.name.toLowerCase().includes('mozzarella')).length).toBeGreaterThan(1)
    await page.goto('/restaurant/olive-tree-soma/menu/pickup')
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('MOZZARELLA')
    await expect(items(page)).toHaveCount(matching.length)
    for (const item of matching) await expect(card(page, item.name)).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: `${matching.length} dishes of ${shown(menu).length}` })).toBeVisible()

    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('no such dish anywhere')
    await expect(items(page)).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'No dishes match' })).toBeVisible()
    await page.getByRole('button', { name: 'Clear search and filters' }).click()
    await expect(items(page)).toHaveCount(shown(menu).length)
  })

  test('diet and food-type filters come from the menu and narrow it', async ({ page, request }) => {
    const menu = await menuOf(request, 'hanami-sushi', 'pickup')
    const vegan = shown(menu).filter((item) => item.tags.includes('Vegan'))
    const veg = shown(menu).filter((item) => item.itemType === 'Veg')
    expect(vegan.length).toBeGreaterThan(0)
    await page.goto('/restaurant/hanami-sushi/menu/pickup')
    await expect(items(page)).toHaveCount(shown(menu).length)
    const tags = page.getByRole('group', { name: 'Diet and tags' }).getByRole('button')
    const offered = [...new Set(shown(menu).flatMap((item) => item.tags))].sort()
    await expect(tags).toHaveText(offered)

    await page.getByRole('button', { name: 'Vegan' }).click()
    await expect(page.getByRole('button', { name: 'Vegan' })).toHaveAttribute('aria-pressed', 'true')
    await expect(items(page)).toHaveCount(vegan.length)
    for (const item of vegan) await expect(card(page, item.name)).toBeVisible()

    await page.getByRole('button', { name: 'Vegan' }).click()
    // A US menu filters by "Vegetarian" (the Veg food type) and offers no Indian food-type chips.
    await expect(page.getByRole('group', { name: 'Food type' }).getByRole('button')).toHaveText(['Vegetarian'])
    await page.getByRole('group', { name: 'Food type' }).getByRole('button', { name: 'Vegetarian', exact: true }).click()
    await expect(items(page)).toHaveCount(veg.length)
  })

  test('a sold-out dish is shown but cannot be ordered', async ({ page, request }) => {
    const menu = await menuOf(request, 'olive-tree-soma', 'pickup')
    const soldOut = shown(menu).find((item) => item.stockQuantity === 0)!
    await page.goto('/restaurant/olive-tree-soma/menu/pickup')
    const soldOutCard = card(page, soldOut.name)
    await expect(soldOutCard).toBeVisible()
    await expect(soldOutCard.getByText('Sold out')).toBeVisible()
    await expect(soldOutCard.getByRole('link')).toHaveCount(0)
    await expect(card(page, 'Margherita').getByRole('link', { name: 'Margherita' })).toBeVisible()

    await page.goto(`/menu/pickup/${soldOut.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: soldOut.name })).toBeVisible()
    const add = page.getByRole('button', { name: 'Add to order' })
    await expect(add).toBeDisabled()
    await expect(page.getByText('Sold out: this item cannot be ordered right now.')).toBeVisible()
    await add.click({ force: true })
    await expect(page).toHaveURL(new RegExp(`/menu/pickup/${soldOut.slug}$`))
  })

  test('items hidden by the display flag never appear, not even by search or link', async ({ page, request }) => {
    const menu = await menuOf(request, 'olive-tree-soma', 'pickup')
    const hidden = menu.items.filter((item) => item.display !== 1)
    expect(hidden.length).toBeGreaterThan(0)
    await page.goto('/restaurant/olive-tree-soma/menu/pickup')
    await expect(items(page)).toHaveCount(shown(menu).length)
    for (const item of hidden) {
      await page.getByRole('searchbox', { name: 'Search the menu' }).fill(item.name)
      await expect(card(page, item.name)).toHaveCount(0)
    }
    await page.goto(`/menu/pickup/${hidden[0]!.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: 'This dish is not on the menu' })).toBeVisible()
  })

  test('a menu that fails to load says "Please Try Again" and retries', async ({ page }) => {
    let failures = 1
    await page.route('**/api/merchants/menu/v2', async (route) => {
      if (failures-- > 0) await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, message: 'boom', code: 'internal_error' }) })
      else await route.continue()
    })
    await page.goto('/restaurant/olive-tree-soma/menu/pickup')
    await expect(page.getByRole('heading', { name: 'Please Try Again' })).toBeVisible()
    await expect(items(page)).toHaveCount(0)
    await page.getByRole('button', { name: 'Retry' }).click()
    await expect(items(page).first()).toBeVisible()
  })

  test('the explore menu is for browsing only', async ({ page }) => {
    await page.goto('/restaurant/olive-tree-soma/exploremenu')
    await expect(page).toHaveURL(/\/restaurant\/olive-tree-soma\/menu\/delivery\/exploremenu$/)
    await expect(items(page).first()).toBeVisible()
    await expect(items(page).getByRole('link')).toHaveCount(0)
    await page.getByRole('link', { name: 'Order from this menu' }).click()
    await expect(page).toHaveURL(/\/menu\/delivery$/)
    await expect(card(page, 'Margherita').getByRole('link', { name: 'Margherita' })).toBeVisible()
  })

  test('a restaurant that takes no orders online keeps its menu browsable and says so', async ({ page }) => {
    await page.route('**/api/merchants/locations/slug', async (route) => {
      const response = await route.fetch()
      const detail = decryptPayload(await response.text(), DEFAULT_PAYLOAD_KEY) as RestaurantDetail
      await route.fulfill({ response, body: encryptPayload({ ...detail, onlineOrder: false }, DEFAULT_PAYLOAD_KEY) })
    })
    await page.goto('/restaurant/olive-tree-soma/menu/pickup')
    await expect(page.getByText('Ordering is not available online at this restaurant.')).toBeVisible()
    await expect(items(page).first()).toBeVisible()
    await expect(items(page).getByRole('link')).toHaveCount(0)
    await page.goto('/menu/pickup/margherita')
    await expect(page.getByRole('heading', { level: 1, name: 'Margherita' })).toBeVisible()
    await expect(page.getByText('Ordering is not available online at this restaurant.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Add to order' })).toHaveCount(0)
  })

  test('a closed restaurant shows when it opens next', async ({ page, request }) => {
    const truck = await restaurantOf(request, 'el-camino-tacos')
    // El Camino Tacos opens one hour a week: the browser's clock is set to a time it is closed.
    const now = closedMoment('el-camino-tacos')
    await page.clock.setFixedTime(now)
    const status = openingStatus(truck.workingHours, truck.timeZoneCd, now)
    expect(status.open).toBe(0)
    await page.goto('/foodtruck/el-camino-tacos/menu')
    const banner = page.getByTestId('closed-banner')
    await expect(banner).toBeVisible()
    await expect(banner).toContainText('El Camino Tacos is closed now.')
    const next = status.nextSession!
    const today = zonedClock(now, truck.timeZoneCd).date
    const tomorrow = zonedClock(new Date(now.getTime() + 86_400_000), truck.timeZoneCd).date
    const day = next.date === today ? 'today' : next.date === tomorrow ? 'tomorrow' : WEEKDAYS[next.day]
    await expect(banner).toContainText(`Opens ${day} at ${next.opensAt}.`)
    await expect(items(page).first()).toBeVisible()
  })

  test('the Info tab, by its own route and by the tab', async ({ page }) => {
    await page.goto('/restaurant/olive-tree-soma/menu/pickup/restaurantinfo')
    const tabs = page.getByRole('navigation', { name: 'Restaurant sections' })
    await expect(tabs.getByRole('link', { name: 'Info' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('heading', { level: 2, name: 'About' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Opening hours' })).toBeVisible()
    await expect(items(page)).toHaveCount(0)

    await tabs.getByRole('link', { name: 'Menu' }).click()
    await expect(page).toHaveURL(/\/menu\/pickup$/)
    await expect(tabs.getByRole('link', { name: 'Menu' })).toHaveAttribute('aria-current', 'page')
    await expect(items(page).first()).toBeVisible()
    await page.getByRole('navigation', { name: 'Order type' }).getByRole('link', { name: 'Delivery' }).click()
    await tabs.getByRole('link', { name: 'Info' }).click()
    await expect(page).toHaveURL(/\/menu\/delivery\/restaurantinfo$/)
    await expect(page.getByRole('heading', { level: 2, name: 'About' })).toBeVisible()
    await page.reload()
    await expect(tabs.getByRole('link', { name: 'Info' })).toHaveAttribute('aria-current', 'page')
  })

  test('an event date shows which day the diner orders for; a bad date says so', async ({ page }) => {
    const date = new Date(Date.now() + 30 * 86_400_000)
    const iso = date.toISOString().slice(0, 10)
    const label = `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
    await page.goto(`/cafe/brew-lab/menu/pickup/event/${iso}`)
    await expect(page.getByTestId('event-banner')).toHaveText(`Ordering for ${label}`)
    await expect(page.getByTestId('closed-banner')).toHaveCount(0)
    await expect(items(page).first()).toBeVisible()
    await expect.poll(async () => (await persistedRoot(page))?.eventDate).toBe(iso)

    await page.goto(`/cafe/brew-lab/menu/pickup/e/${iso}/restaurantinfo`)
    await expect(page.getByTestId('event-banner')).toHaveText(`Ordering for ${label}`)
    await expect(page.getByRole('heading', { level: 2, name: 'About' })).toBeVisible()

    await page.goto('/cafe/brew-lab/menu/pickup/event/2021-03-12')
    await expect(page.getByRole('heading', { name: 'This event date has passed' })).toBeVisible()
    await expect(page.getByText('Friday, 12 Mar 2021 is over at Brew Lab Coffee.')).toBeVisible()

    await page.goto('/cafe/brew-lab/menu/pickup/event/2027-02-30')
    await expect(page.getByRole('heading', { name: 'This event date is not valid' })).toBeVisible()
    await page.getByRole('link', { name: 'See the regular menu' }).click()
    await expect(page).toHaveURL(/\/cafe\/brew-lab\/menu\/pickup$/)
    await expect(page.getByTestId('event-banner')).toHaveCount(0)
    await expect.poll(async () => (await persistedRoot(page))?.eventDate).toBeNull()
  })

  test('a table’s code opens its restaurant’s dine-in menu and items', async ({ page, request }) => {
    const soma = await restaurantOf(request, 'olive-tree-soma')
    const t4 = soma.tableSection.flatMap((section) => section.tables).find((table) => table.name === 'T4')!
    await page.goto(`/table/${t4.id}/menu/dinein`)
    await expect(page.getByRole('heading', { level: 1, name: 'Olive Tree' })).toBeVisible()
    await expect(page.getByTestId('table-name')).toHaveText('Table T4')
    await expect(page.getByRole('navigation', { name: 'Order type' }).getByRole('link')).toHaveText(['Dine-in'])
    await expect.poll(async () => (await persistedRoot(page))?.tableId).toBe(t4.id)
    await expect(items(page).first()).toBeVisible()

    // A dish opens over the menu; its own address still opens it as a page.
    await card(page, 'Margherita').getByRole('link', { name: 'Margherita' }).click()
    await expect(page.getByRole('dialog', { name: 'Margherita' })).toBeVisible()
    // The page under the sheet does not scroll (the lock is set after the sheet's first paint), and scrolls again once it closes.
    const scrollLocked = () => page.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden')
    await expect.poll(scrollLocked).toBe(true)
    await page.getByRole('dialog', { name: 'Margherita' }).getByRole('button', { name: 'Close' }).click()
    await expect.poll(scrollLocked).toBe(false)
    await page.goto(`/table/${t4.id}/menu/dinein/margherita`)
    await expect(page.getByRole('heading', { level: 1, name: 'Margherita' })).toBeVisible()
    await expect(page.getByTestId('table-name')).toHaveText('Table T4')
    await page.getByRole('link', { name: 'Back to the menu' }).click()
    await expect(page).toHaveURL(new RegExp(`/table/${t4.id}/menu/dinein$`))

    const menu = await menuOf(request, 'olive-tree-soma', 'dinein')
    const tiramisu = menu.items.find((item) => item.name === 'Tiramisu')!
    await page.goto(`/table/${t4.id}/menu/dinein/itemDetails?itemId=${tiramisu.id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Tiramisu' })).toBeVisible()

    await page.goto('/table/00000000-0000-4000-8000-000000000000/menu/dinein')
    await expect(page.getByRole('heading', { name: 'We could not find this table' })).toBeVisible()
    await page.goto('/table/T4/menu/dinein')
    await expect(page.getByRole('heading', { name: 'We could not find this table' })).toBeVisible()
  })
})

test.describe('customising an item', () => {
  test('"Add to order" waits for every required choice, and disables choices past the maximum', async ({ page }) => {
    await page.goto('/bar/velvet-hour/menu/dinein')
    await card(page, 'Cheese & Charcuterie Board').getByRole('link').click()
    await expect(page.getByRole('dialog', { name: 'Cheese & Charcuterie Board' })).toBeVisible()
    const board = page.getByRole('group', { name: /Choose your board/ })
    await expect(board).toContainText('Required')
    await expect(board).toContainText('Choose 3')
    const add = page.getByRole('button', { name: 'Add to order' })
    await expect(add).toBeDisabled()
    await expect(page.getByText('Choose your board: choose 3')).toBeVisible()

    await board.getByRole('checkbox', { name: 'Manchego' }).check()
    await board.getByRole('checkbox', { name: 'Prosciutto' }).check()
    await expect(page.getByText('Choose your board: choose 1 more')).toBeVisible()
    await expect(add).toBeDisabled()
    await board.getByRole('checkbox', { name: 'Aged cheddar' }).focus()
    await page.keyboard.press('Space')
    await expect(board.getByRole('checkbox', { name: 'Aged cheddar' })).toBeChecked()
    await expect(board.getByRole('checkbox', { name: 'Finocchiona' })).toBeDisabled()
    await expect(add).toBeEnabled()

    await board.getByRole('checkbox', { name: 'Prosciutto' }).uncheck()
    await expect(board.getByRole('checkbox', { name: 'Finocchiona' })).toBeEnabled()
    await expect(add).toBeDisabled()
  })

  test('the total follows options and quantity, and the choice is kept for the cart', async ({ page }) => {
    await page.goto('/restaurant/olive-tree-soma/menu/pickup')
    await card(page, 'Margherita').getByRole('link', { name: 'Margherita' }).click()
    await expect(page.getByRole('dialog', { name: 'Margherita' })).toBeVisible()
    const total = page.getByTestId('item-total')
    await expect(total).toHaveText('$19.00')
    const size = page.getByRole('group', { name: /Size/ })
    await expect(size).toContainText('Required')
    await expect(size.getByRole('radio', { name: '10" personal' })).toBeChecked()
    await expect(size).toContainText('+ $6.00')
    await size.getByRole('radio', { name: '14" to share' }).check()
    await expect(total).toHaveText('$25.00')
    const toppings = page.getByRole('group', { name: /Extra toppings/ })
    await expect(toppings).toContainText('Optional')
    await expect(toppings).toContainText('Choose up to 3')
    await toppings.getByRole('checkbox', { name: 'Prosciutto' }).check()
    await expect(total).toHaveText('$30.00')
    await page.getByRole('button', { name: 'Increase quantity' }).click()
    await expect(page.getByTestId('item-quantity')).toHaveText('2')
    await expect(total).toHaveText('$60.00')
    await page.getByRole('button', { name: 'Decrease quantity' }).click()
    await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled()
    await expect(total).toHaveText('$30.00')
    await page.getByRole('button', { name: 'Increase quantity' }).click()
    await page.getByRole('textbox', { name: /Comments for the kitchen/ }).fill('Well done, please')

    await page.getByRole('button', { name: 'Add to order' }).click()
    await expect(page).toHaveURL(/\/restaurant\/olive-tree-soma\/menu\/pickup$/)
    await expect(page.getByText('Margherita added to your cart').first()).toBeVisible()
    const bar = page.getByRole('complementary', { name: 'Your cart' })
    await expect(bar).toContainText('2 items · $60.00')
    await bar.getByRole('link', { name: 'View cart' }).click()
    await page.getByRole('link', { name: 'Edit Margherita' }).click()
    await expect(page.getByRole('radio', { name: '14" to share' })).toBeChecked()
    await expect(page.getByTestId('item-quantity')).toHaveText('2')
    await expect(page.getByRole('textbox', { name: /Comments for the kitchen/ })).toHaveValue('Well done, please')
    await expect(page.getByRole('button', { name: 'Update item' })).toBeVisible()
  })

  test('an optional single choice can be undone, and an item link with no restaurant says so', async ({ page, context }) => {
    await page.goto('/cafe/brew-lab/menu/pickup')
    await card(page, 'Espresso').getByRole('link', { name: 'Espresso' }).click()
    const shot = page.getByRole('group', { name: /Extra shot/ })
    await expect(shot.getByRole('radio', { name: 'No extra shot' })).toBeChecked()
    await shot.getByRole('radio', { name: 'Add a shot' }).check()
    await expect(page.getByTestId('item-total')).toHaveText('$4.75')
    await shot.getByRole('radio', { name: 'No extra shot' }).check()
    await expect(page.getByTestId('item-total')).toHaveText('$3.50')

    const fresh = await context.browser()!.newPage()
    await fresh.goto(`${new URL(page.url()).origin}/menu/pickup/espresso`)
    await expect(fresh.getByRole('heading', { name: 'Choose a restaurant first' })).toBeVisible()
    await fresh.close()
  })
})

test.describe('accessibility and small screens', () => {
  test('the menu and an item have no serious accessibility problems at 1280 px', async ({ page }) => {
    // Five whole-page axe runs, the menu's among them: 27–33 s on a busy 2-core machine.
    test.setTimeout(60_000)
    await page.goto('/restaurant/olive-tree-soma/menu/pickup')
    await expect(items(page).first()).toBeVisible()
    await expectNoSeriousA11yProblems(page)
    await page.getByRole('button', { name: 'Gluten-free' }).click()
    await expectNoSeriousA11yProblems(page)
    await page.getByRole('button', { name: 'Gluten-free' }).click()
    await card(page, 'Margherita').getByRole('link').click()
    await expect(page.getByRole('dialog', { name: 'Margherita' })).toBeVisible()
    await expectNoSeriousA11yProblems(page)
    await page.goto('/menu/pickup/margherita')
    await expect(page.getByRole('heading', { level: 1, name: 'Margherita' })).toBeVisible()
    await expectNoSeriousA11yProblems(page)
    await page.goto('/restaurant/olive-tree-soma/menu/pickup/restaurantinfo')
    await expect(page.getByRole('heading', { level: 2, name: 'About' })).toBeVisible()
    await expectNoSeriousA11yProblems(page)
  })

  test('the menu works at 375 px: no sideways scrolling, the category bar follows, no serious problems @mobile', async ({ page }) => {
    test.skip(page.viewportSize()!.width > 768, 'mobile only')
    await page.goto('/restaurant/olive-tree-soma/menu/pickup')
    await expect(items(page).first()).toBeVisible()
    await expectNoSideways(page)
    await expectNoSeriousA11yProblems(page)

    await scrollToCategory(page, 'Drinks')
    const drinks = categoryNav(page).getByRole('link', { name: 'Drinks' })
    await expect(drinks).toHaveAttribute('aria-current', 'true')
    await expect(categoryNav(page)).toBeInViewport()
    await expect(drinks).toBeInViewport()
  })

  test('an item works at 375 px with the total and "Add to order" in reach @mobile', async ({ page }) => {
    test.skip(page.viewportSize()!.width > 768, 'mobile only')
    await page.goto('/bar/velvet-hour/menu/dinein')
    await card(page, 'Cheese & Charcuterie Board').getByRole('link').click()
    await expect(page.getByRole('dialog', { name: 'Cheese & Charcuterie Board' })).toBeVisible()
    await expectNoSideways(page)
    await expect(page.getByRole('button', { name: 'Add to order' })).toBeInViewport()
    await expect(page.getByTestId('item-total')).toBeInViewport()
    await expectNoSeriousA11yProblems(page)
  })
})

test.describe('choosing and adding food quickly (docs/menu.md)', () => {
  test('at 375 px: quick add puts a dish in the cart bar at once, the toast stays above the bar, a dish with a required choice opens as a sheet, and the cart shows them @mobile', async ({ page }) => {
    test.skip(page.viewportSize()!.width > 768, 'mobile only')
    await page.goto('/cafe/brew-lab/menu/pickup')
    await expect(items(page).first()).toBeVisible()
    // Compact cards: many dishes on a phone's first screens.
    const heights = await items(page).evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().height))
    expect(heights.reduce((sum, height) => sum + height, 0) / heights.length).toBeLessThanOrEqual(125)
    // A US menu says its marks in words, never with India's veg symbol.
    await expect(page.getByRole('img', { name: 'Veg' })).toHaveCount(0)
    await expect(card(page, 'Overnight Oats').getByRole('list', { name: 'Dietary' })).toHaveText('Vegan')
    await expect(page.getByRole('heading', { level: 2, name: 'Popular' })).toBeVisible()
    await expect.poll(() => page.getByTestId('popular-item').count()).toBeGreaterThanOrEqual(3)

    await card(page, 'Espresso').getByRole('button', { name: 'Add Espresso to your cart' }).click()
    const bar = page.getByRole('complementary', { name: 'Your cart' })
    await expect(bar).toContainText('1 item · $3.50')
    const toast = page.getByText('Espresso added to your cart')
    await expect(toast).toBeVisible()
    const [toastBox, barBox] = [await toast.boundingBox(), await bar.boundingBox()]
    expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(barBox!.y)
    await card(page, 'Espresso').getByRole('button', { name: 'Add Espresso to your cart' }).click()
    await expect(bar).toContainText('2 items · $7.00')
    await expect(page).toHaveURL(/\/cafe\/brew-lab\/menu\/pickup$/)

    await card(page, 'Cappuccino').getByRole('button', { name: 'Choose options for Cappuccino' }).click()
    const sheet = page.getByRole('dialog', { name: 'Cappuccino' })
    await expect(sheet).toBeVisible()
    await expect(sheet.getByTestId('allergens')).toHaveText('Allergens: contains milk')
    await expectNoSideways(page)
    await sheet.getByRole('button', { name: 'Add to order' }).click()
    await expect(sheet).toHaveCount(0)
    await expect(bar).toContainText('3 items')

    await bar.getByRole('link', { name: 'View cart' }).click()
    await expect(page).toHaveURL(/\/cafe\/brew-lab\/cart$/)
    await expect(page.getByText('Espresso').first()).toBeVisible()
    await expect(page.getByText('Cappuccino').first()).toBeVisible()
  })

  test('an Indian menu shows the veg and non-veg symbols and no US words', async ({ page }) => {
    await page.goto('/restaurant/spice-route-indiranagar/menu/pickup')
    await expect(items(page).first()).toBeVisible()
    await expect(card(page, 'Paneer Tikka').getByRole('img', { name: 'Veg' })).toBeVisible()
    await expect(card(page, 'Chicken Tikka').getByRole('img', { name: 'Non-veg' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Dietary' })).toHaveCount(0)
  })
})
