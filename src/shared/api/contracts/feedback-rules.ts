/** Feedback and support texts and rules: no zod here, so the browser can import them (docs/feedback.md). */

/** The toast after feedback is sent, word for word as diners know it. */
export const FEEDBACK_SUBMITTED = 'Feedback Submitted Successfully'
/** Word for word as diners know it: when the server gives no message of its own. */
export const FEEDBACK_FAILED = 'Failed submit'

/** Orders that can be rated: delivered, picked up, complete, served (codes 15, 16, 17, 59, 60: docs/orders.md "Statuses"). */
export const RATEABLE_STATUSES: readonly string[] = ['15', '16', '17', '59', '60']

export const isRateableStatus = (status: string) => RATEABLE_STATUSES.includes(status)

export const MAX_FEEDBACK_TEXT = 1000

/** What a support request is about; the form's select offers these, the server accepts only these. */
export const SUPPORT_TOPICS = [
  'Problem with an order',
  'Payment or refund',
  'Delivery',
  'Reservation or waitlist',
  'My account',
  'Something else',
] as const

export type SupportTopic = (typeof SUPPORT_TOPICS)[number]

/** Support requests a diner (per phone, email or account) can send per hour. */
export const SUPPORT_REQUESTS_PER_HOUR = 5

export const MAX_SUPPORT_MESSAGE = 2000
