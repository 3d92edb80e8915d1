import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $session } from '@/entities/session'
import { navigate, pathTo } from '@/shared/routes'
import { DialogError, DialogTextButton, ModalDialog } from '@/shared/ui/dialog'
import { $editingPlacedOrder, reopenPlacedOrder, resetEditingPlacedOrder } from '../model/awaiting-payment'

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
    <ModalDialog
      onClose={() => !editing.loading && onClose()}
      testId="awaiting-payment"
      title="Your order is waiting for payment"
      description={`It goes to the kitchen once it is paid. To add ${dishName}, edit the order: the unpaid order is cancelled (nothing is charged) and your cart opens again.`}
      actions={
        <>
          <button type="button" className="button" onClick={() => navigate(pathTo('checkOut'))} disabled={editing.loading} data-autofocus>
            Pay for it
          </button>
          <button type="button" className="button button--secondary" onClick={() => void edit()} disabled={editing.loading} aria-busy={editing.loading || undefined}>
            {editing.loading ? 'Reopening your cart…' : 'Edit order'}
          </button>
          <DialogTextButton onClick={onClose} disabled={editing.loading}>
            Not now
          </DialogTextButton>
        </>
      }
    >
      {editing.error && !editing.loading && <DialogError>{editing.error}</DialogError>}
    </ModalDialog>
  )
}
