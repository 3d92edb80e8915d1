import { INVALID_CARD_DETAILS } from '@/entities/card'
import { createRequestState } from '@/shared/lib/request'
import { throttleAsync } from '@/shared/lib/throttle'
import { CardFailure, cardFromForm, tokenizeCard } from '@/entities/card'
import { authorizePayment, collectPayment, initiateOfflinePayment, PaymentRefused, type PaymentResult } from '../api/payments'
import type { CardEntry } from '../lib/card-entry'

/** SPEC §8, word for word. */
export const PAYMENT_FAILED = 'Something went wrong!'
export const OFFLINE_PAYMENT_FAILED = 'Offline Payment Failed'
/** SPEC §9: payment calls are throttled by 3000 ms. */
export const PAYMENT_THROTTLE_MS = 3_000
/** SPEC §4 Payment: authorize must answer "18", collect "19"; paying at the restaurant answers "25". */
export const AUTHORIZED = '18'
export const COLLECTED = '19'
export const PAY_AT_RESTAURANT = '25'

/** A failure whose message is the one the diner reads. */
class PaymentFailed extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PaymentFailed'
  }
}

export type CardChoice = { savedCardId: string } | { entry: CardEntry }

const payment = createRequestState<PaymentResult>()
/** Loading, then the collected (or pay-at-the-restaurant) result, or the message of the failure. */
export const $payment = payment.$state

// A key per request until it gets an answer: a retry after a lost answer replays instead of charging twice.
const pendingKeys = new Map<string, string>()
function keyFor(request: string): string {
  let key = pendingKeys.get(request)
  if (!key) {
    key = `pay-${crypto.randomUUID()}`
    pendingKeys.set(request, key)
  }
  return key
}

async function idempotent<R>(name: string, body: object, send: (key: string) => Promise<R>): Promise<R> {
  const request = `${name}:${JSON.stringify(body)}`
  try {
    const answer = await send(keyFor(request))
    pendingKeys.delete(request)
    return answer
  } catch (error) {
    if (error instanceof PaymentRefused) pendingKeys.delete(request)
    throw error
  }
}

const tokenize = throttleAsync(tokenizeCard, PAYMENT_THROTTLE_MS)
const authorize = throttleAsync(authorizePayment, PAYMENT_THROTTLE_MS)
const collect = throttleAsync(collectPayment, PAYMENT_THROTTLE_MS)
const payOffline = throttleAsync(initiateOfflinePayment, PAYMENT_THROTTLE_MS)

function failureMessage(fallback: string) {
  return (error: unknown): string => {
    console.error('Payment failed:', error)
    if (error instanceof PaymentFailed) return error.message
    if (error instanceof PaymentRefused) return error.body.message || fallback
    return fallback
  }
}

async function cardToken(entry: CardEntry): Promise<string> {
  const card = cardFromForm(entry)
  if (!card) throw new PaymentFailed(INVALID_CARD_DETAILS)
  try {
    return (await tokenize(card)).token
  } catch (error) {
    // The provider refuses a number it will not tokenise with 400 or 402: the card, not us.
    if (error instanceof CardFailure && (error.body.status === 400 || error.body.status === 402)) throw new PaymentFailed(INVALID_CARD_DETAILS)
    throw error
  }
}

/** Authorizes ("18") then collects ("19") the order's total; any other status is a failure with the server's message. */
export function payByCard(orderId: string, choice: CardChoice, signedIn: boolean): Promise<PaymentResult | undefined> {
  return payment.run(async () => {
    const source = 'savedCardId' in choice ? { savedCardId: choice.savedCardId } : { cardToken: await cardToken(choice.entry) }
    const authorizeBody = { orderId, ...source }
    const authorized = await idempotent('authorize', authorizeBody, (idempotencyKey) => authorize(authorizeBody, { idempotencyKey, signedIn }))
    if (authorized.paymentStatus !== AUTHORIZED) throw new PaymentFailed(authorized.message || PAYMENT_FAILED)
    const collected = await idempotent('collect', { orderId }, (idempotencyKey) => collect(orderId, { idempotencyKey, signedIn }))
    if (collected.paymentStatus !== COLLECTED) throw new PaymentFailed(collected.message || PAYMENT_FAILED)
    return collected
  }, failureMessage(PAYMENT_FAILED))
}

/** Pay at the restaurant: the order goes to the kitchen unpaid ("25"). */
export function payAtRestaurant(orderId: string, signedIn: boolean): Promise<PaymentResult | undefined> {
  return payment.run(async () => {
    const result = await idempotent('offline', { orderId }, (idempotencyKey) => payOffline(orderId, { idempotencyKey, signedIn }))
    if (result.paymentStatus !== PAY_AT_RESTAURANT) throw new PaymentFailed(OFFLINE_PAYMENT_FAILED)
    return result
  }, (error) => {
    console.error('Paying at the restaurant failed:', error)
    return OFFLINE_PAYMENT_FAILED
  })
}

export const clearPayment = () => payment.clear()

export function resetPayment(): void {
  payment.reset()
  pendingKeys.clear()
}
