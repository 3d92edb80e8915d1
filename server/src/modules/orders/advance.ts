import type { Transaction } from '../../db/executor'
import { nextOrderStatus, type TypeGroup } from '../../domain/order-transitions'
import { moveOrder } from './status'

export type OrderMove = { orderId: string; from: string; to: string }

/**
 * Moves an order (not a tab at a table) one status along the transition table
 * (domain/order-transitions.ts), through `moveOrder`: the one step the sandbox kitchen and the
 * kitchen display's bump both take. The caller holds the order's row locked and has checked it is
 * the restaurant's to move; null when the table has no step from its status.
 */
export async function advanceOrder(tx: Transaction, order: { id: string; status: string; typeGroup: TypeGroup }, at: Date): Promise<OrderMove | null> {
  const to = nextOrderStatus(order.status, order.typeGroup)
  if (!to) return null
  await moveOrder(tx, order.id, to, { at })
  return { orderId: order.id, from: order.status, to }
}
