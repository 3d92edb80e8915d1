import { computed } from 'nanostores'
import type { RestaurantDetail } from '@/shared/api'
import { clampQuantity, MAX_ITEM_QUANTITY, type CartItemOption } from '@/shared/lib/customisation'
import { decryptValue, deferredPersistentAtom, encryptValue, encryptValueAsync, STORAGE_KEYS } from '@/shared/lib/storage'
import { $router } from '@/shared/routes'
import { canOrderNow, scheduleDates, timeSlots, type ScheduleRules } from '../lib/schedule'
import { DEFAULT_TIP, type CartTip } from '../lib/tips'

/** What the cart keeps of its restaurant: enough to show it, link back, and offer pickup times. */
export type CartRestaurant = Pick<
  RestaurantDetail,
  | 'id'
  | 'merchantName'
  | 'branchName'
  | 'merchantType'
  | 'locationSlug'
  | 'currency'
  | 'timeZoneCd'
  | 'workingHours'
  | 'orderTypes'
  | 'scheduledDelivery'
  | 'scheduledDeliveryCutOffTime'
  | 'scheduledDeliveryDurationInDays'
  | 'pickupCutoff'
  | 'deliveryCutoff'
  | 'defaultPickUpETA'
  | 'defaultDeliveryETA'
>

/** One line of the cart (docs/checkout.md "The cart"); amounts in minor units. */
export type CartLine = {
  lineId: string
  itemId: string
  name: string
  /** The item's slug, to open it again for editing. */
  slug: string
  quantity: number
  /** One item with its options, as the menu priced it: a preview until the server prices the cart. */
  unitPrice: number
  options: CartItemOption[]
  modifierIds: string[]
  comment: string
}

/** The line being edited on the item screen. */
export type CartCustomisation = { lineId: string; itemId: string }

/** The event an event cart orders for : its slug, date and location. */
export type CartEvent = { slug: string; date: string; locationId: string }

/** Where a delivery goes: the point and the address as the diner reads it. */
export type DeliveryLocation = {
  lat: number
  lng: number
  /** The address as the diner reads it: "350 5th Ave, New York, NY". */
  label: string
  /** Apartment, suite or floor, kept with the order's address (its second line). */
  apartment?: string
  /** The saved address this is, when the diner chose one of theirs. */
  addressId?: string
}

export type Cart = {
  locationId: string | null
  restaurant: CartRestaurant | null
  /** The order-type code (pickup, delivery, dinein). */
  orderTypeId: string | null
  items: CartLine[]
  tip: CartTip
  orderInstruction: string
  deliveryInstruction: string
  deliveryLocation: DeliveryLocation | null
  isScheduleOrder: boolean
  selectedDate: string | null
  selectedTimeSlot: string | null
  pickUpDate: string | null
  pickUpTime: string | null
  eventDate: string | null
  /** The event chosen on its menu; it orders with the cart when the order type is an event type (typeGroup E). */
  event: CartEvent | null
  customisation: CartCustomisation | null
  /** A coupon the server accepted for this cart , priced by the server. */
  couponCode: string | null
  /** Wallet credit the diner chose to use, in minor units (their balance; the server caps it); 0 when not used. */
  walletAmount: number
  /** The order this cart was placed as, while it waits for its payment: the cart is frozen until it is paid or cancelled (docs/checkout.md). */
  placedOrderId: string | null
  cartInitialized: boolean
}

export const EMPTY_CART: Cart = {
  locationId: null,
  restaurant: null,
  orderTypeId: null,
  items: [],
  tip: DEFAULT_TIP,
  orderInstruction: '',
  deliveryInstruction: '',
  deliveryLocation: null,
  isScheduleOrder: false,
  selectedDate: null,
  selectedTimeSlot: null,
  pickUpDate: null,
  pickUpTime: null,
  couponCode: null,
  walletAmount: 0,
  eventDate: null,
  event: null,
  customisation: null,
  placedOrderId: null,
  cartInitialized: false,
}

export const MAX_COMMENT_LENGTH = 200
export const MAX_INSTRUCTION_LENGTH = 300

function decodeCart(stored: string): Cart {
  const value = decryptValue<Partial<Cart>>(stored)
  if (!value || typeof value !== 'object' || !Array.isArray(value.items)) return EMPTY_CART
  return { ...EMPTY_CART, ...value }
}

/**
 * The diner's cart, encrypted in storage under `tf.guestCart` so it survives a reload (docs/checkout.md
 * "The cart"); written after the frame that shows a change (docs/app.md, "Start-up work").
 */
export const $cart = deferredPersistentAtom<Cart>(STORAGE_KEYS.guestCart, EMPTY_CART, { encode: encryptValue, encodeAsync: encryptValueAsync, decode: decodeCart })

export const $cartCount = computed($cart, (cart) => cart.items.reduce((sum, line) => sum + line.quantity, 0))

/** The subtotal as the menu priced it, before the server's totals arrive. */
export const $cartPreview = computed($cart, (cart) => ({
  subtotal: cart.items.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0),
  currency: cart.restaurant?.currency ?? 'USD',
}))

const update = (change: (cart: Cart) => Partial<Cart>) => {
  const cart = $cart.get()
  $cart.set({ ...cart, ...change(cart) })
}

export const isTablePath = (path: string) => /(^|\/)table\//.test(path)

const snapshot = (restaurant: RestaurantDetail): CartRestaurant => ({
  id: restaurant.id,
  merchantName: restaurant.merchantName,
  branchName: restaurant.branchName,
  merchantType: restaurant.merchantType,
  locationSlug: restaurant.locationSlug,
  currency: restaurant.currency,
  timeZoneCd: restaurant.timeZoneCd,
  workingHours: restaurant.workingHours,
  orderTypes: restaurant.orderTypes,
  scheduledDelivery: restaurant.scheduledDelivery,
  scheduledDeliveryCutOffTime: restaurant.scheduledDeliveryCutOffTime,
  scheduledDeliveryDurationInDays: restaurant.scheduledDeliveryDurationInDays,
  pickupCutoff: restaurant.pickupCutoff,
  deliveryCutoff: restaurant.deliveryCutoff,
  defaultPickUpETA: restaurant.defaultPickUpETA,
  defaultDeliveryETA: restaurant.defaultDeliveryETA,
})

export type InitResult = { ok: true } | { ok: false; reason: 'another_restaurant'; restaurantName: string }

/**
 * Initialises the cart once for a restaurant; later calls for the same restaurant only
 * refresh what the cart knows of it. A cart holding another restaurant's dishes is left alone.
 */
export function initCart(restaurant: RestaurantDetail, orderTypeCode: string, eventDate: string | null = null): InitResult {
  const cart = $cart.get()
  if (cart.locationId && cart.locationId !== restaurant.id && cart.items.length > 0) {
    return { ok: false, reason: 'another_restaurant', restaurantName: cart.restaurant?.merchantName ?? 'another restaurant' }
  }
  if (cart.cartInitialized && cart.locationId === restaurant.id) {
    const latest = snapshot(restaurant)
    // Unchanged, the stored cart is not encrypted and written again at every visit (docs/app.md, "Start-up work").
    if (JSON.stringify(latest) !== JSON.stringify(cart.restaurant)) $cart.set({ ...cart, restaurant: latest })
    return { ok: true }
  }
  const event = cart.event?.locationId === restaurant.id ? cart.event : null
  $cart.set({
    ...EMPTY_CART,
    locationId: restaurant.id,
    restaurant: snapshot(restaurant),
    orderTypeId: orderTypeCode,
    eventDate: eventDate ?? event?.date ?? null,
    event,
    cartInitialized: true,
  })
  return { ok: true }
}

/** Empties the cart and starts it again for another restaurant, after the diner agreed. */
export function startNewCart(restaurant: RestaurantDetail, orderTypeCode: string, eventDate: string | null = null): void {
  if (awaitingPayment()) return
  const { event } = $cart.get()
  $cart.set({ ...EMPTY_CART, event })
  initCart(restaurant, orderTypeCode, eventDate)
}

export type NewCartLine = Omit<CartLine, 'lineId'>

/** The cart is placed as an order that waits for its payment: nothing is added until it is paid or the order is cancelled. */
export type AwaitingPayment = { ok: false; reason: 'awaiting_payment'; orderId: string }

export type AddResult = { ok: true; lineId: string } | Extract<InitResult, { ok: false }> | AwaitingPayment

/** The placed order the cart waits to be paid for, if any. */
export function awaitingPayment(cart = $cart.get()): AwaitingPayment | null {
  return cart.placedOrderId ? { ok: false, reason: 'awaiting_payment', orderId: cart.placedOrderId } : null
}

/** The cart was placed as this order: it stays as it is until the order is paid or cancelled. */
export const markCartPlaced = (orderId: string) => update(() => ({ placedOrderId: orderId }))

/** The placed order is cancelled or gone (or was another one's): the cart can change again. */
export function reopenCart(orderId?: string): void {
  const cart = $cart.get()
  if (cart.placedOrderId && (!orderId || cart.placedOrderId === orderId)) $cart.set({ ...cart, placedOrderId: null })
}

const sameChoice = (a: Pick<CartLine, 'itemId' | 'options' | 'comment'>, b: Pick<CartLine, 'itemId' | 'options' | 'comment'>) =>
  a.itemId === b.itemId &&
  a.comment === b.comment &&
  a.options.length === b.options.length &&
  a.options.every((option, index) => option.modifierOptionId === b.options[index]?.modifierOptionId && option.quantity === b.options[index]?.quantity)

let lineCounter = 0
const newLineId = () => `line-${Date.now().toString(36)}-${(lineCounter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`

/** Adds a customised item; the same item with the same choices and comment adds to its line. */
export function addItem(restaurant: RestaurantDetail, orderTypeCode: string, line: NewCartLine, eventDate: string | null = null): AddResult {
  // A dish added to a placed cart would leave the order unpaid and the cart another one (docs/checkout.md "Placed is frozen").
  const waiting = awaitingPayment()
  if (waiting) return waiting
  const init = initCart(restaurant, orderTypeCode, eventDate)
  if (!init.ok) return init
  const cart = $cart.get()
  const entry = { ...line, comment: line.comment.trim().slice(0, MAX_COMMENT_LENGTH), quantity: clampQuantity(line.quantity) }
  const same = cart.items.find((existing) => sameChoice(existing, entry))
  if (same) {
    update(({ items }) => ({
      items: items.map((existing) => (existing === same ? { ...existing, quantity: Math.min(MAX_ITEM_QUANTITY, existing.quantity + entry.quantity) } : existing)),
    }))
    return { ok: true, lineId: same.lineId }
  }
  const lineId = newLineId()
  update(({ items }) => ({ items: [...items, { ...entry, lineId }] }))
  return { ok: true, lineId }
}

/** Applies a change to the items, then the rules for removed items and an emptied cart (docs/checkout.md "The cart"). */
function changeItems(change: (items: CartLine[]) => CartLine[]): void {
  const cart = $cart.get()
  const items = change(cart.items)
  const editing = cart.customisation
  // Removing the last instance of an item clears its customisation flags (here: once the edited line is gone).
  const customisation = editing && items.some((line) => line.itemId === editing.itemId && line.lineId === editing.lineId) ? editing : null
  $cart.set({ ...cart, items, customisation })
  // An initialised cart that becomes empty is cleared, except at a table (the dine-in session keeps it).
  if (items.length === 0 && cart.items.length > 0 && cart.cartInitialized && !isTablePath($router.get()?.path ?? '')) clearCart()
}

export const removeItem = (lineId: string) => changeItems((items) => items.filter((line) => line.lineId !== lineId))

export const incrementItem = (lineId: string) =>
  changeItems((items) => items.map((line) => (line.lineId === lineId ? { ...line, quantity: Math.min(MAX_ITEM_QUANTITY, line.quantity + 1) } : line)))

/** One fewer; the last one removes the line. */
export const decrementItem = (lineId: string) =>
  changeItems((items) => items.flatMap((line) => (line.lineId !== lineId ? [line] : line.quantity > 1 ? [{ ...line, quantity: line.quantity - 1 }] : [])))

/** Replaces a line's choices with the ones made on the item screen, and ends its editing. */
export function customiseItem(lineId: string, choice: Pick<CartLine, 'options' | 'modifierIds' | 'unitPrice' | 'quantity' | 'comment'>): boolean {
  const cart = $cart.get()
  if (cart.placedOrderId || !cart.items.some((line) => line.lineId === lineId)) return false
  $cart.set({
    ...cart,
    items: cart.items.map((line) =>
      line.lineId === lineId ? { ...line, ...choice, quantity: clampQuantity(choice.quantity), comment: choice.comment.trim().slice(0, MAX_COMMENT_LENGTH) } : line,
    ),
    customisation: null,
  })
  return true
}

/** Marks a line as being edited, so the item screen opens with its choices. */
export function editItem(lineId: string): CartLine | null {
  const line = $cart.get().items.find((candidate) => candidate.lineId === lineId) ?? null
  update(() => ({ customisation: line ? { lineId: line.lineId, itemId: line.itemId } : null }))
  return line
}

export const stopEditingItem = () => update(() => ({ customisation: null }))

export const saveItemComment = (lineId: string, comment: string) =>
  update(({ items }) => ({ items: items.map((line) => (line.lineId === lineId ? { ...line, comment: comment.trim().slice(0, MAX_COMMENT_LENGTH) } : line)) }))

/** The schedule rules of the cart's restaurant for its order type; null before the cart has one. */
export function cartScheduleRules(cart: Cart): ScheduleRules | null {
  const restaurant = cart.restaurant
  if (!restaurant) return null
  const orderType = restaurant.orderTypes.find((type) => type.code === cart.orderTypeId)
  // typeGroup L is delivery (docs/decisions.md "Restaurants and menus").
  const delivery = orderType?.typeGroup === 'L'
  return {
    timeZone: restaurant.timeZoneCd,
    workingHours: restaurant.workingHours,
    scheduledDelivery: restaurant.scheduledDelivery,
    scheduledDeliveryDurationInDays: restaurant.scheduledDeliveryDurationInDays,
    scheduledDeliveryCutOffTime: restaurant.scheduledDeliveryCutOffTime,
    // Delivery stops taking orders earlier than pickup (the server refuses past either cut-off).
    pickupCutoff: delivery ? (restaurant.deliveryCutoff ?? restaurant.pickupCutoff) : restaurant.pickupCutoff,
    etaMinutes: delivery ? restaurant.defaultDeliveryETA : restaurant.defaultPickUpETA,
  }
}

const ASAP = { isScheduleOrder: false, selectedDate: null, selectedTimeSlot: null, pickUpDate: null, pickUpTime: null } as const

/** Switches pickup, delivery or dine-in; a chosen slot the new type cannot meet is dropped. */
export function setOrderType(code: string, now = new Date()): boolean {
  const cart = $cart.get()
  if (!cart.restaurant?.orderTypes.some((type) => type.code === code)) return false
  const next = { ...cart, orderTypeId: code }
  const rules = cartScheduleRules(next)
  if (next.selectedDate && next.selectedTimeSlot && rules && !timeSlots(rules, next.selectedDate, now).includes(next.selectedTimeSlot)) {
    $cart.set({ ...next, selectedTimeSlot: null, pickUpDate: null, pickUpTime: null })
  } else {
    $cart.set(next)
  }
  return true
}

/** No tip, a flat amount in minor units, or a percentage in basis points. */
export function setTip(tip: CartTip): void {
  const value = Number.isFinite(tip.tipValue) ? Math.max(0, Math.trunc(tip.tipValue)) : 0
  if (tip.tipType === 'NONE') update(() => ({ tip: { tipType: 'NONE', tipValue: 0 } }))
  else if (tip.tipType === 'PERCENTAGE') update(() => ({ tip: { tipType: 'PERCENTAGE', tipValue: Math.min(10_000, value) } }))
  else update(() => ({ tip: { tipType: 'FLATFEE', tipValue: value } }))
}

/** "As soon as possible" (false) or a later date and slot (true); false is returned when no date can be scheduled. */
export function setScheduleOrder(scheduled: boolean, now = new Date()): boolean {
  if (!scheduled) {
    update(() => ASAP)
    return true
  }
  const rules = cartScheduleRules($cart.get())
  const dates = rules ? scheduleDates(rules, now) : []
  if (dates.length === 0) return false
  update(() => ({ isScheduleOrder: true, selectedDate: dates[0]!, selectedTimeSlot: null, pickUpDate: null, pickUpTime: null }))
  return true
}

export function setSelectedDate(date: string, now = new Date()): boolean {
  const rules = cartScheduleRules($cart.get())
  if (!rules || !scheduleDates(rules, now).includes(date)) return false
  update(() => ({ isScheduleOrder: true, selectedDate: date, selectedTimeSlot: null, pickUpDate: null, pickUpTime: null }))
  return true
}

export function setSelectedTimeSlot(slot: string, now = new Date()): boolean {
  const cart = $cart.get()
  const rules = cartScheduleRules(cart)
  if (!rules || !cart.selectedDate || !timeSlots(rules, cart.selectedDate, now).includes(slot)) return false
  update(() => ({ isScheduleOrder: true, selectedTimeSlot: slot, pickUpDate: cart.selectedDate, pickUpTime: slot }))
  return true
}

/** The pickup time: null for as soon as possible, else a date and one of its slots. */
export function setPickupTime(time: { date: string; slot: string } | null, now = new Date()): boolean {
  if (!time) {
    const rules = cartScheduleRules($cart.get())
    if (!rules || !canOrderNow(rules, now)) return false
    update(() => ASAP)
    return true
  }
  return setSelectedDate(time.date, now) && setSelectedTimeSlot(time.slot, now)
}

export const setOrderInstruction = (text: string) => update(() => ({ orderInstruction: text.slice(0, MAX_INSTRUCTION_LENGTH) }))

export const setDeliveryInstruction = (text: string) => update(() => ({ deliveryInstruction: text.slice(0, MAX_INSTRUCTION_LENGTH) }))

export const setDeliveryLocation = (location: DeliveryLocation | null) => update(() => ({ deliveryLocation: location }))

/** Keeps a coupon the server validated; the totals then carry its discount. */
export function setCouponCode(code: string | null): void {
  update(() => ({ couponCode: code ? code.trim().toUpperCase() : null }))
}

/** Uses up to `amount` (minor units) of the wallet on this cart; 0 stops using it. */
export function setWalletAmount(amount: number): void {
  update(() => ({ walletAmount: Number.isFinite(amount) ? Math.max(0, Math.trunc(amount)) : 0 }))
}

/** Whether the cart orders for an event: an event order type (typeGroup E) and the event of its own location. */
export function isEventCart(cart: Cart): boolean {
  const orderType = cart.restaurant?.orderTypes.find((type) => type.code === cart.orderTypeId)
  return orderType?.typeGroup === 'E' && cart.event !== null && cart.event.locationId === cart.locationId
}

/** Remembers the event whose menu the diner reads; a new date drops the slot chosen for another one. */
export function chooseCartEvent(event: CartEvent | null): void {
  const cart = $cart.get()
  const sameLocation = event !== null && cart.locationId === event.locationId
  const dateChanged = sameLocation && cart.eventDate !== event.date
  $cart.set({
    ...cart,
    event,
    ...(sameLocation ? { eventDate: event.date } : {}),
    ...(dateChanged ? ASAP : {}),
  })
}

/** The event slot (HH:mm) of the cart's event date: the order is scheduled for that date and slot. */
export function setEventSlot(time: string): boolean {
  const cart = $cart.get()
  if (!isEventCart(cart) || !cart.event) return false
  const date = cart.event.date
  update(() => ({ isScheduleOrder: true, selectedDate: date, selectedTimeSlot: time, pickUpDate: date, pickUpTime: time, eventDate: date }))
  return true
}

/** Resets items, tip (0, FLATFEE), instructions and customisation, with the rest of the cart. */
export function clearCart(): void {
  $cart.set(EMPTY_CART)
}
