import { setOrderType, type Cart } from '@/entities/cart'
import { deliveryTypeOf } from '@/entities/menu'
import type { RestaurantDetail } from '@/shared/api'
import { lazy, Suspense } from 'react'
import css from './CartPage.module.css'

// Headless UI's combobox and radio group weigh ~45 KB gzipped: loaded only when the order is a delivery.
const DeliveryAddress = lazy(() => import('./DeliveryAddress').then((module) => ({ default: module.DeliveryAddress })))

/** Pickup, delivery or dine-in, from the restaurant's order types; a delivery asks where, right here in the cart. */
export function OrderTypeChoice({ cart, restaurant }: { cart: Cart; restaurant: RestaurantDetail }) {
  const types = restaurant.orderTypes.filter((type) => {
    const kind = deliveryTypeOf(type)
    return kind !== null && !(kind === 'Delivery' && restaurant.disabledServices?.isDelivery)
  })
  const current = types.find((type) => type.code === cart.orderTypeId)
  const delivering = current ? deliveryTypeOf(current) === 'Delivery' : false

  if (types.length === 0) return null
  return (
    <section className={css.section} aria-labelledby="order-type-heading">
      <h2 id="order-type-heading" className={css.heading}>
        Order type
      </h2>
      <fieldset className={css.choices}>
        <legend className="visually-hidden">How you get your order</legend>
        {types.map((type) => (
          <label key={type.code} className={css.choice}>
            <input type="radio" name="order-type" checked={type.code === cart.orderTypeId} onChange={() => setOrderType(type.code)} />
            <span>{type.name}</span>
          </label>
        ))}
      </fieldset>
      {delivering && (
        <>
          <h3 className={css.subheading}>Deliver to</h3>
          <Suspense fallback={<p className={css.hint}>Loading the address form…</p>}>
            <DeliveryAddress cart={cart} restaurant={restaurant} />
          </Suspense>
        </>
      )}
    </section>
  )
}
