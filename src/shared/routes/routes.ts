import { createRouter } from '@nanostores/router'

const menuSuffixes = <P extends string, N extends string>(name: N, pattern: P) =>
  ({
    [`${name}RestaurantInfo`]: `${pattern}/restaurantinfo`,
    [`${name}Explore`]: `${pattern}/exploremenu`,
    [name]: pattern,
  }) as Record<`${N}RestaurantInfo` | `${N}Explore` | N, string>

const receiptVariants = <P extends string, N extends string>(name: N, pattern: P) =>
  ({
    [`${name}SplitSummary`]: `${pattern}/e/splitId/:splitId/orderSummary`,
    [`${name}Split`]: `${pattern}/e/splitId/:splitId`,
    [`${name}TransactionSummary`]: `${pattern}/e/transactionId/:transactionId/orderSummary`,
    [`${name}Transaction`]: `${pattern}/e/transactionId/:transactionId`,
    [`${name}Summary`]: `${pattern}/orderSummary`,
    [name]: pattern,
  }) as Record<`${N}SplitSummary` | `${N}Split` | `${N}TransactionSummary` | `${N}Transaction` | `${N}Summary` | N, string>

/**
 * Every route of the product plus the implied screens (docs/routes.md). Order matters: the first
 * pattern that matches wins, so fixed words come before parameters.
 */
export const ROUTES = {
  home: '/',
  homepage: '/homepage',
  landing: '/landing',
  city: '/restaurants/city/:cityName',
  nearby: '/restaurants/location/:lat/:lng',
  search: '/search',
  locationPick: '/location/pick',
  locationSearch: '/location/search',
  locationInfo: '/location/info',
  notFound: '/notFound',
  shimmer: '/Shimmer',

  // The staff area (docs/staff.md): `staff` is a reserved word, never a restaurant's slug.
  staffSignIn: '/staff',
  staffKitchen: '/staff/kitchen',
  staffHost: '/staff/host',
  staffFloor: '/staff/floor',
  staffTeam: '/staff/team',

  signIn: '/signin',
  signUp: '/signup',
  guestDetails: '/guest',
  verifyOtp: '/verify',
  resetPassword: '/reset-password',
  profileEdit: '/profile/edit',
  emailEdit: '/profile/email',
  promoConsent: '/profile/promotions',
  offers: '/offers',
  support: '/support',
  orderSupport: '/support/order/:orderId',
  masterHome: '/brand/:merchantSlug',

  itemDetail: '/menu/:menuType/:itemName',
  dineInLanding: '/table/:tableId/menu/:menuType/contactlessdinein/landing',
  dineInCart: '/table/:tableId/menu/:menuType/contactlessdinein/cart',
  tableItemDetails: '/table/:tableId/menu/:menuType/itemDetails',
  ...menuSuffixes('tableMenu', '/table/:tableId/menu/:menuType'),
  tableItemDetail: '/table/:tableId/menu/:menuType/:itemName',
  ...menuSuffixes('tableOrderMenu', '/table/:tableId/order/:orderId/menu/:menuType'),
  tableCheckIn: '/table/:tableId/checkin',
  table: '/table/:tableId',

  account: '/account',
  accountSection: '/account/:name',
  accountOrder: '/account/:name/:orderId',
  profile: '/Profile',
  favorites: '/Favorites',
  deliveryAddress: '/DeliveryAddress',
  policies: '/policies',
  policiesTerms: '/policies/terms',
  policiesCancellation: '/policies/CancellationPolicy',
  policiesPrivacy: '/policies/PrivacyPolicy',
  faq: '/FAQ',
  cards: '/Cards',
  myOrders: '/MyOrders',
  orderSummary: '/MyOrders/OrderSummary/:orderId',

  checkOut: '/checkOut',
  checkin: '/checkin',
  reservation: '/Reservation',
  reservationDetail: '/reservation/:reservationId',
  checkInClosed: '/checkIn/:merchantSlug/closed',
  reservationClosed: '/reservation/:merchantSlug/closed',
  campaign: '/campaign/:campaignId',
  event: '/e/:eventSlug',
  trackerSummary: '/tracker/:orderId/orderSummary',
  feedback: '/order/:orderId/CD/feedbacks',

  ...receiptVariants('receiptTable', '/receipt/table/:tableId/order/:orderId'),
  ...receiptVariants('receipt', '/receipt/:orderId'),

  ...menuSuffixes('menuEvent', '/:merchantType/:merchantSlug/menu/:menuType/event/:eventDate'),
  ...menuSuffixes('menuEventShort', '/:merchantType/:merchantSlug/menu/:menuType/e/:eventDate'),
  ...menuSuffixes('menuType', '/:merchantType/:merchantSlug/menu/:menuType'),
  menu: '/:merchantType/:merchantSlug/menu',
  exploreMenu: '/:merchantType/:merchantSlug/exploremenu',
  restaurantInfo: '/:merchantType/:merchantSlug/restaurantinfo',
  details: '/:merchantType/:merchantSlug/details',
  cart: '/:merchantType/:merchantSlug/cart',
  privacyPolicy: '/:merchantType/:merchantSlug/PrivacyPolicy',
  tracker: '/:merchantType/:merchantSlug/tracker/:orderId',
  order: '/:merchantType/:merchantSlug/order/:orderId',
  tablePayment: '/:merchantType/:restaurantSlug/table/:tableId/order/:orderId/placeOrder/payment',
  tableOrderSplit: '/:merchantType/:restaurantSlug/table/:tableId/order/:orderId/e/splitId/:splitId',
  tableOrder: '/:merchantType/:restaurantSlug/table/:tableId/order/:orderId',
  merchantHome: '/:merchantSlug',
} as const

export type RouteName = keyof typeof ROUTES

export const $router = createRouter(ROUTES as Record<RouteName, string>)

export type Page = NonNullable<ReturnType<typeof $router.get>>

/** The path of a route with its parameters filled in. */
export function pathTo(route: RouteName, params: Record<string, string> = {}, search?: Record<string, string>): string {
  const path = ROUTES[route].replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Route ${route} needs the parameter ${name}`)
    return encodeURIComponent(value)
  })
  const query = search ? new URLSearchParams(search).toString() : ''
  return query ? `${path}?${query}` : path
}

/** Navigates to a path inside the app, adding to history. */
export function navigate(path: string): void {
  $router.open(path)
}

/** Navigates without adding to history, for redirects. */
export function redirectTo(route: RouteName, params: Record<string, string> = {}): void {
  $router.open(pathTo(route, params), true)
}

export function redirectToPath(path: string): void {
  $router.open(path, true)
}

/** The first route whose pattern matches a path, or undefined. */
export function matchRoute(path: string): { route: RouteName; params: Record<string, string> } | undefined {
  const clean = path.replace(/\/($|\?)/, '$1') || '/'
  for (const [route, pattern] of $router.routes as unknown as [RouteName, RegExp][]) {
    const match = clean.match(pattern)
    if (match) return { route, params: { ...match.groups } as Record<string, string> }
  }
  return undefined
}
