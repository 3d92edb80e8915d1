import { expect, test, type Page } from '@playwright/test'
import { listedCount } from './support/api'
import { seriousViolations } from './support/axe'

const SOMA = '/restaurants/location/37.7817/-122.4012'
const BENGALURU_SLUGS = ['kaapi-katte', 'spice-route-indiranagar', 'spice-route-koramangala', 'udupi-leaf']

async function expectNoSeriousA11yProblems(page: Page) {
  expect(await seriousViolations(page)).toEqual([])
}

const restaurants = (page: Page) => page.getByTestId('nearby-restaurant')
const entry = (page: Page, slug: string) => page.locator(`[data-testid="nearby-restaurant"][data-slug="${slug}"]`)

test.beforeEach(async ({ page }) => {
  // No tile server is reachable from here; make sure of it, so the markers must stand on their own.
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort())
})

test.describe('location search', () => {
  test('restaurants near a point in SoMa, nearest first, on a map whose markers show without tiles', async ({ page, request }) => {
    await page.goto(SOMA)
    await expect(page.getByRole('heading', { level: 1, name: 'Restaurants near 37.7817, -122.4012' })).toBeVisible()
    await expect(restaurants(page)).toHaveCount(await listedCount(request))

    const nearest = restaurants(page).first()
    await expect(nearest).toHaveAttribute('data-slug', 'olive-tree-soma')
    await expect(nearest.getByTestId('distance')).toHaveText('0.6 km away')
    await expect(nearest.getByText('Delivers here')).toBeVisible()
    await expect(nearest.getByText('Pickup in about 20 min')).toBeVisible()
    await expect(nearest.getByText('Delivery in about 40 min')).toBeVisible()
    await expect(nearest.getByText(/^(Open|Closed)/)).toBeVisible()
    await expect(nearest.getByRole('link', { name: 'Olive Tree — SoMa' })).toHaveAttribute('href', '/restaurant/olive-tree-soma/menu')
    await expect(entry(page, 'olive-tree-hayes-valley').getByText('Pickup only')).toBeVisible()
    await expect(entry(page, 'empire-burger').getByText('Too far for delivery')).toBeVisible()
    await expect(entry(page, 'velvet-hour').getByText('Dine-in only')).toBeVisible()
    const distances = (await restaurants(page).getByTestId('distance').allTextContents()).map((text) => Number.parseFloat(text.replace(/,/g, '')))
    expect(distances).toEqual([...distances].sort((a, b) => a - b))

    // Twelve restaurants and the diner's own point, with no map image loaded.
    await expect(page.locator('.leaflet-marker-icon')).toHaveCount((await listedCount(request)) + 1)
    await expect(page.locator('img.leaflet-tile-loaded')).toHaveCount(0)
    await expect(page.getByText('The map images could not be loaded; the markers still show where everything is.')).toBeVisible()

    const hayesMarker = page.getByRole('button', { name: '3. Olive Tree — Hayes Valley', exact: true })
    await hayesMarker.click()
    await expect(entry(page, 'olive-tree-hayes-valley')).toHaveAttribute('aria-current', 'true')
    await expect(entry(page, 'olive-tree-hayes-valley').getByRole('button', { name: /^Show on map/ })).toHaveAttribute('aria-pressed', 'true')

    await entry(page, 'brew-lab').getByRole('button', { name: 'Show on map: Brew Lab Coffee' }).press('Enter')
    await expect(page.getByRole('button', { name: '4. Brew Lab Coffee', exact: true })).toHaveAttribute('aria-current', 'true')
    await expect(hayesMarker).not.toHaveAttribute('aria-current', 'true')
    await expect(entry(page, 'olive-tree-hayes-valley')).not.toHaveAttribute('aria-current', 'true')

    await hayesMarker.focus()
    await page.keyboard.press('Enter')
    await expect(entry(page, 'olive-tree-hayes-valley')).toHaveAttribute('aria-current', 'true')

    await expectNoSeriousA11yProblems(page)
  })

  test('coordinates that are not a place get an honest error screen', async ({ page }) => {
    await page.goto('/restaurants/location/abc/200')
    await expect(page.getByRole('heading', { name: 'This is not a place on the map' })).toBeVisible()
    await expect(page.getByText('“abc, 200” is not a latitude and longitude.', { exact: false })).toBeVisible()
    await page.getByRole('link', { name: 'Search for a place' }).click()
    await expect(page).toHaveURL(/\/location\/search$/)
  })

  test('search "beng", choose Bengaluru by keyboard, and keep the choice across a reload', async ({ page, request }) => {
    await page.goto('/location/search')
    const box = page.getByRole('combobox', { name: 'City, neighbourhood, street or restaurant' })
    await box.fill('zzqx')
    await expect(page.getByText('No places match “zzqx”.')).toBeVisible()

    await box.fill('beng')
    const first = page.getByRole('option').first()
    await expect(first).toContainText('Bengaluru')
    await expect(first).toContainText('City')
    await expectNoSeriousA11yProblems(page)

    await box.press('ArrowDown')
    await expect(first).toHaveAttribute('aria-selected', 'true')
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)
    await box.press('Enter')

    await expect(page).toHaveURL(/\/restaurants\/location\/12\.9716\/77\.5946$/)
    const heading = page.getByRole('heading', { level: 1, name: 'Restaurants near Bengaluru' })
    await expect(heading).toBeVisible()
    await expect(restaurants(page)).toHaveCount(await listedCount(request))
    const firstFour = await restaurants(page).evaluateAll((elements) => elements.slice(0, 4).map((element) => element.getAttribute('data-slug')))
    expect(firstFour.sort()).toEqual(BENGALURU_SLUGS)

    await page.reload()
    await expect(heading).toBeVisible()

    await page.goto('/location/info')
    await expect(page.getByTestId('location-label')).toHaveText('Bengaluru')
    await expect(page.getByText('Near Bengaluru, India')).toBeVisible()
    await expect(page.getByText('12.9716, 77.5946')).toBeVisible()
    await expect(page.locator('.leaflet-marker-icon')).toHaveCount(1)
    await expectNoSeriousA11yProblems(page)

    await page.getByRole('button', { name: 'Forget this location' }).click()
    await expect(page.getByText('You have not chosen a location yet.')).toBeVisible()
    await page.reload()
    await expect(page.getByText('You have not chosen a location yet.')).toBeVisible()
  })

  test('pick: nudge the pin by keyboard, use my location, confirm, and see the nearest restaurants', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['geolocation'], { origin: baseURL })
    await context.setGeolocation({ latitude: 12.9718, longitude: 77.6411 })
    await page.goto('/location/pick')
    await expect(page.locator('.leaflet-marker-icon')).toHaveCount(1)
    const position = page.getByRole('status').filter({ hasText: 'Pin at' })
    await expect(position).toBeVisible()
    const latitude = async () => Number((await position.textContent())!.match(/Pin at (-?[\d.]+),/)![1])

    const start = await latitude()
    await page.getByRole('button', { name: 'Move the pin 100 m north' }).press('Enter')
    await expect.poll(latitude).toBeCloseTo(start + 0.0009, 4)
    await page.getByRole('button', { name: 'Move the pin 100 m south' }).press('Enter')
    await expect.poll(latitude).toBeCloseTo(start, 4)

    await page.getByRole('button', { name: 'Use my location' }).click()
    await expect(position).toContainText('Pin at 12.9718, 77.6411')
    await expectNoSeriousA11yProblems(page)

    await page.getByRole('button', { name: 'Confirm and see restaurants' }).click()
    await expect(page).toHaveURL(/\/restaurants\/location\/12\.9718\/77\.6411$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Restaurants near you' })).toBeVisible()
    await expect(restaurants(page).first()).toHaveAttribute('data-slug', 'spice-route-indiranagar')
    await expect(restaurants(page).first().getByTestId('distance')).toHaveText('0.0 km away')
  })

  test('pick: a refused location says what to do instead, and typed coordinates move the pin', async ({ page, context }) => {
    await context.clearPermissions()
    await page.goto('/location/pick')
    await page.getByRole('button', { name: 'Use my location' }).click()
    await expect(page.getByRole('alert')).toContainText('Location access is turned off for this site.')

    await page.getByLabel('Latitude').fill('40.7128')
    await page.getByLabel('Longitude').fill('-74.006')
    await page.getByLabel('Longitude').press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'Pin at' })).toContainText('Pin at 40.7128, -74.006')
    await page.getByLabel('Latitude').fill('north')
    await page.getByRole('button', { name: 'Move the pin here' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a latitude' })).toBeVisible()

    await page.getByRole('button', { name: 'Confirm and see restaurants' }).click()
    await expect(page).toHaveURL(/\/restaurants\/location\/40\.7128\/-74\.006$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Restaurants near the pinned point' })).toBeVisible()
    await expect(restaurants(page).first()).toHaveAttribute('data-slug', /^(olive-tree-west-village|velvet-hour|hanami-sushi|empire-burger)$/)
  })

  test('the nearby screen at 375 px: no sideways scrolling, markers, and no serious accessibility problem @mobile', async ({ page, request }) => {
    await page.goto(SOMA)
    await expect(restaurants(page)).toHaveCount(await listedCount(request))
    await expect(page.locator('.leaflet-marker-icon')).toHaveCount((await listedCount(request)) + 1)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectNoSeriousA11yProblems(page)
  })
})
