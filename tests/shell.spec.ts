import { expect, test } from '@playwright/test'

test.describe('app shell', () => {
  test('an unknown path redirects to /notFound', async ({ page }) => {
    await page.goto('/restaurant/olive-tree-soma/this/is/not/a/route')
    await expect(page).toHaveURL(/\/notFound$/)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  })

  for (const [kind, path, ready] of [
    ['a static page', '/', 'restaurant-card'],
    ['an app screen', '/restaurant/olive-tree-soma/menu/pickup', 'menu-item'],
  ] as const) {
    test(`the offline screen covers ${kind} and goes away by itself when online`, async ({ page, context }) => {
      await page.goto(path)
      await expect(page.getByTestId(ready).first()).toBeVisible()
      await context.setOffline(true)
      await expect(page.getByRole('heading', { name: 'No Internet Connection' })).toBeVisible()
      await expect(page.getByText('Please check your internet connection and try again.')).toBeVisible()
      // Nothing behind the offline screen can be reached.
      await expect(page.getByTestId(ready).first().click({ trial: true, timeout: 1_000 })).rejects.toThrow()
      await context.setOffline(false)
      await expect(page.getByRole('heading', { name: 'No Internet Connection' })).toBeHidden()
      await expect(page.getByTestId(ready).first()).toBeVisible()
    })

    test(`Retry on the offline screen of ${kind} reloads the page`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByTestId(ready).first()).toBeVisible()
      // The browser reports offline while the network still works, so the reload can succeed.
      await page.evaluate(() => {
        Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
        window.dispatchEvent(new Event('offline'))
      })
      await expect(page.getByRole('heading', { name: 'No Internet Connection' })).toBeVisible()
      const reloaded = page.waitForEvent('load')
      await page.getByRole('button', { name: 'Retry' }).click()
      await reloaded
      await expect(page.getByTestId(ready).first()).toBeVisible()
      await expect(page.getByRole('heading', { name: 'No Internet Connection' })).toBeHidden()
    })

    test(`right-click context menus are disabled on ${kind}`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByTestId(ready).first()).toBeVisible()
      const prevented = await page.evaluate(() => {
        const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true })
        document.body.dispatchEvent(event)
        return event.defaultPrevented
      })
      expect(prevented).toBe(true)
    })
  }

  test('the app says when it is back online', async ({ page, context }) => {
    await page.goto('/restaurant/olive-tree-soma/menu/pickup')
    await expect(page.getByTestId('menu-item').first()).toBeVisible()
    await context.setOffline(true)
    await expect(page.getByRole('heading', { name: 'No Internet Connection' })).toBeVisible()
    await context.setOffline(false)
    await expect(page.getByText('You are back online.')).toBeVisible()
  })

  test('a chunk the app’s entry imports fails to load: a load error with Retry instead of a blank page, and Retry loads the app', async ({ page, request }, testInfo) => {
    const path = '/checkin?restaurant=empire-burger'
    const entry = /component-url="([^"]+)"/.exec(await (await request.get(path)).text())?.[1]
    expect(entry).toBeTruthy()
    const chunk = /from\s*"\.\/([^"]+\.js)"/.exec(await (await request.get(entry!)).text())?.[1]
    expect(chunk).toBeTruthy()
    let failing = true
    await page.route(`**/_astro/${chunk}*`, (route) => (failing ? route.abort('connectionfailed') : route.continue()))
    await page.goto(path)
    const problem = page.getByRole('heading', { name: 'This page could not be loaded' })
    await expect(problem).toBeVisible()
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.screenshot({ path: testInfo.outputPath(`entry-load-error-${width}.png`) })
    }
    failing = false
    await page.getByRole('button', { name: 'Retry' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Empire Burger' })).toBeVisible()
    await expect(problem).toBeHidden()
  })

  test('the first screen’s chunk fails to load: the screen’s load error with Retry, and Retry loads the screen', async ({ page, request }, testInfo) => {
    // The app fetches the route's screen chunk before its first render (docs/app.md, "Start-up work"):
    // a failure there is left to the render, which shows the screen's own load error, never a blank page.
    const path = '/checkin?restaurant=empire-burger'
    const entry = /component-url="([^"]+)"/.exec(await (await request.get(path)).text())?.[1]
    expect(entry).toBeTruthy()
    // The island's component is app/entrypoint/App.tsx, which imports AppRoot, which imports each screen.
    const appCode = await (await request.get(entry!)).text()
    const rootChunk = /["`]\.\/(AppRoot\.[^"`]+\.js)["`]/.exec(appCode)?.[1]
    expect(rootChunk, 'App imports the AppRoot chunk').toBeTruthy()
    const rootCode = await (await request.get(`/_astro/${rootChunk}`)).text()
    const screenChunk = /import\(\s*["`]\.\/([^"`]+\.js)["`]\s*\)\.then\(\s*\(?(\w+)\)?\s*=>\s*\2\.WaitlistPage\b/.exec(rootCode)?.[1]
    expect(screenChunk, 'AppRoot imports the waitlist screen').toBeTruthy()
    let failing = true
    await page.route(`**/_astro/${screenChunk}*`, (route) => (failing ? route.abort('connectionfailed') : route.continue()))
    await page.goto(path)
    const problem = page.getByRole('heading', { name: 'This page could not be loaded' })
    await expect(problem).toBeVisible()
    await expect(page.getByRole('main').getByText('Check your connection, then try again.')).toBeVisible()
    // The screen's boundary, not the entry's load error; and a way out besides Retry.
    await expect(page.locator('#tf-load-error')).toBeHidden()
    await expect(page.getByRole('main').getByRole('link', { name: 'All restaurants' })).toHaveAttribute('href', '/')
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.screenshot({ path: testInfo.outputPath(`screen-load-error-${width}.png`) })
    }
    failing = false
    await page.getByRole('button', { name: 'Retry' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Empire Burger' })).toBeVisible()
    await expect(problem).toBeHidden()
  })

  test('a short link without a digit goes to the restaurant details route', async ({ page }) => {
    await page.goto('/udupi-leaf')
    await expect(page).toHaveURL(/\/restaurant\/udupi-leaf\/details$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Udupi Leaf' })).toBeVisible()
  })

  test('the details route of a café reached as /restaurant/… moves to its own merchant type', async ({ page }) => {
    await page.goto('/brew-lab')
    await expect(page).toHaveURL(/\/cafe\/brew-lab\/details$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Brew Lab Coffee' })).toBeVisible()
  })

  test('a short link with a digit resolves and navigates in the same window', async ({ page }) => {
    await page.goto('/olive7')
    await expect(page).toHaveURL(/\/restaurant\/olive-tree-soma\/menu\/pickup$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Olive Tree' })).toBeVisible()
  })

  test('an expired or unknown short link says "Link expired."', async ({ page }) => {
    await page.goto('/brew5')
    await expect(page.getByText('Link expired.')).toBeVisible()
    await page.goto('/nope404')
    await expect(page.getByText('Link expired.')).toBeVisible()
  })

  test('/Shimmer shows a spinner image on desktop', async ({ page }) => {
    await page.goto('/Shimmer')
    await expect(page.locator('img[src="/spinner.svg"]')).toBeVisible()
  })

  test('/Shimmer shows a skeleton on mobile @mobile', async ({ page }) => {
    test.skip(page.viewportSize()!.width > 768, 'mobile only')
    await page.goto('/Shimmer')
    await expect(page.locator('[aria-busy="true"]')).toBeVisible()
    await expect(page.locator('img[src="/spinner.svg"]')).toHaveCount(0)
  })

  test('the home page works at 375 px @mobile', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByTestId('restaurant-card').first()).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
