import { useStore } from '@nanostores/react'
import { useId, useState } from 'react'
import {
  $cartTotals,
  decrementItem,
  editItem,
  incrementItem,
  MAX_COMMENT_LENGTH,
  removeItem,
  saveItemComment,
  type Cart,
  type CartLine,
} from '@/entities/cart'
import { itemPath } from '@/entities/menu'
import { MAX_ITEM_QUANTITY } from '@/shared/lib/customisation'
import type { RestaurantDetail } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import css from './CartPage.module.css'

/** The cart's lines with their options and notes: more, fewer, remove, edit; read only (`frozen`) once the cart is placed as an order. */
export function CartLines({ cart, restaurant, frozen = false }: { cart: Cart; restaurant: RestaurantDetail; frozen?: boolean }) {
  const totals = useStore($cartTotals)
  const place = { kind: 'merchant', merchantType: restaurant.merchantType, merchantSlug: restaurant.locationSlug } as const
  return (
    <ul className={css.lines}>
      {cart.items.map((line, index) => {
        const priced = totals?.lines.length === cart.items.length ? totals.lines[index] : undefined
        return (
          <CartLineRow
            key={line.lineId}
            line={line}
            amount={priced ? priced.lineSubtotal : line.unitPrice * line.quantity}
            currency={totals?.currency ?? restaurant.currency}
            editPath={cart.orderTypeId ? itemPath(place, cart.orderTypeId, line) : null}
            frozen={frozen}
          />
        )
      })}
    </ul>
  )
}

const describeOptions = (line: CartLine) => line.options.map((option) => (option.quantity > 1 ? `${option.optionName} × ${option.quantity}` : option.optionName)).join(', ')

type CartLineRowProps = { line: CartLine; amount: number; currency: string; editPath: string | null; frozen: boolean }

function CartLineRow({ line, amount, currency, editPath, frozen }: CartLineRowProps) {
  const [noting, setNoting] = useState(false)
  const [note, setNote] = useState(line.comment)
  const ids = useId()
  const options = describeOptions(line)

  return (
    <li className={css.line} data-testid="cart-line" aria-labelledby={`${ids}-name`}>
      <div className={css.lineText}>
        <h3 id={`${ids}-name`} className={css.lineName}>
          {line.name}
        </h3>
        {options && <p className={css.options}>{options}</p>}
        {line.comment && !noting && <p className={css.note}>Note: {line.comment}</p>}
        {frozen ? null : noting ? (
          <form
            className={css.noteForm}
            onSubmit={(event) => {
              event.preventDefault()
              saveItemComment(line.lineId, note)
              setNoting(false)
            }}
          >
            <label htmlFor={`${ids}-note`} className={css.label}>
              Note for the kitchen
            </label>
            <textarea id={`${ids}-note`} className={css.textarea} rows={2} maxLength={MAX_COMMENT_LENGTH} value={note} onChange={(event) => setNote(event.target.value)} />
            <div className={css.inline}>
              <button type="submit" className="button">
                Save note
              </button>
              <button type="button" className="button button--secondary" onClick={() => setNoting(false)}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <div className={css.lineActions}>
            {editPath && (
              <a className={css.textButton} href={editPath} onClick={() => editItem(line.lineId)} aria-label={`Edit ${line.name}`}>
                Edit
              </a>
            )}
            <button
              type="button"
              className={css.textButton}
              aria-label={`${line.comment ? 'Change the note' : 'Add a note'} for ${line.name}`}
              onClick={() => {
                setNote(line.comment)
                setNoting(true)
              }}
            >
              {line.comment ? 'Change note' : 'Add a note'}
            </button>
            <button type="button" className={css.textButton} aria-label={`Remove ${line.name}`} onClick={() => removeItem(line.lineId)}>
              Remove
            </button>
          </div>
        )}
      </div>
      <div className={css.lineSide}>
        {frozen ? (
          <p className={css.count} data-testid="line-quantity">
            <span className="visually-hidden">Quantity </span>
            <span aria-hidden="true">× </span>
            {line.quantity}
          </p>
        ) : (
          <div className={css.stepper} role="group" aria-label={`Quantity of ${line.name}`}>
            <button type="button" className={css.step} aria-label={`One fewer ${line.name}`} onClick={() => decrementItem(line.lineId)}>
              −
            </button>
            <output className={css.count} aria-live="polite" data-testid="line-quantity">
              {line.quantity}
            </output>
            <button type="button" className={css.step} aria-label={`One more ${line.name}`} disabled={line.quantity >= MAX_ITEM_QUANTITY} onClick={() => incrementItem(line.lineId)}>
              +
            </button>
          </div>
        )}
        <p className={css.lineAmount} data-testid="line-amount">
          {formatMoney(amount, currency)}
        </p>
      </div>
    </li>
  )
}
