import AxeBuilder from '@axe-core/playwright'
import { createHash } from 'node:crypto'
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import type { EventResponse } from '@/shared/api/contracts/events'
import type { TableDetailsResponse } from '@/shared/api/contracts/reservations'
import { matchRoute, ROUTES, type RouteName } from '@/shared/routes/routes'
import { encryptedCall, menuOf, restaurantOf } from './support/api'
import { seriousViolations } from './support/axe'
import { checkInThroughApi, payThroughApi, placeOrderThroughApi, splitThroughApi } from './support/orders'
import { createDemoSession, uniqueMobile, useSession, type DemoSession } from './support/session'
import { staffSignInThroughApi, useStaffSession } from './support/staff'

// Empire Burger is open around the clock, delivers, and seats diners: every kind of order works there.
const SLUG = 'empire-burger'
const EVENT = 'olive-tree-holiday-feast'
// The staff screens' restaurant: one no diner journey relies on the sandbox simulators at (a signed-in staff member puts it on shift).
const STAFF_SLUG = 'kaapi-katte'
const DOOR = { lat: 40.7752, lng: -73.9712 }

/** The seed's deterministic ids (server/src/db/seed/index.ts seedId). */
function seedId(key: string): string {
  const hex = createHash('sha1').update(`tablefront-demo:${key}`).digest('hex')
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** Real ids from the seeded database and from orders the demo diner places in beforeAll. */
type Samples = {
  orderId: string
  transactionId: string
  deliveryOrderId: string
  tableId: string
  tableOrderId: string
  tableTransactionId: string
  splitId: string
  reservationId: string
  eventDate: string
  campaignId: string
  itemSlug: string
  tableItemSlug: string
  tableItemId: string
}

/** A path for every route; typed by RouteName so a new route without a sample does not compile. */
const PATHS: Record<RouteName, (s: Samples) => string> = {
  home: () => '/',
  homepage: () => '/homepage',
  landing: () => '/landing',
  city: () => '/restaurants/city/san-francisco',
  nearby: () => '/restaurants/location/37.7749/-122.4194',
  search: () => '/search?q=pizza&type=delivery',
  locationPick: () => '/location/pick',
  locationSearch: () => '/location/search',
  locationInfo: () => '/location/info',
  notFound: () => '/notFound',
  shimmer: () => '/Shimmer',
  signIn: () => '/signin',
  signUp: () => '/signup',
  guestDetails: () => '/guest',
  verifyOtp: () => '/verify',
  resetPassword: () => '/reset-password',
  profileEdit: () => '/profile/edit',
  emailEdit: () => '/profile/email',
  promoConsent: () => '/profile/promotions',
  offers: () => '/offers',
  support: () => '/support',
  orderSupport: (s) => `/support/order/${s.orderId}`,
  masterHome: () => '/brand/olive-tree',

  // Restaurant menus first: they make Empire Burger the current restaurant that /menu/{type}/{item} opens.
  menuTypeRestaurantInfo: () => `/restaurant/${SLUG}/menu/pickup/restaurantinfo`,
  menuTypeExplore: () => `/restaurant/${SLUG}/menu/pickup/exploremenu`,
  menuType: () => `/restaurant/${SLUG}/menu/pickup`,
  menu: () => `/restaurant/${SLUG}/menu`,
  exploreMenu: () => `/restaurant/${SLUG}/exploremenu`,
  restaurantInfo: () => `/restaurant/${SLUG}/restaurantinfo`,
  details: () => `/restaurant/${SLUG}/details`,
  itemDetail: (s) => `/menu/pickup/${s.itemSlug}`,
  cart: () => `/restaurant/${SLUG}/cart`,
  privacyPolicy: () => `/restaurant/${SLUG}/PrivacyPolicy`,
  menuEventRestaurantInfo: (s) => `/restaurant/olive-tree-soma/menu/event/event/${s.eventDate}/restaurantinfo?event=${EVENT}`,
  menuEventExplore: (s) => `/restaurant/olive-tree-soma/menu/event/event/${s.eventDate}/exploremenu?event=${EVENT}`,
  menuEvent: (s) => `/restaurant/olive-tree-soma/menu/event/event/${s.eventDate}?event=${EVENT}`,
  menuEventShortRestaurantInfo: (s) => `/restaurant/olive-tree-soma/menu/event/e/${s.eventDate}/restaurantinfo?event=${EVENT}`,
  menuEventShortExplore: (s) => `/restaurant/olive-tree-soma/menu/event/e/${s.eventDate}/exploremenu?event=${EVENT}`,
  menuEventShort: (s) => `/restaurant/olive-tree-soma/menu/event/e/${s.eventDate}?event=${EVENT}`,

  table: (s) => `/table/${s.tableId}`,
  dineInLanding: (s) => `/table/${s.tableId}/menu/dinein/contactlessdinein/landing`,
  dineInCart: (s) => `/table/${s.tableId}/menu/dinein/contactlessdinein/cart`,
  tableItemDetails: (s) => `/table/${s.tableId}/menu/dinein/itemDetails?itemId=${s.tableItemId}`,
  tableMenuRestaurantInfo: (s) => `/table/${s.tableId}/menu/dinein/restaurantinfo`,
  tableMenuExplore: (s) => `/table/${s.tableId}/menu/dinein/exploremenu`,
  tableMenu: (s) => `/table/${s.tableId}/menu/dinein`,
  tableItemDetail: (s) => `/table/${s.tableId}/menu/dinein/${s.tableItemSlug}`,
  tableOrderMenuRestaurantInfo: (s) => `/table/${s.tableId}/order/${s.tableOrderId}/menu/dinein/restaurantinfo`,
  tableOrderMenuExplore: (s) => `/table/${s.tableId}/order/${s.tableOrderId}/menu/dinein/exploremenu`,
  tableOrderMenu: (s) => `/table/${s.tableId}/order/${s.tableOrderId}/menu/dinein`,
  tableCheckIn: (s) => `/table/${s.tableId}/checkin`,
  tablePayment: (s) => `/restaurant/${SLUG}/table/${s.tableId}/order/${s.tableOrderId}/placeOrder/payment`,
  tableOrderSplit: (s) => `/restaurant/${SLUG}/table/${s.tableId}/order/${s.tableOrderId}/e/splitId/${s.splitId}`,
  tableOrder: (s) => `/restaurant/${SLUG}/table/${s.tableId}/order/${s.tableOrderId}`,

  account: () => '/account',
  accountSection: () => '/account/MyOrders',
  accountOrder: (s) => `/account/MyOrders/${s.orderId}`,
  profile: () => '/Profile',
  favorites: () => '/Favorites',
  deliveryAddress: () => '/DeliveryAddress',
  policies: () => '/policies',
  policiesTerms: () => '/policies/terms',
  policiesCancellation: () => '/policies/CancellationPolicy',
  policiesPrivacy: () => '/policies/PrivacyPolicy',
  faq: () => '/FAQ',
  cards: () => '/Cards',
  myOrders: () => '/MyOrders',
  orderSummary: (s) => `/MyOrders/OrderSummary/${s.orderId}`,

  checkOut: () => '/checkOut',
  checkin: () => `/checkin?restaurant=${SLUG}`,
  reservation: () => `/Reservation?restaurant=${SLUG}`,
  reservationDetail: (s) => `/reservation/${s.reservationId}`,
  checkInClosed: () => '/checkIn/el-camino-tacos/closed',
  reservationClosed: () => '/reservation/el-camino-tacos/closed',
  campaign: (s) => `/campaign/${s.campaignId}`,
  event: () => `/e/${EVENT}`,
  trackerSummary: (s) => `/tracker/${s.deliveryOrderId}/orderSummary`,
  tracker: (s) => `/restaurant/${SLUG}/tracker/${s.deliveryOrderId}`,
  order: (s) => `/restaurant/${SLUG}/order/${s.deliveryOrderId}`,
  feedback: (s) => `/order/${s.orderId}/CD/feedbacks`,

  receiptTableSplitSummary: (s) => `/receipt/table/${s.tableId}/order/${s.tableOrderId}/e/splitId/${s.splitId}/orderSummary`,
  receiptTableSplit: (s) => `/receipt/table/${s.tableId}/order/${s.tableOrderId}/e/splitId/${s.splitId}`,
  receiptTableTransactionSummary: (s) => `/receipt/table/${s.tableId}/order/${s.tableOrderId}/e/transactionId/${s.tableTransactionId}/orderSummary`,
  receiptTableTransaction: (s) => `/receipt/table/${s.tableId}/order/${s.tableOrderId}/e/transactionId/${s.tableTransactionId}`,
  receiptTableSummary: (s) => `/receipt/table/${s.tableId}/order/${s.tableOrderId}/orderSummary`,
  receiptTable: (s) => `/receipt/table/${s.tableId}/order/${s.tableOrderId}`,
  receiptSplitSummary: (s) => `/receipt/${s.tableOrderId}/e/splitId/${s.splitId}/orderSummary`,
  receiptSplit: (s) => `/receipt/${s.tableOrderId}/e/splitId/${s.splitId}`,
  receiptTransactionSummary: (s) => `/receipt/${s.orderId}/e/transactionId/${s.transactionId}/orderSummary`,
  receiptTransaction: (s) => `/receipt/${s.orderId}/e/transactionId/${s.transactionId}`,
  receiptSummary: (s) => `/receipt/${s.orderId}/orderSummary`,
  receipt: (s) => `/receipt/${s.orderId}`,

  merchantHome: () => '/olive-tree',

  // Signed in as a manager too (a browser may hold a diner's and a staff sign-in at once): every
  // staff area opens. The sign-in screen itself redirects to the manager's home here; its form is
  // checked by tests/staff-core.spec.ts.
  staffSignIn: () => '/staff',
  staffKitchen: () => '/staff/kitchen',
  staffHost: () => '/staff/host',
  staffFloor: () => '/staff/floor',
  staffTeam: () => '/staff/team',
}

/** A demo diner with a paid pickup order, a paid delivery order, a split table order and a place on the waitlist. */
async function prepareSamples(context: BrowserContext, session: DemoSession): Promise<Samples> {
  const request = context.request
  const restaurant = await restaurantOf(request, SLUG)
  const pickupMenu = await menuOf(request, SLUG, 'pickup')
  const dineInMenu = await menuOf(request, SLUG, 'dinein')
  const pattyMelt = pickupMenu.items.find((dish) => dish.name === 'Patty Melt')!
  const tableDish = dineInMenu.items.find((dish) => dish.name === 'Patty Melt')!

  const pickup = await placeOrderThroughApi(request, session, { locationId: restaurant.id, orderTypeCode: 'pickup', items: [{ itemId: pattyMelt.id, quantity: 1 }] })
  const transactionId = await payThroughApi(request, session, pickup.orderId)

  const delivery = await placeOrderThroughApi(request, session, {
    locationId: restaurant.id,
    orderTypeCode: 'delivery',
    items: [{ itemId: pattyMelt.id, quantity: 2 }],
    deliveryLocation: DOOR,
    deliveryAddress: { addressLine1: '200 Central Park West', addressLine2: 'Apt 4B' },
  })
  await payThroughApi(request, session, delivery.orderId)

  const tables = await encryptedCall<TableDetailsResponse>(request, '/merchants/locations/reservations/table-details/v2', { locationId: restaurant.id })
  const table = tables.sections.find((section) => section.name === 'Booths')!.tables[0]!
  const tableOrder = await placeOrderThroughApi(request, session, {
    locationId: restaurant.id,
    orderTypeCode: 'dinein',
    tableId: table.id,
    items: [{ itemId: tableDish.id, quantity: 2 }],
  })
  const split = await splitThroughApi(request, session, tableOrder.orderId, 2)
  const tableTransactionId = await payThroughApi(request, session, tableOrder.orderId, split.shares[0]!.id)

  const reservation = await checkInThroughApi(request, session, restaurant.id)
  const landing = await encryptedCall<EventResponse>(request, '/customer/event/v2', { eventSlug: EVENT })

  return {
    orderId: pickup.orderId,
    transactionId,
    deliveryOrderId: delivery.orderId,
    tableId: table.id,
    tableOrderId: tableOrder.orderId,
    tableTransactionId,
    // The second share stays unpaid, so its screen shows the card form.
    splitId: split.shares[1]!.id,
    reservationId: reservation.reservationId,
    eventDate: landing.event.dates[0]!,
    campaignId: seedId('campaign:olive-tree-winter-table'),
    itemSlug: pattyMelt.slug,
    tableItemSlug: tableDish.slug,
    tableItemId: tableDish.id,
  }
}

/** seriousViolations with every rule, reporting only the violating nodes (passes are not serialised back: ~40 % faster on menus). */
async function seriousViolationsFast(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

const LOADING = '[aria-busy="true"]:visible, img[src="/spinner.svg"]:visible'

/**
 * What axe judges of a screen, without its words and numbers: every element's tag, classes (its
 * colours and sizes), role, ARIA attributes, alt, type, tabindex, label target and whether it holds
 * text. Two routes that open the same screen (a receipt by order or by transaction, the menu by
 * four paths) give the same signature, and axe would answer the same for both.
 */
function screenSignature(page: Page): Promise<string> {
  return page.evaluate(() => {
    const kept = /^(class|role|alt|type|tabindex|for|id|href|disabled|hidden|inert|lang|aria-.*)$/
    const parts: string[] = []
    const walk = (element: Element, depth: number) => {
      const attributes = [...element.attributes]
        .filter((attribute) => kept.test(attribute.name))
        // Ids and links differ by order id; only whether they are there matters to axe's rules.
        .map((attribute) => (attribute.name === 'id' || attribute.name === 'href' || attribute.name === 'for' ? attribute.name : `${attribute.name}=${attribute.value.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\d+/g, '#')}`))
      const text = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '')
      parts.push(`${depth}<${element.tagName} ${attributes.sort().join(' ')}${text ? ' #text' : ''}>`)
      for (const child of element.children) walk(child, depth + 1)
    }
    walk(document.documentElement, 0)
    return parts.join('\n')
  })
}

/** Waits until a screen has settled: a heading or main landmark, no spinner or skeleton left. */
async function settled(page: Page, route: RouteName): Promise<void> {
  // The shimmer route is the loading state itself (docs/app.md, "Mobile and desktop"): a skeleton on mobile, a spinner on desktop.
  if (route === 'shimmer') {
    await expect(page.getByRole('status').first()).toBeVisible()
    return
  }
  await expect(page.locator('h1:visible, main:visible').first(), `${route} shows a heading or main`).toBeVisible()
  await expect(page.locator(LOADING), `${route} finished loading`).toHaveCount(0)
}

const fullSweep = process.env.A11Y_FULL === '1'

function describeAt(width: number, height: number, tag: string, checks: { name: string; axe: boolean; sideways: boolean }) {
  test.describe(`every route at ${width} px ${tag}`.trim(), () => {
    let context: BrowserContext
    let page: Page
    let samples: Samples
    // Signatures of the screens axe has checked in this describe: a route showing the same screen again is not checked twice.
    const checked = new Map<string, RouteName>()

    test.beforeAll(async ({ browser }: { browser: Browser }, testInfo) => {
      testInfo.setTimeout(60_000)
      const mobile = width < 768
      context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width, height }, isMobile: mobile, hasTouch: mobile })
      const session = await createDemoSession(context.request, { firstName: 'Ada', lastName: 'Access', mobilePhone: uniqueMobile() })
      samples = await prepareSamples(context, session)
      page = await context.newPage()
      await useSession(page, session)
      await useStaffSession(page, await staffSignInThroughApi(context.request, STAFF_SLUG, 'manager'))
    })

    test.afterAll(async () => {
      await context?.close()
    })

    test('every route of ROUTES has a sample path that the router matches to it', () => {
      const missing = Object.keys(ROUTES).filter((route) => !(route in PATHS))
      expect(missing).toEqual([])
      const mismatched = (Object.keys(PATHS) as RouteName[]).filter((route) => matchRoute(PATHS[route](samples).split('?')[0]!)?.route !== route)
      expect(mismatched).toEqual([])
    })

    for (const route of Object.keys(PATHS) as RouteName[]) {
      test(`${route} ${checks.name}`, async () => {
        await page.goto(PATHS[route](samples), { waitUntil: 'domcontentloaded' })
        await settled(page, route)
        if (checks.sideways) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
          expect(overflow, `${route} at ${page.url()} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0)
        }
        if (!checks.axe) return
        // The full sweep (A11Y_FULL=1) runs axe on every route; npm test once per distinct screen.
        const signature = fullSweep ? route : await screenSignature(page)
        const same = checked.get(signature)
        if (same) {
          test.info().annotations.push({ type: 'axe', description: `the same screen as ${same}, checked already` })
          return
        }
        expect(await seriousViolationsFast(page), `${route} at ${page.url()}`).toEqual([])
        checked.set(signature, route)
      })
    }
  })
}

// Axe at 1280 px on every distinct screen (every route in `npm run test:stress`, A11Y_FULL=1); at 375 px
// every route must fit the screen, and axe runs there too in the full sweep, as the phone layouts share
// their markup with the desktop ones.
describeAt(1280, 800, '', { name: 'has no serious or critical axe violation', axe: true, sideways: false })
describeAt(375, 740, '@mobile', { name: fullSweep ? 'fits 375 px and has no serious or critical axe violation' : 'fits 375 px without sideways scrolling', axe: fullSweep, sideways: true })
