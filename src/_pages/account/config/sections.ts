import type { RouteName } from '@/shared/routes'

export type SectionKey =
  | 'Profile'
  | 'Favorites'
  | 'DeliveryAddress'
  | 'Cards'
  | 'MyOrders'
  | 'Support'
  | 'policies'
  | 'terms'
  | 'CancellationPolicy'
  | 'PrivacyPolicy'
  | 'FAQ'

export type Section = {
  key: SectionKey
  title: string
  /** The words of its menu entry. */
  menuLabel: string
  /** The mobile-only route of the section (docs/app.md, "Mobile and desktop"). */
  mobileRoute: RouteName
  /** Policies and answers are for everyone; the rest needs a signed-in customer. */
  isPublic: boolean
  /** The menu entry a policy document belongs to. */
  menuKey: SectionKey
}

const section = (key: SectionKey, title: string, mobileRoute: RouteName, isPublic = false, menuKey: SectionKey = key): Section => ({
  key,
  title,
  menuLabel: key === 'FAQ' ? 'FAQ' : title,
  mobileRoute,
  isPublic,
  menuKey,
})

export const SECTIONS: readonly Section[] = [
  section('Profile', 'Profile', 'profile'),
  section('Favorites', 'Favorites', 'favorites'),
  section('DeliveryAddress', 'Delivery addresses', 'deliveryAddress'),
  section('Cards', 'Saved cards', 'cards'),
  section('MyOrders', 'My orders', 'myOrders'),
  section('Support', 'Support', 'support'),
  section('policies', 'Policies', 'policies', true),
  section('terms', 'Terms of use', 'policiesTerms', true, 'policies'),
  section('CancellationPolicy', 'Cancellation and refund policy', 'policiesCancellation', true, 'policies'),
  section('PrivacyPolicy', 'Privacy policy', 'policiesPrivacy', true, 'policies'),
  section('FAQ', 'Frequently asked questions', 'faq', true),
]

/** The entries of the account menu, in order. */
export const MENU: readonly Section[] = SECTIONS.filter((entry) => entry.menuKey === entry.key)

/** The section of a route's `{name}`, ignoring case (routes are case-insensitive). */
export const sectionNamed = (name: string | undefined): Section | undefined =>
  name === undefined ? undefined : SECTIONS.find((entry) => entry.key.toLowerCase() === name.toLowerCase())

/** The section a mobile-only route shows; `privacyPolicy` is a merchant's privacy route. */
export const sectionOfRoute = (route: RouteName): Section | undefined =>
  route === 'privacyPolicy' ? sectionNamed('PrivacyPolicy') : SECTIONS.find((entry) => entry.mobileRoute === route)

export const DEFAULT_SECTION = SECTIONS[0]!
