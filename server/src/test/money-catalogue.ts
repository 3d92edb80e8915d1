import { asc, eq } from 'drizzle-orm'
import fc from 'fast-check'
import type { EventResponse } from '@/shared/api/contracts/events'
import type { PlaceOrderRequest } from '@/shared/api/contracts/ordering'
import type { CartLineRequest } from '@/shared/api/contracts/orders'
import { addDays, localInstant, openingStatus, zonedClock, type WorkingSession } from '@/shared/lib/hours/hours'
import { diningTables, eventItems, events, locations, menuItems, modifierOptions, modifiers, offers, orderTypes, workingHours } from '../db/schema'
import type { TestApp } from './harness'

// The seeded restaurants read out of the database, and generators of requests that are valid
// across fields against them (mostly), for the money fuzzer (money-fuzz.ts).

export type Option = { id: string; price: number; most: number }
export type Modifier = { id: string; min: number; max: number; options: Option[] }
export type Dish = { id: string; name: string; price: number; stocked: boolean; modifiers: Modifier[]; orderTypeCodes: string[] }
export type OrderType = { code: string; group: 'P' | 'L' | 'D' | 'E' }
export type EventMenu = { slug: string; code: string; dishes: Dish[]; dates: { date: string; slots: string[] }[] }
export type Place = {
  id: string
  slug: string
  currency: string
  zone: string
  lat: number
  lng: number
  types: OrderType[]
  tables: string[]
  /** What a diner can order: visible, displayed, not sold out. */
  dishes: Dish[]
  /** Dishes a diner cannot order here (hidden, unavailable, sold out), each with the refusal it earns. */
  refused: { dish: Dish; code: string }[]
  deliveryRadiusKm: number
  deliveryMinimum: number
  tipsEnabled: boolean
  sessions: WorkingSession[]
  scheduling: { days: number; cutOff: string | null }
  pickupCutoff: number
  deliveryCutoff: number
  event: EventMenu | null
}
export type Offer = { id: string; code: string; limit: number }
export type Catalogue = { places: Place[]; offers: Map<string, Offer>; tiramisuId: string | null }

/** Reads the seeded restaurants, their menus with modifiers, tables, hours, events and offers. */
export async function loadCatalogue(t: TestApp): Promise<Catalogue> {
  const locationRows = await t.db.select().from(locations).where(eq(locations.isActive, true)).orderBy(asc(locations.locationSlug))
  const typeRows = await t.db.select().from(orderTypes)
  const tableRows = await t.db.select().from(diningTables).where(eq(diningTables.isActive, true))
  const itemRows = await t.db.select().from(menuItems).orderBy(asc(menuItems.sortOrder), asc(menuItems.id))
  const modifierRows = await t.db.select().from(modifiers).orderBy(asc(modifiers.sortOrder))
  const optionRows = await t.db.select().from(modifierOptions).orderBy(asc(modifierOptions.sortOrder))
  const hourRows = await t.db.select().from(workingHours)
  const eventRows = await t.db.select().from(events).where(eq(events.isActive, true))
  const eventItemRows = await t.db.select().from(eventItems).orderBy(asc(eventItems.sortOrder))
  const offerRows = await t.db.select().from(offers)

  const dishOf = (item: (typeof itemRows)[number], price = item.priceMinor): Dish => ({
    id: item.id,
    name: item.name,
    price,
    stocked: item.stockQuantity !== null,
    orderTypeCodes: item.orderTypeCodes,
    modifiers: modifierRows
      .filter((modifier) => modifier.itemId === item.id)
      .map((modifier) => {
        const options = optionRows
          .filter((option) => option.modifierId === modifier.id)
          .map((option) => ({ id: option.id, price: option.priceMinor, most: Math.max(1, option.maxQuantity) }))
        // A maxSelect of 0 or less means no limit but the options' own (selectionLimit in customisation.ts).
        const max = modifier.maxSelect > 0 ? modifier.maxSelect : options.reduce((sum, option) => sum + option.most, 0)
        return { id: modifier.id, min: Math.max(0, modifier.minSelect), max, options }
      }),
  })

  const places: Place[] = []
  for (const location of locationRows) {
    if (!location.onlineOrder || location.disabledServices.isOnlineOrder) continue
    const items = itemRows.filter((item) => item.locationId === location.id)
    const orderable = items.filter((item) => item.visibleTo.includes('C') && item.display === 1 && item.stockQuantity !== 0)
    const refused = items.flatMap((item) => {
      if (!item.visibleTo.includes('C')) return [{ dish: dishOf(item), code: 'item_not_found' }]
      if (item.display !== 1) return [{ dish: dishOf(item), code: 'item_unavailable' }]
      if (item.stockQuantity === 0) return [{ dish: dishOf(item), code: 'sold_out' }]
      return []
    })
    const types = typeRows
      .filter((type) => type.locationId === location.id)
      .filter((type) => type.typeGroup !== 'L' || (!location.disabledServices.isDelivery && location.deliveryKMRadius > 0))
      .map((type) => ({ code: type.code, group: type.typeGroup as OrderType['group'] }))
    const eventRow = eventRows.find((row) => row.locationId === location.id)
    const eventType = types.find((type) => type.group === 'E')
    let event: EventMenu | null = null
    if (eventRow && eventType) {
      const book = (await t.postEncrypted('/customer/event/v2', { eventSlug: eventRow.slug })).body as EventResponse
      const dishes = eventItemRows
        .filter((row) => row.eventId === eventRow.id)
        .flatMap((row) => {
          const item = orderable.find((candidate) => candidate.id === row.itemId)
          return item ? [dishOf(item, row.priceMinor ?? item.priceMinor)] : []
        })
      const dates = book.eventOrderSlot.filter((day) => day.orderable).map((day) => ({ date: day.date, slots: day.slots.map((slot) => slot.time) }))
      if (dishes.length > 0 && dates.length > 0) event = { slug: eventRow.slug, code: eventType.code, dishes, dates }
    }
    places.push({
      id: location.id,
      slug: location.locationSlug,
      currency: location.currency,
      zone: location.timeZoneCd,
      lat: location.lat,
      lng: location.lng,
      types: types.filter((type) => type.group !== 'E' || event !== null),
      tables: tableRows.filter((table) => table.locationId === location.id).map((table) => table.id),
      dishes: orderable.map((item) => dishOf(item)),
      refused,
      deliveryRadiusKm: location.deliveryKMRadius,
      deliveryMinimum: location.deliverySettings.minimumOrderMinor ?? 0,
      tipsEnabled: location.platformConfiguration.tipsEnabled !== false,
      sessions: hourRows
        .filter((row) => row.locationId === location.id)
        .map((row) => ({ day: row.dayOfWeek, sessionName: row.sessionName, opensAt: row.opensAt, closesAt: row.closesAt })),
      scheduling: { days: location.scheduledDelivery ? Math.max(0, location.scheduledDeliveryDurationInDays) : 0, cutOff: location.scheduledDeliveryCutOffTime },
      pickupCutoff: location.pickupCutoff,
      deliveryCutoff: location.deliveryCutoff,
      event,
    })
  }
  const tiramisu = offerRows.find((offer) => offer.code === 'FREEDESSERT')?.itemId ?? null
  return {
    places,
    offers: new Map(offerRows.map((offer) => [offer.code, { id: offer.id, code: offer.code, limit: offer.perCustomerLimit }])),
    tiramisuId: tiramisu,
  }
}

// ---------------------------------------------------------------------------------------------
// Carts

/** One cart line as sent, with what it costs (from the menu's prices) and why it would be refused. */
export type Line = { line: CartLineRequest; subtotal: number; dish: Dish; defects: string[] }

/** A choice of options for one modifier within its min and max, each option at most its own most. */
function modifierChoice(modifier: Modifier): fc.Arbitrary<{ modifierOptionId: string; quantity: number }[]> {
  const capacity = modifier.options.reduce((sum, option) => sum + option.most, 0)
  const most = Math.min(modifier.max, capacity)
  if (most < modifier.min || modifier.options.length === 0) return fc.constant([])
  return fc
    .record({ count: fc.integer({ min: modifier.min, max: most }), picks: fc.array(fc.nat(), { minLength: most * 3, maxLength: most * 3 }) })
    .map(({ count, picks }) => {
      const chosen = new Map<string, number>()
      let given = 0
      for (const pick of [...picks, ...modifier.options.map((_, index) => index)]) {
        if (given === count) break
        const option = modifier.options[pick % modifier.options.length]!
        const taken = chosen.get(option.id) ?? 0
        if (taken >= option.most) continue
        chosen.set(option.id, taken + 1)
        given++
      }
      return [...chosen].map(([modifierOptionId, quantity]) => ({ modifierOptionId, quantity }))
    })
}

/** Comments a diner might type: letters, accents, emoji, punctuation; never text the database cannot store. */
const comment = fc
  .string({ unit: 'grapheme', maxLength: 40 })
  .filter((text) => !text.includes('\u0000') && text.trim().length <= 300)

/** A valid line of `dish` (options within every modifier's limits, 1–5 of it), sometimes with one thing wrong. */
function lineOf(dish: Dish, price: number, stranger: Dish | undefined): fc.Arbitrary<Line> {
  const valid = fc
    .record({
      quantity: fc.integer({ min: 1, max: 5 }),
      options: fc.tuple(...dish.modifiers.map(modifierChoice)).map((groups) => groups.flat()),
      comment: fc.option(comment, { nil: undefined, freq: 3 }),
    })
    .map(({ quantity, options, comment: note }): Line => {
      const prices = new Map(dish.modifiers.flatMap((modifier) => modifier.options.map((option) => [option.id, option.price] as const)))
      const unit = options.reduce((sum, option) => sum + (prices.get(option.modifierOptionId) ?? 0) * option.quantity, price)
      return { line: { itemId: dish.id, quantity, options, ...(note ? { comment: note } : {}) }, subtotal: unit * quantity, dish, defects: [] }
    })
  // A little wrong: a required option left out, one too many, an option past its own most, another dish's option.
  const required = dish.modifiers.find((modifier) => modifier.min > 0)
  const bounded = dish.modifiers.find((modifier) => modifier.options.reduce((sum, option) => sum + option.most, 0) > modifier.max)
  const strangerOption = stranger?.modifiers.flatMap((modifier) => modifier.options)[0]
  const wrongs: fc.Arbitrary<Line>[] = []
  if (required) {
    const ids = new Set(required.options.map((option) => option.id))
    wrongs.push(valid.map((line) => ({ ...line, line: { ...line.line, options: line.line.options!.filter((option) => !ids.has(option.modifierOptionId)) }, defects: ['invalid_options'] })))
  }
  if (bounded) {
    const options = bounded.options.map((option) => ({ modifierOptionId: option.id, quantity: option.most }))
    wrongs.push(valid.map((line) => ({ ...line, line: { ...line.line, options }, defects: ['invalid_options'] })))
  }
  const anyOption = dish.modifiers.flatMap((modifier) => modifier.options)[0]
  if (anyOption) {
    wrongs.push(valid.map((line) => ({ ...line, line: { ...line.line, options: [{ modifierOptionId: anyOption.id, quantity: anyOption.most + 1 }] }, defects: ['invalid_options'] })))
  }
  if (strangerOption) {
    wrongs.push(valid.map((line) => ({ ...line, line: { ...line.line, options: [...line.line.options!, { modifierOptionId: strangerOption.id, quantity: 1 }] }, defects: ['invalid_options'] })))
  }
  return wrongs.length === 0 ? valid : fc.oneof({ weight: 60, arbitrary: valid }, { weight: 1, arbitrary: fc.oneof(...wrongs) })
}

export type Cart = { items: CartLineRequest[]; subtotal: number; dishes: Dish[]; defects: string[] }

/** 1–4 lines of dishes of `place` offered for `type` (the event's dishes at their event price for an event order). */
export function cartOf(catalogue: Catalogue, place: Place, type: OrderType): fc.Arbitrary<Cart> {
  const menu = type.group === 'E' && place.event ? place.event.dishes : place.dishes.filter((dish) => dish.orderTypeCodes.length === 0 || dish.orderTypeCodes.includes(type.code))
  const others = catalogue.places.filter((other) => other.id !== place.id)
  const stranger = others[0]?.dishes.find((dish) => dish.modifiers.length > 0)
  const line = fc.constantFrom(...menu).chain((dish) => lineOf(dish, dish.price, stranger))
  const valid = fc.array(line, { minLength: 1, maxLength: 4 })
  // Dishes this place does not serve for this order: another place's, one not offered for the order type, one it refuses.
  const outsiders: fc.Arbitrary<Line>[] = []
  const foreign = others.flatMap((other) => other.dishes.filter((dish) => dish.modifiers.every((modifier) => modifier.min === 0)))
  if (foreign.length) outsiders.push(fc.constantFrom(...foreign).map((dish) => ({ line: { itemId: dish.id, quantity: 1 }, subtotal: dish.price, dish, defects: ['item_not_at_location'] })))
  const notForType = place.dishes.filter((dish) => dish.orderTypeCodes.length > 0 && !dish.orderTypeCodes.includes(type.code) && dish.modifiers.every((m) => m.min === 0))
  if (notForType.length && type.group !== 'E') {
    outsiders.push(fc.constantFrom(...notForType).map((dish) => ({ line: { itemId: dish.id, quantity: 1 }, subtotal: dish.price, dish, defects: ['item_not_offered_for_order_type'] })))
  }
  if (type.group === 'E') {
    const offMenu = place.dishes.filter((dish) => !menu.some((candidate) => candidate.id === dish.id) && dish.modifiers.every((m) => m.min === 0))
    if (offMenu.length) outsiders.push(fc.constantFrom(...offMenu).map((dish) => ({ line: { itemId: dish.id, quantity: 1 }, subtotal: dish.price, dish, defects: ['item_not_on_event_menu'] })))
  }
  const refusable = place.refused.filter(({ dish }) => dish.modifiers.every((modifier) => modifier.min === 0))
  if (refusable.length) outsiders.push(fc.constantFrom(...refusable).map(({ dish, code }) => ({ line: { itemId: dish.id, quantity: 1 }, subtotal: dish.price, dish, defects: [code] })))
  const lines =
    outsiders.length === 0
      ? valid
      : fc.oneof(
          { weight: 25, arbitrary: valid },
          { weight: 1, arbitrary: fc.tuple(valid, fc.oneof(...outsiders), fc.nat()).map(([cart, outsider, at]) => cart.toSpliced(at % (cart.length + 1), 0, outsider)) },
        )
  return lines.map((chosen) => ({
    items: chosen.map((entry) => entry.line),
    subtotal: chosen.reduce((sum, entry) => sum + entry.subtotal, 0),
    dishes: chosen.map((entry) => entry.dish),
    defects: chosen.flatMap((entry) => entry.defects),
  }))
}

// ---------------------------------------------------------------------------------------------
// Tips, coupons, where and when

export type TipChoice = { tipType: 'FLATFEE' | 'PERCENTAGE' | 'NONE'; value: number }

/** The tip in minor units the server should compute, or null when it must refuse it (docs/payments.md "Tips"). */
export function tipOf(tip: TipChoice, subtotal: number): number | null {
  if (tip.tipType === 'NONE') return 0
  if (tip.tipType === 'PERCENTAGE' && tip.value > 10_000) return null
  const amount = tip.tipType === 'PERCENTAGE' ? Math.floor((subtotal * tip.value + 5_000) / 10_000) : tip.value
  return amount > subtotal ? null : amount
}

/** Mostly within the bound of 100 % of the subtotal, sometimes over it; mostly none where the place takes no tips. */
export function tipFor(subtotal: number, tipsEnabled = true): fc.Arbitrary<TipChoice> {
  const none = fc.constant<TipChoice>({ tipType: 'NONE', value: 0 })
  const within = fc.oneof(
    { weight: 3, arbitrary: none },
    { weight: 3, arbitrary: fc.integer({ min: 0, max: Math.max(0, subtotal) }).map((value): TipChoice => ({ tipType: 'FLATFEE', value })) },
    { weight: 3, arbitrary: fc.constantFrom(0, 1, 500, 1_000, 1_500, 1_800, 2_000, 2_500, 10_000).map((value): TipChoice => ({ tipType: 'PERCENTAGE', value })) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 10_000 }).map((value): TipChoice => ({ tipType: 'PERCENTAGE', value })) },
  )
  const over = fc.oneof(
    fc.integer({ min: subtotal + 1, max: subtotal * 3 + 1 }).map((value): TipChoice => ({ tipType: 'FLATFEE', value })),
    fc.integer({ min: 10_001, max: 30_000 }).map((value): TipChoice => ({ tipType: 'PERCENTAGE', value })),
  )
  return fc.oneof({ weight: 24, arbitrary: tipsEnabled ? within : none }, { weight: tipsEnabled ? 1 : 2, arbitrary: tipsEnabled ? over : within }, { weight: 1, arbitrary: over })
}

/** The refusal a tip earns at a place, if any. */
export function tipDefects(tip: TipChoice, subtotal: number, place: Place): string[] {
  const amount = tipOf(tip, subtotal)
  if (amount === null) return ['invalid_tip']
  if (amount > 0 && !place.tipsEnabled) return ['tips_not_accepted']
  return []
}

/** The refusals a coupon earns on a cart at a place, before its limit (which the model counts). */
export function couponDefects(code: string, place: Place, cart: { subtotal: number; dishes: { id: string }[] }, catalogue: Catalogue): string[] {
  const upper = code.toUpperCase()
  if (upper === 'WELCOME10') return place.currency !== 'USD' ? ['coupon_not_valid_here'] : cart.subtotal < 1_500 ? ['below_coupon_minimum'] : []
  if (upper === 'SPICE50') return place.slug !== 'spice-route-indiranagar' ? ['coupon_not_valid_here'] : cart.subtotal < 40_000 ? ['below_coupon_minimum'] : []
  if (upper === 'FREEDESSERT') {
    if (place.slug !== 'olive-tree-soma') return ['coupon_not_valid_here']
    if (cart.subtotal < 3_000) return ['below_coupon_minimum']
    return cart.dishes.some((dish) => dish.id === catalogue.tiramisuId) ? [] : ['coupon_item_missing']
  }
  if (upper === 'SUMMER24') return ['coupon_expired']
  return ['coupon_not_found']
}

/** Mostly none; the place's own coupon where it has one; now and then another place's, an expired or an unknown code. */
export function couponFor(place: Place): fc.Arbitrary<string | undefined> {
  const own = place.currency === 'USD' ? ['WELCOME10', 'welcome10', ...(place.slug === 'olive-tree-soma' ? ['FREEDESSERT'] : [])] : place.slug === 'spice-route-indiranagar' ? ['SPICE50'] : []
  return fc.oneof(
    { weight: 10, arbitrary: fc.constant(undefined) },
    { weight: own.length ? 6 : 0, arbitrary: own.length ? fc.constantFrom(...own) : fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('SPICE50', 'FREEDESSERT', 'WELCOME10', 'SUMMER24', 'NOPE') },
  )
}

/** A point `fraction` of the delivery radius away from the place, in a random direction. */
export function pointNear(place: Place, fraction: number, bearing: number): { lat: number; lng: number } {
  const km = place.deliveryRadiusKm * fraction
  const lat = place.lat + (km / 111.2) * Math.cos(bearing)
  const lng = place.lng + (km / (111.2 * Math.cos((place.lat * Math.PI) / 180))) * Math.sin(bearing)
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 }
}

export type Timing = { mode: 'auto' | 'asap' | 'scheduled' | 'past'; pick: number }

const MINUTE = 60_000

/**
 * When the order is wanted, decided against the clock of the moment it is sent (the server reads the
 * same clock): as soon as possible while the place is open with its cut-off to spare, else a slot of
 * the place's own schedule. Returns the request's fields, the refusals expected when no valid choice
 * exists, and whether the choice is so close to an edge (opening, closing, cut-off) that a timing
 * refusal is also fair.
 */
export function resolveTiming(place: Place, group: OrderType['group'], timing: Timing, now: Date) {
  const openAt = (instant: Date) => openingStatus(place.sessions, place.zone, instant).open === 1
  const cutoff = group === 'L' ? place.deliveryCutoff : place.pickupCutoff
  const asapAt = (instant: Date) => openAt(instant) && openAt(new Date(instant.getTime() + cutoff * MINUTE))
  const asapNow = asapAt(now)
  const edge = asapNow !== asapAt(new Date(now.getTime() + 2 * MINUTE))
  const asap = { fields: { isScheduleOrder: false }, defects: asapNow ? [] : ['restaurant_closed', 'past_order_cutoff'], edge }
  if (timing.mode === 'asap' || (timing.mode === 'auto' && asapNow && !edge)) return asap
  const today = zonedClock(now, place.zone).date
  if (timing.mode === 'past') {
    return { fields: { isScheduleOrder: true, selectedDate: addDays(today, -1), selectedTimeSlot: '12:00' }, defects: ['schedule_out_of_range'], edge: false }
  }
  const slots: { date: string; time: string }[] = []
  for (let day = 0; day <= place.scheduling.days && slots.length < 400; day++) {
    const date = addDays(today, day)
    for (let minute = 0; minute < 24 * 60; minute += 15) {
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
      if (place.scheduling.cutOff !== null && time > place.scheduling.cutOff) continue
      const instant = localInstant(date, time, place.zone)
      // Half an hour ahead at least, so the slot has not passed by the time the request arrives.
      if (!instant || instant.getTime() <= now.getTime() + 30 * MINUTE) continue
      if (openAt(instant) && openAt(new Date(instant.getTime() + (place.pickupCutoff - 1) * MINUTE))) slots.push({ date, time })
    }
  }
  const slot = slots[timing.pick % Math.max(1, slots.length)]
  if (!slot) {
    // No slot left in the place's window: the day after it, which the place refuses.
    return { fields: { isScheduleOrder: true, selectedDate: addDays(today, place.scheduling.days + 1), selectedTimeSlot: '12:00' }, defects: ['schedule_out_of_range'], edge: false }
  }
  return { fields: { isScheduleOrder: true, selectedDate: slot.date, selectedTimeSlot: slot.time }, defects: [], edge: false }
}

/** A placement request before who and when are decided: the cart and everything it takes across fields. */
export type OrderDraft = {
  placeIndex: number
  type: OrderType
  request: PlaceOrderRequest
  subtotal: number
  dishes: Dish[]
  /** Refusals the request earns whatever the moment, from what the generator put in it. */
  defects: string[]
  timing: Timing
  /** A line of a counted dish: running out is a fair refusal. */
  stocked: boolean
}

/** Placement requests: a cart of one place for one of its order types, with what that order type needs. */
export function orderDraft(catalogue: Catalogue): fc.Arbitrary<OrderDraft> {
  return fc.nat({ max: catalogue.places.length - 1 }).chain((placeIndex) => {
    const place = catalogue.places[placeIndex]!
    return fc.constantFrom(...place.types).chain((type) =>
      cartOf(catalogue, place, type).chain((cart) =>
        fc
          .record({
            tip: tipFor(cart.subtotal, place.tipsEnabled),
            coupon: couponFor(place),
            instruction: fc.option(comment, { nil: undefined, freq: 4 }),
            timing: fc.record({
              mode: fc.oneof({ weight: 24, arbitrary: fc.constant<Timing['mode']>('auto') }, { weight: 3, arbitrary: fc.constantFrom<Timing['mode']>('asap', 'scheduled') }, { weight: 1, arbitrary: fc.constant<Timing['mode']>('past') }),
              pick: fc.nat(),
            }),
            where: whereFor(place, type),
          })
          .map(({ tip, coupon, instruction, timing, where }): OrderDraft => {
            const request: PlaceOrderRequest = {
              locationId: place.id,
              orderTypeCode: type.code,
              items: cart.items,
              tip,
              ...(coupon ? { couponCode: coupon } : {}),
              ...(instruction ? { orderInstruction: instruction } : {}),
              ...where.fields,
            }
            const defects = [...cart.defects, ...where.defects, ...tipDefects(tip, cart.subtotal, place), ...(coupon ? couponDefects(coupon, place, cart, catalogue) : [])]
            if (type.group === 'L' && cart.subtotal < place.deliveryMinimum) defects.push('below_delivery_minimum')
            return { placeIndex, type, request, subtotal: cart.subtotal, dishes: cart.dishes, defects, timing, stocked: cart.dishes.some((dish) => dish.stocked) }
          }),
      ),
    )
  })
}

/** What an order type needs: a drop point inside the radius and an address, a table, an event date and slot. */
type Where = { fields: Partial<PlaceOrderRequest>; defects: string[] }

function whereFor(place: Place, type: OrderType): fc.Arbitrary<Where> {
  const constant = (where: Where) => fc.constant(where)
  if (type.group === 'L') {
    const address = fc.record({ addressLine1: fc.constantFrom('1 Main St', '221B Baker St', 'Flat 4, 12 Rue de l’Église', '5th Avenue 725 – Suite 🍕'), addressLine2: fc.option(fc.constantFrom('Apt 3', 'Buzzer 12'), { nil: undefined }) })
    return fc.oneof(
      { weight: 40, arbitrary: fc.record({ fraction: fc.double({ min: 0, max: 0.9, noNaN: true }), bearing: fc.double({ min: 0, max: 6.28, noNaN: true }), address, instruction: fc.option(comment, { nil: undefined }) }).map(({ fraction, bearing, address: drop, instruction }) => ({ fields: { deliveryLocation: pointNear(place, fraction, bearing), deliveryAddress: drop, ...(instruction ? { deliveryInstruction: instruction } : {}) }, defects: [] })) },
      { weight: 1, arbitrary: fc.record({ fraction: fc.double({ min: 1.2, max: 3, noNaN: true }), bearing: fc.double({ min: 0, max: 6.28, noNaN: true }), address }).map(({ fraction, bearing, address: drop }) => ({ fields: { deliveryLocation: pointNear(place, fraction, bearing), deliveryAddress: drop }, defects: ['beyond_delivery_radius'] })) },
      { weight: 1, arbitrary: fc.double({ min: 0, max: 0.9, noNaN: true }).map((fraction) => ({ fields: { deliveryLocation: pointNear(place, fraction, 1) }, defects: ['delivery_address_required'] })) },
      { weight: 1, arbitrary: address.map((drop) => ({ fields: { deliveryAddress: drop }, defects: ['delivery_location_required'] })) },
    )
  }
  if (type.group === 'D' && place.tables.length > 0) {
    return fc.oneof(
      { weight: 30, arbitrary: fc.constantFrom(...place.tables).map((tableId) => ({ fields: { tableId }, defects: [] })) },
      { weight: 2, arbitrary: constant({ fields: {}, defects: [] }) },
      { weight: 1, arbitrary: fc.uuid({ version: 4 }).map((tableId) => ({ fields: { tableId }, defects: ['table_not_found'] })) },
    )
  }
  if (type.group === 'E' && place.event) {
    const event = place.event
    return fc.oneof(
      { weight: 40, arbitrary: fc.record({ day: fc.nat(), slot: fc.nat() }).map(({ day, slot }) => {
        const date = event.dates[day % event.dates.length]!
        return { fields: { eventSlug: event.slug, eventDate: date.date, selectedTimeSlot: date.slots[slot % date.slots.length]! }, defects: [] }
      }) },
      { weight: 1, arbitrary: constant({ fields: { eventSlug: event.slug, eventDate: '2020-01-01', selectedTimeSlot: event.dates[0]!.slots[0]! }, defects: ['event_date_out_of_range'] }) },
      { weight: 1, arbitrary: constant({ fields: { eventSlug: event.slug, eventDate: event.dates[0]!.date, selectedTimeSlot: '03:17' }, defects: ['event_slot_unknown'] }) },
      { weight: 1, arbitrary: constant({ fields: { eventSlug: event.slug }, defects: ['event_slot_required'] }) },
    )
  }
  return constant({ fields: {}, defects: [] })
}
