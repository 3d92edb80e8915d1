import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $session } from '@/entities/session'
import { navigate, pathTo } from '@/shared/routes'
import { $editingPlacedOrder, reopenPlacedOrder, resetEditingPlacedOrder } from '../model/awaiting-payment'
import css from './AwaitingPaymentDialog.module.css'

type AwaitingPaymentDialogProps = {
  orderId: string
  dishName: string
  /** The order was cancelled and the cart is open again: add the dish now. */
  onReopened: () => void
  onClose: () => void
}

/**
 * A dish added while the cart's order waits for its payment: nothing changes silently. "Pay for it"
 * goes to the payment step; "Edit order" cancels the unpaid order and adds the dish (docs/checkout.md).
 */
export function AwaitingPaymentDialog({ orderId, dishName, onReopened, onClose }: AwaitingPaymentDialogProps) {
  const session = useStore($session)
  const editing = useStore($editingPlacedOrder)
  useEffect(() => resetEditingPlacedOrder, [])

  async function edit() {
    if (await reopenPlacedOrder(orderId, session.status === 'signedIn')) onReopened()
  }

  return (
    <Dialog open onClose={() => !editing.loading && onClose()} className={css.root}>
      <DialogBackdrop className={css.backdrop} />
      <DialogPanel className={css.panel} data-testid="awaiting-payment">
        <DialogTitle as="h2" className={css.title}>
          Your order is waiting for payment
        </DialogTitle>
        <Description className={css.text}>
          It goes to the kitchen once it is paid. To add {dishName}, edit the order: the unpaid order is cancelled (nothing is charged) and your cart opens
          again.
        </Description>
        <div className={css.actions}>
          <button type="button" className="button" onClick={() => navigate(pathTo('checkOut'))} disabled={editing.loading} data-autofocus>
            Pay for it
          </button>
          <button type="button" className="button button--secondary" onClick={() => void edit()} disabled={editing.loading} aria-busy={editing.loading || undefined}>
            {editing.loading ? 'Reopening your cart…' : 'Edit order'}
          </button>
          <button type="button" className={css.dismiss} onClick={onClose} disabled={editing.loading}>
            Not now
          </button>
        </div>
        {editing.error && !editing.loading && (
          <p className={css.error} role="alert">
            {editing.error}
          </p>
        )}
      </DialogPanel>
    </Dialog>
  )
}
