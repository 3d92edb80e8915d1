import { and, asc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  DistanceResponse,
  distanceRequest,
  TipType,
  TotalsLine,
  totalsRequest,
  TotalsResponse,
} from '@/shared/api/contracts/orders'
import type { Modifier } from '@/shared/api/contracts/merchants'
import {
  checkSelection,
  customisedUnitPrice,
  selectionLimit,
  toCartOptions,
  type SelectionProblem,
} from '@/shared/lib/customisation'
import { formatMoney } from '@/shared/lib/money'
import type { Database } from '../../db/client'
import { locations, menuItems, merchants, modifierOptions, modifiers, orderTypes } from '../../db/schema'
import { ApiError, notFound, refuse } from '../../lib/errors'
import { distanceKm } from '../merchants/restaurant-view'
import { redeemerOf } from '../offers/offer-uses'
import { createOffersService, quoteOffer } from '../offers/offers.service'
import { eventOrderPrices } from '../events/events.service'

type TotalsInput = z.output<typeof totalsRequest>
type DistanceInput = z.output<typeof distanceRequest>
type LocationRow = typeof locations.$inferSelect
type ItemRow = typeof menuItems.$inferSelect

/** Minutes a delivery takes per kilometre, on top of the location's defaultDeliveryETA. */
const DELIVERY_MINUTES_PER_KM = 3

/** A share in basis points of a non-negative amount in minor units, rounded half up: 1 bp of 5000 is 0.5 → 1. */
export const applyBasisPoints = (amountMinor: number, basisPoints: number) => Math.floor((amountMinor * basisPoints + 5_000) / 10_000)

const percent = (basisPoints: number) => basisPoints / 100

/** A tip is at most the subtotal, flat or percentage (docs/payments.md "Tips"). */
export const MAX_TIP_BASIS_POINTS = 10_000

/**
 * A coupon's discount spread over the lines it applies to, in proportion to their subtotals, to the
 * minor unit: each line gets the floor of its exact share, and the units left over go one each to
 * the lines with the largest remainders (the earlier line on a tie). The shares add up to the
 * discount exactly and none is above its line's subtotal (docs/payments.md "Tax after a discount").
 * `eligible` says which lines the offer is for (an item offer: the lines of its dish); when none
 * is, every line shares it.
 */
export function spreadDiscount(lineSubtotals: readonly number[], discount: number, eligible: (index: number) => boolean = () => true): number[] {
  const shares = lineSubtotals.map(() => 0)
  if (discount <= 0) return shares
  let indices = lineSubtotals.map((_, index) => index).filter(eligible)
  if (indices.reduce((sum, index) => sum + lineSubtotals[index]!, 0) === 0) indices = lineSubtotals.map((_, index) => index)
  const base = indices.reduce((sum, index) => sum + lineSubtotals[index]!, 0)
  if (base === 0) return shares
  const capped = Math.min(discount, base)
  let left = capped
  const remainders: { index: number; remainder: bigint }[] = []
  for (const index of indices) {
    // In BigInt: discount × subtotal can pass 2^53 for very large orders, and a share must be exact.
    const exact = BigInt(capped) * BigInt(lineSubtotals[index]!)
    shares[index] = Number(exact / BigInt(base))
    left -= shares[index]!
    remainders.push({ index, remainder: exact % BigInt(base) })
  }
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))
  for (let turn = 0; left > 0; turn++, left--) shares[remainders[turn % remainders.length]!.index]! += 1
  return shares
}

/** Which lines a coupon's discount is spread over: an item offer's dish, or (undefined) every line. */
export function discountScope(offer: { kind: string; itemId: string | null } | null, lines: readonly { itemId: string | null }[]) {
  if (!offer || offer.kind !== 'ITEM' || !offer.itemId) return undefined
  return (index: number) => lines[index]?.itemId === offer.itemId
}

/** A line as taxed: its subtotal and its item tax rate in basis points. */
export type TaxedLine = { lineSubtotal: number; taxBp: number }

/**
 * Taxes after a discount (docs/payments.md "Tax after a discount"): each line's item tax on its
 * subtotal less its share of the discount, and the order tax on the subtotal less the discount,
 * each rounded half up on its own. Without a discount these are the menu-price taxes.
 */
export function taxesAfterDiscount(lines: readonly TaxedLine[], orderTaxBp: number, discount: number, eligible?: (index: number) => boolean) {
  const shares = spreadDiscount(
    lines.map((line) => line.lineSubtotal),
    discount,
    eligible,
  )
  const lineTaxes = lines.map((line, index) => applyBasisPoints(line.lineSubtotal - shares[index]!, line.taxBp))
  const subtotal = lines.reduce((sum, line) => sum + line.lineSubtotal, 0)
  return {
    lineTaxes,
    itemTax: lineTaxes.reduce((sum, tax) => sum + tax, 0),
    orderTax: applyBasisPoints(Math.max(0, subtotal - discount), orderTaxBp),
  }
}

export const invalidTip = () => new ApiError(400, 'invalid_tip', 'A tip can be at most 100 % of the subtotal.')

/** The tip in minor units of a tip choice on `subtotal`; refused above the subtotal (400 invalid_tip). */
export function tipAmount(tipType: TipType, value: number, subtotal: number): number {
  if (tipType === 'PERCENTAGE' && value > MAX_TIP_BASIS_POINTS) throw invalidTip()
  const tip = tipType === 'NONE' ? 0 : tipType === 'PERCENTAGE' ? applyBasisPoints(subtotal, value) : value
  if (tip > subtotal) throw invalidTip()
  return tip
}

/** Rounded to 0.1 km, the distance the diner is shown; the radius and the fee use the same figure. */
const roundedKm = (km: number) => Math.round(km * 10) / 10

/** Whole kilometres started are charged: 2.1 km costs 3 × perKmFee. */
function deliveryFeeFor(location: LocationRow, km: number): number {
  const { baseFeeMinor = 0, perKmFeeMinor = 0 } = location.deliverySettings
  return baseFeeMinor + perKmFeeMinor * Math.ceil(km)
}

function selectionMessage(itemName: string, problem: SelectionProblem, itemModifiers: Modifier[]): string {
  const modifier = itemModifiers.find((candidate) => candidate.id === problem.modifierId)
  if (problem.code === 'unknown_option' || !modifier) return `One of the options chosen is not offered with ${itemName}.`
  const min = Math.max(0, modifier.minSelect)
  const max = selectionLimit(modifier)
  if (problem.code === 'too_few') return `Choose ${min === max ? min : `at least ${min}`} ${modifier.name} for ${itemName}.`
  if (problem.code === 'too_many') return `Choose at most ${max} ${modifier.name} for ${itemName}.`
  return `${itemName}: ${problem.message}`
}

/** Server-side pricing of a cart (SPEC §7 /order/customer/totals) and delivery distance quotes. */
export function createPricingService(db: Database) {
  const offersService = createOffersService(db)

  async function loadLocation(locationId: string) {
    const [row] = await db
      .select({ location: locations, merchantName: merchants.name })
      .from(locations)
      .innerJoin(merchants, eq(locations.merchantId, merchants.id))
      .where(and(eq(locations.id, locationId), eq(locations.isActive, true)))
    if (!row) throw notFound('The restaurant')
    return row
  }

  async function loadModifiers(itemIds: string[]): Promise<Map<string, Modifier[]>> {
    const byItem = new Map<string, Modifier[]>()
    if (itemIds.length === 0) return byItem
    const modifierRows = await db.select().from(modifiers).where(inArray(modifiers.itemId, itemIds)).orderBy(asc(modifiers.sortOrder))
    const optionRows = modifierRows.length
      ? await db
          .select()
          .from(modifierOptions)
          .where(
            inArray(
              modifierOptions.modifierId,
              modifierRows.map((m) => m.id),
            ),
          )
          .orderBy(asc(modifierOptions.sortOrder))
      : []
    for (const row of modifierRows) {
      const modifier: Modifier = {
        id: row.id,
        name: row.name,
        typeId: row.typeId,
        minSelect: row.minSelect,
        maxSelect: row.maxSelect,
        options: optionRows
          .filter((option) => option.modifierId === row.id)
          .map((option) => ({ id: option.id, name: option.name, price: option.priceMinor, isDefault: option.isDefault, maxQuantity: option.maxQuantity })),
      }
      byItem.set(row.itemId, [...(byItem.get(row.itemId) ?? []), modifier])
    }
    return byItem
  }

  /** The item of a cart line, or the reason a customer cannot order it. */
  function checkItem(
    item: ItemRow | undefined,
    context: { location: LocationRow; orderType: typeof orderTypes.$inferSelect; quantityOfItem: number },
  ): ItemRow {
    const { location, orderType, quantityOfItem } = context
    if (!item || !item.visibleTo.includes('C')) {
      throw refuse(400, 'item_not_found', `An item in your cart is no longer on the menu of ${location.branchName}.`)
    }
    if (item.locationId !== location.id) throw refuse(400, 'item_not_at_location', `${item.name} is not on the menu of ${location.branchName}.`)
    if (item.display !== 1) throw refuse(400, 'item_unavailable', `${item.name} is not available right now.`)
    if (item.orderTypeCodes.length > 0 && !item.orderTypeCodes.includes(orderType.code)) {
      throw refuse(400, 'item_not_offered_for_order_type', `${item.name} is not available for ${orderType.name.toLowerCase()}.`)
    }
    if (item.stockQuantity === 0) throw refuse(409, 'sold_out', `${item.name} is sold out.`)
    if (item.stockQuantity !== null && quantityOfItem > item.stockQuantity) {
      throw refuse(409, 'out_of_stock', `Only ${item.stockQuantity} ${item.name} left; please lower the quantity.`)
    }
    return item
  }

  function deliveryOffered(location: LocationRow, types: (typeof orderTypes.$inferSelect)[]) {
    return !location.disabledServices.isDelivery && location.deliveryKMRadius > 0 && types.some((type) => type.typeGroup === 'L')
  }

  return {
    /**
     * `caller` is the signed-in customer, if any, or a guest's verified number: coupon limits count
     * their uses, and only a customer may use a wallet.
     */
    async totals(request: TotalsInput, caller: { customerId?: string; phone?: string } = {}): Promise<TotalsResponse> {
      const { location, merchantName } = await loadLocation(request.locationId)
      const money = (minor: number) => formatMoney(minor, location.currency)
      if (!location.onlineOrder || location.disabledServices.isOnlineOrder) {
        throw refuse(409, 'online_order_unavailable', `${location.branchName} is not taking online orders right now.`)
      }
      const [orderType] = await db
        .select()
        .from(orderTypes)
        .where(and(eq(orderTypes.locationId, location.id), eq(orderTypes.code, request.orderTypeCode)))
      const isDelivery = orderType?.typeGroup === 'L'
      if (!orderType || (isDelivery && location.disabledServices.isDelivery)) {
        throw refuse(400, 'order_type_not_offered', `${location.branchName} does not offer ${request.orderTypeCode} orders.`)
      }

      const itemIds = [...new Set(request.items.map((line) => line.itemId))]
      const itemRows = await db.select().from(menuItems).where(inArray(menuItems.id, itemIds))
      const itemById = new Map(itemRows.map((row) => [row.id, row]))
      const quantityByItem = new Map<string, number>()
      for (const line of request.items) quantityByItem.set(line.itemId, (quantityByItem.get(line.itemId) ?? 0) + line.quantity)
      const items = request.items.map((line) =>
        checkItem(itemById.get(line.itemId), { location, orderType, quantityOfItem: quantityByItem.get(line.itemId) ?? line.quantity }),
      )
      const modifiersByItem = await loadModifiers(items.map((item) => item.id))
      // An event order holds the event's dishes only, at their event prices.
      const eventPrices = orderType.typeGroup === 'E' ? await eventOrderPrices(db, location, request) : null
      const offEventMenu = eventPrices && items.find((item) => !eventPrices.has(item.id))
      if (offEventMenu) throw refuse(400, 'item_not_on_event_menu', `${offEventMenu.name} is not on the event menu.`)

      const lines: TotalsLine[] = request.items.map((line, index) => {
        const item = items[index]!
        const itemModifiers = modifiersByItem.get(item.id) ?? []
        const [problem] = checkSelection(itemModifiers, line.options)
        if (problem) throw refuse(400, 'invalid_options', selectionMessage(item.name, problem, itemModifiers))
        const unitPrice = customisedUnitPrice({ price: eventPrices?.get(item.id) ?? item.priceMinor, modifiers: itemModifiers }, line.options)
        const lineSubtotal = unitPrice * line.quantity
        const taxBp = item.taxBp ?? location.defaultItemTaxBp
        return {
          itemId: item.id,
          name: item.name,
          quantity: line.quantity,
          unitPrice,
          lineSubtotal,
          itemTaxRate: percent(taxBp),
          // On the menu price here; taxed again below once a coupon's discount is known.
          itemTax: applyBasisPoints(lineSubtotal, taxBp),
          options: toCartOptions(itemModifiers, line.options).map(({ modifierOptionId, optionName, modifier, price, quantity }) => ({
            modifierOptionId,
            optionName,
            modifier,
            price,
            quantity,
          })),
        }
      })

      const subtotal = lines.reduce((sum, line) => sum + line.lineSubtotal, 0)
      const { surchargePercentBp = 0, surchargeLabel, tipsEnabled } = location.platformConfiguration
      const surcharge = location.isSurchargeEnabled ? applyBasisPoints(subtotal, surchargePercentBp) : 0

      let deliveryFee = 0
      let distance: number | null = null
      if (isDelivery) {
        if (!request.deliveryLocation) throw refuse(400, 'delivery_location_required', 'Choose a delivery address to see the delivery fee.')
        distance = roundedKm(distanceKm(request.deliveryLocation, location))
        if (distance > location.deliveryKMRadius) {
          throw refuse(
            400,
            'beyond_delivery_radius',
            `This address is ${distance.toFixed(1)} km away; ${merchantName} delivers within ${location.deliveryKMRadius} km.`,
          )
        }
        const { minimumOrderMinor = 0, freeDeliveryAboveMinor } = location.deliverySettings
        if (subtotal < minimumOrderMinor) {
          throw refuse(
            400,
            'below_delivery_minimum',
            `${merchantName} delivers orders of ${money(minimumOrderMinor)} or more; add ${money(minimumOrderMinor - subtotal)} to order delivery.`,
          )
        }
        const free = freeDeliveryAboveMinor !== undefined && subtotal >= freeDeliveryAboveMinor
        deliveryFee = free ? 0 : deliveryFeeFor(location, distance)
      }

      const { tipType, value } = request.tip
      const tip = tipAmount(tipType, value, subtotal)
      if (tip > 0 && tipsEnabled === false) throw refuse(400, 'tips_not_accepted', `${location.branchName} does not accept tips.`)

      // Whose uses count: the caller and their number (placement knows it; a quote looks it up).
      const redeemer = !request.couponCode
        ? undefined
        : caller.phone
          ? { customerId: caller.customerId ?? null, phone: caller.phone }
          : caller.customerId
            ? await redeemerOf(db, { customerId: caller.customerId, guestPhone: null })
            : undefined
      const offer = request.couponCode ? await offersService.findByCode(db, request.couponCode) : null
      const discount = offer
        ? await quoteOffer(db, offer, {
            location,
            subtotal,
            redeemer,
            lines: lines.map((line) => ({ itemId: line.itemId, unitPrice: line.unitPrice, quantity: line.quantity })),
          })
        : 0
      // Taxes are charged on the discounted price; the surcharge, delivery fee and tip stay on the menu prices (docs/payments.md).
      const taxed = taxesAfterDiscount(
        lines.map((line) => ({ lineSubtotal: line.lineSubtotal, taxBp: Math.round(line.itemTaxRate * 100) })),
        location.defaultTaxBp,
        discount,
        discountScope(offer, lines),
      )
      lines.forEach((line, index) => (line.itemTax = taxed.lineTaxes[index]!))
      const { itemTax, orderTax } = taxed
      const tax = itemTax + orderTax
      const amountDue = subtotal + tax + surcharge + deliveryFee + tip - discount
      let walletRedeemed = 0
      if (request.walletAmount) {
        if (!caller.customerId) throw new ApiError(401, 'unauthenticated', 'Please sign in to use your wallet.')
        walletRedeemed = await offersService.walletCredit(db, caller.customerId, request.walletAmount, amountDue)
      }
      return {
        locationId: location.id,
        orderTypeCode: orderType.code,
        currency: location.currency,
        lines,
        subtotal,
        itemTax,
        orderTaxRate: percent(location.defaultTaxBp),
        orderTax,
        tax,
        surcharge,
        surchargeLabel: location.isSurchargeEnabled && surcharge > 0 ? (surchargeLabel ?? 'Surcharge') : null,
        deliveryFee,
        distanceKm: distance,
        tipType,
        tip,
        discount,
        walletRedeemed,
        total: amountDue - walletRedeemed,
      }
    },

    async distance(request: DistanceInput): Promise<DistanceResponse> {
      const { location } = await loadLocation(request.locationId)
      const types = await db.select().from(orderTypes).where(eq(orderTypes.locationId, location.id))
      const km = roundedKm(distanceKm(request, location))
      const deliverable = deliveryOffered(location, types) && km <= location.deliveryKMRadius
      return {
        distanceKm: km,
        deliveryKMRadius: location.deliveryKMRadius,
        deliverable,
        deliveryFee: deliverable ? deliveryFeeFor(location, km) : null,
        etaMinutes: Math.round(location.defaultDeliveryETA + DELIVERY_MINUTES_PER_KM * km),
      }
    },
  }
}

export type PricingService = ReturnType<typeof createPricingService>
