import { z } from 'zod'
import type { NextSession, WorkingSession } from '../../lib/hours'
import { latitude, longitude, orderTypeCode, slug, uuid } from './fields'

/** What a restaurant offers a diner, as search filters and card actions (docs/discovery.md). */
export const SEARCH_SERVICES = ['pickup', 'delivery', 'dinein', 'reservations', 'waitlist'] as const
export type SearchService = (typeof SEARCH_SERVICES)[number]

export const findMerchantRequest = z.object({
  cityName: z.string().trim().max(80).optional(),
  /** Words matched in names, neighbourhoods, cuisines and dish names; every word must match. */
  query: z.string().trim().max(80).optional(),
  merchantType: z.string().trim().max(40).optional(),
  lat: latitude.optional(),
  lng: longitude.optional(),
  page: z.number().int().min(0).default(0),
  size: z.number().int().min(1).max(100).default(50),
  /** Only restaurants open at the time of the request, in their own time zone. */
  openNow: z.boolean().optional(),
  /** Only restaurants that offer every one of these. */
  services: z.array(z.enum(SEARCH_SERVICES, 'must be pickup, delivery, dinein, reservations or waitlist')).max(SEARCH_SERVICES.length).optional(),
  /** Only restaurants rated at least this (0 to 5 stars). */
  minRating: z.number().min(0).max(5).optional(),
  /** Also answer suggestions for a search box: restaurants, cuisines and dishes that match `query`. */
  suggest: z.boolean().optional(),
})

export const locationBySlugRequest = z.object({ slug })
export const locationByIdRequest = z.object({ staffId: z.string().nullable().optional(), locationId: uuid('a location id') })
export const merchantDetailsRequest = z.object({ slug })

export const menuRequest = z.object({
  locationId: uuid('a location id'),
  /** An order-type code of the location: pickup, delivery, dinein … */
  menuType: orderTypeCode,
  visibleTo: z.array(z.enum(['C', 'S'])).min(1, 'must name at least one audience'),
})

export const menuQuery = z.object({ orderType: orderTypeCode })

export const shortLinkRequest = z.object({ tinyUrl: z.string().trim().min(1, 'is required').max(64) })

export type FindMerchantRequest = z.input<typeof findMerchantRequest>
export type MenuRequest = z.input<typeof menuRequest>

export type MediaRef = { id: string; entityType: string; mimeType: string; url: string; altText: string }
export type Theme = { primaryColor: string; textColor: string }
export type OrderType = { id: string; code: string; name: string; typeGroup: string }

export type LocationSummary = {
  id: string
  merchantId: string
  merchantName: string
  merchantType: string
  merchantSlug: string
  locationSlug: string
  branchName: string
  /** The part of town ("SoMa"); empty when the merchant gave none. */
  neighbourhood: string
  address: string
  city: string
  country: string
  currency: string
  cuisine: string[]
  rating: number
  ratingCount: number
  cost: number
  theme: Theme | null
  logo: MediaRef | null
  cover: MediaRef | null
  timeZoneCd: string
  workingHours: WorkingSession[]
  open: 0 | 1
  nextSession: NextSession | null
  lat: number
  lng: number
  distanceKm: number | null
  delivery: boolean
  takeAway: boolean
  dining: boolean
  deliveryKMRadius: number
  defaultDeliveryETA: number
  defaultPickUpETA: number
  orderTypes: OrderType[]
  /** What it offers online now, in SEARCH_SERVICES order: the card's actions and the search filters. */
  services: SearchService[]
  /**
   * Minor units: the delivery fee to the search's point, or without a point the least a delivery
   * costs (its first kilometre); null when it does not deliver, or not as far as the point.
   */
  deliveryFee: number | null
}

/** A dish that matched the search words, at one restaurant, with the menu to open it in. */
export type MatchedDish = { name: string; slug: string; menuType: string }

/** A search result: a restaurant and, when the words matched its dishes, a few of them. */
export type SearchResult = LocationSummary & { matchedDishes: MatchedDish[] }

export type RestaurantSuggestion = {
  locationSlug: string
  merchantType: string
  merchantName: string
  neighbourhood: string
  city: string
  cuisine: string[]
}

export type DishSuggestion = MatchedDish & { restaurant: RestaurantSuggestion }

/** What a search box suggests for the words typed so far, within the same filters. */
export type SearchSuggestions = {
  restaurants: RestaurantSuggestion[]
  cuisines: { name: string; count: number }[]
  dishes: DishSuggestion[]
}

export type FindMerchantResponse = {
  content: SearchResult[]
  totalElements: number
  page: number
  size: number
  /** Present when the request asked for suggestions. */
  suggestions?: SearchSuggestions
  /** True when no restaurant held the words as typed and these hold close words instead (a misspelling). */
  closeMatches?: boolean
}

export type TableSection = { id: string; name: string; tables: { id: string; name: string; capacity: number; minCapacity: number }[] }

export type RestaurantDetail = LocationSummary & {
  postalCode: string
  phoneNumber: string
  aboutUs: string
  countryName: string
  state: string
  themeColor: string | null
  media: MediaRef[]
  currentWorkingHours: WorkingSession[]
  activeSessionEndTime: string | null
  isLastActiveSession: boolean
  branch: boolean
  digitalMenu: boolean
  highChair: boolean
  onlineCheckin: boolean
  onlineOrder: boolean
  parking: boolean
  quickCheckIn: boolean
  shareTable: boolean
  assignTableDuringQuickCheckIn: boolean
  cards: string[]
  pref: string[]
  tableSection: TableSection[]
  safetyMeasures: string[]
  facilities: string[]
  diets: string[]
  itemTypes: string[]
  maxCheckinWaitThreshold: number
  maxOnlineCheckin: number
  redirectUrl: string | null
  locationDeliveryProviders: string[]
  scheduledDelivery: boolean
  scheduledDeliveryCutOffTime: string | null
  scheduledDeliveryDurationInDays: number
  pickupCutoff: number
  /** Minutes before closing after which delivery orders are no longer taken. */
  deliveryCutoff: number
  deliveryCutOffTimeExceeds: boolean
  pickupCutOffTimeExceeds: boolean
  deliverySettings: Record<string, unknown>
  paymentProvider: string
  /** Percent, such as 8.25. */
  defaultTax: number
  defaultItemTax: number
  dataCapCnpPayment: boolean
  isSurchargeEnabled: boolean
  platformConfiguration: Record<string, unknown>
  disabledServices: { isReservation?: boolean; isCheckin?: boolean; isOnlineOrder?: boolean; isDelivery?: boolean }
  cancellationPolicy: string
}

/** The allergens a dish can declare (docs/menu.md): the major food allergens of US labelling. */
export const ALLERGENS = ['milk', 'eggs', 'fish', 'shellfish', 'tree-nuts', 'peanuts', 'gluten', 'soy', 'sesame'] as const
export type Allergen = (typeof ALLERGENS)[number]
/** Dietary claims beyond the food type (Veg, Egg, Non-veg). */
export const DIETARY_MARKS = ['vegan', 'gluten-free', 'spicy'] as const
export type DietaryMark = (typeof DIETARY_MARKS)[number]
/** Which dietary marks a menu shows: India's food-type symbols, or the US words (docs/menu.md). */
export type DietaryMarket = 'IN' | 'US'

export type ModifierOption = { id: string; name: string; price: number; isDefault: boolean; maxQuantity: number }
export type Modifier = { id: string; name: string; typeId: number; minSelect: number; maxSelect: number; options: ModifierOption[] }

export type MenuItem = {
  id: string
  name: string
  slug: string
  description: string
  /** Minor units of the menu's currency. */
  price: number
  /** Percent, or null to use the location's defaultItemTax. */
  tax: number | null
  display: number
  categoryId: string
  category: string
  subCategoryId: string | null
  subCategory: string | null
  subCategoryImg: string | null
  subCategoryImgType: string | null
  itemType: string | null
  /** Allergens the dish contains; null when the restaurant has not said. */
  allergens: Allergen[] | null
  dietary: DietaryMark[]
  tags: string[]
  calories: number | null
  image: string | null
  stockQuantity: number | null
  alertQuantity: number | null
  modifiers: Modifier[]
}

export type MenuCategory = {
  id: string
  name: string
  description: string
  image: string | null
  subCategories: { id: string; name: string; image: string | null }[]
}

export type MenuResponse = {
  locationId: string
  menuType: string
  currency: string
  market: DietaryMarket
  orderTax: number
  defaultItemTax: number
  categories: MenuCategory[]
  items: MenuItem[]
}

/** "Popular" at a location (docs/menu.md): dish ids, most ordered first, counted at `asOf`. */
export type PopularDishesResponse = { locationId: string; windowDays: number; asOf: string; itemIds: string[] }

export type MerchantDetails = {
  id: string
  name: string
  slug: string
  merchantType: string
  theme: Theme | null
  logo: MediaRef | null
  locations: LocationSummary[]
}

export type ShortLinkResponse = { metaDataInfo: { responseMessage: string } }
