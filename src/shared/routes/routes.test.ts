import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { matchRoute, pathTo, ROUTES, type RouteName } from './routes'

const cases: [string, RouteName, Record<string, string>?][] = [
  ['/', 'home'],
  ['/homepage', 'homepage'],
  ['/restaurants/city/Bengaluru', 'city', { cityName: 'Bengaluru' }],
  ['/restaurants/location/37.77/-122.41', 'nearby', { lat: '37.77', lng: '-122.41' }],
  ['/search', 'search'],
  ['/landing', 'landing'],
  ['/location/pick', 'locationPick'],
  ['/location/search', 'locationSearch'],
  ['/location/info', 'locationInfo'],
  ['/notFound', 'notFound'],
  ['/Shimmer', 'shimmer'],
  ['/staff', 'staffSignIn'],
  ['/staff/', 'staffSignIn'],
  ['/staff/kitchen', 'staffKitchen'],
  ['/staff/host', 'staffHost'],
  ['/staff/floor', 'staffFloor'],
  ['/staff/team', 'staffTeam'],
  ['/restaurant/olive-tree/menu/pickup', 'menuType', { merchantType: 'restaurant', merchantSlug: 'olive-tree', menuType: 'pickup' }],
  ['/restaurant/olive-tree/menu/pickup/event/2026-12-24', 'menuEvent', { eventDate: '2026-12-24' }],
  ['/restaurant/olive-tree/menu/pickup/e/2026-12-24', 'menuEventShort'],
  ['/restaurant/olive-tree/menu/pickup/event/2026-12-24/restaurantinfo', 'menuEventRestaurantInfo'],
  ['/restaurant/olive-tree/menu/pickup/e/2026-12-24/exploremenu', 'menuEventShortExplore'],
  ['/restaurant/olive-tree/menu/pickup/restaurantinfo', 'menuTypeRestaurantInfo'],
  ['/restaurant/olive-tree/menu/pickup/exploremenu', 'menuTypeExplore'],
  ['/table/t1/menu/dinein', 'tableMenu', { tableId: 't1', menuType: 'dinein' }],
  ['/table/t1/menu/dinein/restaurantinfo', 'tableMenuRestaurantInfo'],
  ['/table/t1/menu/dinein/exploremenu', 'tableMenuExplore'],
  ['/table/t1/order/o9/menu/dinein', 'tableOrderMenu', { orderId: 'o9' }],
  ['/table/t1/order/o9/menu/dinein/restaurantinfo', 'tableOrderMenuRestaurantInfo'],
  ['/table/t1/order/o9/menu/dinein/exploremenu', 'tableOrderMenuExplore'],
  ['/cafe/brew-lab/menu', 'menu', { merchantType: 'cafe', merchantSlug: 'brew-lab' }],
  ['/cafe/brew-lab/exploremenu', 'exploreMenu'],
  ['/cafe/brew-lab/restaurantinfo', 'restaurantInfo'],
  ['/cafe/brew-lab/details', 'details'],
  ['/menu/pickup/masala-dosa', 'itemDetail', { menuType: 'pickup', itemName: 'masala-dosa' }],
  ['/table/t1/menu/dinein/masala-dosa', 'tableItemDetail', { itemName: 'masala-dosa' }],
  ['/table/t1/menu/dinein/itemDetails', 'tableItemDetails'],
  ['/table/t1/menu/dinein/contactlessdinein/landing', 'dineInLanding'],
  ['/table/t1/menu/dinein/contactlessdinein/cart', 'dineInCart'],
  ['/restaurant/olive-tree/cart', 'cart'],
  ['/checkOut', 'checkOut'],
  ['/restaurant/olive-tree/table/t1/order/o9/placeOrder/payment', 'tablePayment', { restaurantSlug: 'olive-tree' }],
  ['/account', 'account'],
  ['/account/MyOrders', 'accountSection', { name: 'MyOrders' }],
  ['/account/MyOrders/o9', 'accountOrder', { name: 'MyOrders', orderId: 'o9' }],
  ['/Profile', 'profile'],
  ['/Favorites', 'favorites'],
  ['/DeliveryAddress', 'deliveryAddress'],
  ['/policies', 'policies'],
  ['/policies/terms', 'policiesTerms'],
  ['/policies/CancellationPolicy', 'policiesCancellation'],
  ['/policies/PrivacyPolicy', 'policiesPrivacy'],
  ['/FAQ', 'faq'],
  ['/Cards', 'cards'],
  ['/MyOrders', 'myOrders'],
  ['/MyOrders/OrderSummary/o9', 'orderSummary', { orderId: 'o9' }],
  ['/restaurant/olive-tree/PrivacyPolicy', 'privacyPolicy'],
  ['/olive-tree', 'merchantHome', { merchantSlug: 'olive-tree' }],
  ['/olive7', 'merchantHome', { merchantSlug: 'olive7' }],
  ['/table/t1', 'table', { tableId: 't1' }],
  ['/campaign/c1', 'campaign', { campaignId: 'c1' }],
  ['/e/diwali-dinner', 'event', { eventSlug: 'diwali-dinner' }],
  ['/checkin', 'checkin'],
  ['/Reservation', 'reservation'],
  ['/reservation/r-42', 'reservationDetail', { reservationId: 'r-42' }],
  ['/checkIn/olive-tree/closed', 'checkInClosed'],
  ['/reservation/olive-tree/closed', 'reservationClosed'],
  ['/restaurant/olive-tree/tracker/o9', 'tracker'],
  ['/tracker/o9/orderSummary', 'trackerSummary'],
  ['/restaurant/olive-tree/order/o9', 'order'],
  ['/receipt/o9', 'receipt'],
  ['/receipt/o9/orderSummary', 'receiptSummary'],
  ['/receipt/o9/e/splitId/s1', 'receiptSplit', { splitId: 's1' }],
  ['/receipt/o9/e/transactionId/tx1/orderSummary', 'receiptTransactionSummary', { transactionId: 'tx1' }],
  ['/receipt/table/t1/order/o9', 'receiptTable'],
  ['/receipt/table/t1/order/o9/e/splitId/s1/orderSummary', 'receiptTableSplitSummary'],
  ['/restaurant/olive-tree/table/t1/order/o9', 'tableOrder'],
  ['/restaurant/olive-tree/table/t1/order/o9/e/splitId/s1', 'tableOrderSplit', { splitId: 's1' }],
  ['/order/o9/CD/feedbacks', 'feedback'],
]

describe('route table', () => {
  it.each(cases)('%s → %s', (path, route, params) => {
    const match = matchRoute(path)
    expect(match?.route).toBe(route)
    if (params) expect(match?.params).toMatchObject(params)
  })

  it('sends a path no route knows to nothing, so the app can redirect to /notFound', () => {
    expect(matchRoute('/a/b/c/d/e/f/g')).toBeUndefined()
    expect(matchRoute('/restaurant/olive-tree/nonsense')).toBeUndefined()
  })

  it('builds paths back from parameters', () => {
    expect(pathTo('menuType', { merchantType: 'cafe', merchantSlug: 'brew lab', menuType: 'pickup' })).toBe('/cafe/brew%20lab/menu/pickup')
    expect(() => pathTo('menuType', { merchantType: 'cafe' })).toThrow(/merchantSlug/)
  })

  it('is documented route by route in docs/routes.md', () => {
    const doc = readFileSync(resolve(process.cwd(), 'docs/routes.md'), 'utf8')
    const missing = Object.values(ROUTES).filter((pattern) => !doc.includes(`\`${pattern}\``))
    expect(missing).toEqual([])
  })
})

describe('reserved slugs', () => {
  it('reserves the first segment of every fixed route, and staff, so no restaurant hides a screen or the staff area', async () => {
    const { RESERVED_SLUGS, isReservedSlug } = await import('@/shared/api/contracts/reserved-slugs')
    const fixed = Object.values(ROUTES)
      .map((pattern) => pattern.split('/')[1] ?? '')
      .filter((segment) => segment && !segment.startsWith(':'))
    for (const segment of fixed) expect(RESERVED_SLUGS.has(segment.toLowerCase()), segment).toBe(true)
    expect(isReservedSlug('staff')).toBe(true)
    expect(isReservedSlug('Staff')).toBe(true)
    expect(isReservedSlug('empire-burger')).toBe(false)
  })
})
