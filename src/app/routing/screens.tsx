import type { ComponentType } from 'react'
import type { RouteName } from '@/shared/routes'
import { lazyScreen } from './lazy-screen'

type ScreenProps = { params: Record<string, string> }
/** A screen's component, and the fetch of its chunk ahead of the first render (docs/app.md, "Start-up work"). */
export type Screen = ComponentType<ScreenProps> & { preload: () => Promise<unknown> }

const HomePage = lazyScreen(() => import('@/_pages/home').then((m) => m.HomePage))
const LandingPage = lazyScreen(() => import('@/_pages/landing').then((m) => m.LandingPage))
const CityPage = lazyScreen<ScreenProps>(() => import('@/_pages/city').then((m) => m.CityPage))
const NearbyPage = lazyScreen<ScreenProps>(() => import('@/_pages/nearby').then((m) => m.NearbyPage))
const SearchPage = lazyScreen(() => import('@/_pages/home').then((m) => m.SearchPage))
const LocationPickPage = lazyScreen(() => import('@/_pages/location-pick').then((m) => m.LocationPickPage))
const LocationSearchPage = lazyScreen(() => import('@/_pages/location-search').then((m) => m.LocationSearchPage))
const LocationInfoPage = lazyScreen(() => import('@/_pages/location-info').then((m) => m.LocationInfoPage))
const RestaurantDetailsPage = lazyScreen<ScreenProps>(() => import('@/_pages/restaurant-details').then((m) => m.RestaurantDetailsPage))
const MenuPage = lazyScreen<ScreenProps>(() => import('@/_pages/menu').then((m) => m.MenuPage))
const ItemDetailPage = lazyScreen<ScreenProps>(() => import('@/_pages/item-detail').then((m) => m.ItemDetailPage))
const CartPage = lazyScreen<ScreenProps>(() => import('@/_pages/cart').then((m) => m.CartPage))
const NotFoundPage = lazyScreen(() => import('@/_pages/not-found').then((m) => m.NotFoundPage))
const ShimmerPage = lazyScreen(() => import('@/_pages/shimmer').then((m) => m.ShimmerPage))
const ShortLinkPage = lazyScreen<ScreenProps>(() => import('@/_pages/short-link').then((m) => m.ShortLinkPage))
const EventPage = lazyScreen<ScreenProps>(() => import('@/_pages/merchant/event').then((m) => m.EventPage))
const CampaignPage = lazyScreen<ScreenProps>(() => import('@/_pages/merchant/campaign').then((m) => m.CampaignPage))
const BrandPage = lazyScreen<ScreenProps>(() => import('@/_pages/merchant/brand').then((m) => m.BrandPage))
const AccountPage = lazyScreen<ScreenProps>(() => import('@/_pages/account').then((m) => m.AccountPage))
const ProfileEditPage = lazyScreen(() => import('@/_pages/account-profile').then((m) => m.ProfileEditPage))
const EmailEditPage = lazyScreen(() => import('@/_pages/account-profile').then((m) => m.EmailEditPage))
const PromoConsentPage = lazyScreen(() => import('@/_pages/account-profile').then((m) => m.PromoConsentPage))
const ReceiptPage = lazyScreen<ScreenProps>(() => import('@/_pages/receipt').then((m) => m.ReceiptPage))
const ReceiptSummaryPage = lazyScreen<ScreenProps>(() => import('@/_pages/receipt').then((m) => m.ReceiptSummaryPage))
const TableOrderPage = lazyScreen<ScreenProps>(() => import('@/_pages/receipt').then((m) => m.TableOrderPage))
const TablePage = lazyScreen<ScreenProps>(() => import('@/_pages/dine-in').then((m) => m.TablePage))
const DineInLandingPage = lazyScreen<ScreenProps>(() => import('@/_pages/dine-in').then((m) => m.DineInLandingPage))
const DineInCartPage = lazyScreen<ScreenProps>(() => import('@/_pages/dine-in').then((m) => m.DineInCartPage))
const TablePaymentPage = lazyScreen<ScreenProps>(() => import('@/_pages/dine-in').then((m) => m.TablePaymentPage))
const SignInPage = lazyScreen(() => import('@/_pages/auth/sign-in').then((m) => m.SignInPage))
const SignUpPage = lazyScreen(() => import('@/_pages/auth/sign-up').then((m) => m.SignUpPage))
const GuestDetailsPage = lazyScreen(() => import('@/_pages/auth/guest-details').then((m) => m.GuestDetailsPage))
const VerifyOtpPage = lazyScreen(() => import('@/_pages/auth/verify-otp').then((m) => m.VerifyOtpPage))
const ResetPasswordPage = lazyScreen(() => import('@/_pages/auth/reset-password').then((m) => m.ResetPasswordPage))
const WaitlistPage = lazyScreen<ScreenProps>(() => import('@/_pages/reservations/waitlist').then((m) => m.WaitlistPage))
const ReservationDetailPage = lazyScreen<ScreenProps>(() => import('@/_pages/reservations/reservation-detail').then((m) => m.ReservationDetailPage))
const WaitlistClosedPage = lazyScreen<ScreenProps>(() => import('@/_pages/reservations/closed').then((m) => m.WaitlistClosedPage))
const FeedbackPage = lazyScreen<ScreenProps>(() => import('@/_pages/customer-care/feedback').then((m) => m.FeedbackPage))
const SupportPage = lazyScreen<ScreenProps>(() => import('@/_pages/customer-care/support').then((m) => m.SupportPage))
const TrackerPage = lazyScreen<ScreenProps>(() => import('@/_pages/delivery/tracking').then((m) => m.TrackerPage))
const TrackerSummaryPage = lazyScreen<ScreenProps>(() => import('@/_pages/delivery/tracking').then((m) => m.TrackerSummaryPage))
const OffersPage = lazyScreen(() => import('@/_pages/offers').then((m) => m.OffersPage))
const OrderPage = lazyScreen<ScreenProps>(() => import('@/_pages/receipt').then((m) => m.OrderPage))
// The staff area (docs/staff.md): chunks of their own, never part of a diner's screen.
const StaffSignInPage = lazyScreen(() => import('@/_pages/staff/sign-in').then((m) => m.StaffSignInPage))
const StaffTeamPage = lazyScreen(() => import('@/_pages/staff/team').then((m) => m.TeamPage))
const StaffKitchenPage = lazyScreen(() => import('@/_pages/staff/kitchen').then((m) => m.KitchenPage))
const StaffHostPage = lazyScreen(() => import('@/_pages/staff/host').then((m) => m.HostPage))
const StaffFloorPage = lazyScreen(() => import('@/_pages/staff/floor').then((m) => m.FloorPage))

/** The screen of every route; a route without one is a type error. */
export const SCREENS: Record<RouteName, Screen> = {
  home: HomePage,
  homepage: HomePage,
  landing: LandingPage,
  city: CityPage,
  nearby: NearbyPage,
  search: SearchPage,
  locationPick: LocationPickPage,
  locationSearch: LocationSearchPage,
  locationInfo: LocationInfoPage,
  notFound: NotFoundPage,
  shimmer: ShimmerPage,
  staffSignIn: StaffSignInPage,
  staffKitchen: StaffKitchenPage,
  staffHost: StaffHostPage,
  staffFloor: StaffFloorPage,
  staffTeam: StaffTeamPage,

  signIn: SignInPage,
  signUp: SignUpPage,
  guestDetails: GuestDetailsPage,
  verifyOtp: VerifyOtpPage,
  resetPassword: ResetPasswordPage,
  profileEdit: ProfileEditPage,
  emailEdit: EmailEditPage,
  promoConsent: PromoConsentPage,
  offers: OffersPage,
  support: SupportPage,
  orderSupport: SupportPage,
  masterHome: BrandPage,

  itemDetail: ItemDetailPage,
  dineInLanding: DineInLandingPage,
  dineInCart: DineInCartPage,
  tableItemDetails: ItemDetailPage,
  tableMenuRestaurantInfo: MenuPage,
  tableMenuExplore: MenuPage,
  tableMenu: MenuPage,
  tableItemDetail: ItemDetailPage,
  tableOrderMenuRestaurantInfo: MenuPage,
  tableOrderMenuExplore: MenuPage,
  tableOrderMenu: MenuPage,
  tableCheckIn: WaitlistPage,
  table: TablePage,

  account: AccountPage,
  accountSection: AccountPage,
  accountOrder: AccountPage,
  profile: AccountPage,
  favorites: AccountPage,
  deliveryAddress: AccountPage,
  policies: AccountPage,
  policiesTerms: AccountPage,
  policiesCancellation: AccountPage,
  policiesPrivacy: AccountPage,
  faq: AccountPage,
  cards: AccountPage,
  myOrders: AccountPage,
  orderSummary: ReceiptSummaryPage,

  checkOut: CartPage,
  checkin: WaitlistPage,
  reservation: WaitlistPage,
  reservationDetail: ReservationDetailPage,
  checkInClosed: WaitlistClosedPage,
  reservationClosed: WaitlistClosedPage,
  campaign: CampaignPage,
  event: EventPage,
  trackerSummary: TrackerSummaryPage,
  feedback: FeedbackPage,

  receiptTableSplitSummary: ReceiptSummaryPage,
  receiptTableSplit: ReceiptPage,
  receiptTableTransactionSummary: ReceiptSummaryPage,
  receiptTableTransaction: ReceiptPage,
  receiptTableSummary: ReceiptSummaryPage,
  receiptTable: ReceiptPage,
  receiptSplitSummary: ReceiptSummaryPage,
  receiptSplit: ReceiptPage,
  receiptTransactionSummary: ReceiptSummaryPage,
  receiptTransaction: ReceiptPage,
  receiptSummary: ReceiptSummaryPage,
  receipt: ReceiptPage,

  menuEventRestaurantInfo: MenuPage,
  menuEventExplore: MenuPage,
  menuEvent: MenuPage,
  menuEventShortRestaurantInfo: MenuPage,
  menuEventShortExplore: MenuPage,
  menuEventShort: MenuPage,
  menuTypeRestaurantInfo: MenuPage,
  menuTypeExplore: MenuPage,
  menuType: MenuPage,
  menu: MenuPage,
  exploreMenu: MenuPage,
  restaurantInfo: MenuPage,
  details: RestaurantDetailsPage,
  cart: CartPage,
  privacyPolicy: AccountPage,
  tracker: TrackerPage,
  order: OrderPage,
  tablePayment: TablePaymentPage,
  tableOrderSplit: TableOrderPage,
  tableOrder: TableOrderPage,
  merchantHome: ShortLinkPage,
}

/**
 * The key a route's screen is mounted under: its route, so that another route remounts even the
 * same screen, except the account's routes, which are one screen. A window widened past the
 * mobile width moves a mobile-only section (/DeliveryAddress) to its desktop path
 * (/account/DeliveryAddress); under one key the section stays mounted, with a form half typed
 * (docs/app.md, "Mobile and desktop").
 */
export const screenKeyOf = (route: RouteName): string => (SCREENS[route] === AccountPage ? 'account' : route)
