import { cardFromForm, INVALID_CARD_DETAILS, saveCardToken, tokenizeCard } from '@/entities/card'
import { ApiRefusal } from '@/shared/api'
import type { OrderDetail } from '@/shared/api'
import { TOAST_FLOW_MS } from '@/shared/config'
import { createRequestState } from '@/shared/lib/request'
import { throttleAsync } from '@/shared/lib/throttle'
import { showToast } from '@/shared/ui'
import { authorizePayment, cancelOrder, collectPayment, initiateOfflinePayment, type PaymentResult } from '../api/payments'
import type { CardEntry } from '../lib/card-entry'

/** The product's words, kept exactly (docs/app.md, "Messages"). */
export const PAYMENT_FAILED = 'Something went wrong!'
export const OFFLINE_PAYMENT_FAILED = 'Offline Payment Failed'
/** Payment calls are throttled by 3000 ms (docs/app.md, "Throttles"). */
export const PAYMENT_THROTTLE_MS = 3_000
/** docs/payments.md, "Cards": authorize must answer "18", collect "19"; paying at the restaurant answers "25". */
export const AUTHORIZED = '18'
export const COLLECTED = '19'
export const PAY_AT_RESTAURANT = '25'
export const CARD_NOT_SAVED = 'Your payment went through, but we could not save the card.'
/** The order was cancelled before it was paid (it expired, or was cancelled elsewhere): nothing was charged. */
export const ORDER_GONE = 'This order was cancelled before it was paid, so nothing was charged.'

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
    if (error instanceof ApiRefusal) pendingKeys.delete(request)
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
    if (error instanceof ApiRefusal && error.body.code === 'order_cancelled') return ORDER_GONE
    if (error instanceof PaymentFailed) return error.message
    if (error instanceof ApiRefusal) return error.body.message || fallback
    return fallback
  }
}

type Tokenised = { token: string; zipcode?: string }

async function cardToken(entry: CardEntry): Promise<Tokenised> {
  const card = cardFromForm(entry)
  if (!card) throw new PaymentFailed(INVALID_CARD_DETAILS)
  try {
    return { token: (await tokenize(card)).token, zipcode: card.zipcode }
  } catch (error) {
    // The provider refuses a number it will not tokenise with 400 or 402: the card, not us.
    if (error instanceof ApiRefusal && (error.status === 400 || error.status === 402)) throw new PaymentFailed(INVALID_CARD_DETAILS)
    throw error
  }
}

/** Who pays: a signed-in customer's calls carry their token, and only they can keep a new card for next time; `splitId` pays one share of a split bill. */
export type Payer = { signedIn: boolean; saveCardFor?: string | null; splitId?: string }

/**
 * Authorizes ("18") then collects ("19") the order's total; any other status is a failure with the
 * server's message. A new card the customer asked to keep is saved once the payment is collected;
 * a failed save is told in a toast and never fails the payment.
 */
export async function payByCard(orderId: string, choice: CardChoice, { signedIn, saveCardFor, splitId }: Payer): Promise<PaymentResult | undefined> {
  const tokenised: { card?: Tokenised } = {}
  const paid = await payment.run(async () => {
    if ('entry' in choice) tokenised.card = await cardToken(choice.entry)
    const source = 'savedCardId' in choice ? { savedCardId: choice.savedCardId } : { cardToken: tokenised.card!.token }
    const authorizeBody = { orderId, ...source, ...(splitId ? { splitId } : {}) }
    const authorized = await idempotent('authorize', authorizeBody, (idempotencyKey) => authorize(authorizeBody, { idempotencyKey, signedIn }))
    if (authorized.paymentStatus !== AUTHORIZED) throw new PaymentFailed(authorized.message || PAYMENT_FAILED)
    const collected = await idempotent('collect', { orderId, splitId }, (idempotencyKey) => collect(orderId, { idempotencyKey, signedIn }, splitId))
    if (collected.paymentStatus !== COLLECTED) throw new PaymentFailed(collected.message || PAYMENT_FAILED)
    return collected
  }, failureMessage(PAYMENT_FAILED))
  if (paid && tokenised.card && signedIn && saveCardFor) await keepCard(saveCardFor, tokenised.card)
  return paid
}

/** What the checkout says while it collects a payment authorized before a reload. */
export const COMPLETING_PAYMENT = 'Completing your payment…'

/**
 * True when one of these payments is a card authorization ("18") neither collected nor voided: the
 * diner already paid by card and only the collect is missing (the page reloaded between the two).
 */
export const hasUncollectedHold = (payments: readonly { kind: string; status: string; voidedAt: string | null }[] | undefined) =>
  Boolean(payments?.some((payment) => payment.kind === 'CNP' && payment.status === AUTHORIZED && payment.voidedAt === null))

/**
 * Collects ("19") the authorization an order (or share) already has, without asking for a card:
 * what a reload between authorizing and collecting left undone (docs/payments.md "Another card
 * replaces a hold").
 */
export function completeHeldPayment(orderId: string, signedIn: boolean, splitId?: string): Promise<PaymentResult | undefined> {
  return payment.run(async () => {
    const collected = await idempotent('collect', { orderId, splitId }, (idempotencyKey) => collect(orderId, { idempotencyKey, signedIn }, splitId))
    if (collected.paymentStatus !== COLLECTED) throw new PaymentFailed(collected.message || PAYMENT_FAILED)
    return collected
  }, failureMessage(PAYMENT_FAILED))
}

async function keepCard(customerId: string, { token, zipcode }: Tokenised): Promise<void> {
  try {
    await saveCardToken(customerId, token, zipcode)
  } catch (error) {
    console.error('Saving the card after the payment failed:', error)
    showToast(CARD_NOT_SAVED, { tone: 'error', durationMs: TOAST_FLOW_MS })
  }
}

function confirmOffline(orderId: string, signedIn: boolean, failure: (error: unknown) => string, splitId?: string): Promise<PaymentResult | undefined> {
  return payment.run(async () => {
    const result = await idempotent('offline', { orderId, splitId }, (idempotencyKey) => payOffline(orderId, { idempotencyKey, signedIn }, splitId))
    if (result.paymentStatus !== PAY_AT_RESTAURANT) throw new PaymentFailed(OFFLINE_PAYMENT_FAILED)
    return result
  }, failure)
}

/** Pay at the restaurant: the order goes to the kitchen unpaid ("25"). */
export const payAtRestaurant = (orderId: string, signedIn: boolean, splitId?: string) =>
  confirmOffline(
    orderId,
    signedIn,
    (error) => {
      console.error('Paying at the restaurant failed:', error)
      return error instanceof ApiRefusal && error.body.code === 'order_cancelled' ? ORDER_GONE : OFFLINE_PAYMENT_FAILED
    },
    splitId,
  )

/**
 * An order the wallet pays in full: no card can be charged 0, so it goes to the kitchen through the
 * pay-at-the-restaurant call with nothing left to pay there (docs/decisions.md "Wallet and saved cards").
 */
export const confirmWalletOrder = (orderId: string, signedIn: boolean) => confirmOffline(orderId, signedIn, failureMessage(PAYMENT_FAILED))

export const clearPayment = () => payment.clear()

const cancellation = createRequestState<OrderDetail>()
/** The diner's cancel of an unpaid order: loading, then the cancelled order, or the message why not. */
export const $cancelOrder = cancellation.$state
const cancelOnce = throttleAsync(cancelOrder, PAYMENT_THROTTLE_MS)

/** Cancels an unpaid order (POST /order/customer/cancel): nothing is charged and what it held is released. */
export function cancelUnpaidOrder(orderId: string, signedIn: boolean): Promise<OrderDetail | undefined> {
  return cancellation.run(
    () => idempotent('cancel', { orderId }, (idempotencyKey) => cancelOnce(orderId, { idempotencyKey, signedIn })),
    (error) => {
      console.error('Cancelling the order failed:', error)
      return error instanceof ApiRefusal ? error.body.message : 'The order could not be cancelled. Please try again.'
    },
  )
}

export const resetCancelOrder = () => cancellation.reset()

export function resetPayment(): void {
  payment.reset()
  pendingKeys.clear()
}
