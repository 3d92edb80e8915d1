import { useStore } from '@nanostores/react'
import { Suspense, useId, useRef, useState, type FormEvent } from 'react'
import {
  canChooseMore,
  choiceHint,
  isChosen,
  isRequired,
  isSingleChoice,
  MAX_ITEM_QUANTITY,
  MIN_ITEM_QUANTITY,
  selectedCount,
  selectionLimit,
  type Modifier,
} from '@/shared/lib/customisation'
import type { RestaurantDetail } from '@/shared/api'
import { lazyPart } from '@/shared/lib/lazy'
import { formatMoney } from '@/shared/lib/money'
import { addDraftToCart, type AddOutcome } from '../model/add-to-cart'
import { $draft, $draftSummary, chooseOption, detachFromLine, MAX_COMMENT_LENGTH, setComment, setQuantity, toggleOption } from '../model/customise'
import { AwaitingPaymentPrompt } from './AwaitingPaymentPrompt'
import css from './CustomiseItemForm.module.css'

// Headless UI's Dialog loads only when a dish meets another restaurant's cart: it shared a chunk
// with the menu's quick add and was evaluated on every menu's start (docs/app.md, "Start-up work").
const NewCartDialog = lazyPart(() => import('./NewCartDialog').then((module) => module.NewCartDialog))

type AddedOutcome = Extract<AddOutcome, { status: 'added' | 'updated' }>

type CustomiseItemFormProps = {
  restaurant: RestaurantDetail
  eventDate: string | null
  /** Why the item cannot be ordered here (browse-only menu, no online ordering), or null. */
  unavailableReason: string | null
  onAdded: (outcome: AddedOutcome) => void
}

/** Options with their rules, quantity, a comment and the live total; "Add to order" puts it in the cart once every rule holds. */
export function CustomiseItemForm({ restaurant, eventDate, unavailableReason, onAdded }: CustomiseItemFormProps) {
  const draft = useStore($draft)
  const summary = useStore($draftSummary)
  const formRef = useRef<HTMLFormElement>(null)
  const [otherRestaurant, setOtherRestaurant] = useState<string | null>(null)
  const [waitingOrder, setWaitingOrder] = useState<string | null>(null)
  const ids = useId()
  if (!draft || !summary) return null
  const { item } = draft
  const currency = restaurant.currency
  const blocked = summary.soldOut || summary.problems.length > 0
  const ordering = unavailableReason === null

  function add(startOver: boolean) {
    const outcome = addDraftToCart(restaurant, eventDate, startOver)
    if (outcome.status === 'added' || outcome.status === 'updated') {
      onAdded(outcome)
    } else if (outcome.status === 'another_restaurant') {
      setOtherRestaurant(outcome.restaurantName)
    } else if (outcome.status === 'awaiting_payment') {
      setWaitingOrder(outcome.orderId)
    } else {
      const first = summary?.problems[0]?.modifierId
      if (first) formRef.current?.querySelector<HTMLInputElement>(`[data-modifier="${first}"] input:not(:disabled)`)?.focus()
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (ordering) add(false)
  }

  return (
    <form ref={formRef} className={css.form} onSubmit={submit} noValidate>
      <fieldset className={css.all} disabled={summary.soldOut}>
        {item.modifiers.map((modifier) => (
          <ModifierChoice key={modifier.id} modifier={modifier} currency={currency} />
        ))}

        <div className={css.quantity} role="group" aria-labelledby={`${ids}-quantity`}>
          <span id={`${ids}-quantity`} className={css.label}>
            Quantity
          </span>
          <div className={css.stepper}>
            <button
              type="button"
              className={css.step}
              aria-label="Decrease quantity"
              disabled={draft.quantity <= MIN_ITEM_QUANTITY}
              onClick={() => setQuantity(draft.quantity - 1)}
            >
              −
            </button>
            <output className={css.count} aria-live="polite" data-testid="item-quantity">
              {draft.quantity}
            </output>
            <button
              type="button"
              className={css.step}
              aria-label="Increase quantity"
              disabled={draft.quantity >= MAX_ITEM_QUANTITY}
              onClick={() => setQuantity(draft.quantity + 1)}
            >
              +
            </button>
          </div>
        </div>

        <div className={css.comment}>
          <label htmlFor={`${ids}-comment`} className={css.label}>
            Comments for the kitchen <span className={css.muted}>(optional)</span>
          </label>
          <textarea
            id={`${ids}-comment`}
            className={css.textarea}
            rows={3}
            maxLength={MAX_COMMENT_LENGTH}
            value={draft.comment}
            placeholder="Allergies, no onions, sauce on the side…"
            onChange={(event) => setComment(event.target.value)}
            aria-describedby={`${ids}-comment-count`}
          />
          <span id={`${ids}-comment-count`} className={css.muted}>
            {draft.comment.length}/{MAX_COMMENT_LENGTH}
          </span>
        </div>
      </fieldset>

      <div className={css.footer}>
        <p className={css.total}>
          <span>Total</span>
          <strong data-testid="item-total" aria-live="polite">
            {formatMoney(summary.total, currency)}
          </strong>
        </p>
        {ordering ? (
          <>
            {blocked && (
              <div id={`${ids}-why`} className={css.why}>
                {summary.soldOut ? (
                  <p>Sold out: this item cannot be ordered right now.</p>
                ) : (
                  <>
                    <p>Before adding this item:</p>
                    <ul>
                      {summary.problems.map((problem) => (
                        <li key={`${problem.modifierId}-${problem.code}`}>{problem.message}</li>
                      ))}
                    </ul>
                  </>
                )}
              </div>
            )}
            {draft.lineId && (
              <p className={css.editing}>
                You are changing this item in your cart.{' '}
                <button type="button" className={css.link} onClick={detachFromLine}>
                  Add it as a new item instead
                </button>
              </p>
            )}
            <button type="submit" className={`button ${css.add}`} aria-disabled={blocked || undefined} aria-describedby={blocked ? `${ids}-why` : undefined}>
              {draft.lineId ? 'Update item' : 'Add to order'}
            </button>
            {otherRestaurant && (
              <Suspense fallback={null}>
                <NewCartDialog
                  currentRestaurant={otherRestaurant}
                  newRestaurant={restaurant.merchantName}
                  onStartNew={() => {
                    setOtherRestaurant(null)
                    add(true)
                  }}
                  onClose={() => setOtherRestaurant(null)}
                />
              </Suspense>
            )}
            {waitingOrder && (
              <AwaitingPaymentPrompt
                orderId={waitingOrder}
                dishName={item.name}
                onReopened={() => {
                  setWaitingOrder(null)
                  add(false)
                }}
                onClose={() => setWaitingOrder(null)}
              />
            )}
          </>
        ) : (
          <p className={css.why}>{unavailableReason}</p>
        )}
      </div>
    </form>
  )
}

function ModifierChoice({ modifier, currency }: { modifier: Modifier; currency: string }) {
  const draft = useStore($draft)
  const legendId = useId()
  if (!draft) return null
  const single = isSingleChoice(modifier)
  const required = isRequired(modifier)
  const count = selectedCount(modifier, draft.chosen)
  const more = canChooseMore(modifier, draft.chosen)
  const name = `modifier-${modifier.id}`
  const price = (amount: number) => (amount > 0 ? <span className={css.optionPrice}>+ {formatMoney(amount, currency)}</span> : null)

  return (
    <fieldset className={css.modifier} data-modifier={modifier.id} aria-describedby={`${legendId}-hint`}>
      <legend className={css.legend}>
        <span className={css.modifierName}>{modifier.name}</span>
        <span className={required ? css.required : css.optional}>{required ? 'Required' : 'Optional'}</span>
      </legend>
      <p id={`${legendId}-hint`} className={css.hint}>
        {choiceHint(modifier)}
        {!single && ` · ${count} of ${selectionLimit(modifier)} chosen`}
      </p>
      <ul className={css.options}>
        {single && !required && (
          <li>
            <label className={css.option}>
              <input type="radio" name={name} checked={count === 0} onChange={() => chooseOption(modifier, null)} />
              <span className={css.optionName}>No {modifier.name.toLowerCase()}</span>
            </label>
          </li>
        )}
        {modifier.options.map((option) => {
          const checked = isChosen(draft.chosen, option.id)
          return (
            <li key={option.id}>
              <label className={css.option} data-disabled={!single && !checked && !more ? '' : undefined}>
                {single ? (
                  <input type="radio" name={name} checked={checked} onChange={() => chooseOption(modifier, option.id)} />
                ) : (
                  <input type="checkbox" name={name} checked={checked} disabled={!checked && !more} onChange={() => toggleOption(modifier, option.id)} />
                )}
                <span className={css.optionName}>{option.name}</span>
                {price(option.price)}
              </label>
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}
