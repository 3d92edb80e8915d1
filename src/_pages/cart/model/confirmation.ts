import { atom } from 'nanostores'

/** A guest's paid order: they have no order list, so the cart page confirms it (order id, total, status). */
export type ConfirmedOrder = { orderId: string; total: number; currency: string; statusLabel: string }

export const $confirmedOrder = atom<ConfirmedOrder | null>(null)

export const confirmOrder = (order: ConfirmedOrder) => $confirmedOrder.set(order)
