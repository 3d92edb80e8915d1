import { z } from 'zod'
import { defineEndpoints } from './endpoint'
import { favouriteItem, favouriteRestaurant } from './favourites'

const customerId = z.uuid('must be a customer id')
const latitude = z.number('must be a latitude').min(-90, 'must be a latitude').max(90, 'must be a latitude')
const longitude = z.number('must be a longitude').min(-180, 'must be a longitude').max(180, 'must be a longitude')
const email = z.email('must be an email address').max(254, 'must be at most 254 characters')
const name = (label: string, min: number) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(min, 'is required')
    .max(60, 'must be at most 60 characters')

/* ---------- Profile (docs/accounts.md) ---------- */

/** POST /customer/profile/v2: fetch the profile of `id`. */
export const profileFetchRequest = z.object({ id: customerId })

export const customerLocation = z.object({
  lat: latitude,
  lng: longitude,
  text: z.string().trim().max(200, 'must be at most 200 characters').optional(),
})

/** PUT /customer/profile/v2: `customerId` plus exactly one change. */
export const profileUpdateRequest = z
  .object({
    customerId,
    customerLocation: customerLocation.optional(),
    favoriteMerchantLocationRequest: z
      .object({ locationId: z.uuid('must be a location id'), favourite: z.boolean('must be true or false') })
      .optional(),
    email: email.nullable().optional(),
    isPromoSubscribed: z.boolean('must be true or false').optional(),
  })
  .refine(
    (request) =>
      [request.customerLocation, request.favoriteMerchantLocationRequest, request.email, request.isPromoSubscribed].filter(
        (change) => change !== undefined,
      ).length === 1,
    { message: 'must carry exactly one of customerLocation, favoriteMerchantLocationRequest, email, isPromoSubscribed' },
  )

/**
 * POST /customer/email/verify: the code sent to the address waiting in `pendingEmail` stores it
 * (docs/accounts.md "Email addresses").
 */
export const emailVerifyRequest = z.object({ code: z.string('code is required').trim().regex(/^\d{6}$/, 'must be the 6 digits of the code') })

/** PUT /api/v2/customers: the diner's own details. */
export const detailsUpdateRequest = z.object({
  customerId: customerId.optional(),
  firstName: name('firstName', 1),
  lastName: name('lastName', 0).default(''),
  email: email.nullable().optional(),
})

export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>
export type DetailsUpdateRequest = z.input<typeof detailsUpdateRequest>
export type EmailVerifyRequest = z.input<typeof emailVerifyRequest>
export type CustomerLocation = z.output<typeof customerLocation>

export const customerProfile = z
  .strictObject({
    userId: z.uuid(),
    userName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable().meta({ description: 'The stored address: proven by a code sent to it.' }),
    pendingEmail: z
      .string()
      .nullable()
      .meta({ description: 'A new address waiting for its code (a profile change of email stores nothing until then).' }),
    phoneNumber: z.string(),
    tableBooking: z.number().int().meta({ description: 'Upcoming table reservations.' }),
    favRestaurants: z.array(favouriteRestaurant),
    favItems: z.array(favouriteItem),
    userLocationDetails: z.strictObject({ lat: z.number(), lng: z.number(), text: z.string().optional() }).nullable(),
    isPromoSubscribed: z.boolean(),
    walletAmount: z.number().int().meta({ description: 'Minor units of `walletCurrency`.' }),
    walletCurrency: z.string(),
  })
  .meta({ id: 'CustomerProfile' })

export type CustomerProfile = z.output<typeof customerProfile>

/** The signed-in customer's profile (docs/accounts.md "The profile, addresses and favourites"); another customer's id is 404. */
export const customerEndpoints = defineEndpoints({
  'POST /customer/profile/v2': {
    auth: 'customer',
    wire: 'json',
    tag: 'customers',
    summary: 'The signed-in customer’s profile (a read, sent as a POST like the original API)',
    body: profileFetchRequest,
    response: customerProfile,
    errors: ['not_found'],
  },
  'PUT /customer/profile/v2': {
    auth: 'customer',
    wire: 'json',
    tag: 'customers',
    summary: 'One change of the profile: location, a favourite restaurant, email (a code is sent; stored once verified) or promotions',
    body: profileUpdateRequest,
    response: customerProfile,
    errors: ['not_found', 'item_not_at_location', 'email_registered', 'rate_limited'],
  },
  'PUT /v2/customers': {
    auth: 'customer',
    wire: 'json',
    tag: 'customers',
    summary: 'The customer’s name and email (a new email gets a code, as in a profile change)',
    body: detailsUpdateRequest,
    response: customerProfile,
    errors: ['not_found', 'email_registered', 'rate_limited'],
  },
  'POST /customer/email/verify': {
    auth: 'customer',
    wire: 'json',
    tag: 'customers',
    summary: 'Stores the address waiting in pendingEmail, given the code emailed to it',
    body: emailVerifyRequest,
    response: customerProfile,
    errors: ['otp_invalid', 'email_registered', 'not_found'],
  },
})

/* ---------- Delivery addresses (docs/checkout.md, "Addresses") ---------- */

export const ADDRESS_TAGS = ['Home', 'Work', 'Business', 'Custom'] as const
export type AddressTag = (typeof ADDRESS_TAGS)[number]

const line = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`)

const addressFields = z.object({
  tag: z.enum(ADDRESS_TAGS, 'must be Home, Work, Business or Custom'),
  customTag: line(40).nullable().optional(),
  addressLine1: z.string('is required').trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  addressLine2: line(200).optional(),
  addressLine3: line(200).optional(),
  lat: latitude,
  lng: longitude,
})

const customTagNamed = (address: { tag?: AddressTag; customTag?: string | null }) =>
  address.tag !== 'Custom' || (typeof address.customTag === 'string' && address.customTag.length > 0)
const customTagIssue = { message: 'must be given when tag is Custom', path: ['customTag'] }

export const addressesQuery = z.object({ customerId })

/** POST /addresses. */
export const addressCreateRequest = addressFields
  .extend({ customerId: customerId.optional(), isSelected: z.boolean('must be true or false').optional() })
  .refine(customTagNamed, customTagIssue)

/** PUT /addresses/{id}: any fields; `isSelected: true` selects it and unselects the others. */
export const addressUpdateRequest = addressFields
  .partial()
  .extend({ customerId: customerId.optional(), isSelected: z.boolean('must be true or false').optional() })
  .refine(customTagNamed, customTagIssue)

export const addressIdParam = z.object({ id: z.uuid('must be an address id') })

export type AddressCreateRequest = z.input<typeof addressCreateRequest>
export type AddressUpdateRequest = z.input<typeof addressUpdateRequest>

export const address = z
  .strictObject({
    id: z.uuid(),
    customerId: z.uuid(),
    tag: z.enum(ADDRESS_TAGS),
    customTag: z.string().nullable(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    addressLine3: z.string(),
    lat: z.number(),
    lng: z.number(),
    isSelected: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Address' })

/** DELETE /addresses/{id}: the address now selected, if any. */
export const addressDeleteResponse = z
  .strictObject({ removed: z.literal(true), selectedAddressId: z.uuid().nullable() })
  .meta({ id: 'AddressDeleteResponse', description: 'The address now selected, if any.' })

export type Address = z.output<typeof address>
export type AddressDeleteResponse = z.output<typeof addressDeleteResponse>

/* ---------- Cards (docs/payments.md, "Saved cards") ---------- */

export const CARD_BRANDS = ['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER', 'RUPAY'] as const
export type CardBrand = (typeof CARD_BRANDS)[number]

/** The provider's tokenisation request: the only place a card number travels. */
export const tokenizeRequest = z.object({
  number: z.string().regex(/^\d{12,19}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/),
  zipcode: z.string().trim().max(10).optional(),
})

export type TokenizeRequest = z.input<typeof tokenizeRequest>
export const tokenizeResponse = z
  .strictObject({ token: z.string(), brand: z.enum(CARD_BRANDS), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() })
  .meta({ id: 'TokenizeResponse' })
export type TokenizeResponse = z.output<typeof tokenizeResponse>

export const CARD_TYPES = ['credit', 'debit'] as const

/** POST /cards: saves a card from a provider token. */
export const saveCardRequest = z.object({
  customerId,
  token: z.string('is required').regex(/^tok_[A-Za-z0-9_]{8,80}$/, 'must be a card token'),
  cardType: z.enum(CARD_TYPES, 'must be credit or debit').optional(),
  zipcode: z.string().trim().max(10, 'must be at most 10 characters').optional(),
})

export const cardsQuery = z.object({ customerId })
export const cardDeleteQuery = z.object({ cardId: z.uuid('must be a card id') })

export type SaveCardRequest = z.input<typeof saveCardRequest>

/** The saved card's field names of the original API; never a number or a CVV (docs/payments.md, "Saved cards"). */
export const savedCard = z
  .strictObject({
    id: z.uuid(),
    Brand: z.string(),
    ExpirationMonth: z.number().int(),
    ExpirationYear: z.number().int(),
    Last4: z.string(),
    cardType: z.string(),
    lastFourDigits: z.string(),
    zipcode: z.string().nullable(),
  })
  .meta({ id: 'SavedCard', description: 'Never a card number or a CVV.' })

export const cardDeleteResponse = z.strictObject({ removed: z.literal(true) }).meta({ id: 'CardDeleteResponse' })

export type SavedCard = z.output<typeof savedCard>
export type CardDeleteResponse = z.output<typeof cardDeleteResponse>

/* ---------- My orders (docs/orders.md) ---------- */

export const ORDER_PAGE_SIZE = 1000

export const customerOrdersQuery = z.object({
  search: z.string('is required').regex(/^customerId:[0-9a-f-]{36}$/i, 'must be customerId:{customer id}'),
  page: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .default(0),
  size: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'must be at least 1').max(ORDER_PAGE_SIZE, `must be at most ${ORDER_PAGE_SIZE}`))
    .default(ORDER_PAGE_SIZE),
  sort: z.enum(['orderTime,desc', 'orderTime,asc'], 'must be orderTime,desc or orderTime,asc').default('orderTime,desc'),
})

const pageNumber = z.coerce.number('must be a whole number').int('must be a whole number').min(0).max(999_999).default(0)
const pageSize = z.coerce
  .number('must be a whole number')
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(ORDER_PAGE_SIZE, `must be at most ${ORDER_PAGE_SIZE}`)
  .default(ORDER_PAGE_SIZE)

/** GET /order/getOrders: search customerId:{id}, sort orderDate,desc. */
export const ordersByDateQuery = z.object({
  search: customerOrdersQuery.shape.search,
  page: pageNumber,
  size: pageSize,
  sort: z.enum(['orderDate,desc', 'orderDate,asc'], 'must be orderDate,desc or orderDate,asc').default('orderDate,desc'),
})

/**
 * POST /order/filter/orders/v2: search by customerId ("customerId:{id}" or the bare id)
 * or by phone ("phone:{number}" or the bare number in E.164); page 0, size 1000, sort orderTime,desc.
 */
export const filterOrdersRequest = z.object({
  search: z
    .string('is required')
    .trim()
    .transform((search, context) => {
      const [, field, value] = /^(?:(customerId|phone):)?(.+)$/i.exec(search) ?? []
      if (value && (field?.toLowerCase() === 'customerid' || (!field && /^[0-9a-f-]{36}$/i.test(value))) && /^[0-9a-f-]{36}$/i.test(value)) {
        return { customerId: value.toLowerCase() }
      }
      if (value && field?.toLowerCase() !== 'customerid' && /^\+[1-9]\d{6,14}$/.test(value)) return { phone: value }
      context.addIssue({ code: 'custom', message: 'must be customerId:{customer id} or phone:{number in E.164}' })
      return z.NEVER
    }),
  page: pageNumber,
  size: pageSize,
  sort: customerOrdersQuery.shape.sort,
})

/** GET /api/v2/customers/orders: one customer's orders at one location, newest first. */
export const locationOrdersQuery = z.object({
  customerId: z.uuid('must be a customer id'),
  locationId: z.uuid('must be a location id'),
})

export const orderHistoryEntry = z
  .strictObject({
    orderId: z.uuid(),
    locationId: z.uuid(),
    branchName: z.string(),
    merchantName: z.string(),
    merchantType: z.string(),
    locationSlug: z.string(),
    orderTypeCode: z.string(),
    status: z.string(),
    statusLabel: z.string(),
    total: z.number().int().meta({ description: 'Minor units of `currency`.' }),
    currency: z.string(),
    orderTime: z.iso.datetime({ offset: true }),
    orderNumber: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The number said at the counter (docs/orders.md "Order numbers"); null only for a row written outside placement.' }),
    timeZone: z.string().meta({ description: 'The restaurant’s IANA time zone: the list shows its wall clock, as the order page does.' }),
  })
  .meta({ id: 'OrderHistoryEntry' })

export const orderHistoryResponse = z
  .strictObject({ content: z.array(orderHistoryEntry), totalElements: z.number().int(), page: z.number().int(), size: z.number().int() })
  .meta({ id: 'OrderHistoryResponse' })

export type OrderHistoryEntry = z.output<typeof orderHistoryEntry>
export type OrderHistoryResponse = z.output<typeof orderHistoryResponse>

/** Delivery addresses of the signed-in customer (docs/checkout.md, "Addresses"). */
export const addressEndpoints = defineEndpoints({
  'GET /addresses': {
    auth: 'customer',
    wire: 'json',
    tag: 'addresses',
    summary: 'The signed-in customer’s delivery addresses, newest first',
    query: addressesQuery,
    response: z.array(address),
    errors: ['not_found'],
  },
  'POST /addresses': {
    auth: 'customer',
    wire: 'json',
    tag: 'addresses',
    summary: 'Adds a delivery address; the first one, or one with isSelected, becomes the selected one',
    body: addressCreateRequest,
    response: address,
    statuses: [201],
    errors: ['not_found'],
  },
  'PUT /addresses/:id': {
    auth: 'customer',
    wire: 'json',
    tag: 'addresses',
    summary: 'Changes any fields of an address; isSelected: true selects it and unselects the others',
    params: addressIdParam,
    body: addressUpdateRequest,
    response: address,
    errors: ['not_found'],
  },
  'DELETE /addresses/:id': {
    auth: 'customer',
    wire: 'json',
    tag: 'addresses',
    summary: 'Removes an address; the newest remaining one becomes selected when it was',
    params: addressIdParam,
    response: addressDeleteResponse,
    errors: ['not_found'],
  },
})

/** Saved cards of the signed-in customer (docs/payments.md, "Saved cards"). */
export const cardEndpoints = defineEndpoints({
  'GET /cards': {
    auth: 'customer',
    wire: 'json',
    tag: 'cards',
    summary: 'The signed-in customer’s saved cards',
    query: cardsQuery,
    response: z.array(savedCard),
    errors: ['not_found'],
  },
  'POST /cards': {
    auth: 'customer',
    wire: 'json',
    tag: 'cards',
    summary: 'Saves a card from a provider token; 200 when that card was already saved',
    body: saveCardRequest,
    response: savedCard,
    statuses: [201, 200],
    errors: ['not_found', 'invalid_card_token'],
  },
  'DELETE /cards': {
    auth: 'customer',
    wire: 'json',
    tag: 'cards',
    summary: 'Removes a saved card',
    query: cardDeleteQuery,
    response: cardDeleteResponse,
    errors: ['not_found'],
  },
})

/** The signed-in customer's past orders, for My Orders (docs/orders.md). */
export const orderHistoryEndpoints = defineEndpoints({
  'GET /order/customer/getOrders': {
    auth: 'customer',
    wire: 'encrypted',
    tag: 'order-history',
    summary: 'My Orders: search customerId:{id}, newest first by default',
    query: customerOrdersQuery,
    response: orderHistoryResponse,
    errors: ['not_found'],
  },
  'GET /order/getOrders': {
    auth: 'customer',
    wire: 'encrypted',
    tag: 'order-history',
    summary: 'The same list sorted by orderDate',
    query: ordersByDateQuery,
    response: orderHistoryResponse,
    errors: ['not_found'],
  },
  'POST /order/filter/orders/v2': {
    auth: 'customer',
    wire: 'encrypted',
    tag: 'order-history',
    summary: 'The list searched by customerId or by the signed-in customer’s own phone',
    body: filterOrdersRequest,
    response: orderHistoryResponse,
    errors: ['not_found'],
  },
  'GET /v2/customers/orders': {
    auth: 'customer',
    wire: 'encrypted',
    tag: 'order-history',
    summary: 'One customer’s orders at one location, newest first',
    query: locationOrdersQuery,
    response: orderHistoryResponse,
    errors: ['not_found'],
  },
})

/**
 * The sandbox card provider's tokeniser (docs/payments.md "Cards"), mounted only with SANDBOX on. Signed with
 * the provider's public key (`Authorization: Basic`, checked before the body), not a customer token; a body
 * that is not a card answers 400 invalid_card without naming the field, so no part of a card is echoed.
 */
export const sandboxProviderEndpoints = defineEndpoints({
  'POST /provider/sandbox/tokenize': {
    auth: 'none',
    wire: 'json',
    tag: 'cards',
    summary: 'Sandbox provider: a card token for a card number, as a real provider’s tokeniser would answer',
    body: tokenizeRequest,
    response: tokenizeResponse,
    statuses: [201],
    errors: ['invalid_provider_key', 'invalid_card', 'card_declined'],
    cache: 'no-store',
  },
})
