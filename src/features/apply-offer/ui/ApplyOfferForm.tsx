import { useStore } from '@nanostores/react'
import { useId, useState, type FormEvent } from 'react'
import type { Cart } from '@/entities/cart'
import { $couponRequest, applyCoupon, removeCoupon } from '../model/apply-offer'
import css from './ApplyOfferForm.module.css'

/** A coupon code for the cart: validated by the server, then priced into the totals. */
export function ApplyOfferForm({ cart, orderAmount }: { cart: Cart; orderAmount: number }) {
  const id = useId()
  const request = useStore($couponRequest)
  const [code, setCode] = useState('')

  if (cart.couponCode) {
    return (
      <p className={css.applied} role="status">
        Coupon <strong>{cart.couponCode}</strong> applied
        <button type="button" className={css.remove} onClick={removeCoupon}>
          Remove coupon
        </button>
      </p>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (code.trim() && cart.locationId && !request.loading) void applyCoupon(code, cart.locationId, orderAmount)
  }

  return (
    <form className={css.form} onSubmit={submit} aria-busy={request.loading}>
      <label htmlFor={`${id}-code`} className={css.label}>
        Coupon code
      </label>
      <div className={css.row}>
        <input
          id={`${id}-code`}
          className={css.input}
          value={code}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={Boolean(request.error)}
          aria-describedby={request.error ? `${id}-error` : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="button button--secondary" disabled={request.loading || !code.trim()}>
          {request.loading ? 'Checking…' : 'Apply'}
        </button>
      </div>
      {request.error && (
        <p id={`${id}-error`} className={css.error} role="alert">
          {request.error}
        </p>
      )}
    </form>
  )
}
