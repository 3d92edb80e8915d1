/**
 * The limits and patterns of the fields several requests share, without zod, so the browser can
 * import them; `fields.ts` builds the request schemas from them (docs/accounts.md "Phone numbers",
 * docs/checkout.md "The cart").
 */

/** A phone number in E.164: "+", a country code that does not start with 0, 7 to 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/

export const isE164 = (value: string) => E164_PATTERN.test(value)

/** How many of one dish (and of one option of it) a cart line holds. */
export const MIN_ITEM_QUANTITY = 1
export const MAX_ITEM_QUANTITY = 99

/** The largest amount in minor units a diner may name (a tip, wallet credit): 100,000.00. */
export const MAX_DINER_AMOUNT = 10_000_000

/** What the API accepts for a cart line's note and for an order's or a round's instructions. */
export const MAX_LINE_COMMENT_LENGTH = 300
export const MAX_INSTRUCTION_LENGTH = 500

/** The longest email address (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254

/** A local date, YYYY-MM-DD. */
export const LOCAL_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** A local time of day, HH:mm on a 24-hour clock. */
export const LOCAL_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/
