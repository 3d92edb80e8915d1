import { useStore } from '@nanostores/react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { $cardDelete, $cards, $cardSave, $cardsRequest, clearCardSave, deleteCard, expiryText, loadCards, saveCard } from '@/entities/card'
import { Spinner } from '@/shared/ui'
import css from './Account.module.css'

const BRAND_NAMES: Record<string, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMEX: 'American Express',
  DISCOVER: 'Discover',
  RUPAY: 'RuPay',
}

/** Saved cards: brand, last four digits and expiry; the number goes to the card provider only. */
export function CardsSection({ customerId }: { customerId: string }) {
  const cards = useStore($cards)
  const request = useStore($cardsRequest)
  const removal = useStore($cardDelete)
  const [adding, setAdding] = useState(false)

  useEffect(() => {
    void loadCards(customerId)
  }, [customerId])

  if (adding) return <AddCardForm customerId={customerId} onDone={() => setAdding(false)} />
  if (request.error && !request.success) {
    return (
      <div className={css.problem} role="alert">
        <p>{request.error}</p>
        <button type="button" className="button button--secondary" onClick={() => void loadCards(customerId)}>
          Retry
        </button>
      </div>
    )
  }
  if (!request.success) return <Spinner label="Loading your cards" />

  return (
    <div className={css.stack}>
      <div className={css.actions}>
        <button type="button" className="button" onClick={() => setAdding(true)}>
          Add a card
        </button>
      </div>
      {removal.error && (
        <p className={css.error} role="alert">
          {removal.error}
        </p>
      )}
      {cards.length === 0 ? (
        <p className={css.empty}>No saved cards yet.</p>
      ) : (
        <ul className={css.list} aria-label="Your saved cards">
          {cards.map((card) => {
            const brand = BRAND_NAMES[card.Brand] ?? card.Brand
            return (
              <li key={card.id} className={css.card}>
                <div className={css.cardText}>
                  <strong>{brand}</strong>
                  <span className={css.cardNumber} aria-label={`ending in ${card.Last4}`}>
                    •••• {card.Last4}
                  </span>
                  <span className={css.muted}>Expires {expiryText(card.ExpirationMonth, card.ExpirationYear)}</span>
                </div>
                <div className={css.cardActions}>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`Remove ${brand} ending in ${card.Last4}`}
                    onClick={() => void deleteCard(card.id)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}

function AddCardForm({ customerId, onDone }: { customerId: string; onDone: () => void }) {
  const ids = useId()
  const save = useStore($cardSave)
  const [number, setNumber] = useState('')
  const [expiry, setExpiry] = useState('')
  const [cvc, setCvc] = useState('')
  const [zipcode, setZipcode] = useState('')

  useEffect(() => clearCardSave, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const card = await saveCard(customerId, { number, expiry, cvc, zipcode })
    // The number and CVC leave memory with the form either way.
    setCvc('')
    if (card) onDone()
  }

  return (
    <form className={css.form} onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={css.subheading}>
        Add a card
      </h3>
      <p className={css.muted}>Your card number goes straight to our payment provider; we keep only the brand, the last four digits and the expiry.</p>
      <div className={css.field}>
        <label htmlFor={`${ids}-number`}>Card number</label>
        <input
          id={`${ids}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          value={number}
          maxLength={23}
          onChange={(event) => setNumber(event.target.value)}
        />
      </div>
      <div className={css.coordinates}>
        <div className={css.field}>
          <label htmlFor={`${ids}-expiry`}>Expiry (MM/YY)</label>
          <input
            id={`${ids}-expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={expiry}
            maxLength={7}
            onChange={(event) => setExpiry(event.target.value)}
          />
        </div>
        <div className={css.field}>
          <label htmlFor={`${ids}-cvc`}>Security code (CVC)</label>
          <input
            id={`${ids}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            maxLength={4}
            onChange={(event) => setCvc(event.target.value)}
          />
        </div>
      </div>
      <div className={css.field}>
        <label htmlFor={`${ids}-zip`}>ZIP or postal code (optional)</label>
        <input id={`${ids}-zip`} autoComplete="postal-code" value={zipcode} maxLength={10} onChange={(event) => setZipcode(event.target.value)} />
      </div>
      {save.error && (
        <p className={css.error} role="alert">
          {save.error}
        </p>
      )}
      <div className={css.actions}>
        <button type="submit" className="button" disabled={save.loading}>
          {save.loading ? 'Saving…' : 'Save card'}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}
