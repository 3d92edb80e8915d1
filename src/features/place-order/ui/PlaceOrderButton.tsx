import { useStore } from '@nanostores/react'
import type { Cart } from '@/entities/cart'
import { $session, setToLocationAfterAuth } from '@/entities/session'
import { navigate, pathTo } from '@/shared/routes'
import { $placeOrder, placeOrder, toPlaceOrderRequest } from '../model/place-order'
import css from './PlaceOrderButton.module.css'

/** "Place order": a verified guest or a signed-in customer places the cart; anyone else is asked who they are first. */
export function PlaceOrderButton({ cart, disabled }: { cart: Cart; disabled?: boolean }) {
  const session = useStore($session)
  const state = useStore($placeOrder)

  function submit() {
    const current = $session.get()
    const request = toPlaceOrderRequest(cart, current)
    if (current.status === 'guest') {
      setToLocationAfterAuth(window.location.pathname)
      navigate(pathTo('guestDetails'))
      return
    }
    // Signed in or a verified guest here: the access token or the guest token that proves the number goes along.
    if (request) void placeOrder(request, true)
  }

  return (
    <div className={css.place}>
      <button type="button" className={`button ${css.button}`} onClick={submit} disabled={disabled || state.loading} aria-busy={state.loading || undefined}>
        {state.loading ? 'Placing your order…' : 'Place order'}
      </button>
      {session.status === 'guest' && <p className={css.hint}>We will ask for your name and mobile number first.</p>}
      {state.error && !state.loading && (
        <p className={css.error} role="alert">
          {state.error}
        </p>
      )}
    </div>
  )
}
