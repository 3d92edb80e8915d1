import { z } from 'zod'
import type { NextSession, WorkingSession } from '../../lib/hours'
import { defineEndpoints } from './endpoint'
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

const id = z.string()
const minorUnits = (description: string) => z.number().int().meta({ description })

export const mediaRef = z
  .strictObject({ id, entityType: z.string(), mimeType: z.string(), url: z.string(), altText: z.string() })
  .meta({ id: 'MediaRef' })
export const theme = z.strictObject({ primaryColor: z.string(), textColor: z.string() }).meta({ id: 'Theme' })
export const orderType = z.strictObject({ id, code: z.string(), name: z.string(), typeGroup: z.string() }).meta({ id: 'OrderType' })

const workingSession = z
  .strictObject({
    day: z.number().int().meta({ description: '0 = Sunday … 6 = Saturday.' }),
    sessionName: z.string(),
    opensAt: z.string(),
    closesAt: z.string(),
  })
  .meta({ id: 'WorkingSession' })
const nextSession = z
  .strictObject({ day: z.number().int(), sessionName: z.string(), opensAt: z.string(), date: z.string() })
  .meta({ id: 'NextSession' })

const locationSummaryShape = {
  id,
  merchantId: id,
  merchantName: z.string(),
  merchantType: z.string(),
  merchantSlug: z.string(),
  locationSlug: z.string(),
  branchName: z.string(),
  /** The part of town ("SoMa"); empty when the merchant gave none. */
  neighbourhood: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  currency: z.string(),
  cuisine: z.array(z.string()),
  rating: z.number(),
  ratingCount: z.number().int(),
  cost: z.number(),
  theme: theme.nullable(),
  logo: mediaRef.nullable(),
  cover: mediaRef.nullable(),
  timeZoneCd: z.string(),
  workingHours: z.array(workingSession),
  open: z.union([z.literal(0), z.literal(1)]),
  nextSession: nextSession.nullable(),
  lat: z.number(),
  lng: z.number(),
  distanceKm: z.number().nullable(),
  delivery: z.boolean(),
  takeAway: z.boolean(),
  dining: z.boolean(),
  deliveryKMRadius: z.number(),
  defaultDeliveryETA: z.number(),
  defaultPickUpETA: z.number(),
  orderTypes: z.array(orderType),
  /** What it offers online now, in SEARCH_SERVICES order: the card's actions and the search filters. */
  services: z.array(z.enum(SEARCH_SERVICES)),
  /**
   * Minor units: the delivery fee to the search's point, or without a point the least a delivery
   * costs (its first kilometre); null when it does not deliver, or not as far as the point.
   */
  deliveryFee: minorUnits('The delivery fee to the point searched from, or the least a delivery costs; null when it does not deliver there.').nullable(),
}

export const locationSummary = z.strictObject(locationSummaryShape).meta({ id: 'LocationSummary' })

/** A dish that matched the search words, at one restaurant, with the menu to open it in. */
export const matchedDish = z.strictObject({ name: z.string(), slug: z.string(), menuType: z.string() }).meta({ id: 'MatchedDish' })

/** A search result: a restaurant and, when the words matched its dishes, a few of them. */
export const searchResult = z.strictObject({ ...locationSummaryShape, matchedDishes: z.array(matchedDish) }).meta({ id: 'SearchResult' })

export const restaurantSuggestion = z
  .strictObject({
    locationSlug: z.string(),
    merchantType: z.string(),
    merchantName: z.string(),
    neighbourhood: z.string(),
    city: z.string(),
    cuisine: z.array(z.string()),
  })
  .meta({ id: 'RestaurantSuggestion' })

export const dishSuggestion = z.strictObject({ ...matchedDish.shape, restaurant: restaurantSuggestion }).meta({ id: 'DishSuggestion' })

/** What a search box suggests for the words typed so far, within the same filters. */
export const searchSuggestions = z
  .strictObject({
    restaurants: z.array(restaurantSuggestion),
    cuisines: z.array(z.strictObject({ name: z.string(), count: z.number().int() })),
    dishes: z.array(dishSuggestion),
  })
  .meta({ id: 'SearchSuggestions' })

export const findMerchantResponse = z
  .strictObject({
    content: z.array(searchResult),
    totalElements: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    /** Present when the request asked for suggestions. */
    suggestions: searchSuggestions.optional(),
    /** True when no restaurant held the words as typed and these hold close words instead (a misspelling). */
    closeMatches: z.boolean().optional(),
  })
  .meta({ id: 'FindMerchantResponse' })

export const tableSection = z
  .strictObject({
    id,
    name: z.string(),
    tables: z.array(z.strictObject({ id, name: z.string(), capacity: z.number().int(), minCapacity: z.number().int() })),
  })
  .meta({ id: 'TableSection' })

export const restaurantDetail = z
  .strictObject({
    ...locationSummaryShape,
    postalCode: z.string(),
    phoneNumber: z.string(),
    aboutUs: z.string(),
    countryName: z.string(),
    state: z.string(),
    themeColor: z.string().nullable(),
    media: z.array(mediaRef),
    currentWorkingHours: z.array(workingSession),
    activeSessionEndTime: z.string().nullable(),
    isLastActiveSession: z.boolean(),
    branch: z.boolean(),
    digitalMenu: z.boolean(),
    highChair: z.boolean(),
    onlineCheckin: z.boolean(),
    onlineOrder: z.boolean(),
    /** The kitchen paused online ordering for now (docs/kitchen.md "Pause online ordering"). */
    orderingPaused: z.boolean(),
    parking: z.boolean(),
    quickCheckIn: z.boolean(),
    shareTable: z.boolean(),
    assignTableDuringQuickCheckIn: z.boolean(),
    cards: z.array(z.string()),
    pref: z.array(z.string()),
    tableSection: z.array(tableSection),
    safetyMeasures: z.array(z.string()),
    facilities: z.array(z.string()),
    diets: z.array(z.string()),
    itemTypes: z.array(z.string()),
    maxCheckinWaitThreshold: z.number(),
    maxOnlineCheckin: z.number(),
    redirectUrl: z.string().nullable(),
    locationDeliveryProviders: z.array(z.string()),
    scheduledDelivery: z.boolean(),
    scheduledDeliveryCutOffTime: z.string().nullable(),
    scheduledDeliveryDurationInDays: z.number(),
    pickupCutoff: z.number(),
    /** Minutes before closing after which delivery orders are no longer taken. */
    deliveryCutoff: z.number(),
    deliveryCutOffTimeExceeds: z.boolean(),
    pickupCutOffTimeExceeds: z.boolean(),
    deliverySettings: z.record(z.string(), z.unknown()),
    paymentProvider: z.string(),
    /** Percent, such as 8.25. */
    defaultTax: z.number(),
    defaultItemTax: z.number(),
    dataCapCnpPayment: z.boolean(),
    isSurchargeEnabled: z.boolean(),
    platformConfiguration: z.record(z.string(), z.unknown()),
    disabledServices: z.strictObject({
      isReservation: z.boolean().optional(),
      isCheckin: z.boolean().optional(),
      isOnlineOrder: z.boolean().optional(),
      isDelivery: z.boolean().optional(),
    }),
    cancellationPolicy: z.string(),
  })
  .meta({ id: 'RestaurantDetail' })

export type MediaRef = z.output<typeof mediaRef>
export type Theme = z.output<typeof theme>
export type OrderType = z.output<typeof orderType>
export type LocationSummary = z.output<typeof locationSummary>
export type MatchedDish = z.output<typeof matchedDish>
export type SearchResult = z.output<typeof searchResult>
export type RestaurantSuggestion = z.output<typeof restaurantSuggestion>
export type DishSuggestion = z.output<typeof dishSuggestion>
export type SearchSuggestions = z.output<typeof searchSuggestions>
export type FindMerchantResponse = z.output<typeof findMerchantResponse>
export type TableSection = z.output<typeof tableSection>
export type RestaurantDetail = z.output<typeof restaurantDetail>

// The opening hours are the hours library's types: this keeps the two in step.
null as unknown as LocationSummary['workingHours'][number] satisfies WorkingSession
null as unknown as NonNullable<LocationSummary['nextSession']> satisfies NextSession

/** The allergens a dish can declare (docs/menu.md): the major food allergens of US labelling. */
export const ALLERGENS = ['milk', 'eggs', 'fish', 'shellfish', 'tree-nuts', 'peanuts', 'gluten', 'soy', 'sesame'] as const
export type Allergen = (typeof ALLERGENS)[number]
/** Dietary claims beyond the food type (Veg, Egg, Non-veg). */
export const DIETARY_MARKS = ['vegan', 'gluten-free', 'spicy'] as const
export type DietaryMark = (typeof DIETARY_MARKS)[number]
/** Which dietary marks a menu shows: India's food-type symbols, or the US words (docs/menu.md). */
export type DietaryMarket = 'IN' | 'US'

export const modifierOption = z
  .strictObject({ id, name: z.string(), price: minorUnits('Minor units of the menu\'s currency.'), isDefault: z.boolean(), maxQuantity: z.number().int() })
  .meta({ id: 'ModifierOption' })
export const modifier = z
  .strictObject({ id, name: z.string(), typeId: z.number().int(), minSelect: z.number().int(), maxSelect: z.number().int(), options: z.array(modifierOption) })
  .meta({ id: 'Modifier' })

export const menuItem = z
  .strictObject({
    id,
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    /** Minor units of the menu's currency. */
    price: minorUnits("Minor units of the menu's currency."),
    /** Percent, or null to use the location's defaultItemTax. */
    tax: z.number().nullable(),
    display: z.number(),
    categoryId: id,
    category: z.string(),
    subCategoryId: id.nullable(),
    subCategory: z.string().nullable(),
    subCategoryImg: z.string().nullable(),
    subCategoryImgType: z.string().nullable(),
    itemType: z.string().nullable(),
    /** Allergens the dish contains; null when the restaurant has not said. */
    allergens: z.array(z.enum(ALLERGENS)).nullable(),
    dietary: z.array(z.enum(DIETARY_MARKS)),
    tags: z.array(z.string()),
    calories: z.number().nullable(),
    image: z.string().nullable(),
    stockQuantity: z.number().int().nullable(),
    alertQuantity: z.number().int().nullable(),
    modifiers: z.array(modifier),
  })
  .meta({ id: 'MenuItem' })

export const menuCategory = z
  .strictObject({
    id,
    name: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    subCategories: z.array(z.strictObject({ id, name: z.string(), image: z.string().nullable() })),
  })
  .meta({ id: 'MenuCategory' })

export const menuResponse = z
  .strictObject({
    locationId: id,
    menuType: z.string(),
    currency: z.string(),
    market: z.enum(['IN', 'US']),
    orderTax: z.number(),
    defaultItemTax: z.number(),
    categories: z.array(menuCategory),
    items: z.array(menuItem),
  })
  .meta({ id: 'MenuResponse' })

/** "Popular" at a location (docs/menu.md): dish ids, most ordered first, counted at `asOf`. */
export const popularDishesResponse = z
  .strictObject({ locationId: id, windowDays: z.number().int(), asOf: z.iso.datetime({ offset: true }), itemIds: z.array(id) })
  .meta({ id: 'PopularDishesResponse', description: 'Dish ids, most ordered first, counted at `asOf`.' })

export const merchantDetails = z
  .strictObject({
    id,
    name: z.string(),
    slug: z.string(),
    merchantType: z.string(),
    theme: theme.nullable(),
    logo: mediaRef.nullable(),
    locations: z.array(locationSummary),
  })
  .meta({ id: 'MerchantDetails' })

export const shortLinkResponse = z
  .strictObject({ metaDataInfo: z.strictObject({ responseMessage: z.string().meta({ description: 'The in-app path the link leads to.' }) }) })
  .meta({ id: 'ShortLinkResponse' })

/** A known city (GET /cities): where search starts and the static city pages. */
export const city = z
  .strictObject({
    id,
    name: z.string(),
    slug: z.string(),
    state: z.string(),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-3.' }),
    countryName: z.string(),
    currency: z.string(),
    timeZone: z.string(),
    lat: z.number(),
    lng: z.number(),
  })
  .meta({ id: 'City' })

export type ModifierOption = z.output<typeof modifierOption>
export type Modifier = z.output<typeof modifier>
export type MenuItem = z.output<typeof menuItem>
export type MenuCategory = z.output<typeof menuCategory>
export type MenuResponse = z.output<typeof menuResponse>
export type PopularDishesResponse = z.output<typeof popularDishesResponse>
export type MerchantDetails = z.output<typeof merchantDetails>
export type ShortLinkResponse = z.output<typeof shortLinkResponse>
export type City = z.output<typeof city>


const locationParams = locationByIdRequest.pick({ locationId: true })

const ENCRYPTED_PUBLIC_READ =
  'A public read on the encrypted wire: the answer carries an ETag and `public, max-age=0, must-revalidate`; the same If-None-Match answers 304 without a body.'

/** Restaurants, their pages and menus (docs/discovery.md, docs/menu.md): public reads, most of them ETag + 304. */
export const merchantEndpoints = defineEndpoints({
  'POST /customer/findMerchant/v2': {
    auth: 'none',
    wire: 'encrypted',
    tag: 'merchants',
    summary: 'Search restaurants: words, city or point, filters; optionally the search box suggestions',
    description: ENCRYPTED_PUBLIC_READ,
    body: findMerchantRequest,
    response: findMerchantResponse,
    errors: [],
    cache: 'revalidate',
  },
  'POST /merchants/locations/slug': {
    auth: 'none',
    wire: 'encrypted',
    tag: 'merchants',
    summary: "A restaurant's page by its location slug",
    description: ENCRYPTED_PUBLIC_READ,
    body: locationBySlugRequest,
    response: restaurantDetail,
    errors: ['not_found'],
    cache: 'revalidate',
  },
  'POST /merchants/locations/id': {
    auth: 'none',
    wire: 'encrypted',
    tag: 'merchants',
    summary: "A restaurant's page by its location id",
    description: ENCRYPTED_PUBLIC_READ,
    body: locationByIdRequest,
    response: restaurantDetail,
    errors: ['not_found'],
    cache: 'revalidate',
  },
  'POST /merchants/details/v2': {
    auth: 'none',
    wire: 'encrypted',
    tag: 'merchants',
    summary: 'A merchant (brand) and all its locations, by the merchant slug',
    description: ENCRYPTED_PUBLIC_READ,
    body: merchantDetailsRequest,
    response: merchantDetails,
    errors: ['not_found'],
    cache: 'revalidate',
  },
  'POST /merchants/menu/v2': {
    auth: 'none',
    wire: 'encrypted',
    tag: 'merchants',
    summary: "A location's menu of one order type, for customers (C) or staff (S)",
    description: `${ENCRYPTED_PUBLIC_READ} Served from the menu cache, sealed once per menu version.`,
    body: menuRequest,
    response: menuResponse,
    errors: ['not_found', 'menu_type_not_offered'],
    cache: 'revalidate',
  },
  'GET /merchants/locations/:locationId/menu': {
    auth: 'none',
    wire: 'encrypted',
    tag: 'merchants',
    summary: "A location's customer menu of one order type, as a GET a CDN can keep",
    description: `${ENCRYPTED_PUBLIC_READ} The same answer as POST /merchants/menu/v2 with visibleTo ["C"].`,
    params: locationParams,
    query: menuQuery,
    response: menuResponse,
    errors: ['not_found', 'menu_type_not_offered'],
    cache: 'revalidate',
  },
  'GET /merchants/locations/:locationId/popular': {
    auth: 'none',
    wire: 'json',
    tag: 'merchants',
    summary: "A location's most ordered dishes",
    description: 'Counted again every few minutes; `public, max-age=300`.',
    params: locationParams,
    response: popularDishesResponse,
    errors: ['not_found'],
  },
  'GET /cities': {
    auth: 'none',
    wire: 'json',
    tag: 'merchants',
    summary: 'The known cities, by name',
    response: z.array(city).meta({ id: 'Cities' }),
    errors: [],
  },
})

/** Short links (docs/routes.md "Rules"): the target is an in-app path. */
export const linkEndpoints = defineEndpoints({
  'POST /customer/getActualURL/v2': {
    auth: 'none',
    wire: 'json',
    tag: 'links',
    summary: 'Where a short link leads: an in-app path',
    body: shortLinkRequest,
    response: shortLinkResponse,
    errors: ['link_not_found', 'link_expired'],
  },
})
