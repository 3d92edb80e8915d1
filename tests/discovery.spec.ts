import { expect, test, type Page } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { measurePageWeight } from './support/page-weight'
import { closedMoment } from './support/clock'

const STATIC_PAGES = ['/', '/homepage', '/landing', '/restaurants/city/san-francisco', '/restaurant/olive-tree-soma/details', '/cafe/brew-lab/restaurantinfo']
const JS_BUDGET_BYTES = 90 * 1024

test.describe('static discovery pages', () => {
  test('are static HTML with the data in them, one h1, a description and a canonical URL', async ({ request }) => {
    for (const path of STATIC_PAGES) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      const html = await response.text()
      expect(html, path).not.toContain('astro-island') // no React app on these pages
      expect(html.match(/<h1[\s>]/g), path).toHaveLength(1)
      expect(html, path).toMatch(/<meta name="description" content="[^"]{40,}"/)
      expect(html, path).toMatch(/<link rel="canonical" href="http:\/\/localhost:4321\//)
      expect(html, path).toMatch(/<meta property="og:title"/)
    }
    const home = await (await request.get('/')).text()
    expect(home).toContain('Olive Tree')
    expect(home).toContain('Udupi Leaf')
  })

  test('/ → city page → restaurant info → menu', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'San Francisco', exact: true }).click()
    await expect(page).toHaveURL(/\/restaurants\/city\/san-francisco$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Restaurants in San Francisco' })).toBeVisible()
    await expect(page.getByTestId('restaurant-card')).not.toHaveCount(0)
    await expect(page.getByRole('article', { name: /Bengaluru|Spice Route/ })).toHaveCount(0)

    await page.getByRole('link', { name: 'Info & hours: Olive Tree · SoMa' }).click()
    await expect(page).toHaveURL(/\/restaurant\/olive-tree-soma\/details$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Olive Tree' })).toBeVisible()
    await expect(page.getByRole('table')).toContainText('Monday')
    await expect(page.getByRole('region', { name: /Map of Olive Tree/ }).locator('.tf-map-pin')).toBeVisible()

    await page.getByRole('link', { name: /Order from the menu|See the menu/ }).click()
    await expect(page).toHaveURL(/\/restaurant\/olive-tree-soma\/menu\/\w+$/)
    await expect(page.getByTestId('menu-item').first()).toBeVisible()

    await page.getByRole('article', { name: 'Margherita', exact: true }).getByRole('link', { name: 'Margherita' }).click()
    await expect(page.getByRole('dialog', { name: 'Margherita' })).toBeVisible()
    const size = page.getByRole('group', { name: /Size/ })
    await expect(size).toContainText('Required')
    const total = page.getByTestId('item-total')
    const before = await total.textContent()
    await size.getByRole('radio', { name: '14" to share' }).check()
    await expect(total).not.toHaveText(before!)
  })

  test('compute the open status in the browser, not at build time', async ({ page, request }) => {
    const html = await (await request.get('/restaurant/empire-burger/details')).text()
    expect(html).toContain('data-open-status')
    // The build does not know the time of the visit: the status is a placeholder until the browser fills it.
    expect(html).toMatch(/data-open-status[^>]*>Opening hours</)
    // El Camino Tacos opens one hour a week: the browser's clock is set to a time it is closed.
    await page.clock.setFixedTime(closedMoment('el-camino-tacos'))
    await page.goto('/restaurant/empire-burger/details')
    await expect(page.locator('header [data-open-status]')).toHaveText('Open 24 hours')
    await page.goto('/foodtruck/el-camino-tacos/details')
    await expect(page.locator('header [data-open-status]')).toHaveText(/^Closed · Opens (today|\w+day) at \d\d:\d\d$/)
  })

  test('describe each restaurant to search engines with schema.org JSON-LD', async ({ request }) => {
    const html = await (await request.get('/restaurant/spice-route-indiranagar/details')).text()
    const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1]
    const restaurant = JSON.parse(json!) as Record<string, any>
    expect(restaurant['@type']).toBe('Restaurant')
    expect(restaurant.address).toMatchObject({ '@type': 'PostalAddress', addressLocality: 'Bengaluru', addressCountry: 'IND' })
    expect(restaurant.geo).toMatchObject({ '@type': 'GeoCoordinates', latitude: expect.any(Number) })
    expect(restaurant.servesCuisine).toContain('North Indian')
    expect(typeof restaurant.acceptsReservations).toBe('boolean')
    expect(restaurant.openingHoursSpecification[0]).toMatchObject({ '@type': 'OpeningHoursSpecification', opens: expect.stringMatching(/^\d\d:\d\d$/) })
    const section = restaurant.hasMenu.hasMenuSection[0]
    expect(section['@type']).toBe('MenuSection')
    expect(section.hasMenuItem[0].offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'INR', price: expect.stringMatching(/^\d+\.\d\d$/) })
  })

  test('publish a sitemap and robots.txt', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text()
    expect(sitemap).toContain('<loc>http://localhost:4321/restaurants/city/bengaluru</loc>')
    expect(sitemap).toContain('<loc>http://localhost:4321/bar/velvet-hour/details</loc>')
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: http://localhost:4321/sitemap.xml')
  })

  test(`ship at most ${JS_BUDGET_BYTES / 1024} KB of gzipped JavaScript and no render-blocking script`, async ({ page }) => {
    for (const path of ['/restaurants/city/san-francisco', '/restaurant/olive-tree-soma/details', '/']) {
      const weight = await measurePageWeight(page, path)
      expect(weight.renderBlocking, path).toEqual([])
      expect(weight.gzipBytes, `${path}: ${JSON.stringify(weight.scripts)}`).toBeLessThanOrEqual(JS_BUDGET_BYTES)
      expect(weight.scripts.some((script) => /react|client\./i.test(script.url)), path).toBe(false)
    }
  })

  // Axe on the static pages at 1280 px is tests/a11y-all-routes.spec.ts's: its home, homepage, landing, city, details and
  // restaurantinfo routes are these pages as built (the server serves them once built, before any test starts).

  test('the app screens for the same routes pass axe-core too', async ({ page }) => {
    for (const [path, heading] of [
      ['/brew-lab', 'Brew Lab Coffee'],
      ['/restaurants/city/San%20Francisco', 'Restaurants in San Francisco'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(await seriousViolations(page), path).toEqual([])
    }
  })

  test('pass axe-core at 375 px @mobile', async ({ page }) => {
    for (const path of ['/', '/restaurants/city/bengaluru', '/restaurant/udupi-leaf/details']) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      expect(await seriousViolations(page), path).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0)
    }
  })

  test('a restaurant added after the build has a working info page, then a static one', async ({ page, request }) => {
    const created = await request.post('/api/dev/locations', {
      data: { fromSlug: 'udupi-leaf', merchantName: 'Dosa Corner', slug: 'dosa-corner', address: '12 BH Road, Tumakuru', lat: 13.3392, lng: 77.1017 },
    })
    expect(created.status()).toBe(201)
    // No static page yet: the app serves the same route.
    await page.goto('/restaurant/dosa-corner/details')
    await expect(page.getByRole('heading', { level: 1, name: 'Dosa Corner' })).toBeVisible()
    await expect(page.getByRole('table')).toContainText('Monday')
    // The server rebuilds the static pages with it.
    await expect
      .poll(async () => (await request.get('/restaurant/dosa-corner/details')).text(), { timeout: 90_000, intervals: [1_000] })
      .toMatch(/<h1[^>]*>Dosa Corner<\/h1>/)
  })

  test('home search: a dish, a filter, suggestions, then a result\'s Order action opens the menu the dish is on', async ({ page }, testInfo) => {
    await page.goto('/')
    // Three Olive Trees, told apart by their neighbourhoods; cards carry the actions the restaurant offers.
    await expect(page.getByRole('article', { name: 'Olive Tree · SoMa' })).toBeVisible()
    await expect(page.getByRole('article', { name: 'Olive Tree · Hayes Valley' }).getByRole('link', { name: /^Order:/ })).toBeVisible()
    await expect(page.getByRole('article', { name: 'El Camino Tacos · Embarcadero' }).getByRole('link', { name: /^Reserve:/ })).toHaveCount(0)
    await expect(page.getByRole('article', { name: 'Olive Tree · SoMa' })).toContainText(/Delivery \d+ min · \$\d+\.\d\d fee/)

    const home = page.getByRole('searchbox', { name: 'Search restaurants, cuisines and dishes' })
    await home.fill('tikka')
    await home.press('Enter')
    await expect(page).toHaveURL(/\/search\?q=tikka$/)
    const box = page.getByRole('combobox', { name: 'Search restaurants, cuisines and dishes' })
    await expect(box).toHaveValue('tikka')
    const cards = page.getByTestId('restaurant-card')
    await expect(cards).toHaveCount(2)
    await expect(cards.first()).toContainText('Chicken Tikka')

    await page.getByRole('radio', { name: 'Delivery' }).click()
    await expect(page).toHaveURL(/[?&]type=delivery/)
    await expect(page.getByRole('radio', { name: 'Delivery' })).toBeChecked()
    await expect(cards.first()).toBeVisible()
    for (const card of await cards.all()) await expect(card).toContainText(/Delivery \d+ min/)
    await page.screenshot({ path: testInfo.outputPath('search-1280.png'), fullPage: true })

    // Suggestions within the filters: a restaurant, told apart by its neighbourhood.
    await box.fill('olive')
    await expect(page.getByRole('option', { name: /^Olive Tree · SoMa/ })).toBeVisible()
    await expect(page.getByRole('option', { name: /Hayes Valley/ })).toHaveCount(0) // does not deliver
    await page.screenshot({ path: testInfo.outputPath('suggest-1280.png') })
    // A misspelling finds the closest restaurant first, and says so.
    await box.fill('buger')
    await box.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'Close matches' })).toContainText('Nothing matches “buger” exactly')
    await expect(cards.first()).toHaveAccessibleName('Empire Burger Diner · Theater District')
    await box.fill('tikka')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/search\?q=tikka&type=delivery$/)

    await page.getByRole('link', { name: 'Order: Spice Route · Indiranagar' }).click()
    await expect(page).toHaveURL(/\/restaurant\/spice-route-indiranagar\/menu\/delivery$/)
    await expect(page.getByRole('article', { name: 'Chicken Tikka', exact: true })).toBeVisible()
  })

  test('home and search at 375 px: no sideways scroll, chips in a row @mobile', async ({ page }, testInfo) => {
    for (const [path, name] of [['/', 'home'], ['/search?q=burger&open=1', 'search']] as const) {
      await page.goto(path)
      await expect(page.getByTestId('restaurant-card').first().or(page.getByText('Nothing found'))).toBeVisible()
      await page.screenshot({ path: testInfo.outputPath(`${name}-375.png`) })
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0)
    }
  })
})
