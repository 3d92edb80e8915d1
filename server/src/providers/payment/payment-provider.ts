import type { Transaction } from '../../db/executor'

/** A card payment the provider is asked to hold: amounts in minor units, the card as the provider's token. */
export type CardAuthorization = { orderId: string; cardToken: string; amountMinor: number; currency: string }

export type AuthorizeOutcome =
  | { status: '18'; reference: string; cardBrand: string; cardLast4: string }
  | { status: '20' | '21'; reference: string | null; cardBrand: string | null; cardLast4: string | null; message: string }

export type CollectOutcome = { status: '19'; reference: string } | { status: '21'; message: string }

export type VoidOutcome = { status: 'VOIDED'; reference: string } | { status: '21'; message: string }

/**
 * What the platform needs from a card payment provider (docs/payments.md, "Cards": authorize "18", then
 * collect "19"). A decline or a gateway failure is an outcome, not an exception: the platform
 * records it on the order. An unknown card token throws an ApiError, as the request was wrong.
 */
export interface PaymentProvider {
  readonly name: string
  authorize(request: CardAuthorization): Promise<AuthorizeOutcome>
  /** Captures `amountMinor` of an authorization; the platform calls it once per payment row. */
  collect(request: { reference: string; amountMinor: number; currency: string }): Promise<CollectOutcome>
  /** Releases an authorization that will not be captured (the order was cancelled or expired): the diner's card is no longer held. */
  void(request: { reference: string; amountMinor: number; currency: string }): Promise<VoidOutcome>
}

/** The card provider of a transaction, or null when cards are not taken (the sandbox is off and no real adapter is set). */
export type CardProviderFactory = ((tx: Transaction) => PaymentProvider) | null
