import { z } from 'zod'
import { E164_PATTERN, LOCAL_DATE_PATTERN, LOCAL_TIME_PATTERN, MAX_DINER_AMOUNT, MAX_EMAIL_LENGTH, MAX_ITEM_QUANTITY } from './field-rules'

// The fields several requests share, defined once: every contracts file builds on these, and the
// server's own schemas should too (docs/accounts.md "Phone numbers", docs/checkout.md "The cart").
// The messages are part of the API: change one only on purpose.

export * from './field-rules'

/** An id: `uuid('an order id')` refuses anything else with "must be an order id". */
export const uuid = (what: string) => z.uuid(`must be ${what}`)

export const E164_MESSAGE = 'must be an E.164 number such as +14155550123'

/** A mobile number as typed: trimmed, then E.164. */
export const phone = (message = E164_MESSAGE) => z.string().trim().regex(E164_PATTERN, message)

/** A one-line text that must be there: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) => z.string().trim().min(1, 'is required').max(max, 'is too long')

/** A restaurant's or an event's slug, as it stands in a URL. */
export const slug = requiredText(120)

/** An order-type code of a location: pickup, delivery, dinein, event … */
export const orderTypeCode = z.string().trim().min(1, 'is required').max(40)

export const email = z.email('must be an email address').max(MAX_EMAIL_LENGTH)

/** How many of a dish a cart line holds. */
export const itemQuantity = z
  .number()
  .int('must be a whole number')
  .positive('must be at least 1')
  .max(MAX_ITEM_QUANTITY, `must be at most ${MAX_ITEM_QUANTITY}`)

/** How many of one option of a dish; one unless said. */
export const optionQuantity = z.number().int().positive().max(MAX_ITEM_QUANTITY).default(1)

/** Minor units a diner names (a tip, wallet credit): a whole number from 0 to MAX_DINER_AMOUNT. */
export const dinerAmount = (integerMessage?: string) => z.number().int(integerMessage).min(0).max(MAX_DINER_AMOUNT)

/** A local date, YYYY-MM-DD (not checked against the calendar: the service says which days it takes). */
export const localDate = z.string().regex(LOCAL_DATE_PATTERN, 'must be a date such as 2030-01-31')

/** A local time of day, HH:mm; `example` is the one the message shows. */
export const localTime = (example: string) => z.string().regex(LOCAL_TIME_PATTERN, `must be a time such as ${example}`)

export const latitude = z.number().min(-90).max(90)
export const longitude = z.number().min(-180).max(180)
/** A point on the map. */
export const latLng = { lat: latitude, lng: longitude }

/** A form's empty field, null or "" sent as nothing: read as absent. */
export const emptyAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value)

/** `schema`, or nothing when the field comes empty ("" or null). */
export const optionalField = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsMissing, schema.optional())
