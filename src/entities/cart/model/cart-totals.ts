import { computed, onMount } from 'nanostores'
import { ApiRefusal, type TotalsResponse } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { fetchCartTotals, toTotalsRequest } from '../api/price-cart'
import { $cart, type Cart } from './cart'

/** How long the cart must stay still before it is priced again. */
export const TOTALS_DEBOUNCE_MS = 300

type PricedCart = { key: string; totals: TotalsResponse }

const totals = createRequestState<PricedCart>()

/** The pricing request: priced again (debounced) after every change of the cart while someone watches it. */
export const $cartTotalsRequest = totals.$state

/** The server's own message for a refusal, else that the prices could not be confirmed. */
export const totalsFailureMessage = (error: unknown) =>
  error instanceof ApiRefusal ? error.message : 'We could not confirm the prices right now. The amounts shown are an estimate.'

const keyOf = (cart: Cart) => {
  const request = toTotalsRequest(cart)
  return request ? JSON.stringify(request) : null
}

let pending: ReturnType<typeof setTimeout> | undefined
let sentKey: string | null = null

/** Prices the cart now; a cart already priced or being priced is not sent again unless `force`. */
export async function refreshCartTotals(force = false): Promise<void> {
  clearTimeout(pending)
  const request = toTotalsRequest($cart.get())
  if (!request) {
    sentKey = null
    totals.reset()
    return
  }
  const key = JSON.stringify(request)
  const state = totals.$state.get()
  if (!force && key === sentKey && (state.loading || state.data?.key === key)) return
  sentKey = key
  await totals.run(async () => ({ key, totals: await fetchCartTotals(request) }), totalsFailureMessage)
}

export function scheduleCartTotals(delayMs = TOTALS_DEBOUNCE_MS): void {
  clearTimeout(pending)
  pending = setTimeout(() => void refreshCartTotals(), delayMs)
}

onMount($cartTotalsRequest, () => {
  void refreshCartTotals()
  const unbind = $cart.listen(() => scheduleCartTotals())
  return () => {
    unbind()
    clearTimeout(pending)
  }
})

/** The server's totals when they price the cart exactly as it is now, else null (the preview is an estimate). */
export const $cartTotals = computed([$cartTotalsRequest, $cart], (request, cart) => {
  const key = keyOf(cart)
  return key !== null && request.data?.key === key ? request.data.totals : null
})
