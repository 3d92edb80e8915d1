import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $cartCount } from '@/entities/cart'
import { $session } from '@/entities/session'
import { navigate, pathTo } from '@/shared/routes'
import { showToast } from '@/shared/ui'
import { reorder, type ReorderSource } from '../model/reorder'
import css from './ReorderButton.module.css'

type Props = {
  order: ReorderSource & { merchantType: string; locationSlug: string }
  /** What a screen reader hears when several of these buttons share a screen ("Order again from Olive Tree"). */
  label?: string
}

/** "Order again": the order's dishes in a fresh cart, after the diner agrees to replace what the cart holds. */
export function ReorderButton({ order, label }: Props) {
  const inCart = useStore($cartCount)
  const signedIn = useStore($session).status === 'signedIn'
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)

  async function orderAgain() {
    setConfirming(false)
    setBusy(true)
    try {
      const outcome = await reorder(order, signedIn)
      const missing = outcome.missing.length ? ` Not available now: ${outcome.missing.join(', ')}.` : ''
      if (outcome.status === 'nothing') {
        showToast(`None of these dishes can be ordered right now.${missing}`, { tone: 'error' })
        return
      }
      showToast(`Added ${outcome.added} ${outcome.added === 1 ? 'dish' : 'dishes'} to your cart.${missing}`, { tone: 'success' })
      navigate(pathTo('cart', { merchantType: order.merchantType, merchantSlug: order.locationSlug }))
    } catch (error) {
      console.error('Reordering failed:', error)
      showToast('Please Try Again', { tone: 'error' })
    } finally {
      setBusy(false)
    }
  }

  if (confirming) {
    return (
      <div className={css.confirm} role="group" aria-label="Replace your cart?">
        <p>
          Your cart has {inCart} {inCart === 1 ? 'item' : 'items'}. Replace {inCart === 1 ? 'it' : 'them'} with this order?
        </p>
        <button type="button" className="button" onClick={() => void orderAgain()}>
          Replace my cart
        </button>
        <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
          Keep my cart
        </button>
      </div>
    )
  }
  return (
    <button
      type="button"
      className="button"
      disabled={busy}
      aria-busy={busy}
      aria-label={busy ? undefined : label}
      onClick={() => (inCart > 0 ? setConfirming(true) : void orderAgain())}
    >
      {busy ? 'Adding to your cart…' : 'Order again'}
    </button>
  )
}
