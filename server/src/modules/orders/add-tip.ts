import type { z } from 'zod'
import type { addTipRequest, OrderDetail } from '@/shared/api/contracts/ordering'
import type { Transaction } from '../../db/executor'
import type { Caller } from '../../domain/caller'
import { loadOwnedOrder } from '../../domain/owned-order'
import { orderDetail } from './order-detail'
import { repriceOrder } from './repricing'

type AddTipInput = z.output<typeof addTipRequest>

/** PUT /order/v2/customer/add-tip: a new tip and total, until a payment of the order is live (docs/payments.md "Tips"). */
export async function addTip(tx: Transaction, caller: Caller, request: AddTipInput): Promise<OrderDetail> {
  const order = await loadOwnedOrder(tx, caller, request.orderId, { lock: true })
  const updated = await repriceOrder(tx, order, { tip: { tipType: request.tipType, value: request.tip } }, 'payment_started')
  return orderDetail(tx, updated)
}
