import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import { $cartPreview, $cartTotals, $cartTotalsRequest, refreshCartTotals, tipAmount, type Cart } from '@/entities/cart'
import { formatMoney } from '@/shared/lib/money'
import { pathTo } from '@/shared/routes'
import css from './CartPage.module.css'

type Row = { label: string; amount: number; testId?: string }

/** The server's totals of the cart; until they answer, the menu's prices labelled as an estimate. */
export function TotalsPanel({ cart, reviewing, children }: { cart: Cart; reviewing: boolean; children?: ReactNode }) {
  const totals = useStore($cartTotals)
  const request = useStore($cartTotalsRequest)
  const preview = useStore($cartPreview)
  const delivering = cart.restaurant?.orderTypes.find((type) => type.code === cart.orderTypeId)?.typeGroup === 'L'
  // Not an error: the fee depends on where it goes, so the panel says what is missing (docs/checkout.md).
  const missingAddress = delivering && !cart.deliveryLocation

  let rows: Row[]
  let total: Row
  let currency: string
  if (totals) {
    currency = totals.currency
    rows = [
      { label: 'Subtotal', amount: totals.subtotal, testId: 'subtotal' },
      { label: 'Item tax', amount: totals.itemTax },
      { label: `Order tax (${totals.orderTaxRate}%)`, amount: totals.orderTax },
      ...(totals.surcharge > 0 ? [{ label: totals.surchargeLabel ?? 'Surcharge', amount: totals.surcharge }] : []),
      ...(delivering ? [{ label: 'Delivery fee', amount: totals.deliveryFee }] : []),
      ...(totals.discount > 0 ? [{ label: cart.couponCode ? `Discount (${cart.couponCode})` : 'Discount', amount: -totals.discount, testId: 'discount' }] : []),
      { label: 'Tip', amount: totals.tip, testId: 'tip' },
      ...(totals.walletRedeemed > 0 ? [{ label: 'Wallet', amount: -totals.walletRedeemed, testId: 'wallet' }] : []),
    ]
    total = { label: 'Total', amount: totals.total, testId: 'total' }
  } else {
    currency = preview.currency
    const tip = tipAmount(cart.tip, preview.subtotal)
    rows = [
      { label: 'Subtotal (estimate)', amount: preview.subtotal, testId: 'subtotal' },
      { label: 'Tip (estimate)', amount: tip, testId: 'tip' },
    ]
    total = { label: 'Estimated total', amount: preview.subtotal + tip, testId: 'total' }
  }

  return (
    <aside className={css.summary} aria-labelledby="summary-heading">
      <h2 id="summary-heading" className={css.heading}>
        Order summary
      </h2>
      <dl className={css.rows} data-estimate={totals ? undefined : ''}>
        {rows.map((row) => (
          <div key={row.label} className={css.row}>
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>{formatMoney(row.amount, currency)}</dd>
          </div>
        ))}
        <div className={`${css.row} ${css.totalRow}`}>
          <dt>{total.label}</dt>
          <dd data-testid={total.testId}>{formatMoney(total.amount, currency)}</dd>
        </div>
      </dl>
      <div aria-live="polite">
        {missingAddress && (
          <p className={css.hint} data-testid="totals-missing">
            Add a delivery address to see the delivery fee.
          </p>
        )}
        {!missingAddress && !totals && request.loading && <p className={css.hint}>Checking prices with {cart.restaurant?.merchantName}…</p>}
        {!missingAddress && !totals && !request.loading && !request.error && <p className={css.hint}>Taxes, fees and the final total follow when the restaurant confirms the prices.</p>}
      </div>
      {!missingAddress && !totals && request.error && !request.loading && (
        <div className={css.alert} role="alert">
          <p>{request.error}</p>
          <button type="button" className="button button--secondary" onClick={() => void refreshCartTotals(true)}>
            Retry
          </button>
        </div>
      )}
      {!reviewing && (
        <a className={`button ${css.review}`} href={pathTo('checkOut')}>
          Review your order
        </a>
      )}
      {children}
    </aside>
  )
}
