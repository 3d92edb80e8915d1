import { zonedClock } from '@/shared/lib/hours'
import type { locations, menuItems, modifierOptions, modifiers, orderItemOptions, orderItems, orderNumberCounters, orderTypes, orders } from '../schema'

/** How far back the demo history goes: inside the 30 days "Popular" counts (docs/menu.md). */
export const HISTORY_DAYS = 28
/** Orders per location in that time: about two a day. */
export const HISTORY_ORDERS = 56

type HistorySource = {
  locations: (typeof locations.$inferInsert)[]
  orderTypes: (typeof orderTypes.$inferInsert)[]
  menuItems: (typeof menuItems.$inferInsert)[]
  modifiers: (typeof modifiers.$inferInsert)[]
  modifierOptions: (typeof modifierOptions.$inferInsert)[]
  /** How often each dish is ordered, relative to 1 (the menus' `orderShare`). */
  itemShares: Map<string, number>
}

export type HistoryRows = {
  orders: (typeof orders.$inferInsert)[]
  orderItems: (typeof orderItems.$inferInsert)[]
  orderItemOptions: (typeof orderItemOptions.$inferInsert)[]
  /** Where each location's numbers of a day stopped, so today's orders continue after the history's. */
  orderNumberCounters: (typeof orderNumberCounters.$inferInsert)[]
}

/** mulberry32: a small seeded generator, so the same seed writes the same history. */
function generator(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row])
  return groups
}

const seedOf = (text: string) => [...text].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0, 0x811c9dc5)

/**
 * Finished orders of the last four weeks at every location, so "Popular" means something on a
 * fresh `npm start` (docs/menu.md). Guests' pickup (else dine-in) orders, paid at the restaurant
 * and collected, each of one to three dishes a diner can order, chosen by the dishes' order
 * shares with their default choices. Their totals add up as the money rules ask; they hold no
 * stock, payment, coupon or wallet, and nobody's account lists them.
 */
export function buildOrderHistory(source: HistorySource, now: Date, newId: (key: string) => string): HistoryRows {
  const rows: HistoryRows = { orders: [], orderItems: [], orderItemOptions: [], orderNumberCounters: [] }
  const modifiersByItem = groupBy(source.modifiers, (modifier) => modifier.itemId)
  const optionsByModifier = groupBy(source.modifierOptions, (option) => option.modifierId)

  for (const location of source.locations) {
    const locationId = location.id!
    const codes = new Set(source.orderTypes.filter((type) => type.locationId === locationId).map((type) => type.code))
    const code = codes.has('pickup') ? 'pickup' : codes.has('dinein') ? 'dinein' : null
    if (!code) continue
    const dishes = source.menuItems.filter(
      (item) =>
        item.locationId === locationId &&
        (item.display ?? 1) === 1 &&
        (item.visibleTo ?? ['C']).includes('C') &&
        item.stockQuantity !== 0 &&
        item.priceMinor > 0 &&
        ((item.orderTypeCodes ?? []).length === 0 || item.orderTypeCodes!.includes(code)),
    )
    if (dishes.length === 0) continue
    const weights = dishes.map((dish) => source.itemShares.get(dish.id!) ?? 1)
    const totalWeight = weights.reduce((sum, weight) => sum + weight, 0)
    const random = generator(seedOf(location.locationSlug))
    const pick = () => {
      let point = random() * totalWeight
      for (let index = 0; index < dishes.length; index++) {
        point -= weights[index]!
        if (point < 0) return dishes[index]!
      }
      return dishes[dishes.length - 1]!
    }

    for (let number = 0; number < HISTORY_ORDERS; number++) {
      const orderId = newId(`${location.locationSlug}:history:${number}`)
      const placedAt = new Date(now.getTime() - Math.floor(random() * HISTORY_DAYS * 86_400_000) - 3_600_000)
      const chosen = new Map<string, { dish: (typeof dishes)[number]; quantity: number }>()
      const lines = 1 + Math.floor(random() * 3)
      for (let line = 0; line < lines; line++) {
        const dish = pick()
        const held = chosen.get(dish.id!)
        chosen.set(dish.id!, { dish, quantity: (held?.quantity ?? 0) + 1 })
      }
      let subtotal = 0
      let itemTax = 0
      ;[...chosen.values()].forEach(({ dish, quantity }, sortOrder) => {
        const orderItemId = newId(`${location.locationSlug}:history:${number}:line:${sortOrder}`)
        let unitPrice = dish.priceMinor
        for (const modifier of modifiersByItem.get(dish.id!) ?? []) {
          const options = optionsByModifier.get(modifier.id!) ?? []
          const defaults = options.filter((option) => option.isDefault)
          const least = modifier.minSelect ?? 0
          const taken = defaults.length >= least ? defaults : options.slice(0, least)
          for (const option of taken) {
            unitPrice += option.priceMinor ?? 0
            rows.orderItemOptions.push({
              id: newId(`${orderItemId}:option:${option.id}`),
              orderItemId,
              modifierOptionId: option.id!,
              optionName: option.name,
              modifier: modifier.name,
              priceMinor: option.priceMinor ?? 0,
              quantity: 1,
              typeId: modifier.typeId,
            })
          }
        }
        const lineSubtotal = unitPrice * quantity
        const itemTaxBp = dish.taxBp ?? location.defaultItemTaxBp ?? 0
        const lineTax = Math.round((lineSubtotal * itemTaxBp) / 10_000)
        subtotal += lineSubtotal
        itemTax += lineTax
        rows.orderItems.push({
          id: orderItemId,
          orderId,
          itemId: dish.id!,
          name: dish.name,
          quantity,
          unitPriceMinor: unitPrice,
          lineSubtotalMinor: lineSubtotal,
          itemTaxBp,
          itemTaxMinor: lineTax,
          sortOrder,
        })
      })
      const orderTaxBp = location.defaultTaxBp ?? 0
      const orderTax = Math.round((subtotal * orderTaxBp) / 10_000)
      rows.orders.push({
        id: orderId,
        customerId: null,
        locationId,
        orderTypeCode: code,
        status: code === 'pickup' ? '16' : '17',
        paymentStatus: '25',
        guestName: 'Demo diner',
        subtotalMinor: subtotal,
        itemTaxMinor: itemTax,
        orderTaxMinor: orderTax,
        orderTaxBp,
        tipType: 'NONE',
        totalMinor: subtotal + itemTax + orderTax,
        currency: location.currency!,
        createdAt: placedAt,
        updatedAt: new Date(placedAt.getTime() + 40 * 60_000),
      })
    }
    numberOrders(rows, locationId, location.timeZoneCd!)
  }
  return rows
}

/** A location's history orders numbered as placement numbers them: per local day, in the order they were placed (docs/orders.md). */
function numberOrders(rows: HistoryRows, locationId: string, timeZone: string) {
  const lastByDay = new Map<string, number>()
  const placed = rows.orders.filter((order) => order.locationId === locationId).sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime())
  for (const order of placed) {
    const day = zonedClock(order.createdAt!, timeZone).date
    const number = (lastByDay.get(day) ?? 0) + 1
    lastByDay.set(day, number)
    order.orderNumber = number
    order.orderNumberDate = day
  }
  for (const [serviceDate, lastNumber] of lastByDay) rows.orderNumberCounters.push({ locationId, serviceDate, lastNumber })
}
