import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
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
import type { OfferKind } from '@/shared/api/contracts/offers'
import type { ReservationKind, ReservationStatus } from '@/shared/api/contracts/reservations'
import type { PaymentKind } from '@/shared/api/contracts/ordering'
import { ALLERGENS, DIETARY_MARKS, type Allergen, type DietaryMark } from '@/shared/api/contracts/merchants'

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

const id = () => uuid('id').primaryKey().defaultRandom()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const cities = pgTable('cities', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  state: text('state').notNull().default(''),
  /** ISO 3166-1 alpha-3, as the spec's country codes (IND, USA). */
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
  /** The path word of SPEC §2 routes: restaurant, cafe, bar, foodtruck … */
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
     * Goes up whenever anything its menu answer is built from changes — the menu tables, stock,
     * the currency and taxes (triggers of migration 0008). Menu reads are cached by it.
     */
    menuVersion: bigint('menu_version', { mode: 'number' }).notNull().default(1),
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
    /** 0 = Sunday … 6 = Saturday, as the spec's weekday names. */
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
    /** P pickup, L delivery, D dine-in (SPEC §3), E event. */
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
    /** Shown to diners only when 1 (SPEC §5). */
    display: smallint('display').notNull().default(1),
    /** Who sees the item: C customer, S staff (SPEC §3 visibleTo). */
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

export const tableSections = pgTable('table_sections', {
  id: id(),
  locationId: uuid('location_id')
    .notNull()
    .references(() => locations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
})

export const diningTables = pgTable(
  'dining_tables',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => tableSections.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    minCapacity: integer('min_capacity').notNull().default(1),
    capacity: integer('capacity').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('dining_tables_location_name_uq').on(t.locationId, t.name)],
)

export type CustomerLocation = { lat: number; lng: number; text?: string; tag?: string }

export const customers = pgTable(
  'customers',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    /** E.164, such as +14155550123. */
    mobilePhone: text('mobile_phone').notNull(),
    countryCode: text('country_code').notNull().default('US'),
    passwordHash: text('password_hash'),
    isGuest: boolean('is_guest').notNull().default(false),
    isPromoSubscribed: boolean('is_promo_subscribed').notNull().default(false),
    walletAmountMinor: integer('wallet_amount_minor').notNull().default(0),
    /** The diner's own location (SPEC §3 userLocationDetails / customerLocation). */
    locationDetails: jsonb('location_details').$type<CustomerLocation | null>(),
    /** Set once the mobile number has been proven by a one-time code. */
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    /** Made by the demo sign-in (SANDBOX only); the demo's shortcuts touch no other customer. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_registered_mobile_uq')
      .on(t.mobilePhone)
      .where(sql`${t.isGuest} = false`),
    // An account's email is proven by a code sent to it before it is stored (docs/accounts.md), and
    // no two accounts share one, whatever its case.
    uniqueIndex('customers_registered_email_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.isGuest} = false and ${t.email} is not null`),
    // The balance is the sum of the customer's wallet_movements, kept by a trigger (migration 0009).
    check('customers_wallet_not_negative', sql`${t.walletAmountMinor} >= 0`),
  ],
)

/** Short links: /{tinyURLId} resolves to target (DESIGN §7). */
export const shortLinks = pgTable('short_links', {
  id: text('id').primaryKey(),
  target: text('target').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** The order page a text's link opens (docs/orders.md "The link in a text"): one link per order. */
  orderId: uuid('order_id')
    .unique()
    .references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
})

/** A favourite restaurant (itemId null) or dish of a customer (SPEC §3); at most one row of each. */
export const favourites = pgTable(
  'favourites',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => menuItems.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('favourites_customer_location_idx').on(t.customerId, t.locationId),
    uniqueIndex('favourites_customer_restaurant_uq')
      .on(t.customerId, t.locationId)
      .where(sql`${t.itemId} is null`),
    uniqueIndex('favourites_customer_item_uq')
      .on(t.customerId, t.itemId)
      .where(sql`${t.itemId} is not null`),
  ],
)

/**
 * Refresh tokens, stored as hashes. Each use replaces the token by a new one of the same family;
 * presenting a used token again revokes the whole family (DESIGN §5).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_customer_idx').on(t.customerId)],
)

/** One-time codes (DESIGN §5): a hash of 6 digits, 10 minutes, single use, at most 5 checks. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    /** E.164 mobile number the code was sent to. */
    phone: text('phone').notNull(),
    /** guest, signup, login, reset or mobile. */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_phone_idx').on(t.phone, t.createdAt)],
)

/** Text messages handed to the SMS provider; the sandbox provider only records them here. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: id(),
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    provider: text('provider').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_messages_phone_idx').on(t.phone, t.createdAt)],
)

/** A password reset: initiated, then verified by a one-time code, then completed (SPEC §4). */
export const passwordResets = pgTable('password_resets', {
  id: id(),
  customerId: uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** initiated, verified or completed. */
  state: text('state').notNull().default('initiated'),
  /** Hash of the token that the verified step hands to the completing step. */
  tokenHash: text('token_hash'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
})

/** Delivery addresses of a customer (SPEC §3): tag Home, Work, Business or Custom. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull().default('Custom'),
    /** The label of a Custom tag, such as "Grandma's". */
    customTag: text('custom_tag'),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    addressLine3: text('address_line3').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    isSelected: boolean('is_selected').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_customer_idx').on(t.customerId)],
)

/**
 * Card tokens issued by the payment provider's tokenisation endpoint. Never a card number or a
 * CVV: the provider keeps those; the platform keeps what the provider says about the card.
 */
export const providerCardTokens = pgTable('provider_card_tokens', {
  token: text('token').primaryKey(),
  provider: text('provider').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: smallint('exp_month').notNull(),
  expYear: smallint('exp_year').notNull(),
  /** Identifies the same card across tokens without revealing it (a keyed hash). */
  fingerprint: text('fingerprint').notNull(),
  createdAt: createdAt(),
})

/** A customer's saved cards (SPEC §3 Saved card): the provider's token and what it says about the card. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    providerToken: text('provider_token').notNull(),
    provider: text('provider').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    /** credit or debit. */
    cardType: text('card_type').notNull().default('credit'),
    fingerprint: text('fingerprint').notNull(),
    zipcode: text('zipcode'),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_cards_customer_idx').on(t.customerId),
    uniqueIndex('saved_cards_customer_fingerprint_uq').on(t.customerId, t.fingerprint),
  ],
)

/** Orders (SPEC §3 Order): amounts in minor units of `currency`, priced by the server when placed. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Null for a guest's order: a guest has no access token, so the contact fields say who it is. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    orderTypeCode: text('order_type_code').notNull(),
    /** SPEC §4 order status code, such as "6" created or "15" delivered. */
    status: text('status').notNull().default('6'),
    /** The latest payment's status code ("18", "19", "20", "21", "25"); null before any payment. */
    paymentStatus: text('payment_status'),
    guestName: text('guest_name'),
    guestPhone: text('guest_phone'),
    guestEmail: text('guest_email'),
    subtotalMinor: integer('subtotal_minor').notNull().default(0),
    itemTaxMinor: integer('item_tax_minor').notNull().default(0),
    orderTaxMinor: integer('order_tax_minor').notNull().default(0),
    /** The order tax rate when placed, in basis points. */
    orderTaxBp: integer('order_tax_bp').notNull().default(0),
    surchargeMinor: integer('surcharge_minor').notNull().default(0),
    surchargeLabel: text('surcharge_label'),
    deliveryFeeMinor: integer('delivery_fee_minor').notNull().default(0),
    /** FLATFEE, PERCENTAGE or NONE (SPEC §9 default FLATFEE). */
    tipType: text('tip_type').notNull().default('FLATFEE'),
    /** What the diner chose: minor units for FLATFEE, basis points of the subtotal for PERCENTAGE. */
    tipValue: integer('tip_value').notNull().default(0),
    tipMinor: integer('tip_minor').notNull().default(0),
    discountMinor: integer('discount_minor').notNull().default(0),
    walletRedeemedMinor: integer('wallet_redeemed_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull().default(0),
    currency: text('currency').notNull(),
    orderInstruction: text('order_instruction'),
    deliveryInstruction: text('delivery_instruction'),
    isScheduled: boolean('is_scheduled').notNull().default(false),
    /** When the diner collects it or it arrives; null for as soon as possible. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    deliveryLat: doublePrecision('delivery_lat'),
    deliveryLng: doublePrecision('delivery_lng'),
    deliveryAddressLine1: text('delivery_address_line1'),
    deliveryAddressLine2: text('delivery_address_line2'),
    deliveryAddressLine3: text('delivery_address_line3'),
    deliveryDistanceKm: doublePrecision('delivery_distance_km'),
    tableId: uuid('table_id').references(() => diningTables.id, { onDelete: 'set null' }),
    /**
     * An order that is not paid (or set to be paid at the restaurant) by then is cancelled and
     * gives back its stock, event slot, coupon and wallet (docs/payments.md "Unpaid orders").
     * Null for a dine-in tab, which is paid at the end.
     */
    payBy: timestamp('pay_by', { withTimezone: true }),
    /** Why a cancelled order (8 or 9) was cancelled: customer, payment_timeout or merchant. */
    cancelReason: text('cancel_reason'),
    /**
     * Set by migration 0009 only, on orders written before the money rules below that break one of
     * them (a flat tip above the subtotal was allowed); a trigger keeps anything else from setting
     * it. The money audit lists these orders.
     */
    predatesMoneyRules: boolean('predates_money_rules').notNull().default(false),
    /**
     * The number said at the counter (docs/orders.md "Order numbers"): 1, 2, 3 … per location and
     * service day, taken from order_number_counters in the placement's transaction.
     */
    orderNumber: integer('order_number'),
    /** The location's local date the number belongs to: the day the order is for (scheduled or today). */
    orderNumberDate: date('order_number_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('orders_number_per_day_idx').on(t.locationId, t.orderNumberDate, t.orderNumber).where(sql`${t.orderNumber} is not null`),
    index('orders_location_idx').on(t.locationId, t.createdAt),
    index('orders_unpaid_idx').on(t.payBy).where(sql`${t.payBy} is not null and ${t.status} in ('6', '18', '20', '21')`),
    // The money rules of docs/payments.md that one row can hold.
    check(
      'orders_amounts_not_negative',
      sql`${t.predatesMoneyRules} or (${t.subtotalMinor} >= 0 and ${t.itemTaxMinor} >= 0 and ${t.orderTaxMinor} >= 0 and ${t.surchargeMinor} >= 0 and ${t.deliveryFeeMinor} >= 0 and ${t.tipMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.walletRedeemedMinor} >= 0 and ${t.totalMinor} >= 0)`,
    ),
    check(
      'orders_total_adds_up',
      sql`${t.predatesMoneyRules} or (${t.totalMinor} = ${t.subtotalMinor} + ${t.itemTaxMinor} + ${t.orderTaxMinor} + ${t.surchargeMinor} + ${t.deliveryFeeMinor} + ${t.tipMinor} - ${t.discountMinor} - ${t.walletRedeemedMinor})`,
    ),
    check('orders_discount_within_subtotal', sql`${t.predatesMoneyRules} or (${t.discountMinor} <= ${t.subtotalMinor})`),
    check('orders_tip_within_subtotal', sql`${t.predatesMoneyRules} or (${t.tipMinor} <= ${t.subtotalMinor})`),
  ],
)

/** The lines of an order as priced when it was placed; names and prices are copies, so a menu change leaves receipts alone. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => menuItems.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    lineSubtotalMinor: integer('line_subtotal_minor').notNull(),
    itemTaxBp: integer('item_tax_bp').notNull().default(0),
    itemTaxMinor: integer('item_tax_minor').notNull().default(0),
    comment: text('comment'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The round of a dine-in table order this line came with (1 for every other order): its kitchen ticket's sortOrder. */
    round: integer('round').notNull().default(1),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
)

/** The chosen options of an order line (SPEC §3 cart item option). */
export const orderItemOptions = pgTable(
  'order_item_options',
  {
    id: id(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    modifierOptionId: uuid('modifier_option_id').references(() => modifierOptions.id, { onDelete: 'set null' }),
    optionName: text('option_name').notNull(),
    /** The modifier's name. */
    modifier: text('modifier').notNull(),
    priceMinor: integer('price_minor').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** 1 single choice, 2 multiple choice. */
    typeId: smallint('type_id').notNull().default(1),
  },
  (t) => [index('order_item_options_item_idx').on(t.orderItemId)],
)

/**
 * Payment attempts of an order (docs/payments.md). A row is written once and never changed or
 * deleted (trigger of migration 0009): `status` is the attempt's answer — "18" authorized, "20"
 * declined, "21" gateway error, "25" to be paid at the restaurant — and `amountMinor` what was
 * authorized. What happens to it afterwards (captured "19", voided, refunded) is a row of
 * `payment_events`. A trigger takes the order's row lock and refuses a second live payment of the
 * order, or of one share of its split bill.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    kind: text('kind').$type<PaymentKind>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** "18" authorized, "20" declined, "21" gateway error, "25" at the location. */
    status: text('status').notNull(),
    providerReference: text('provider_reference'),
    /** The provider's card token, never a card number. */
    cardToken: text('card_token'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureMessage: text('failure_message'),
    /** The share of a split bill this pays; null for a payment of the whole order. */
    splitId: uuid('split_id').references((): AnyPgColumn => orderSplits.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId, t.createdAt),
    index('payments_split_idx').on(t.splitId),
    check('payments_amount_not_negative', sql`${t.amountMinor} >= 0`),
    check('payments_status_known', sql`${t.status} in ('18', '20', '21', '25')`),
  ],
)

/**
 * What happened to a payment after its attempt (docs/payments.md), append-only: CAPTURE ("19", at
 * most the authorized amount, once), CAPTURE_FAILED (the gateway did not answer; the hold stays),
 * VOID (the hold or the pay-at-restaurant promise released, never after a capture) and REFUND
 * (after a capture, at most what was captured in all). Triggers of migration 0009 hold these rules.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    type: text('type').$type<'CAPTURE' | 'CAPTURE_FAILED' | 'VOID' | 'REFUND'>().notNull(),
    amountMinor: integer('amount_minor').notNull().default(0),
    providerReference: text('provider_reference'),
    /** Why: the gateway's message, or what released the payment (payment_timeout, order_changed, customer …). */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_events_payment_idx').on(t.paymentId, t.createdAt),
    uniqueIndex('payment_events_one_capture_uq')
      .on(t.paymentId)
      .where(sql`${t.type} = 'CAPTURE'`),
    uniqueIndex('payment_events_one_void_uq')
      .on(t.paymentId)
      .where(sql`${t.type} = 'VOID'`),
    check('payment_events_type_known', sql`${t.type} in ('CAPTURE', 'CAPTURE_FAILED', 'VOID', 'REFUND')`),
    check('payment_events_amount_not_negative', sql`${t.amountMinor} >= 0`),
  ],
)

/**
 * Shares of one order's bill (SPEC §2 receipt and table order routes with a splitId): each share
 * is paid on its own and has its own receipt. Dine-in at the table creates them; a share's
 * payment is one row of `payments`.
 */
export const orderSplits = pgTable(
  'order_splits',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** What the diners call it, such as "Seat 2" or "Share 1 of 3". */
    label: text('label').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    /** EVEN: an equal share of the bill; ITEMS: the lines in `orderItemIds` with their share of tax, tip and fees. */
    kind: text('kind').$type<'EVEN' | 'ITEMS'>().notNull().default('EVEN'),
    orderItemIds: jsonb('order_item_ids').$type<string[]>().notNull().default([]),
    paymentId: uuid('payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    /**
     * Set when the bill changed (a round, a tip) before any share had a live payment: the diners
     * split the new bill again. Shares are never deleted, so payment attempts keep their share.
     */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('order_splits_order_idx').on(t.orderId), check('order_splits_amount_positive', sql`${t.amountMinor} > 0`)],
)

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.at)],
)

/**
 * The last order number given per location and service day (docs/orders.md "Order numbers"). A
 * placement upserts its row and takes last_number + 1 in its own transaction: the row lock makes
 * concurrent placements at one location take turns for that statement, and other locations and
 * days never wait on it.
 */
export const orderNumberCounters = pgTable(
  'order_number_counters',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.serviceDate] }), check('order_number_counters_positive', sql`${t.lastNumber} > 0`)],
)

/**
 * Texts about an order, written in the transaction of the status change they announce and sent
 * afterwards by the order-texts job (docs/orders.md "Texts"). One row per order and kind: a replayed
 * or repeated transition finds its text already there and adds none.
 */
export const orderTexts = pgTable(
  'order_texts',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** confirmed, ready or on_the_way. */
    kind: text('kind').notNull(),
    phone: text('phone').notNull(),
    /** The message without its link; the link is the order's short link, added when sent. */
    body: text('body').notNull(),
    linkId: text('link_id').references(() => shortLinks.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When it was handed to the SMS provider, or dropped as stale (outcome); null while waiting. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** sent, or stale: not sent within ORDER_TEXT_STALE_MINUTES of the change it announces. */
    outcome: text('outcome'),
  },
  (t) => [
    uniqueIndex('order_texts_once_idx').on(t.orderId, t.kind),
    index('order_texts_waiting_idx').on(t.createdAt).where(sql`${t.sentAt} is null`),
  ],
)

/**
 * Idempotency-Key records (DESIGN §4, §6): written in the transaction of the work they guard,
 * so a key is either unused or answered, never half done.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    /** Who and which route: "customer:<id> POST /order/customer/createOrder" or "guest …". */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** sha256 of the request (the decrypted payload for encrypted calls). */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseContentType: text('response_content_type'),
    /** The body exactly as sent, ciphertext included. */
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_records_created_idx').on(t.createdAt)],
)

/** Offers and coupons (SPEC §4 Offers): a coupon is an offer the diner enters by its code. */
export const offers = pgTable(
  'offers',
  {
    id: id(),
    /** Upper-case, such as WELCOME10. */
    code: text('code').notNull(),
    /** Null: valid at every location of its currency. */
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    /** The currency its amounts are in; an offer for every location applies only where this is the currency. */
    currency: text('currency').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** PERCENT takes valueBp of the subtotal; FLAT takes valueMinor; ITEM takes valueMinor (the whole price when null) off each unit of itemId. */
    kind: text('kind').$type<OfferKind>().notNull(),
    valueBp: integer('value_bp'),
    valueMinor: integer('value_minor'),
    itemId: uuid('item_id').references(() => menuItems.id, { onDelete: 'cascade' }),
    minOrderMinor: integer('min_order_minor').notNull().default(0),
    maxDiscountMinor: integer('max_discount_minor'),
    /** Uses per signed-in customer; guests are not counted. */
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('offers_code_uq').on(t.code), index('offers_location_idx').on(t.locationId)],
)

/**
 * Uses of an offer (docs/payments.md), append-only: a REDEEM row when an order takes the offer, and
 * a VOID row naming it (`voidsId`) when that order is cancelled or expires, which gives the use
 * back. Uses are counted per customer and per phone (`redeemerPhone`, a guest's verified number).
 */
export const offerRedemptions = pgTable(
  'offer_redemptions',
  {
    id: id(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    /** The number that used it: the customer's mobile, or the guest's verified one. */
    redeemerPhone: text('redeemer_phone'),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<'REDEEM' | 'VOID'>().notNull().default('REDEEM'),
    /** The REDEEM row a VOID row gives back. */
    voidsId: uuid('voids_id')
      .unique()
      .references((): AnyPgColumn => offerRedemptions.id, { onDelete: 'restrict' }),
    amountMinor: integer('amount_minor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('offer_redemptions_offer_order_uq')
      .on(t.offerId, t.orderId)
      .where(sql`${t.kind} = 'REDEEM'`),
    index('offer_redemptions_customer_idx').on(t.offerId, t.customerId),
    index('offer_redemptions_phone_idx').on(t.offerId, t.redeemerPhone),
    index('offer_redemptions_order_idx').on(t.orderId),
    check('offer_redemptions_amount_not_negative', sql`${t.amountMinor} >= 0`),
    check('offer_redemptions_void_names_its_use', sql`(${t.kind} = 'VOID') = (${t.voidsId} is not null)`),
    check('offer_redemptions_kind_known', sql`${t.kind} in ('REDEEM', 'VOID')`),
  ],
)

/**
 * The wallet's ledger (docs/payments.md), append-only: a customer's balance
 * (customers.wallet_amount_minor) is the sum of their rows, kept by a trigger that is the only
 * writer of that column; the balance's CHECK refuses a movement that would overdraw it.
 * REDEEM is negative (an order used it), RELEASE gives an order's unused wallet back, CREDIT adds
 * (the demo's top-up, a refund to wallet), OPENING carried balances from before the ledger.
 */
export const walletMovements = pgTable(
  'wallet_movements',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<'OPENING' | 'CREDIT' | 'REDEEM' | 'RELEASE'>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_movements_customer_idx').on(t.customerId, t.createdAt),
    index('wallet_movements_order_idx').on(t.orderId),
    check('wallet_movements_kind_known', sql`${t.kind} in ('OPENING', 'CREDIT', 'REDEEM', 'RELEASE')`),
    check(
      'wallet_movements_sign_by_kind',
      sql`(${t.kind} = 'REDEEM' and ${t.amountMinor} < 0) or (${t.kind} <> 'REDEEM' and ${t.amountMinor} > 0)`,
    ),
    check('wallet_movements_order_of_order_kinds', sql`${t.kind} not in ('REDEEM', 'RELEASE') or ${t.orderId} is not null`),
  ],
)

/**
 * A new email address waiting for its code (docs/accounts.md): the address is stored on the
 * customer only once the code sent to it comes back. A hash of 6 digits, 5 checks, 30 minutes.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_customer_idx').on(t.customerId, t.createdAt)],
)

/** Emails handed to the email provider; the sandbox provider only records them here (its outbox). */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: id(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    provider: text('provider').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_messages_email_idx').on(sql`lower(${t.email})`, t.createdAt)],
)

/**
 * Fixed-window counters of throttled actions (docs/accounts.md): sign-in attempts per account and
 * per client, code sends per client. In the database, so every instance counts the same hits.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** What is counted and for whom, such as "login:account:+14155550123" or "login:client:203.0.113.7". */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
)

/**
 * A location's staff: whoever holds a staff token acts for that location (SPEC §6: staff-side
 * reservations). Only the token's sha256 is stored.
 */
export const staffMembers = pgTable('staff_members', {
  id: id(),
  locationId: uuid('location_id')
    .notNull()
    .references(() => locations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
})

/**
 * Check-ins (the waitlist, kind CHECKIN) and table reservations (kind RESERVATION) — SPEC §3
 * "Check-in and reservation". A reservation holds a table for its slot through `table_holds`.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** Null for a guest's: the contact fields say who it is. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    kind: text('kind').$type<ReservationKind>().notNull(),
    /** Active (waiting or booked), Seated, Completed, Cancelled or NoShow. */
    status: text('status').$type<ReservationStatus>().notNull().default('Active'),
    fullName: text('full_name').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    email: text('email'),
    adults: integer('adults').notNull(),
    kids: integer('kids').notNull().default(0),
    highChairs: integer('high_chairs').notNull().default(0),
    /** The section the party asked for, if any. */
    sectionId: uuid('section_id').references(() => tableSections.id, { onDelete: 'set null' }),
    /** The table: held for a reservation when booked; given to a check-in when seated. */
    tableId: uuid('table_id').references(() => diningTables.id, { onDelete: 'set null' }),
    /** A reservation's local date (YYYY-MM-DD) and slot (HH:mm) as the diner chose them, and the instants they mean. */
    reservationDate: text('reservation_date'),
    reservationSlot: text('reservation_slot'),
    slotStart: timestamp('slot_start', { withTimezone: true }),
    slotEnd: timestamp('slot_end', { withTimezone: true }),
    /** ONLINE (the diner) or STAFF (made by the restaurant). */
    channel: text('channel').notNull().default('ONLINE'),
    staffId: uuid('staff_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    /** As the client sent it; empty when it sent none (SPEC §7). */
    deviceId: text('device_id').notNull().default(''),
    seatTogether: boolean('seat_together').notNull().default(true),
    notes: text('notes'),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    seatedAt: timestamp('seated_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reservations_queue_idx').on(t.locationId, t.kind, t.status, t.createdAt),
    index('reservations_customer_idx').on(t.customerId, t.createdAt),
    // Reservations a diner holds on one day are counted (docs/accounts.md "Limits on check-ins and reservations").
    index('reservations_phone_date_idx').on(t.phone, t.reservationDate),
    // SPEC §8: one active check-in per phone number and per device, enforced by the database.
    uniqueIndex('reservations_active_checkin_phone_uq')
      .on(t.phone)
      .where(sql`${t.kind} = 'CHECKIN' and ${t.status} = 'Active'`),
    uniqueIndex('reservations_active_checkin_device_uq')
      .on(t.deviceId)
      .where(sql`${t.kind} = 'CHECKIN' and ${t.status} = 'Active' and ${t.deviceId} <> ''`),
  ],
)

/**
 * Which table is taken when, in blocks of HOLD_BLOCK_MINUTES: the primary key makes two holds of
 * one table for one block impossible, so parallel bookings of the last table cannot both succeed
 * on PGlite or PostgreSQL alike. Cancelling deletes the reservation's holds.
 */
export const tableHolds = pgTable(
  'table_holds',
  {
    tableId: uuid('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    blockStart: timestamp('block_start', { withTimezone: true }).notNull(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.blockStart] }), index('table_holds_reservation_idx').on(t.reservationId)],
)

/**
 * Kitchen order tickets (KOT): one per round of an order, SPEC §7 POST /kot/v2/getKOTItemsBySortOrder
 * (sortOrder = round). Status 41 in preparation, 42 items ready, 43 "KOT Ready", 59 served.
 */
export const kitchenTickets = pgTable(
  'kitchen_tickets',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    status: text('status').notNull().default('41'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kitchen_tickets_order_round_uq').on(t.orderId, t.round)],
)

/** A diner at a table asking for the waiter ("Call Waiter"): a request the restaurant side sees and acknowledges. */
export const waiterCalls = pgTable(
  'waiter_calls',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    tableId: uuid('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** What the diner asked for: the bill, water, help … (free text, optional). */
    reason: text('reason'),
    /** Open, Acknowledged or Done. */
    status: text('status').notNull().default('Open'),
    createdAt: createdAt(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  // One open call per table at a time: pressing again answers the open one.
  (t) => [
    index('waiter_calls_location_idx').on(t.locationId, t.status, t.createdAt),
    uniqueIndex('waiter_calls_open_table_uq')
      .on(t.tableId)
      .where(sql`${t.status} = 'Open'`),
  ],
)

/**
 * Event orders (SPEC §2 /e/{eventSlug}, §3 event menu request): a dated menu at one location, such
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

/** Marketing campaigns (SPEC §2 /campaign/{campaignId}): a page with its offers, for one merchant. */
export const campaigns = pgTable('campaigns', {
  id: id(),
  merchantId: uuid('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
})

export const campaignOffers = pgTable(
  'campaign_offers',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.offerId] })],
)

/**
 * The delivery of an order by a third-party provider (SPEC §3 Delivery): the chosen quote, the
 * runner, and where the courier is. The sandbox courier moves along `route`.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** An upper-case provider code, one of the location's locationDeliveryProviders. */
    providerCode: text('provider_code').notNull(),
    providerReference: text('provider_reference'),
    feeMinor: integer('fee_minor').notNull(),
    currency: text('currency').notNull(),
    /** QUOTED, ASSIGNED, PICKED_UP, ARRIVED, DELIVERED or CANCELLED. */
    status: text('status').notNull().default('QUOTED'),
    runnerName: text('runner_name'),
    runnerPhone: text('runner_phone'),
    /** The valet id of SPEC §3 (delivery_staff_id) for GET /valet/getValetLocation. */
    deliveryStaffId: text('delivery_staff_id').unique(),
    trackingUrl: text('tracking_url'),
    etaAt: timestamp('eta_at', { withTimezone: true }),
    pickupLat: doublePrecision('pickup_lat').notNull(),
    pickupLng: doublePrecision('pickup_lng').notNull(),
    dropLat: doublePrecision('drop_lat').notNull(),
    dropLng: doublePrecision('drop_lng').notNull(),
    courierLat: doublePrecision('courier_lat'),
    courierLng: doublePrecision('courier_lng'),
    /** The courier's way as [lat, lng] points, and how far along it is. */
    route: jsonb('route').$type<[number, number][]>().notNull().default([]),
    routeIndex: integer('route_index').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deliveries_status_idx').on(t.status, t.updatedAt)],
)

/** Feedback questions (SPEC §7 GET /customer/feedback/v2): a location's own, or everyone's when locationId is null. */
export const feedbackQuestions = pgTable('feedback_questions', {
  id: id(),
  locationId: uuid('location_id').references(() => locations.id, { onDelete: 'cascade' }),
  question: text('question').notNull(),
  /** RATING (1–5) or TEXT. */
  kind: text('kind').$type<'RATING' | 'TEXT'>().notNull().default('RATING'),
  sortOrder: integer('sort_order').notNull().default(0),
  /** The order types (typeGroup P, L, D, E) it is asked after; null for every type. */
  orderTypeGroups: jsonb('order_type_groups').$type<string[]>(),
  /** The dishes it is about: asked only when the order has one of them; null when it is about no dish. */
  aboutItemIds: jsonb('about_item_ids').$type<string[]>(),
})

/** One feedback per order (isFeedbackSubmitted), by the order's customer or guest. */
export const feedbacks = pgTable('feedbacks', {
  id: id(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
  locationId: uuid('location_id')
    .notNull()
    .references(() => locations.id, { onDelete: 'cascade' }),
  answers: jsonb('answers').$type<{ questionId: string; rating?: number; text?: string }[]>().notNull().default([]),
  comment: text('comment'),
  createdAt: createdAt(),
})

/** Support requests (SPEC §7 POST /support/createSupportRequest), with a reference the diner can quote. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: id(),
    /** Such as "TF-7K2Q9M": short, unambiguous, unique. */
    reference: text('reference').notNull().unique(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    /** Open, Answered or Closed. */
    status: text('status').notNull().default('Open'),
    createdAt: createdAt(),
  },
  (t) => [index('support_requests_customer_idx').on(t.customerId, t.createdAt)],
)
