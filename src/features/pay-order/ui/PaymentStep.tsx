import { useStore } from '@nanostores/react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { $cards, $cardsRequest, expiryText, loadCards } from '@/entities/card'
import { UNPAID_ORDER_MINUTES } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import type { PaymentResult } from '../api/payments'
import { EMPTY_CARD_ENTRY, type CardEntry } from '../lib/card-entry'
import { $payment, clearPayment, COMPLETING_PAYMENT, completeHeldPayment, confirmWalletOrder, ORDER_GONE, payAtRestaurant, payByCard } from '../model/pay-order'
import css from './PaymentStep.module.css'

type PaymentStepProps = {
  /**
   * `splitId`: one share of a split bill, whose `total` is the share's amount; `payBy`: when the
   * unpaid order expires; `held`: its card payment is authorized and only the collect is missing.
   */
  order: { orderId: string; total: number; currency: string; splitId?: string; payBy?: string | null; held?: boolean }
  /** A signed-in customer's calls carry their token; a verified guest's carry none. */
  signedIn: boolean
  /** The signed-in customer's id, for their saved cards. */
  customerId: string | null
  onPaid: (result: PaymentResult) => void
  /** The order was cancelled before it could be paid (it expired): nothing was charged. */
  onOrderGone?: () => void
  /** Whether paying at the restaurant fits the order: not for a delivery, which nobody collects at the counter. */
  offline?: boolean
}

const NEW_CARD = 'new'

/** A card is good through the last day of its expiry month. */
function cardExpired(month: number, year: number, now = new Date()): boolean {
  const fullYear = year < 100 ? 2000 + year : year
  return fullYear < now.getFullYear() || (fullYear === now.getFullYear() && month < now.getMonth() + 1)
}

/** The diner's own clock time of the deadline: it is their 15 minutes, wherever the restaurant is. */
const payByTime = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })

/**
 * The payment of a placed order: by card (saved or new, tokenised by the provider) or at the
 * restaurant. An order whose card is already authorized is collected without asking again; should
 * that fail, the form comes back (another card replaces the hold).
 */
export function PaymentStep({ order, signedIn, customerId, onPaid, onOrderGone, offline = true }: PaymentStepProps) {
  const ids = useId()
  const state = useStore($payment)
  const cards = useStore($cards)
  const cardsRequest = useStore($cardsRequest)
  const [method, setMethod] = useState<'card' | 'restaurant'>('card')
  // Null until the diner picks: the newest saved card still valid is chosen for them, as the apps do.
  const [cardId, setCardId] = useState<string | null>(null)
  const [entry, setEntry] = useState<CardEntry>(EMPTY_CARD_ENTRY)
  const [keepCard, setKeepCard] = useState(false)
  const [completing, setCompleting] = useState(Boolean(order.held))
  const total = formatMoney(order.total, order.currency)
  // The wallet (or a discount) paid it all: there is nothing to charge a card for.
  const nothingToPay = order.total === 0

  useEffect(() => {
    if (customerId) void loadCards(customerId)
  }, [customerId])

  useEffect(() => clearPayment, [])

  useEffect(() => {
    if (!order.held) return
    let mounted = true
    setCompleting(true)
    void completeHeldPayment(order.orderId, signedIn, order.splitId).then((result) => {
      if (!mounted) return
      if (result) return onPaid(result)
      if ($payment.get().error === ORDER_GONE) onOrderGone?.()
      setCompleting(false)
    })
    return () => {
      mounted = false
    }
    // Once per order: the callbacks are the parent's and may be new on every render.
  }, [order.orderId, order.splitId, order.held, signedIn])

  const savedCards = customerId ? cards : []
  const usable = savedCards.find((card) => !cardExpired(card.ExpirationMonth, card.ExpirationYear))
  const chosenCard = cardId === NEW_CARD ? NEW_CARD : savedCards.some((card) => card.id === cardId) ? cardId! : (usable?.id ?? NEW_CARD)
  const payMethod = offline ? method : 'card'
  const edit = (field: keyof CardEntry) => (event: { target: { value: string } }) => setEntry({ ...entry, [field]: event.target.value })

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (state.loading) return
    const result = nothingToPay
      ? await confirmWalletOrder(order.orderId, signedIn)
      : payMethod === 'restaurant'
        ? await payAtRestaurant(order.orderId, signedIn, order.splitId)
        : await payByCard(order.orderId, chosenCard === NEW_CARD ? { entry } : { savedCardId: chosenCard }, {
            signedIn,
            saveCardFor: signedIn && keepCard ? customerId : null,
            ...(order.splitId ? { splitId: order.splitId } : {}),
          })
    if (result) onPaid(result)
    else if ($payment.get().error === ORDER_GONE) onOrderGone?.()
  }

  const heading = (
    <h2 id={`${ids}-title`} className={css.title}>
      {order.splitId ? 'Pay your share' : 'Pay for your order'}
    </h2>
  )

  if (completing) {
    return (
      <section className={css.step} aria-labelledby={`${ids}-title`} aria-busy="true">
        {heading}
        <p className={css.placed}>
          Your card is authorized for <strong data-testid="order-total">{total}</strong>.
        </p>
        <p className={css.completing} role="status">
          <img src="/spinner.svg" alt="" width={24} height={24} />
          {COMPLETING_PAYMENT}
        </p>
      </section>
    )
  }

  return (
    <section className={css.step} aria-labelledby={`${ids}-title`}>
      {heading}
      <p className={css.placed}>
        {order.splitId ? 'Your share to pay' : 'Order placed. Total to pay'}: <strong data-testid="order-total">{total}</strong>
      </p>
      {order.payBy && !order.splitId && (
        <p className={css.note}>
          Please pay by <time dateTime={order.payBy}>{payByTime(order.payBy)}</time>: an order not paid {UNPAID_ORDER_MINUTES} minutes after it was placed is
          cancelled and its dishes go back on the menu.
        </p>
      )}
      {nothingToPay && <p className={css.note}>Your wallet covers this order, so there is nothing to pay by card or at the restaurant.</p>}
      <form onSubmit={submit} noValidate className={css.form}>
        {!nothingToPay && offline && (
          <fieldset className={css.group}>
            <legend className={css.legend}>How would you like to pay?</legend>
            <label className={css.choice}>
              <input type="radio" name={`${ids}-method`} checked={payMethod === 'card'} onChange={() => setMethod('card')} />
              Pay by card
            </label>
            <label className={css.choice}>
              <input type="radio" name={`${ids}-method`} checked={method === 'restaurant'} onChange={() => setMethod('restaurant')} />
              Pay at the restaurant
            </label>
          </fieldset>
        )}

        {!nothingToPay && payMethod === 'card' && customerId && cardsRequest.loading && savedCards.length === 0 && (
          <p className={css.note} role="status">
            Looking for your saved cards…
          </p>
        )}
        {!nothingToPay && payMethod === 'card' && savedCards.length > 0 && (
          <fieldset className={css.group}>
            <legend className={css.legend}>Card</legend>
            {savedCards.map((card) => (
              <label key={card.id} className={css.choice}>
                <input type="radio" name={`${ids}-card`} checked={chosenCard === card.id} onChange={() => setCardId(card.id)} />
                {card.Brand} ending in {card.Last4} ({expiryText(card.ExpirationMonth, card.ExpirationYear)})
              </label>
            ))}
            <label className={css.choice}>
              <input type="radio" name={`${ids}-card`} checked={chosenCard === NEW_CARD} onChange={() => setCardId(NEW_CARD)} />A new card
            </label>
          </fieldset>
        )}

        {!nothingToPay && payMethod === 'card' && chosenCard === NEW_CARD && (
          <div className={css.fields}>
            <div className={css.field}>
              <label htmlFor={`${ids}-number`}>Card number</label>
              <input id={`${ids}-number`} inputMode="numeric" autoComplete="cc-number" value={entry.number} maxLength={23} onChange={edit('number')} />
            </div>
            <div className={css.pair}>
              <div className={css.field}>
                <label htmlFor={`${ids}-expiry`}>Expiry (MM/YY)</label>
                <input id={`${ids}-expiry`} inputMode="numeric" autoComplete="cc-exp" value={entry.expiry} maxLength={7} onChange={edit('expiry')} />
              </div>
              <div className={css.field}>
                <label htmlFor={`${ids}-cvc`}>Security code (CVC)</label>
                <input id={`${ids}-cvc`} inputMode="numeric" autoComplete="cc-csc" value={entry.cvc} maxLength={4} onChange={edit('cvc')} />
              </div>
            </div>
            <div className={css.field}>
              <label htmlFor={`${ids}-zip`}>ZIP or postal code (optional)</label>
              <input id={`${ids}-zip`} autoComplete="postal-code" value={entry.zipcode} maxLength={10} onChange={edit('zipcode')} />
            </div>
            {signedIn && customerId && (
              <label className={css.keep}>
                <input type="checkbox" checked={keepCard} onChange={(event) => setKeepCard(event.target.checked)} />
                Save this card for next time
              </label>
            )}
            <p className={css.note}>Your card number goes straight to our card provider; we never see or store it.</p>
          </div>
        )}

        <div aria-live="polite">
          {state.error && !state.loading && (
            <p className={css.error} role="alert">
              {state.error}
            </p>
          )}
        </div>
        <button type="submit" className={`button ${css.pay}`} disabled={state.loading} aria-busy={state.loading || undefined}>
          {state.loading ? 'Paying…' : nothingToPay ? 'Confirm order' : payMethod === 'restaurant' ? 'Confirm: pay at the restaurant' : `Pay ${total}`}
        </button>
      </form>
    </section>
  )
}
