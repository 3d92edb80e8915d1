import type { KitchenColumn } from '@/shared/api/contracts/kitchen-rules'

/**
 * The one order-transition table (docs/kitchen.md "One transition table"): the step the restaurant
 * takes an order (or a table's kitchen ticket) from each status it moves, used by the sandbox
 * kitchen (modules/orders/kitchen.ts, modules/dine-in/table-kitchen.ts) and by the kitchen
 * display's bump (modules/kitchen), so a tap and a simulator tick always agree. Pure data and
 * functions: every move itself goes through `moveOrder` (docs/orders.md "Statuses").
 */

/** Order type groups (docs/orders.md "Order types"): P pickup, L delivery, D dine-in, E event. */
export type TypeGroup = 'P' | 'L' | 'D' | 'E' | string

/** The next status of an order that is not a tab at a table, from each status the restaurant moves. */
const NEXT_STATUS: Record<string, (typeGroup: TypeGroup) => string> = {
  '19': () => '11',
  '25': () => '11',
  '11': (typeGroup) => (typeGroup === 'E' ? '70' : '12'),
  '12': () => '13',
  '70': () => '13',
  '13': (typeGroup) => ({ L: '14', P: '16', D: '17' })[typeGroup] ?? '17',
  '14': () => '15',
}

/** Statuses the restaurant moves an order (not a table's tab) on from. */
export const MOVING_STATUSES: readonly string[] = Object.keys(NEXT_STATUS)

/** The status an order takes next, or null when the restaurant does not move it from `status`. */
export function nextOrderStatus(status: string, typeGroup: TypeGroup): string | null {
  return NEXT_STATUS[status]?.(typeGroup) ?? null
}

/** A kitchen ticket (one round at a table): in preparation 41 → items ready 42 → "KOT Ready" 43 → served 59. */
const NEXT_TICKET_STATUS: Record<string, string> = { '41': '42', '42': '43', '43': '59' }

export const MOVING_TICKET_STATUSES: readonly string[] = Object.keys(NEXT_TICKET_STATUS)

export function nextTicketStatus(status: string): string | null {
  return NEXT_TICKET_STATUS[status] ?? null
}

/** A tab's tickets move while the tab is accepted, cooking, ready, or has a new round (7). */
export const TICKETS_MOVE_WHILE: readonly string[] = ['7', '11', '12', '13']

/** Table-order statuses the kitchen moves: created, modified (a new round), accepted, in progress, ready, served. */
export const TABLE_ORDER_STATUSES: readonly string[] = ['6', '7', '11', '12', '13', '59']

/** A table order's tickets, counted: how many, how many ready (43 or served), how many served (59). */
export type TicketCounts = { tickets: number; ready: number; served: number }

/**
 * The status a tab at a table follows its tickets to, or null to stay: 6 → 11 (accepted),
 * 7 (a new round) and 11 → 12, 12 → 13 once every ticket is ready, 13 → 59 once every ticket is
 * served, 59 → 17 once the bill is paid (paymentStatus 19).
 */
export function nextTableOrderStatus(status: string, { tickets, ready, served }: TicketCounts, paymentStatus: string | null): string | null {
  const allReady = tickets > 0 && ready === tickets
  const allServed = tickets > 0 && served === tickets
  if (status === '6') return '11'
  if (status === '7' || status === '11') return '12'
  if (status === '12' && allReady) return '13'
  if (status === '13' && allServed) return '59'
  if (status === '59' && paymentStatus === '19') return '17'
  return null
}

/**
 * A bump may be undone back to the status it left only when that status is one the restaurant
 * moves on from (an order back to the queue, accepted, cooking or ready; a ticket back to cooking
 * or ready): never to an unpaid, cancelled or finished status, which a bump never leaves.
 */
export function mayUndoTo(from: string, { ticket = false }: { ticket?: boolean } = {}): boolean {
  return ticket ? MOVING_TICKET_STATUSES.includes(from) : MOVING_STATUSES.includes(from) || TABLE_ORDER_STATUSES.includes(from)
}


/** The kitchen display's column of each status it shows (docs/kitchen.md "The board"). */
const COLUMN_OF_STATUS: Record<string, KitchenColumn> = {
  '19': 'new',
  '25': 'new',
  '6': 'new',
  '11': 'accepted',
  '12': 'in_progress',
  '70': 'in_progress',
  '7': 'in_progress',
  '13': 'ready',
  '14': 'out_for_delivery',
  '50': 'out_for_delivery',
}

/** The column an order's status puts it in, or null when the board does not show it. */
export const columnOfStatus = (status: string): KitchenColumn | null => COLUMN_OF_STATUS[status] ?? null

/** The column of a table's kitchen ticket: cooking (41, 42) or ready to carry (43); served (59) leaves the board. */
export const columnOfTicket = (status: string): KitchenColumn | null => (status === '41' || status === '42' ? 'in_progress' : status === '43' ? 'ready' : null)

/** A scheduled order reaches the kitchen this long before its time (the sandbox waits as long). */
export const SCHEDULED_LEAD_MS = 15 * 60_000
