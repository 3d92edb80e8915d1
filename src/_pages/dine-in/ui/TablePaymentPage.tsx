import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { $receipt, loadReceipt, ORDER_NOT_FOUND, orderNumberOf } from '@/entities/order'
import { $session } from '@/entities/session'
import { $splitBill, loadShares } from '@/entities/table-order'
import { PaymentStep, resetPayment } from '@/features/pay-order'
import type { OrderReceipt, SplitBill } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import { navigate, pathTo } from '@/shared/routes'
import { Spinner } from '@/shared/ui'
import { SiteHeader } from '@/widgets/site-header'
import { SplitBillForm } from './SplitBillForm'
import css from './DineIn.module.css'

type Params = { merchantType: string; restaurantSlug: string; tableId: string; orderId: string }

/** /{merchantType}/{restaurantSlug}/table/{tableId}/order/{orderId}/placeOrder/payment: pay the whole bill, or split it and pay a share. */
export function TablePaymentPage({ params }: { params: Record<string, string> }) {
  const session = useStore($session)
  const receipt = useStore($receipt)
  const shares = useStore($splitBill)
  const signedIn = session.status === 'signedIn'
  const route = params as Params
  const { orderId } = route

  useEffect(() => {
    void loadReceipt({ orderId }, signedIn)
    void loadShares(orderId, signedIn)
  }, [orderId, signedIn])

  const order = receipt.data?.orderId === orderId ? receipt.data : undefined
  const bill = shares.data?.orderId === orderId ? shares.data : undefined

  return (
    <>
      <SiteHeader />
      <main className={css.page} id="main">
        <a className={css.back} href={pathTo('tableOrder', route)}>
          <span aria-hidden="true">←</span> Back to your order
        </a>
        <h1 className={css.title}>
          Pay the bill{order && <span className={css.muted}> {orderNumberOf(order)}</span>}
        </h1>
        {!order && receipt.error ? (
          <div role="alert" className={css.panel}>
            <p className={css.error}>{receipt.error}</p>
            {receipt.error !== ORDER_NOT_FOUND && (
              <button type="button" className="button button--secondary" onClick={() => void loadReceipt({ orderId }, signedIn)}>
                Retry
              </button>
            )}
          </div>
        ) : !order || (!bill && shares.loading) ? (
          <Spinner label="Loading the bill" />
        ) : order.tableId !== route.tableId ? (
          <p className={css.error} role="alert">
            {ORDER_NOT_FOUND}
          </p>
        ) : (
          <Bill order={order} bill={bill} route={route} signedIn={signedIn} customerId={session.status === 'signedIn' ? (session.user?.customerId ?? null) : null} />
        )}
      </main>
    </>
  )
}

type BillProps = { order: OrderReceipt; bill: SplitBill | undefined; route: Params; signedIn: boolean; customerId: string | null }

function Bill({ order, bill, route, signedIn, customerId }: BillProps) {
  const [choice, setChoice] = useState<'whole' | 'split' | null>(null)
  const money = (minor: number) => formatMoney(minor, order.currency)
  const shares = bill?.shares ?? []
  const anyPaid = shares.some((share) => share.paid)

  useEffect(() => resetPayment, [])
  // A new split (or the first one) is shown as its shares; the form closes.
  useEffect(() => setChoice(null), [bill])

  if (order.paymentStatus === '19') {
    return (
      <section className={css.panel} aria-label="Bill paid">
        <p className={css.lead}>This bill is paid. Thank you!</p>
        <a className="button" href={pathTo('tableOrder', route)}>
          See your order
        </a>
      </section>
    )
  }

  return (
    <>
      <section className={css.panel} aria-label="Bill total">
        <p className={css.row}>
          <span>Total to pay</span>
          <strong data-testid="bill-total">{money(order.total)}</strong>
        </p>
      </section>
      {shares.length > 0 && (
        <section className={css.panel} aria-labelledby="shares-title">
          <h2 id="shares-title" className={css.subtitle}>
            Shares of the bill
          </h2>
          <ul className={css.shares}>
            {shares.map((share) => (
              <li key={share.id} className={css.share} data-testid="bill-share">
                <span>
                  {share.label} · <strong>{money(share.amount)}</strong>
                </span>
                <span className={share.paid ? css.paid : css.unpaid}>{share.paid ? 'Paid' : 'Unpaid'}</span>
                <a className="button button--secondary" href={pathTo('tableOrderSplit', { ...route, splitId: share.id })} aria-label={`${share.paid ? 'See receipt' : 'Pay this share'}: ${share.label}`}>
                  {share.paid ? 'See receipt' : 'Pay this share'}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!anyPaid && (
        <div className={css.panel}>
        <fieldset className={css.choices}>
          <legend>{shares.length > 0 ? 'Or change how you pay' : 'How would you like to pay?'}</legend>
          <label className={css.choice}>
            <input type="radio" name="bill-choice" checked={choice === 'whole'} onChange={() => setChoice('whole')} disabled={shares.length > 0} />
            Pay the whole bill
          </label>
          <label className={css.choice}>
            <input type="radio" name="bill-choice" checked={choice === 'split'} onChange={() => setChoice('split')} />
            {shares.length > 0 ? 'Split it differently' : 'Split the bill'}
          </label>
        </fieldset>
        </div>
      )}
      {choice === 'whole' && shares.length === 0 && (
        <PaymentStep
          order={{ orderId: order.orderId, total: order.total, currency: order.currency }}
          signedIn={signedIn}
          customerId={customerId}
          onPaid={() => navigate(pathTo('tableOrder', route))}
        />
      )}
      {choice === 'split' && !anyPaid && <SplitBillForm order={order} signedIn={signedIn} />}
    </>
  )
}
