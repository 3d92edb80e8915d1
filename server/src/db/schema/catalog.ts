// The catalog: cities, merchants and their locations (settings, opening hours, media), what a
// location's menus offer (order types, categories, dishes, modifiers and their options) and event
// menus (a dated menu at one location). Rules: docs/menu.md (dishes, dietary marks, allergens),
// docs/discovery.md (what search matches), docs/events.md (events); a location's menuVersion and
// its triggers, docs/scaling.md.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { ALLERGENS, DIETARY_MARKS, type Allergen, type DietaryMark } from '@/shared/api/contracts/merchants'
import { bytea, createdAt, id } from './columns'

export const cities = pgTable('cities', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  state: text('state').notNull().default(''),
  /** ISO 3166-1 alpha-3, as the API sends country codes (IND, USA). */
  country: text('country').notNull(),
  countryName: text('country_name').notNull(),
  currency: text('currency').notNull(),
  timeZone: text('time_zone').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
})

export const merchants = pgTable('merchants', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  /** The first word of its routes (docs/routes.md): restaurant, cafe, bar, foodtruck … */
  merchantType: text('merchant_type').notNull(),
  primaryColor: text('primary_color'),
  textColor: text('text_color'),
  createdAt: createdAt(),
})

export type DisabledServices = {
  isReservation?: boolean
  isCheckin?: boolean
  isOnlineOrder?: boolean
  isDelivery?: boolean
}

export type DeliverySettings = {
  minimumOrderMinor?: number
  baseFeeMinor?: number
  perKmFeeMinor?: number
  freeDeliveryAboveMinor?: number
}

export type PlatformConfiguration = {
  surchargePercentBp?: number
  surchargeLabel?: string
  serviceFeeMinor?: number
  tipsEnabled?: boolean
}

export const locations = pgTable(
  'locations',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id),
    branchName: text('branch_name').notNull(),
    /** The part of town ("SoMa", "Indiranagar"): tells a chain's branches apart on cards and in search (docs/discovery.md). */
    neighbourhood: text('neighbourhood').notNull().default(''),
    /** Unique across the platform: the {merchantSlug} segment of menu and detail routes. */
    locationSlug: text('location_slug').notNull().unique(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull().default(''),
    phoneNumber: text('phone_number').notNull(),
    timeZoneCd: text('time_zone_cd').notNull(),
    aboutUs: text('about_us').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Tenths of a star: 43 is 4.3. */
    ratingTenths: smallint('rating_tenths').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Average cost for two, minor units of the location's currency. */
    costForTwoMinor: integer('cost_for_two_minor').notNull().default(0),
    currency: text('currency').notNull(),
    delivery: boolean('delivery').notNull().default(false),
    branch: boolean('branch').notNull().default(true),
    digitalMenu: boolean('digital_menu').notNull().default(true),
    highChair: boolean('high_chair').notNull().default(false),
    dining: boolean('dining').notNull().default(false),
    takeAway: boolean('take_away').notNull().default(false),
    onlineCheckin: boolean('online_checkin').notNull().default(false),
    onlineOrder: boolean('online_order').notNull().default(false),
    parking: boolean('parking').notNull().default(false),
    quickCheckIn: boolean('quick_check_in').notNull().default(false),
    shareTable: boolean('share_table').notNull().default(false),
    assignTableDuringQuickCheckIn: boolean('assign_table_during_quick_check_in').notNull().default(false),
    cards: jsonb('cards').$type<string[]>().notNull().default([]),
    pref: jsonb('pref').$type<string[]>().notNull().default([]),
    safetyMeasures: jsonb('safety_measures').$type<string[]>().notNull().default([]),
    facilities: jsonb('facilities').$type<string[]>().notNull().default([]),
    cuisine: jsonb('cuisine').$type<string[]>().notNull().default([]),
    diets: jsonb('diets').$type<string[]>().notNull().default([]),
    itemTypes: jsonb('item_types').$type<string[]>().notNull().default([]),
    maxCheckinWaitThreshold: integer('max_checkin_wait_threshold').notNull().default(60),
    maxOnlineCheckin: integer('max_online_checkin').notNull().default(20),
    redirectUrl: text('redirect_url'),
    defaultPickUpETA: integer('default_pick_up_eta').notNull().default(20),
    defaultDeliveryETA: integer('default_delivery_eta').notNull().default(40),
    deliveryKMRadius: doublePrecision('delivery_km_radius').notNull().default(0),
    locationDeliveryProviders: jsonb('location_delivery_providers').$type<string[]>().notNull().default([]),
    scheduledDelivery: boolean('scheduled_delivery').notNull().default(false),
    /** Local time (HH:mm) after which no more orders are scheduled for the same day. */
    scheduledDeliveryCutOffTime: text('scheduled_delivery_cut_off_time'),
    scheduledDeliveryDurationInDays: integer('scheduled_delivery_duration_in_days').notNull().default(0),
    /** Minutes before closing after which pickup orders are no longer taken. */
    pickupCutoff: integer('pickup_cutoff').notNull().default(15),
    /** Minutes before closing after which delivery orders are no longer taken. */
    deliveryCutoff: integer('delivery_cutoff').notNull().default(30),
    deliverySettings: jsonb('delivery_settings').$type<DeliverySettings>().notNull().default({}),
    paymentProvider: text('payment_provider').notNull().default('SANDBOX'),
    /** Order tax in basis points: 825 is 8.25 %. */
    defaultTaxBp: integer('default_tax_bp').notNull().default(0),
    /** Item tax in basis points, used where an item sets none of its own. */
    defaultItemTaxBp: integer('default_item_tax_bp').notNull().default(0),
    dataCapCnpPayment: boolean('data_cap_cnp_payment').notNull().default(false),
    isSurchargeEnabled: boolean('is_surcharge_enabled').notNull().default(false),
    platformConfiguration: jsonb('platform_configuration').$type<PlatformConfiguration>().notNull().default({}),
    disabledServices: jsonb('disabled_services').$type<DisabledServices>().notNull().default({}),
    cancellationPolicy: text('cancellation_policy').notNull().default(''),
    /** Whether the location is listed at all (a merchant can hide a branch). */
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Set while the kitchen has paused online ordering (docs/kitchen.md "Pause online ordering"):
     * placement refuses with 409 online_ordering_paused; null takes orders as the flags above say.
     */
    orderingPausedAt: timestamp('ordering_paused_at', { withTimezone: true }),
    /**
     * Goes up whenever anything its menu answer is built from changes — the menu tables, stock,
     * the currency and taxes (triggers of migration 0008). Menu reads are cached by it.
     */
    menuVersion: bigint('menu_version', { mode: 'number' }).notNull().default(1),
    /**
     * Goes up whenever anything a search result shows changes — the location's own columns, its
     * hours, order types, cover and logo, its merchant and city (triggers of migration 0014).
     * Search summaries are cached by it (docs/discovery.md, "Search from an index").
     */
    searchVersion: bigint('search_version', { mode: 'number' }).notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('locations_city_idx').on(t.cityId), index('locations_merchant_idx').on(t.merchantId)],
)

/** Images and other files, served from /api/media/{entityType}/{id}. */
export const media = pgTable(
  'media',
  {
    id: id(),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    /** LOGO, META (cover), ITEM, CATEGORY, SUBCATEGORY. */
    entityType: text('entity_type').notNull(),
    mimeType: text('mime_type').notNull(),
    altText: text('alt_text').notNull().default(''),
    body: bytea('body').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('media_location_idx').on(t.locationId), index('media_merchant_idx').on(t.merchantId)],
)

/** One row per opening session; closesAt earlier than opensAt runs past midnight. */
export const workingHours = pgTable(
  'working_hours',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** 0 = Sunday … 6 = Saturday. */
    dayOfWeek: smallint('day_of_week').notNull(),
    sessionName: text('session_name').notNull().default('All day'),
    opensAt: text('opens_at').notNull(),
    closesAt: text('closes_at').notNull(),
  },
  (t) => [index('working_hours_location_idx').on(t.locationId, t.dayOfWeek)],
)

export const orderTypes = pgTable(
  'order_types',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** The {menuType} route segment: pickup, delivery, dinein, event … */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** P pickup, L delivery, D dine-in, E event. */
    typeGroup: text('type_group').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('order_types_location_code_uq').on(t.locationId, t.code)],
)

export const menuCategories = pgTable(
  'menu_categories',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('menu_categories_location_idx').on(t.locationId)],
)

export const menuSubCategories = pgTable(
  'menu_sub_categories',
  {
    id: id(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => menuCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('menu_sub_categories_category_idx').on(t.categoryId)],
)

export const menuItems = pgTable(
  'menu_items',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => menuCategories.id, { onDelete: 'cascade' }),
    subCategoryId: uuid('sub_category_id').references(() => menuSubCategories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The name folded for search (lower case, no accents), kept by PostgreSQL (docs/discovery.md). */
    nameFolded: text('name_folded').generatedAlwaysAs(sql`search_fold(name)`),
    /** The {itemName} route segment. */
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    priceMinor: integer('price_minor').notNull(),
    /** Item tax in basis points; null falls back to the location's defaultItemTax. */
    taxBp: integer('tax_bp'),
    /** Shown to diners only when 1 (docs/menu.md "Which dishes a diner sees"). */
    display: smallint('display').notNull().default(1),
    /** Who sees the item: C customer, S staff (docs/menu.md "Which dishes a diner sees"). */
    visibleTo: jsonb('visible_to').$type<string[]>().notNull().default(['C', 'S']),
    /** Order-type codes that offer the item; empty offers it in every menu. */
    orderTypeCodes: jsonb('order_type_codes').$type<string[]>().notNull().default([]),
    itemType: text('item_type'),
    /** Allergens the dish contains (docs/menu.md); null means the restaurant has not said. */
    allergens: jsonb('allergens').$type<Allergen[]>(),
    /** Dietary claims beyond the food type: vegan, gluten-free, spicy (docs/menu.md). */
    dietary: jsonb('dietary').$type<DietaryMark[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    calories: integer('calories'),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    /** Null means unlimited; 0 is sold out. */
    stockQuantity: integer('stock_quantity'),
    alertQuantity: integer('alert_quantity'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('menu_items_location_idx').on(t.locationId),
    uniqueIndex('menu_items_location_slug_uq').on(t.locationId, t.slug),
    // Restaurant search matches dish names anywhere in the word (migration 0011, docs/discovery.md).
    index('menu_items_name_search_idx').using('gin', t.nameFolded.op('gin_trgm_ops')),
    check(
      'menu_items_allergens_known',
      sql`${t.allergens} is null or (jsonb_typeof(${t.allergens}) = 'array' and ${t.allergens} <@ ${sql.raw(`'${JSON.stringify(ALLERGENS)}'::jsonb`)})`,
    ),
    check(
      'menu_items_dietary_known',
      sql`jsonb_typeof(${t.dietary}) = 'array' and ${t.dietary} <@ ${sql.raw(`'${JSON.stringify(DIETARY_MARKS)}'::jsonb`)}`,
    ),
    // A claim the dish's own allergens contradict (or that nobody checked) is refused, not shown.
    check(
      'menu_items_gluten_free_without_gluten',
      sql`not (${t.dietary} @> '["gluten-free"]'::jsonb and (${t.allergens} is null or ${t.allergens} @> '["gluten"]'::jsonb))`,
    ),
    check(
      'menu_items_vegan_without_animal_allergens',
      sql`not (${t.dietary} @> '["vegan"]'::jsonb and (${t.allergens} is null or ${t.allergens} ?| array['milk', 'eggs', 'fish', 'shellfish'] or ${t.itemType} in ('Egg', 'Non-veg')))`,
    ),
  ],
)

export const modifiers = pgTable(
  'modifiers',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 1 single choice, 2 multiple choice (the cart option typeId). */
    typeId: smallint('type_id').notNull().default(1),
    minSelect: integer('min_select').notNull().default(0),
    maxSelect: integer('max_select').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('modifiers_item_idx').on(t.itemId)],
)

export const modifierOptions = pgTable(
  'modifier_options',
  {
    id: id(),
    modifierId: uuid('modifier_id')
      .notNull()
      .references(() => modifiers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceMinor: integer('price_minor').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    maxQuantity: integer('max_quantity').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('modifier_options_modifier_idx').on(t.modifierId)],
)

/**
 * Event orders (docs/events.md): a dated menu at one location, such
 * as a holiday pre-order, ordered for a date and a pickup slot; its orders use status 70.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Local dates (YYYY-MM-DD) the event serves, inclusive. */
    startsOn: text('starts_on').notNull(),
    endsOn: text('ends_on').notNull(),
    /** Local HH:mm of the first and last pickup slot, and the slot length in minutes. */
    slotsFrom: text('slots_from').notNull(),
    slotsUntil: text('slots_until').notNull(),
    slotMinutes: integer('slot_minutes').notNull().default(30),
    /** Orders a slot takes at most. */
    ordersPerSlot: integer('orders_per_slot').notNull().default(10),
    /** Orders close this many hours before the event date starts. */
    orderCutoffHours: integer('order_cutoff_hours').notNull().default(24),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('events_location_idx').on(t.locationId)],
)

/** The dishes of an event's menu, optionally at an event price (minor units). */
export const eventItems = pgTable(
  'event_items',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    priceMinor: integer('price_minor'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.itemId] })],
)
