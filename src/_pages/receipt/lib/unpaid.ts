import { UNPAID_ORDER_STATUSES, type OrderReceipt } from '@/shared/api'

/** An order placed and not paid yet (not a tab at a table, which is paid at the end): it can be paid or cancelled here. */
export const isUnpaidOrder = (order: OrderReceipt) =>
  UNPAID_ORDER_STATUSES.includes(order.status) && order.payBy !== null && !(order.orderTypeGroup === 'D' && order.tableId !== null)
