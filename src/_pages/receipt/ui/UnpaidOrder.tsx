import { useId } from 'react'
import { orderNumberOf } from '@/entities/order'
import { CancelOrder, PaymentStep } from '@/features/pay-order'
import type { OrderReceipt } from '@/shared/api'
import css from './OrderScreen.module.css'

/** Pay, or cancel, an order that waits for its payment (docs/payments.md "Unpaid orders expire"). */
export function UnpaidOrder({
  order,
  signedIn,
  customerId,
  onChanged,
}: {
  order: OrderReceipt
  signedIn: boolean
  customerId: string | null
  onChanged: () => void
}) {
  const ids = useId()
  return (
    <section className={css.unpaid} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={css.unpaidTitle}>
        Order {orderNumberOf(order)} is waiting for payment
      </h2>
      <PaymentStep
        order={{ orderId: order.orderId, total: order.total, currency: order.currency, payBy: order.payBy }}
        signedIn={signedIn}
        customerId={customerId}
        onPaid={onChanged}
        onOrderGone={onChanged}
      />
      <CancelOrder orderId={order.orderId} signedIn={signedIn} onCancelled={onChanged} />
    </section>
  )
}
