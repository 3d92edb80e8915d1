import { useStore } from '@nanostores/react'
import { useId, useState } from 'react'
import { $cartPreview, $cartTotals, parseAmount, setTip, tipAmount, tipSuggestions, type Cart } from '@/entities/cart'
import { formatMoney } from '@/shared/lib/money'
import css from './CartPage.module.css'

const CUSTOM = 'custom'

/** No tip, one of the suggested percentages, or an amount of the diner's own (docs/payments.md, "Tips"; FLATFEE 0 by default). */
export function TipSection({ cart }: { cart: Cart }) {
  const preview = useStore($cartPreview)
  const totals = useStore($cartTotals)
  const subtotal = totals?.subtotal ?? preview.subtotal
  const currency = totals?.currency ?? preview.currency
  const [customOpen, setCustomOpen] = useState(cart.tip.tipType === 'FLATFEE' && cart.tip.tipValue > 0)
  const [typed, setTyped] = useState(cart.tip.tipType === 'FLATFEE' && cart.tip.tipValue > 0 ? (cart.tip.tipValue / 100).toFixed(2) : '')
  const [invalid, setInvalid] = useState(false)
  const ids = useId()

  const selected =
    customOpen || (cart.tip.tipType === 'FLATFEE' && cart.tip.tipValue > 0)
      ? CUSTOM
      : cart.tip.tipType === 'PERCENTAGE'
        ? `p${cart.tip.tipValue}`
        : 'none'

  function typeAmount(text: string) {
    setTyped(text)
    const amount = text.trim() === '' ? 0 : parseAmount(text)
    setInvalid(amount === null)
    if (amount !== null) setTip({ tipType: 'FLATFEE', tipValue: amount })
  }

  return (
    <>
      <fieldset className={css.choices}>
        <legend className="visually-hidden">Tip for the team</legend>
        <label className={css.choice}>
          <input
            type="radio"
            name="tip"
            checked={selected === 'none'}
            onChange={() => {
              setCustomOpen(false)
              setTip({ tipType: 'NONE', tipValue: 0 })
            }}
          />
          <span>No tip</span>
        </label>
        {tipSuggestions(subtotal).map((percent) => {
          const tip = { tipType: 'PERCENTAGE' as const, tipValue: percent * 100 }
          return (
            <label key={percent} className={css.choice}>
              <input
                type="radio"
                name="tip"
                checked={selected === `p${tip.tipValue}`}
                onChange={() => {
                  setCustomOpen(false)
                  setTip(tip)
                }}
              />
              <span>
                {percent}% <span className={css.muted}>{formatMoney(tipAmount(tip, subtotal), currency)}</span>
              </span>
            </label>
          )
        })}
        <label className={css.choice}>
          <input
            type="radio"
            name="tip"
            checked={selected === CUSTOM}
            onChange={() => {
              setCustomOpen(true)
              typeAmount(typed)
            }}
          />
          <span>Other amount</span>
        </label>
      </fieldset>
      {selected === CUSTOM && (
        <div className={css.field}>
          <label htmlFor={`${ids}-amount`} className={css.label}>
            Tip amount ({currency})
          </label>
          <input
            id={`${ids}-amount`}
            className={css.input}
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            placeholder="2.50"
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${ids}-error` : undefined}
            onChange={(event) => typeAmount(event.target.value)}
          />
          {invalid && (
            <p id={`${ids}-error`} className={css.error}>
              Enter an amount such as 2.50.
            </p>
          )}
        </div>
      )}
    </>
  )
}
