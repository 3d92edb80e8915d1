import { atom } from 'nanostores'
import { reopenCart } from '@/entities/cart'
import { cancelOrder, fetchReceipt } from '@/entities/order'
import { ApiRefusal } from '@/shared/api'

export const EDIT_ORDER_FAILED = 'Your order could not be changed just now. Please try again.'

/** "Edit order" from the menu: working, or the reason it failed. */
export const $editingPlacedOrder = atom<{ loading: boolean; error: string | null }>({ loading: false, error: null })

// One key per order: a retried cancel after a lost answer replays it instead of refusing it.
const keys = new Map<string, string>()

/** Cancelled (or cancelled already, e.g. expired) orders cannot be paid: the cart is free again. */
const CANCELLED = ['8', '9']

/**
 * Cancels the unpaid order the cart was placed as (POST /order/customer/cancel: nothing charged, a
 * hold released, its dishes back on the menu) and unfreezes the cart, so the dish can be added.
 * An order that expired meanwhile is already cancelled: the cart is unfrozen all the same.
 */
export async function reopenPlacedOrder(orderId: string, signedIn: boolean): Promise<boolean> {
  $editingPlacedOrder.set({ loading: true, error: null })
  let key = keys.get(orderId)
  if (!key) keys.set(orderId, (key = `cancel-${crypto.randomUUID()}`))
  try {
    await cancelOrder(orderId, { idempotencyKey: key, signedIn })
  } catch (error) {
    const gone = error instanceof ApiRefusal && (await isCancelled(orderId, signedIn))
    if (!gone) {
      console.error('Cancelling the placed order failed:', error)
      $editingPlacedOrder.set({ loading: false, error: error instanceof ApiRefusal && error.body.message ? error.body.message : EDIT_ORDER_FAILED })
      return false
    }
  }
  keys.delete(orderId)
  reopenCart(orderId)
  $editingPlacedOrder.set({ loading: false, error: null })
  return true
}

async function isCancelled(orderId: string, signedIn: boolean): Promise<boolean> {
  try {
    return CANCELLED.includes((await fetchReceipt({ orderId }, signedIn)).status)
  } catch {
    return false
  }
}

export const resetEditingPlacedOrder = () => $editingPlacedOrder.set({ loading: false, error: null })
