import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Modifier } from '@/shared/api/contracts/merchants'
import type { totalsRequest } from '@/shared/api/contracts/orders'
import type { WorkingSession } from '@/shared/lib/hours'
import { locations, menuItems, merchants, orderTypes, workingHours } from '../../../db/schema'
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

/**
 * The cart's dishes, each with its modifiers and their options in their sort order (as the menu
 * shows them), in one statement built once: one round trip instead of three a pricing.
 */
// Written out with their tables: drizzle names a single table's columns without it, and inside
// these subqueries "id" would be the modifier's, not the dish's.
const modifiersOfDish = sql<Modifier[]>`(
  select coalesce(json_agg(json_build_object(
    'id', m.id, 'name', m.name, 'typeId', m.type_id, 'minSelect', m.min_select, 'maxSelect', m.max_select,
    'options', (
      select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'price', o.price_minor, 'isDefault', o.is_default, 'maxQuantity', o.max_quantity) order by o.sort_order), '[]'::json)
      from modifier_options o where o.modifier_id = m.id
    )
  ) order by m.sort_order), '[]'::json)
  from modifiers m where m.item_id = menu_items.id
)`
const cartDishes = builtOnce((db) =>
  db
    .select({ item: menuItems, modifiers: modifiersOfDish })
    .from(menuItems)
    .where(sql`${menuItems.id} in (select value::uuid from jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb))`),
)

// The location, its merchant's name, the order type and the opening hours (placement's check) in one statement, its SQL (a wide one) built once.
const hoursOfLocation = sql<WorkingSession[]>`(select coalesce(json_agg(json_build_object('day', ${workingHours.dayOfWeek}, 'sessionName', ${workingHours.sessionName}, 'opensAt', ${workingHours.opensAt}, 'closesAt', ${workingHours.closesAt})), '[]'::json) from ${workingHours} where ${workingHours.locationId} = ${locations.id})`
const placeAndType = builtOnce((db) =>
  db
    .select({ location: locations, merchantName: merchants.name, merchantType: merchants.merchantType, orderType: orderTypes, hours: hoursOfLocation })
    .from(locations)
    .innerJoin(merchants, eq(locations.merchantId, merchants.id))
    .leftJoin(orderTypes, and(eq(orderTypes.locationId, locations.id), eq(orderTypes.code, sql.placeholder('orderTypeCode'))))
    .where(and(eq(locations.id, sql.placeholder('locationId')), eq(locations.isActive, true))),
)

/**
 * Everything a cart is priced from, checked as it is read (so the first problem found is the one
 * answered, in the same order as ever): the location taking online orders, the order type, every
 * line's dish orderable in that quantity, their modifiers, and an event order's dishes and prices.
 */
export async function loadCart(db: Executor, request: TotalsInput) {
  const [row] = await placeAndType(db, { locationId: request.locationId, orderTypeCode: request.orderTypeCode })
  if (!row) throw notFound('The restaurant')
  const { location, merchantName, merchantType, orderType, hours } = row
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

  const itemIds = [...new Set(request.items.map((line) => line.itemId))]
  const dishRows = await cartDishes(db, { ids: JSON.stringify(itemIds) })
  const itemById = new Map(dishRows.map((row) => [row.item.id, row.item]))
  const quantityByItem = new Map<string, number>()
  for (const line of request.items) quantityByItem.set(line.itemId, (quantityByItem.get(line.itemId) ?? 0) + line.quantity)
  const items = request.items.map((line) =>
    checkItem(itemById.get(line.itemId), { location, orderType, quantityOfItem: quantityByItem.get(line.itemId) ?? line.quantity }),
  )
  const modifiersOf = new Map(dishRows.map((row) => [row.item.id, row.modifiers]))
  const modifiersByItem = new Map<string, Modifier[]>()
  for (const item of items) if (modifiersOf.get(item.id)?.length) modifiersByItem.set(item.id, modifiersOf.get(item.id)!)
  // An event order holds the event's dishes only, at their event prices.
  const eventPrices = orderType.typeGroup === 'E' ? await eventOrderPrices(db, location, request) : null
  const offEventMenu = eventPrices && items.find((item) => !eventPrices.has(item.id))
  if (offEventMenu) throw refuse(400, 'item_not_on_event_menu', `${offEventMenu.name} is not on the event menu.`)
  return { location, merchantName, merchantType, orderType, hours, isDelivery, items, modifiersByItem, eventPrices }
}
