import { expect, test, type Page } from '@playwright/test'
import type { OrderDetail } from '@/shared/api/contracts/ordering'
import { SANDBOX_TOKENIZE_PATH } from '@/shared/api/contracts/card-provider'
import { DEFAULT_PAYLOAD_KEY } from '@/shared/config/constants'
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'
import { decryptValue } from '@/shared/lib/storage'
import { menuOf, restaurantOf } from './support/api'
import { payThroughApi } from './support/orders'
import { createDemoSession, uniqueMobile, useSession, type DemoSession } from './support/session'

const MENU = '/restaurant/empire-burger/menu/pickup'
const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' })
const payment = (page: Page) => page.getByRole('region', { name: 'Pay for your order' })

/** Every CSP violation the page reports, as the browser's event and as its console line, across navigations. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = []
  await page.exposeFunction('reportCspViolation', (line: string) => void violations.push(line))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportCspViolation: (line: string) => void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI} at ${location.pathname}`)
    })
  })
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  return violations
}

async function deliveryOrderOf(page: Page, session: DemoSession): Promise<OrderDetail> {
  const restaurant = await restaurantOf(page.request, 'empire-burger')
  const item = (await menuOf(page.request, 'empire-burger', 'delivery')).items.find((dish) => dish.name === 'Patty Melt')!
  const placed = await page.request.post('/api/order/customer/createOrder', {
    data: {
      data: encryptPayload(
        {
          locationId: restaurant.id,
          orderTypeCode: 'delivery',
          items: [{ itemId: item.id, quantity: 2 }],
          deliveryLocation: { lat: 40.7752, lng: -73.9712 },
          deliveryAddress: { addressLine1: '200 Central Park West' },
        },
        DEFAULT_PAYLOAD_KEY,
      ),
    },
    headers: { Authorization: `Bearer ${session.accessToken}` },
  })
  const text = await placed.text()
  expect(placed.status(), text).toBe(201)
  const order = decryptPayload(text, DEFAULT_PAYLOAD_KEY) as OrderDetail
  await payThroughApi(page.request, session, order.orderId)
  return order
}

/** Menu → Western Omelette → cart → review → Place order → the payment form. */
async function reachPayment(page: Page) {
  await page.goto(MENU)
  await page.getByRole('article', { name: 'Western Omelette', exact: true }).getByRole('link', { name: 'Western Omelette' }).click()
  await page.getByRole('button', { name: 'Add to order' }).click()
  await page.getByRole('complementary', { name: 'Your cart' }).getByRole('link', { name: 'View cart' }).click()
  await expect(summary(page)).not.toContainText('estimate')
  await summary(page).getByRole('link', { name: 'Review your order' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Review your order' })).toBeVisible()
  await summary(page).getByRole('button', { name: 'Place order' }).click()
  await expect(payment(page)).toBeVisible()
}

test.describe('content security policy', () => {
  test('every page is served with a CSP that allows no inline script, and the main screens report no violation', async ({ page }) => {
    test.setTimeout(60_000)
    const violations = await recordViolations(page)
    const session = await createDemoSession(page.request, { firstName: 'Cora', lastName: 'Policy', mobilePhone: uniqueMobile() })
    await useSession(page, session)

    const home = await page.goto('/')
    const policy = home!.headers()['content-security-policy'] ?? ''
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1] ?? ''
    expect(scriptSources).toMatch(/^'self'/)
    expect(scriptSources).not.toMatch(/unsafe-inline|unsafe-eval/)
    expect(policy).toContain("frame-ancestors 'none'")
    expect(home!.headers()['x-content-type-options']).toBe('nosniff')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    await page.goto('/restaurant/empire-burger/details')
    await expect(page.getByRole('heading', { level: 1, name: /Empire Burger/ })).toBeVisible()
    await reachPayment(page)
    expect((await page.request.get(MENU)).headers()['content-security-policy']).toBe(policy)

    const order = await deliveryOrderOf(page, session)
    await page.goto(`/restaurant/empire-burger/tracker/${order.orderId}`)
    await expect(page.getByRole('region', { name: /Map of the delivery from Empire Burger/ }).getByTitle('Delivery address')).toBeVisible()

    await page.goto('/checkin?restaurant=empire-burger')
    await expect(page.getByRole('heading', { level: 1, name: 'Empire Burger' })).toBeVisible()
    await expect(page.getByRole('table')).toContainText('Party size')

    expect(violations).toEqual([])
    // The recorder itself: an injected inline script must be refused and reported.
    await page.evaluate(() => {
      const probe = document.createElement('script')
      probe.textContent = 'window.cspProbeRan = true'
      document.head.append(probe)
    })
    await expect.poll(() => violations.some((line) => line.startsWith('script-src'))).toBe(true)
    expect(await page.evaluate(() => 'cspProbeRan' in window)).toBe(false)
  })
})

test.describe('card data in the browser', () => {
  test('the card number typed at checkout reaches the card provider only: no other request, no storage', async ({ page }) => {
    test.setTimeout(60_000)
    const number = '5555555555554444'
    const cvc = '739'
    const session = await createDemoSession(page.request, { firstName: 'Carl', lastName: 'Card', mobilePhone: uniqueMobile() })
    await useSession(page, session)
    const sent: { url: string; body: string }[] = []
    page.on('request', (request) => {
      let body = request.postData() ?? ''
      // Order calls are obfuscated with a key the bundle ships: read them as an attacker would.
      const data = /^\{"data":"(U2FsdGVkX1[^"]+)"\}$/.exec(body)?.[1]
      if (data) body = JSON.stringify(decryptPayload(data, DEFAULT_PAYLOAD_KEY))
      sent.push({ url: request.url(), body: `${request.url()}\n${body}` })
    })

    await reachPayment(page)
    await payment(page).getByLabel('Card number').fill('5555 5555 5555 4444')
    await payment(page).getByLabel('Expiry (MM/YY)').fill('12/34')
    await payment(page).getByLabel('Security code (CVC)').fill(cvc)
    await payment(page).getByLabel('Save this card for next time').check()
    await payment(page).getByRole('button', { name: /^Pay / }).click()
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('article', { name: /^Receipt of order/ })).toBeVisible()

    const carrying = sent.filter(({ body }) => body.replace(/\s/g, '').includes(number))
    expect(carrying.map(({ url }) => new URL(url).pathname)).toEqual([`/api${SANDBOX_TOKENIZE_PATH}`])
    expect(sent.filter(({ url }) => url.includes('/api/cards')).length).toBeGreaterThan(0)

    const stored = await page.evaluate(async () => {
      const values: string[] = []
      for (const storage of [localStorage, sessionStorage]) {
        for (let index = 0; index < storage.length; index++) values.push(storage.getItem(storage.key(index)!) ?? '')
      }
      for (const { name } of await indexedDB.databases()) {
        if (!name) continue
        const database = await new Promise<IDBDatabase>((resolve, reject) => {
          const opening = indexedDB.open(name)
          opening.onsuccess = () => resolve(opening.result)
          opening.onerror = () => reject(opening.error)
        })
        for (const store of Array.from(database.objectStoreNames)) {
          const rows = await new Promise<unknown[]>((resolve, reject) => {
            const reading = database.transaction(store).objectStore(store).getAll()
            reading.onsuccess = () => resolve(reading.result)
            reading.onerror = () => reject(reading.error)
          })
          values.push(JSON.stringify(rows))
        }
        database.close()
      }
      return values
    })
    expect(stored.length).toBeGreaterThan(0)
    // Our storage is encrypted with the bundle's secret: read it in the clear, as an attacker would.
    const readable = stored.map((value) => `${value}\n${JSON.stringify(decryptValue(value) ?? '')}`).join('\n')
    expect(readable.replace(/\s/g, '')).not.toContain(number)
    // A stored CVC would be a whole value or a quoted string; as digits among others it turns up by
    // chance in ids and timestamps ("…:15.739Z").
    expect(readable).not.toMatch(new RegExp(`(^|["\\n])${cvc}(["\\n]|$)`))
  })
})
