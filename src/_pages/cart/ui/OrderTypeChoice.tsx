import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { setDeliveryLocation, setOrderType, type Cart } from '@/entities/cart'
import { deliveryTypeOf } from '@/entities/menu'
import { $selectedLocation } from '@/entities/location'
import type { RestaurantDetail } from '@/shared/api'
import { pathTo } from '@/shared/routes'
import css from './CartPage.module.css'

/** Pickup, delivery or dine-in, from the restaurant's order types; delivery goes to the diner's chosen place. */
export function OrderTypeChoice({ cart, restaurant }: { cart: Cart; restaurant: RestaurantDetail }) {
  const place = useStore($selectedLocation)
  const types = restaurant.orderTypes.filter((type) => {
    const kind = deliveryTypeOf(type)
    return kind !== null && !(kind === 'Delivery' && restaurant.disabledServices?.isDelivery)
  })
  const current = types.find((type) => type.code === cart.orderTypeId)
  const delivering = current ? deliveryTypeOf(current) === 'Delivery' : false
  const where = cart.deliveryLocation

  useEffect(() => {
    const differs = place ? !where || where.lat !== place.lat || where.lng !== place.lng || where.label !== place.label : where !== null
    if (differs) setDeliveryLocation(place ? { lat: place.lat, lng: place.lng, label: place.label } : null)
  }, [place, where])

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
        <p className={css.hint}>
          {where ? (
            <>
              Delivering to <strong>{where.label}</strong>.{' '}
              <a href={pathTo('locationSearch')}>Change the place</a>
            </>
          ) : (
            <>
              Choose where we deliver to see the delivery fee. <a href={pathTo('locationSearch')}>Choose a place</a>
            </>
          )}
        </p>
      )}
    </section>
  )
}
