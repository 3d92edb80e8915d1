import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Modifier } from '@/shared/api/contracts/merchants'
import type { totalsRequest } from '@/shared/api/contracts/orders'
import type { WorkingSession } from '@/shared/lib/hours'
import { customers, locations, menuItems, merchants, orderTypes, workingHours } from '../../../db/schema'
import { builtOnce } from '../../../db/built-once'
import type { Executor } from '../../../db/executor'
import { notFound, refuse } from '../../../lib/errors'
import { eventOrderPrices } from '../../events/event-orders'
import { checkItem } from './cart-lines'

type TotalsInput = z.output<typeof totalsRequest>

/** The active location of `locationId` and its merchant's name, or 404. */
export async function loadLocation(db: Executor, locationId: string) {
  const [row] = await db
    .select({ location: locations, merchantName: merchants.name })
    .from(locations)
    .innerJoin(merchants, eq(locations.merchantId, merchants.id))
    .where(and(eq(locations.id, locationId), eq(locations.isActive, true)))
  if (!row) throw notFound('The restaurant')
  return row
}

// A cart's whole reading in one statement, its SQL (a wide one) built once: the location, its
// merchant's name, the order type, the opening hours (placement's check) and, one row each, the
// cart's dishes with their modifiers and options in their sort order (as the menu shows them),
// and the placing diner's row when placement asks for it (`dinerId`; null matches no one).
// One round trip instead of five a placement.
const hoursOfLocation = sql<WorkingSession[]>`(select coalesce(json_agg(json_build_object('day', ${workingHours.dayOfWeek}, 'sessionName', ${workingHours.sessionName}, 'opensAt', ${workingHours.opensAt}, 'closesAt', ${workingHours.closesAt})), '[]'::json) from ${workingHours} where ${workingHours.locationId} = ${locations.id})`
const modifiersOfDish = sql<Modifier[]>`(
  select coalesce(json_agg(json_build_object(
    'id', m.id, 'name', m.name, 'typeId', m.type_id, 'minSelect', m.min_select, 'maxSelect', m.max_select,
    'options', (
      select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'price', o.price_minor, 'isDefault', o.is_default, 'maxQuantity', o.max_quantity) order by o.sort_order), '[]'::json)
      from modifier_options o where o.modifier_id = m.id
    )
  ) order by m.sort_order), '[]'::json)
  from modifiers m where m.item_id = ${menuItems.id}
)`
const cartReading = builtOnce((db) =>
  db
    .select({
      location: locations,
      merchantName: merchants.name,
      merchantType: merchants.merchantType,
      orderType: orderTypes,
      hours: hoursOfLocation,
      item: menuItems,
      modifiers: modifiersOfDish,
      diner: customers,
    })
    .from(locations)
    .innerJoin(merchants, eq(locations.merchantId, merchants.id))
    .leftJoin(customers, eq(customers.id, sql.placeholder('dinerId')))
    .leftJoin(orderTypes, and(eq(orderTypes.locationId, locations.id), eq(orderTypes.code, sql.placeholder('orderTypeCode'))))
    // Any dish asked for, wherever it is served: checkItem tells a dish of another restaurant apart.
    .leftJoin(menuItems, sql`${menuItems.id} in (select value::uuid from jsonb_array_elements_text(${sql.placeholder('itemIds')}::jsonb))`)
    .where(and(eq(locations.id, sql.placeholder('locationId')), eq(locations.isActive, true))),
)

/**
 * Everything a cart is priced from, checked as it is read (so the first problem found is the one
 * answered, in the same order as ever): the location taking online orders, the order type, every
 * line's dish orderable in that quantity, their modifiers, and an event order's dishes and prices.
 * With `dinerId`, the diner's row too (`diner`, null when there is no such customer).
 */
export async function loadCart(db: Executor, request: TotalsInput, dinerId: string | null = null) {
  const itemIds = [...new Set(request.items.map((line) => line.itemId))]
  const rows = await cartReading(db, { locationId: request.locationId, orderTypeCode: request.orderTypeCode, itemIds: JSON.stringify(itemIds), dinerId })
  const row = rows[0]
  if (!row) throw notFound('The restaurant')
  const { location, merchantName, merchantType, orderType, hours, diner } = row
  if (!location.onlineOrder || location.disabledServices.isOnlineOrder) {
    throw refuse(409, 'online_order_unavailable', `${location.branchName} is not taking online orders right now.`)
  }
  // docs/kitchen.md "Pause online ordering": the kitchen's pause, told apart from the restaurant's settings.
  if (location.orderingPausedAt) {
    throw refuse(409, 'online_ordering_paused', `${location.branchName} has paused online orders for a moment. Please try again a little later.`)
  }
  const isDelivery = orderType?.typeGroup === 'L'
  if (!orderType || (isDelivery && location.disabledServices.isDelivery)) {
    throw refuse(400, 'order_type_not_offered', `${location.branchName} does not offer ${request.orderTypeCode} orders.`)
  }

  const dishes = rows.flatMap(({ item, modifiers }) => (item ? [{ item, modifiers }] : []))
  const itemById = new Map(dishes.map(({ item }) => [item.id, item]))
  const quantityByItem = new Map<string, number>()
  for (const line of request.items) quantityByItem.set(line.itemId, (quantityByItem.get(line.itemId) ?? 0) + line.quantity)
  const items = request.items.map((line) =>
    checkItem(itemById.get(line.itemId), { location, orderType, quantityOfItem: quantityByItem.get(line.itemId) ?? line.quantity }),
  )
  // Every dish read is one the cart asked for, and each passed checkItem: their modifiers are the cart's.
  const modifiersByItem = new Map<string, Modifier[]>(dishes.filter(({ modifiers }) => modifiers.length > 0).map(({ item, modifiers }) => [item.id, modifiers]))
  // An event order holds the event's dishes only, at their event prices.
  const eventPrices = orderType.typeGroup === 'E' ? await eventOrderPrices(db, location, request) : null
  const offEventMenu = eventPrices && items.find((item) => !eventPrices.has(item.id))
  if (offEventMenu) throw refuse(400, 'item_not_on_event_menu', `${offEventMenu.name} is not on the event menu.`)
  return { location, merchantName, merchantType, orderType, hours, isDelivery, items, modifiersByItem, eventPrices, diner }
}
