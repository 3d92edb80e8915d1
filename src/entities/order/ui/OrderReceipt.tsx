import type { OrderPayment, OrderReceipt as Receipt } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import { cardName, formatRestaurantTime, orderNumber, orderNumberOf } from '../lib/format'
import css from './Order.module.css'

const PAYMENT_STATE: Record<string, string> = {
  '18': 'Authorized',
  '19': 'Paid',
  '20': 'Declined',
  '21': 'Not completed (gateway error)',
  '25': 'To pay at the restaurant',
}

function paymentText(payment: OrderPayment): string {
  if (payment.kind === 'PAY_AT_LOCATION' && payment.amount === 0) return 'Nothing left to pay'
  // A hold or a pay-at-restaurant promise released (cancelled, expired or moved) charged nothing.
  const state = payment.voidedAt ? 'Released, not charged' : (PAYMENT_STATE[payment.status] ?? 'Unknown')
  return payment.kind === 'PAY_AT_LOCATION' ? state : `${cardName(payment.cardBrand, payment.last4)} · ${state}`
}

/** The itemised receipt of an order: what was ordered, every amount the server charged, and how it was paid. */
export function OrderReceipt({ order }: { order: Receipt }) {
  const money = (minor: number) => formatMoney(minor, order.currency)
  const tipNote = order.tipType === 'PERCENTAGE' ? ` (${order.tipValue / 100} %)` : ''
  const rows: [string, string][] = [
    ['Subtotal', money(order.subtotal)],
    ...(order.itemTax ? [['Item tax', money(order.itemTax)] as [string, string]] : []),
    ...(order.orderTax ? [[`Tax (${order.orderTaxRate} %)`, money(order.orderTax)] as [string, string]] : []),
    ...(order.surcharge ? [[order.surchargeLabel ?? 'Surcharge', money(order.surcharge)] as [string, string]] : []),
    ...(order.deliveryFee ? [['Delivery fee', money(order.deliveryFee)] as [string, string]] : []),
    ...(order.tip ? [[`Tip${tipNote}`, money(order.tip)] as [string, string]] : []),
    ...(order.discount ? [['Discount', `−${money(order.discount)}`] as [string, string]] : []),
    ...(order.walletRedeemed ? [['Wallet', `−${money(order.walletRedeemed)}`] as [string, string]] : []),
  ]
  const payments = order.payments.filter((payment) => payment.status !== '20' && payment.status !== '21')

  return (
    <article className={css.receipt} aria-label={`Receipt of order ${orderNumberOf(order)}`}>
      <header className={css.receiptHead}>
        <p className={css.merchant}>{order.merchantName}</p>
        {order.branchName !== order.merchantName && <p className={css.muted}>{order.branchName}</p>}
        <dl className={css.meta}>
          <div>
            <dt>Order</dt>
            <dd>{orderNumberOf(order)}</dd>
          </div>
          <div>
            <dt>Placed</dt>
            <dd>{formatRestaurantTime(order.createdAt, order.timeZone)}</dd>
          </div>
          <div>
            <dt>Type</dt>
            <dd>
              {order.orderTypeName}
              {order.tableName ? ` · ${order.tableName}` : ''}
            </dd>
          </div>
          {order.scheduledFor && (
            <div>
              <dt>{order.orderTypeGroup === 'L' ? 'Deliver at' : 'Ready at'}</dt>
              <dd>{formatRestaurantTime(order.scheduledFor, order.timeZone)}</dd>
            </div>
          )}
          {order.fullName && (
            <div>
              <dt>For</dt>
              <dd>{order.fullName}</dd>
            </div>
          )}
        </dl>
      </header>

      <h3 className={css.subheading}>Items</h3>
      <ul className={css.lines}>
        {order.items.map((line) => (
          <li key={line.id} className={css.line}>
            <div className={css.lineText}>
              <span>
                <span className={css.quantity}>{line.quantity} ×</span> {line.name}
              </span>
              {line.options.length > 0 && (
                <ul className={css.options} aria-label={`Choices for ${line.name}`}>
                  {line.options.map((option, index) => (
                    <li key={`${option.modifierOptionId ?? option.optionName}-${index}`}>
                      {option.modifier}: {option.optionName}
                      {option.quantity > 1 ? ` × ${option.quantity}` : ''}
                      {option.price ? ` (+${money(option.price)})` : ''}
                    </li>
                  ))}
                </ul>
              )}
              {line.comment && <span className={css.muted}>“{line.comment}”</span>}
            </div>
            <span className={css.amount}>{money(line.lineSubtotal)}</span>
          </li>
        ))}
      </ul>

      <dl className={css.totals}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className={css.total}>
          <dt>Total</dt>
          <dd>{money(order.total)}</dd>
        </div>
      </dl>

      {order.split && (
        <section className={css.callout} aria-label="Your share">
          <h3 className={css.subheading}>Your share: {order.split.label}</h3>
          <p>
            {money(order.split.amount)} · {order.split.payment ? paymentText(order.split.payment) : 'Not paid yet'}
          </p>
        </section>
      )}
      {order.transaction && (
        <section className={css.callout} aria-label="Transaction">
          <h3 className={css.subheading}>Transaction {orderNumber(order.transaction.id)}</h3>
          <p>
            {formatMoney(order.transaction.amount, order.transaction.currency)} · {paymentText(order.transaction)} ·{' '}
            {formatRestaurantTime(order.transaction.updatedAt, order.timeZone)}
          </p>
        </section>
      )}
      {!order.split && !order.transaction && (
        <section aria-label="Payment">
          <h3 className={css.subheading}>Payment</h3>
          {payments.length ? (
            <ul className={css.plain}>
              {payments.map((payment) => (
                <li key={payment.id}>
                  {paymentText(payment)} · {formatMoney(payment.amount, payment.currency)}
                </li>
              ))}
            </ul>
          ) : (
            <p className={css.muted}>Not paid yet.</p>
          )}
        </section>
      )}

      {(order.orderInstruction || order.deliveryInstruction || order.deliveryAddress) && (
        <dl className={css.meta}>
          {order.deliveryAddress && (
            <div>
              <dt>Deliver to</dt>
              <dd>{[order.deliveryAddress.addressLine1, order.deliveryAddress.addressLine2, order.deliveryAddress.addressLine3].filter(Boolean).join(', ')}</dd>
            </div>
          )}
          {order.orderInstruction && (
            <div>
              <dt>Order instructions</dt>
              <dd>{order.orderInstruction}</dd>
            </div>
          )}
          {order.deliveryInstruction && (
            <div>
              <dt>Delivery instructions</dt>
              <dd>{order.deliveryInstruction}</dd>
            </div>
          )}
        </dl>
      )}
    </article>
  )
}
