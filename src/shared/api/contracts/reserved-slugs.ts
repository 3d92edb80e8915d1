/**
 * Words a merchant or location slug may never be (docs/routes.md, "`/{segment}`"): the first
 * segment of every fixed route of the app (a slug equal to one would be hidden by it), the staff
 * area (`/staff` is the staff sign-in, never a restaurant) and the server's own paths. Plain data,
 * so the server reads it too; src/shared/routes/routes.test.ts checks it covers every fixed route.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'staff',
  'api',
  'app-shell',
  'account',
  'cards',
  'campaign',
  'checkout',
  'deliveryaddress',
  'faq',
  'favorites',
  'menu',
  'myorders',
  'order',
  'policies',
  'tracker',
  'brand',
  'checkin',
  'e',
  'guest',
  'homepage',
  'landing',
  'location',
  'offers',
  'profile',
  'receipt',
  'reservation',
  'reset-password',
  'restaurants',
  'search',
  'shimmer',
  'signin',
  'signup',
  'support',
  'table',
  'verify',
  'notfound',
  'sitemap',
])

/** Whether `slug` may name a merchant or a location. */
export const isReservedSlug = (slug: string) => RESERVED_SLUGS.has(slug.toLowerCase())
