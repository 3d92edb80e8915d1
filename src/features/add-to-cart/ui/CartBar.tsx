import { useStore } from '@nanostores/react'
import { useEffect, useRef } from 'react'
import { $cart, $cartCount, $cartPreview } from '@/entities/cart'
import { formatMoney } from '@/shared/lib/money'
import { $router, pathTo } from '@/shared/routes'
import { setToastFootBar } from '@/shared/ui'
import css from './CartBar.module.css'

/** The cart at the foot of a menu: how many items, the estimated subtotal, and the way to the cart. */
export function CartBar({ locationId }: { locationId: string }) {
  const cart = useStore($cart)
  const count = useStore($cartCount)
  const preview = useStore($cartPreview)
  const page = useStore($router)
  const barRef = useRef<HTMLElement>(null)
  const shown = count > 0 && Boolean(cart.restaurant)
  // Toasts rise above the bar instead of covering it (docs/menu.md); the size comes with the
  // observer's entry, so reading it lays nothing out again.
  useEffect(() => {
    const bar = barRef.current
    if (!shown || !bar) return
    const observer = new ResizeObserver(([entry]) => setToastFootBar(Math.round(entry!.borderBoxSize[0]!.blockSize)))
    observer.observe(bar)
    return () => {
      observer.disconnect()
      setToastFootBar(null)
    }
  }, [shown])
  if (!shown || !cart.restaurant) return null
  const elsewhere = cart.locationId !== locationId
  const { tableId, orderId, menuType } = (page?.params ?? {}) as Record<string, string | undefined>
  // At a table the cart is the table's (docs/dine-in.md, "A table order is an open tab"); from an open table order it adds a round.
  const path = tableId
    ? pathTo('dineInCart', { tableId, menuType: menuType ?? cart.orderTypeId ?? 'dinein' }, orderId ? { orderId } : undefined)
    : pathTo('cart', { merchantType: cart.restaurant.merchantType, merchantSlug: cart.restaurant.locationSlug })
  return (
    <aside ref={barRef} className={css.bar} aria-label="Your cart" data-testid="cart-bar">
      <p className={css.text}>
        <strong>{count === 1 ? '1 item' : `${count} items`}</strong> · <span data-testid="cart-bar-subtotal">{formatMoney(preview.subtotal, preview.currency)}</span>
        {elsewhere && <span className={css.where}>from {cart.restaurant.merchantName}</span>}
      </p>
      <a className="button" href={path}>
        View cart
      </a>
    </aside>
  )
}
