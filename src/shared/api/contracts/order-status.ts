/** One row of the order status table (docs/orders.md "Statuses"); `plain` is what a diner reads where a status has no label. */
export type OrderStatus = { code: string; meaning: string; label: string | null; plain: string }

/** The order status codes: code, meaning and display label, kept as the seed writes them (docs/orders.md "Statuses"). */
export const ORDER_STATUS_TABLE: readonly OrderStatus[] = [
  { code: '6', meaning: 'created', label: null, plain: 'Order placed' },
  { code: '7', meaning: 'modified', label: null, plain: 'Order modified' },
  { code: '8', meaning: 'cancelled by customer', label: null, plain: 'Cancelled by you' },
  { code: '9', meaning: 'cancelled by merchant', label: 'Order Cancelled', plain: 'Cancelled by the restaurant' },
  { code: '11', meaning: 'merchant accepted', label: 'Accepted', plain: 'Accepted by the restaurant' },
  { code: '12', meaning: 'being prepared', label: 'In Progress', plain: 'Being prepared' },
  { code: '70', meaning: 'event order being prepared', label: null, plain: 'Event order being prepared' },
  { code: '13', meaning: 'ready', label: 'Order Ready', plain: 'Ready' },
  { code: '14', meaning: 'out for delivery', label: 'Out for Delivery', plain: 'Out for delivery' },
  { code: '15', meaning: 'delivered', label: 'Order Delivered', plain: 'Delivered' },
  { code: '16', meaning: 'picked up', label: 'Completed - Pickup Order', plain: 'Picked up' },
  { code: '17', meaning: 'complete', label: 'Dine-in Order Completed', plain: 'Complete' },
  { code: '18', meaning: 'payment initiated', label: null, plain: 'Payment started' },
  { code: '19', meaning: 'payment success', label: 'In Queue', plain: 'Paid' },
  { code: '20', meaning: 'payment declined', label: null, plain: 'Payment declined' },
  { code: '21', meaning: 'gateway error', label: null, plain: 'Payment gateway error' },
  { code: '22', meaning: 'app error', label: null, plain: 'Payment error' },
  { code: '23', meaning: 'signature mismatch', label: null, plain: 'Payment could not be verified' },
  { code: '25', meaning: 'payment at location initiated', label: 'In Queue', plain: 'Pay at the restaurant' },
  { code: '41', meaning: 'item in preparation', label: null, plain: 'Items in preparation' },
  { code: '42', meaning: 'item ready', label: null, plain: 'Items ready' },
  { code: '43', meaning: 'kitchen ticket ready', label: 'KOT Ready', plain: 'Kitchen ticket ready' },
  { code: '50', meaning: 'valet reached destination', label: 'Out for Delivery', plain: 'Courier at your door' },
  { code: '59', meaning: 'served', label: 'Order Served (Dine-in)', plain: 'Served' },
  { code: '60', meaning: 'contactless order served', label: null, plain: 'Served' },
]

const byCode = new Map(ORDER_STATUS_TABLE.map((status) => [status.code, status]))

/** Statuses after which an order changes no more: picked up, delivered, complete, served, cancelled. */
export const FINISHED_STATUSES: readonly string[] = ['8', '9', '15', '16', '17', '59', '60']

/** The label a diner reads for a status code: the spec's display label, else the plain wording. */
export function statusLabel(code: string): string {
  const status = byCode.get(code)
  return status ? (status.label ?? status.plain) : 'Status unknown'
}

export function isFinishedStatus(code: string): boolean {
  return FINISHED_STATUSES.includes(code)
}

/** One step of an order's progress as a diner follows it; the order is at it when its status is one of `codes`. */
export type ProgressStep = { label: string; codes: readonly string[] }

/**
 * The steps of the order types (typeGroup P, L, D, E) as the restaurant moves them. An order at a
 * table (`atTable`) is an open tab: it goes to the kitchen unpaid, is served, and completes when paid.
 */
export function progressSteps(typeGroup: string, { atTable = false }: { atTable?: boolean } = {}): ProgressStep[] {
  if (atTable) {
    return [
      { label: 'Order placed', codes: ['6', '7'] },
      { label: 'Accepted', codes: ['11'] },
      { label: 'In Progress', codes: ['12', '41', '42'] },
      { label: 'Order Ready', codes: ['13', '43'] },
      { label: 'Order Served (Dine-in)', codes: ['59', '60'] },
      { label: 'Dine-in Order Completed', codes: ['17'] },
    ]
  }
  const finish: Record<string, ProgressStep[]> = {
    L: [
      { label: 'Out for Delivery', codes: ['14', '50'] },
      { label: 'Order Delivered', codes: ['15'] },
    ],
    D: [{ label: 'Dine-in Order Completed', codes: ['17', '59', '60'] }],
    P: [{ label: 'Completed - Pickup Order', codes: ['16'] }],
  }
  return [
    { label: 'Order placed', codes: ['6', '7'] },
    { label: 'In Queue', codes: ['19', '25'] },
    { label: 'Accepted', codes: ['11'] },
    { label: 'In Progress', codes: ['12', '70', '41', '42', '43'] },
    { label: 'Order Ready', codes: ['13'] },
    ...(finish[typeGroup] ?? finish.D!),
  ]
}

/** "#47": how an order's number is written on every screen, receipt and text (docs/orders.md "Order numbers"). */
export const formatOrderNumber = (number: number) => `#${number}`

/** How an order is collected, for the wording of its sentences: P pickup, L delivery, D dine-in, E event; atTable for a tab at a table. */
export type OrderKind = { typeGroup: string; atTable?: boolean }

/**
 * The plain sentence under a status label (docs/orders.md "Statuses"): what it means for this diner,
 * in their order's terms ("KOT Ready" → "The kitchen has your ticket").
 */
export function statusSentence(code: string, { typeGroup, atTable = false }: OrderKind): string {
  const delivery = typeGroup === 'L'
  switch (code) {
    case '6':
      return atTable ? 'Your order is on its way to the kitchen.' : 'Your order is placed. It goes to the restaurant once it is paid.'
    case '7':
      return 'Your new dishes are on their way to the kitchen.'
    case '8':
      return 'You cancelled this order.'
    case '9':
      return 'The restaurant cancelled this order.'
    case '11':
      return 'The restaurant accepted your order.'
    case '12':
    case '41':
      return 'The kitchen is preparing your order.'
    case '70':
      return 'The kitchen is preparing your event order.'
    case '42':
      return 'Some of your dishes are ready.'
    case '43':
      return 'The kitchen has your ticket.'
    case '13':
      if (delivery) return 'Your order is ready and waiting for the courier.'
      if (atTable) return 'Your food is ready and on its way to your table.'
      return 'Your order is ready at the counter.'
    case '14':
      return 'Your courier is on the way.'
    case '50':
      return 'Your courier is at your door.'
    case '15':
      return 'Your order was delivered. Enjoy!'
    case '16':
      return 'You picked up your order. Enjoy!'
    case '17':
      return 'Your order is complete. Thank you!'
    case '59':
    case '60':
      return 'Your food is served. Enjoy!'
    case '18':
      return 'Your card is authorized; the payment is being completed.'
    case '19':
      return 'The restaurant has your order.'
    case '25':
      return delivery ? 'The restaurant has your order.' : 'The restaurant has your order. You pay at the restaurant.'
    case '20':
      return 'Your card was declined. Pay with another card to send the order.'
    case '21':
    case '22':
    case '23':
      return 'The payment did not go through. Please try again.'
    default:
      return 'We are checking on your order.'
  }
}
