import { useId } from 'react'
import { MAX_INSTRUCTION_LENGTH, setDeliveryInstruction, setOrderInstruction, type Cart } from '@/entities/cart'
import type { RestaurantDetail } from '@/shared/api'
import css from './CartPage.module.css'

/** The order's instructions for the restaurant, and for the courier on a delivery. */
export function Instructions({ cart, restaurant }: { cart: Cart; restaurant: RestaurantDetail }) {
  const ids = useId()
  const delivering = restaurant.orderTypes.find((type) => type.code === cart.orderTypeId)?.typeGroup === 'L'
  return (
    <section className={css.section} aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className={css.heading}>
        Instructions
      </h2>
      <div className={css.field}>
        <label htmlFor={`${ids}-order`} className={css.label}>
          For {restaurant.merchantName} <span className={css.muted}>(optional)</span>
        </label>
        <textarea
          id={`${ids}-order`}
          className={css.textarea}
          rows={2}
          maxLength={MAX_INSTRUCTION_LENGTH}
          value={cart.orderInstruction}
          placeholder="Cutlery, allergies, a birthday…"
          onChange={(event) => setOrderInstruction(event.target.value)}
        />
      </div>
      {delivering && (
        <div className={css.field}>
          <label htmlFor={`${ids}-delivery`} className={css.label}>
            For the courier <span className={css.muted}>(optional)</span>
          </label>
          <textarea
            id={`${ids}-delivery`}
            className={css.textarea}
            rows={2}
            maxLength={MAX_INSTRUCTION_LENGTH}
            value={cart.deliveryInstruction}
            placeholder="Gate code, floor, leave at the door…"
            onChange={(event) => setDeliveryInstruction(event.target.value)}
          />
        </div>
      )}
    </section>
  )
}
