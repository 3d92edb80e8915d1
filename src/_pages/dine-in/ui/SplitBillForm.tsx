import { useStore } from '@nanostores/react'
import { useId, useState, type FormEvent } from 'react'
import { $splitBill, splitBill } from '@/entities/table-order'
import { evenShares, MAX_SPLIT_PARTS, MIN_SPLIT_PARTS, type OrderDetail } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import css from './DineIn.module.css'

const clampParts = (value: number, most: number) => Math.min(most, Math.max(MIN_SPLIT_PARTS, Math.trunc(value) || MIN_SPLIT_PARTS))

/** Split the bill evenly in N shares, or by dish: each dish picked into one of N shares. */
export function SplitBillForm({ order, signedIn }: { order: OrderDetail; signedIn: boolean }) {
  const ids = useId()
  const state = useStore($splitBill)
  const [mode, setMode] = useState<'EVEN' | 'ITEMS'>('EVEN')
  const [parts, setParts] = useState(MIN_SPLIT_PARTS)
  const [shareOf, setShareOf] = useState<Record<string, number>>({})
  const most = mode === 'ITEMS' ? Math.min(MAX_SPLIT_PARTS, Math.max(MIN_SPLIT_PARTS, order.items.length)) : MAX_SPLIT_PARTS
  const count = clampParts(parts, most)
  const shareOfLine = (lineId: string, index: number) => Math.min(count, shareOf[lineId] ?? (index % count) + 1)
  const money = (minor: number) => formatMoney(minor, order.currency)
  const groups = Array.from({ length: count }, (_, share) => order.items.filter((line, index) => shareOfLine(line.id, index) === share + 1).map((line) => line.id))
  const emptyShare = mode === 'ITEMS' && groups.some((group) => group.length === 0)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (state.loading || emptyShare) return
    await splitBill(
      mode === 'EVEN'
        ? { orderId: order.orderId, mode: 'EVEN', parts: count }
        : { orderId: order.orderId, mode: 'ITEMS', groups: groups.map((orderItemIds, index) => ({ label: `Share ${index + 1} of ${count}`, orderItemIds })) },
      signedIn,
    )
  }

  return (
    <form className={css.panel} onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={css.subtitle}>
        Split the bill
      </h2>
      <fieldset className={css.choices}>
        <legend>How would you like to split it?</legend>
        <label className={css.choice}>
          <input type="radio" name={`${ids}-mode`} checked={mode === 'EVEN'} onChange={() => setMode('EVEN')} />
          Evenly
        </label>
        <label className={css.choice}>
          <input type="radio" name={`${ids}-mode`} checked={mode === 'ITEMS'} onChange={() => setMode('ITEMS')} disabled={order.items.length < MIN_SPLIT_PARTS} />
          By dish
        </label>
      </fieldset>
      <div className={css.field}>
        <label htmlFor={`${ids}-parts`}>Number of shares</label>
        <input
          id={`${ids}-parts`}
          type="number"
          inputMode="numeric"
          min={MIN_SPLIT_PARTS}
          max={most}
          value={parts}
          onChange={(event) => setParts(Number(event.target.value))}
          onBlur={() => setParts(count)}
        />
      </div>
      {mode === 'EVEN' ? (
        <p className={css.lead} aria-live="polite">
          {count} shares: {evenShares(order.total, count).map(money).join(', ')}
        </p>
      ) : (
        <ul className={css.lines}>
          {order.items.map((line, index) => (
            <li key={line.id} className={css.line}>
              <label htmlFor={`${ids}-${line.id}`}>
                {line.quantity} × {line.name} ({money(line.lineSubtotal)})
              </label>
              <select
                id={`${ids}-${line.id}`}
                value={shareOfLine(line.id, index)}
                onChange={(event) => setShareOf({ ...shareOf, [line.id]: Number(event.target.value) })}
              >
                {Array.from({ length: count }, (_, share) => (
                  <option key={share} value={share + 1}>
                    Share {share + 1}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
      )}
      {emptyShare && (
        <p className={css.error} role="alert">
          Every share needs at least one dish.
        </p>
      )}
      {state.error && !state.loading && (
        <p className={css.error} role="alert">
          {state.error}
        </p>
      )}
      <button type="submit" className="button" disabled={state.loading} aria-busy={state.loading || undefined}>
        {state.loading ? 'Splitting…' : `Split into ${count} shares`}
      </button>
    </form>
  )
}
