import { asc, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderDetail } from '@/shared/api/contracts/ordering'
import type { DistanceResponse, TotalsRequest, TotalsResponse } from '@/shared/api/contracts/orders'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { orderItems } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { seededIds } from '../../test/money-setup'
import { callAs, createTestCustomer } from '../../test/signed-in-client'
import { applyBasisPoints, spreadDiscount, taxesAfterDiscount } from '../../domain/money'

// Every expectation below is worked out by hand from server/src/db/seed (prices in minor units):
// SF order tax 863 bp (8.63 %), Bengaluru GST 500 bp, alcohol item tax 1000 bp, Olive Tree SoMa
// surcharge 300 bp, US delivery: minimum 2000, base 299 + 100 per started km, free from 7500.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const SOMA = { lat: 37.7861, lng: -122.3969 }

const { locationId, itemId, optionId } = seededIds(() => t)

const totals = (request: TotalsRequest | Record<string, unknown>) => t.postEncrypted('/order/customer/totals', request)

async function priced(request: TotalsRequest): Promise<TotalsResponse> {
  const response = await totals(request)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  expect(response.text).toMatch(/^U2FsdGVkX1/)
  return response.body as TotalsResponse
}

async function refused(request: TotalsRequest | Record<string, unknown>) {
  const response = await totals(request)
  expect(response.contentType).toContain('application/json')
  return response as { status: number; body: { status: number; code: string; message: string } }
}

/** A Margherita at Olive Tree SoMa with its required size (10" personal, +0). */
async function margherita(quantity = 1) {
  return {
    itemId: await itemId('olive-tree-soma', 'Margherita'),
    quantity,
    options: [{ modifierOptionId: await optionId('olive-tree-soma', 'Margherita', 'Size', '10" personal'), quantity: 1 }],
  }
}

describe('rounding', () => {
  it('rounds a basis-point share half up, per component', () => {
    expect(applyBasisPoints(5_000, 1)).toBe(1) // 0.5 → 1
    expect(applyBasisPoints(4_999, 1)).toBe(0) // 0.4999 → 0
    expect(applyBasisPoints(2225, 1800)).toBe(401) // 400.5 → 401
    expect(applyBasisPoints(2225, 863)).toBe(192) // 192.0175 → 192
  })
})

describe('spreading a discount over the lines, for the tax', () => {
  it('gives each line its share to the cent; the shares add up to the discount and none is above its line (fast-check, fixed seed)', () => {
    const seed = 20261124
    console.info(`spreadDiscount: fast-check seed ${seed}`)
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 100 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.func(fc.boolean()),
        (subtotals, fraction, pick) => {
          const total = subtotals.reduce((sum, amount) => sum + amount, 0)
          const discount = Math.floor(total * fraction)
          const eligible = (index: number) => pick(index)
          const shares = spreadDiscount(subtotals, discount, eligible)
          const eligibleTotal = subtotals.reduce((sum, amount, index) => sum + (eligible(index) ? amount : 0), 0)
          expect(shares.every((share, index) => Number.isInteger(share) && share >= 0 && share <= subtotals[index]!)).toBe(true)
          // Spread over the eligible lines, or every line when they have nothing to take it from.
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(eligibleTotal > 0 ? Math.min(discount, eligibleTotal) : discount)
          if (eligibleTotal > 0) expect(shares.every((share, index) => eligible(index) || share === 0)).toBe(true)
        },
      ),
      { seed, numRuns: 500 },
    )
  })

  it('spreads in proportion, and the cents left over go to the largest remainders, the earlier line on a tie', () => {
    expect(spreadDiscount([3000, 3000], 500)).toEqual([250, 250])
    expect(spreadDiscount([1000, 1000, 1000], 100)).toEqual([34, 33, 33])
    expect(spreadDiscount([2000, 1000], 100)).toEqual([67, 33]) // 66.67 and 33.33
    expect(spreadDiscount([2000, 1000], 0)).toEqual([0, 0])
    expect(spreadDiscount([2000, 1200, 1200], 1200, (index) => index > 0)).toEqual([0, 600, 600])
  })

  it('taxes each line on its price less its share, and the order on the subtotal less the discount', () => {
    // Margherita 3000 (no item tax) and two Negroni 3000 (10 %), 500 off, 8.63 % order tax.
    const taxed = taxesAfterDiscount(
      [
        { lineSubtotal: 3000, taxBp: 0 },
        { lineSubtotal: 3000, taxBp: 1000 },
      ],
      863,
      500,
    )
    expect(taxed).toEqual({ lineTaxes: [0, 275], itemTax: 275, orderTax: 475 }) // 2750 × 10 %; 5500 × 8.63 % = 474.65
    expect(taxesAfterDiscount([{ lineSubtotal: 3000, taxBp: 1000 }], 863, 0)).toEqual({ lineTaxes: [300], itemTax: 300, orderTax: 259 })
  })
})

describe('POST /order/customer/totals', () => {
  it('prices a pickup at a US location with its options and 8.63 % order tax', async () => {
    const brewLab = await locationId('brew-lab')
    const latte = await itemId('brew-lab', 'Latte')
    const option = (modifier: string, name: string) => optionId('brew-lab', 'Latte', modifier, name)
    const body = await priced({
      locationId: brewLab,
      orderTypeCode: 'pickup',
      items: [
        {
          itemId: latte,
          quantity: 2,
          options: [
            { modifierOptionId: await option('Size', '16 oz'), quantity: 1 },
            { modifierOptionId: await option('Milk', 'Oat milk'), quantity: 1 },
            { modifierOptionId: await option('Syrup', 'Vanilla'), quantity: 1 },
            { modifierOptionId: await option('Syrup', 'Caramel'), quantity: 1 },
          ],
        },
        { itemId: await itemId('brew-lab', 'Butter Croissant'), quantity: 1 },
      ],
    })
    // Latte 550 + 16 oz 125 + oat milk 75 + vanilla 75 + caramel 75 = 900, × 2 = 1800; croissant 425.
    expect(body.lines.map((line) => [line.name, line.unitPrice, line.lineSubtotal, line.itemTax])).toEqual([
      ['Latte', 900, 1800, 0],
      ['Butter Croissant', 425, 425, 0],
    ])
    expect(body.lines[0]!.options.map((o) => [o.modifier, o.optionName, o.price, o.quantity])).toEqual([
      ['Size', '16 oz', 125, 1],
      ['Milk', 'Oat milk', 75, 1],
      ['Syrup', 'Vanilla', 75, 1],
      ['Syrup', 'Caramel', 75, 1],
    ])
    // subtotal 1800 + 425 = 2225; order tax 2225 × 8.63 % = 192.0175 → 192.
    expect(body).toMatchObject({
      locationId: brewLab,
      orderTypeCode: 'pickup',
      currency: 'USD',
      subtotal: 2225,
      itemTax: 0,
      orderTaxRate: 8.63,
      orderTax: 192,
      tax: 192,
      surcharge: 0,
      surchargeLabel: null,
      deliveryFee: 0,
      distanceKm: null,
      tipType: 'FLATFEE',
      tip: 0,
      discount: 0,
      walletRedeemed: 0,
      total: 2417, // 2225 + 192
    })
  })

  it('charges 5 % GST in rupees at a Bengaluru location', async () => {
    const body = await priced({
      locationId: await locationId('spice-route-indiranagar'),
      orderTypeCode: 'pickup',
      items: [
        {
          itemId: await itemId('spice-route-indiranagar', 'Paneer Tikka'),
          quantity: 2,
          options: [{ modifierOptionId: await optionId('spice-route-indiranagar', 'Paneer Tikka', 'Spice level', 'Medium'), quantity: 1 }],
        },
        { itemId: await itemId('spice-route-indiranagar', 'Butter Naan'), quantity: 3 },
        {
          itemId: await itemId('spice-route-indiranagar', 'Tandoori Chicken'),
          quantity: 1,
          options: [{ modifierOptionId: await optionId('spice-route-indiranagar', 'Tandoori Chicken', 'Portion', 'Full'), quantity: 1 }],
        },
      ],
    })
    // 32900 × 2 = 65800; 6900 × 3 = 20700; (38900 + 22000) × 1 = 60900; subtotal 147400 paise.
    expect(body.lines.map((line) => line.lineSubtotal)).toEqual([65800, 20700, 60900])
    // GST 147400 × 5 % = 7370.
    expect(body).toMatchObject({ currency: 'INR', subtotal: 147400, orderTaxRate: 5, orderTax: 7370, tax: 7370, total: 154770 })
  })

  it('adds 10 % item tax on alcohol and the surcharge of Olive Tree SoMa', async () => {
    const body = await priced({
      locationId: await locationId('olive-tree-soma'),
      orderTypeCode: 'pickup',
      items: [
        {
          itemId: await itemId('olive-tree-soma', 'Margherita'),
          quantity: 1,
          options: [
            { modifierOptionId: await optionId('olive-tree-soma', 'Margherita', 'Size', '14" to share'), quantity: 1 },
            { modifierOptionId: await optionId('olive-tree-soma', 'Margherita', 'Extra toppings', 'Prosciutto'), quantity: 1 },
          ],
        },
        { itemId: await itemId('olive-tree-soma', 'Negroni'), quantity: 2 },
      ],
    })
    // Margherita 1900 + 600 + 500 = 3000; Negroni 1500 × 2 = 3000 with item tax 3000 × 10 % = 300.
    expect(body.lines.map((line) => [line.name, line.lineSubtotal, line.itemTaxRate, line.itemTax])).toEqual([
      ['Margherita', 3000, 0, 0],
      ['Negroni', 3000, 10, 300],
    ])
    // subtotal 6000; order tax 6000 × 8.63 % = 517.8 → 518; surcharge 6000 × 3 % = 180.
    expect(body).toMatchObject({
      subtotal: 6000,
      itemTax: 300,
      orderTax: 518,
      tax: 818,
      surcharge: 180,
      surchargeLabel: 'Kitchen appreciation surcharge',
      total: 6998, // 6000 + 818 + 180
    })
  })

  describe('tax after a coupon', () => {
    it('charges the item tax and the order tax on the discounted price; the surcharge stays on the menu prices (hand-computed)', async () => {
      const body = await priced({
        locationId: await locationId('olive-tree-soma'),
        orderTypeCode: 'pickup',
        items: [
          {
            itemId: await itemId('olive-tree-soma', 'Margherita'),
            quantity: 1,
            options: [
              { modifierOptionId: await optionId('olive-tree-soma', 'Margherita', 'Size', '14" to share'), quantity: 1 },
              { modifierOptionId: await optionId('olive-tree-soma', 'Margherita', 'Extra toppings', 'Prosciutto'), quantity: 1 },
            ],
          },
          { itemId: await itemId('olive-tree-soma', 'Negroni'), quantity: 2 },
        ],
        couponCode: 'WELCOME10',
      })
      // WELCOME10: 10 % of 6000 capped at 500. Spread 250 + 250; the Negroni pay 10 % of 2750 = 275 (not 300).
      expect(body.lines.map((line) => [line.name, line.lineSubtotal, line.itemTax])).toEqual([
        ['Margherita', 3000, 0],
        ['Negroni', 3000, 275],
      ])
      // Order tax 5500 × 8.63 % = 474.65 → 475 (not 518); surcharge 6000 × 3 % = 180 as before.
      expect(body).toMatchObject({ subtotal: 6000, discount: 500, itemTax: 275, orderTax: 475, tax: 750, surcharge: 180, total: 6430 })
    })

    it('spreads an item offer over its dish only: a free Tiramisu leaves the Negroni’s tax alone (hand-computed)', async () => {
      const body = await priced({
        locationId: await locationId('olive-tree-soma'),
        orderTypeCode: 'pickup',
        items: [
          { itemId: await itemId('olive-tree-soma', 'Tiramisu'), quantity: 3 },
          { itemId: await itemId('olive-tree-soma', 'Negroni'), quantity: 1 },
        ],
        couponCode: 'FREEDESSERT',
      })
      // Tiramisu 1200 × 3 + Negroni 1500 = 5100; one Tiramisu free (1200), all of it on the Tiramisu line.
      expect(body.lines.map((line) => [line.name, line.itemTax])).toEqual([
        ['Tiramisu', 0],
        ['Negroni', 150],
      ])
      // Order tax 3900 × 8.63 % = 336.57 → 337; surcharge 5100 × 3 % = 153; 5100 − 1200 + 150 + 337 + 153.
      expect(body).toMatchObject({ subtotal: 5100, discount: 1200, itemTax: 150, orderTax: 337, surcharge: 153, total: 4540 })
    })

    it('a coupon taken on a placed order taxes it again, line by line; a tip afterwards leaves the tax alone', async () => {
      const diner = await createTestCustomer(t, 'Tess', '+14155550871')
      const encrypted = (payload: unknown) => ({ data: encryptPayload(payload, t.env.PAYLOAD_KEY) })
      const place = await callAs(t, diner, 'POST', '/order/customer/createOrder', encrypted({
        locationId: await locationId('empire-burger'),
        orderTypeCode: 'pickup',
        items: [
          { itemId: await itemId('empire-burger', 'Patty Melt'), quantity: 2 },
          { itemId: await itemId('empire-burger', 'Brooklyn Lager'), quantity: 1 },
        ],
      }))
      expect(place.status, JSON.stringify(place.body)).toBe(201)
      const order = place.body as OrderDetail
      // 3000 + 800; the lager's 10 % is 80, the order tax 3800 × 8.87 % = 337.06 → 337.
      expect([order.subtotal, order.itemTax, order.orderTax]).toEqual([3800, 80, 337])
      const redeemed = await callAs(t, diner, 'POST', '/coupon/v2/redeemCoupon', encrypted({ code: 'WELCOME10', orderId: order.orderId }))
      expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200)
      // 380 off, spread 300 + 80: the lager pays 10 % of 720 = 72; the order tax 3420 × 8.87 % = 303.35 → 303.
      expect(redeemed.body).toMatchObject({ discount: 380, total: 3800 - 380 + 72 + 303 + order.surcharge })
      const lines = await t.db.select({ itemTax: orderItems.itemTaxMinor }).from(orderItems).where(eq(orderItems.orderId, order.orderId)).orderBy(asc(orderItems.sortOrder))
      expect(lines.map((line) => line.itemTax)).toEqual([0, 72])

      const tipped = await callAs(t, diner, 'PUT', '/order/v2/customer/add-tip', encrypted({ orderId: order.orderId, tip: 1800, tipType: 'PERCENTAGE' }))
      expect(tipped.status, JSON.stringify(tipped.body)).toBe(200)
      // The tip is on the menu-price subtotal: 3800 × 18 % = 684.
      expect(tipped.body).toMatchObject({ itemTax: 72, orderTax: 303, tip: 684, total: 3800 - 380 + 72 + 303 + order.surcharge + 684 })
    })
  })

  describe('delivery', () => {
    // 0.0207° of latitude due north is 0.0207 × 111.19 km = 2.30 km; 0.0845° is 9.40 km.
    const near = { lat: SOMA.lat + 0.0207, lng: SOMA.lng }
    const far = { lat: SOMA.lat + 0.0845, lng: SOMA.lng }

    it('charges the base fee plus each started kilometre within the radius', async () => {
      const body = await priced({
        locationId: await locationId('olive-tree-soma'),
        orderTypeCode: 'delivery',
        deliveryLocation: near,
        items: [await margherita(), { itemId: await itemId('olive-tree-soma', 'Tiramisu'), quantity: 1 }],
      })
      // subtotal 1900 + 1200 = 3100; tax 3100 × 8.63 % = 267.53 → 268; surcharge 3100 × 3 % = 93;
      // 2.3 km → 3 started km: fee 299 + 3 × 100 = 599.
      expect(body).toMatchObject({ subtotal: 3100, orderTax: 268, surcharge: 93, distanceKm: 2.3, deliveryFee: 599, total: 4060 })
    })

    it('delivers free from the free-delivery threshold', async () => {
      const body = await priced({
        locationId: await locationId('olive-tree-soma'),
        orderTypeCode: 'delivery',
        deliveryLocation: near,
        items: [await margherita(4)],
      })
      // subtotal 1900 × 4 = 7600 ≥ 7500: no fee; tax 7600 × 8.63 % = 655.88 → 656; surcharge 228.
      expect(body).toMatchObject({ subtotal: 7600, deliveryFee: 0, distanceKm: 2.3, orderTax: 656, surcharge: 228, total: 8484 })
    })

    it('refuses an address beyond the radius', async () => {
      const response = await refused({
        locationId: await locationId('olive-tree-soma'),
        orderTypeCode: 'delivery',
        deliveryLocation: far,
        items: [await margherita(2)],
      })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({
        code: 'beyond_delivery_radius',
        message: 'This address is 9.4 km away; Olive Tree delivers within 5 km.',
      })
    })

    it('refuses an order below the delivery minimum, and a delivery without an address', async () => {
      const tiramisu = { itemId: await itemId('olive-tree-soma', 'Tiramisu'), quantity: 1 }
      const somaId = await locationId('olive-tree-soma')
      const small = await refused({ locationId: somaId, orderTypeCode: 'delivery', deliveryLocation: near, items: [tiramisu] })
      expect(small.status).toBe(400)
      // minimum 2000 − subtotal 1200 = 800 short.
      expect(small.body).toMatchObject({
        code: 'below_delivery_minimum',
        message: 'Olive Tree delivers orders of $20.00 or more; add $8.00 to order delivery.',
      })
      const nowhere = await refused({ locationId: somaId, orderTypeCode: 'delivery', items: [await margherita(2)] })
      expect(nowhere.status).toBe(400)
      expect(nowhere.body.code).toBe('delivery_location_required')
    })

    it('refuses delivery where the location does not deliver', async () => {
      const response = await refused({
        locationId: await locationId('olive-tree-hayes-valley'),
        orderTypeCode: 'delivery',
        deliveryLocation: near,
        items: [{ itemId: await itemId('olive-tree-hayes-valley', 'Tiramisu'), quantity: 1 }],
      })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ code: 'order_type_not_offered', message: 'Olive Tree — Hayes Valley does not offer delivery orders.' })
    })
  })

  describe('tips', () => {
    // Brew Lab pickup: Latte 550 (8 oz, whole milk) + 2 croissants 850 → subtotal 1400; tax 1400 × 8.63 % = 120.82 → 121.
    async function cart(tip?: TotalsRequest['tip']): Promise<TotalsRequest> {
      const option = (modifier: string, name: string) => optionId('brew-lab', 'Latte', modifier, name)
      return {
        locationId: await locationId('brew-lab'),
        orderTypeCode: 'pickup',
        items: [
          {
            itemId: await itemId('brew-lab', 'Latte'),
            quantity: 1,
            options: [
              { modifierOptionId: await option('Size', '8 oz'), quantity: 1 },
              { modifierOptionId: await option('Milk', 'Whole milk'), quantity: 1 },
            ],
          },
          { itemId: await itemId('brew-lab', 'Butter Croissant'), quantity: 2 },
        ],
        ...(tip ? { tip } : {}),
      }
    }

    it('adds a flat tip as sent, a percentage of the subtotal, or nothing', async () => {
      const flat = await priced(await cart({ tipType: 'FLATFEE', value: 300 }))
      expect(flat).toMatchObject({ subtotal: 1400, orderTax: 121, tipType: 'FLATFEE', tip: 300, total: 1821 }) // 1400 + 121 + 300
      const percentage = await priced(await cart({ tipType: 'PERCENTAGE', value: 1800 }))
      expect(percentage).toMatchObject({ tipType: 'PERCENTAGE', tip: 252, total: 1773 }) // 18 % of 1400 = 252
      const none = await priced(await cart({ tipType: 'NONE', value: 500 }))
      expect(none).toMatchObject({ tipType: 'NONE', tip: 0, total: 1521 })
      const unset = await priced(await cart())
      expect(unset).toMatchObject({ tipType: 'FLATFEE', tip: 0, total: 1521 })
    })

    it('refuses a tip where the restaurant takes none, and a tip above 100 %', async () => {
      const indiranagar = await locationId('spice-route-indiranagar')
      const naan = { itemId: await itemId('spice-route-indiranagar', 'Butter Naan'), quantity: 1 }
      const tipped = await refused({ locationId: indiranagar, orderTypeCode: 'pickup', items: [naan], tip: { tipType: 'FLATFEE', value: 1000 } })
      expect(tipped.status).toBe(400)
      expect(tipped.body).toMatchObject({ code: 'tips_not_accepted', message: 'Spice Route — Indiranagar does not accept tips.' })
      const huge = await refused({ ...(await cart()), tip: { tipType: 'PERCENTAGE', value: 10_001 } })
      expect(huge.status).toBe(400)
      expect(huge.body.code).toBe('invalid_tip')
    })
  })

  it('ignores prices sent by the client', async () => {
    const honest = await priced({ locationId: await locationId('olive-tree-soma'), orderTypeCode: 'pickup', items: [await margherita()] })
    const line = { ...(await margherita()), price: 1, subTotal: 1, unitPrice: 1 }
    const cheeky = await priced({
      locationId: await locationId('olive-tree-soma'),
      orderTypeCode: 'pickup',
      items: [line],
      total: 1,
      subtotal: 1,
    } as TotalsRequest)
    // 1900 + 1900 × 8.63 % (163.97 → 164) + 1900 × 3 % (57) = 2121.
    expect(cheeky).toEqual(honest)
    expect(cheeky).toMatchObject({ subtotal: 1900, orderTax: 164, surcharge: 57, total: 2121 })
  })

  describe('refusals', () => {
    it.each([0, 1.5, 100, -1])('refuses a quantity of %s', async (quantity) => {
      const response = await refused({ locationId: await locationId('olive-tree-soma'), orderTypeCode: 'pickup', items: [{ ...(await margherita()), quantity }] })
      expect(response.status).toBe(400)
      expect(response.body.code).toBe('invalid_request')
      expect(response.body.message).toMatch(/items\.0\.quantity/)
    })

    it('refuses an empty cart, a missing order type and an unknown restaurant', async () => {
      const soma = await locationId('olive-tree-soma')
      expect((await refused({ locationId: soma, orderTypeCode: 'pickup', items: [] })).body.code).toBe('invalid_request')
      expect((await refused({ locationId: soma, items: [await margherita()] })).body.message).toMatch(/orderTypeCode/)
      const unknown = await refused({ locationId: '00000000-0000-4000-8000-000000000000', orderTypeCode: 'pickup', items: [await margherita()] })
      expect(unknown.status).toBe(404)
      expect(unknown.body.message).toBe('The restaurant was not found.')
    })

    it('refuses an unknown item, an item of another restaurant and a staff-only item', async () => {
      const soma = await locationId('olive-tree-soma')
      const unknown = await refused({ locationId: soma, orderTypeCode: 'pickup', items: [{ itemId: '00000000-0000-4000-8000-000000000001', quantity: 1 }] })
      expect(unknown.status).toBe(400)
      expect(unknown.body).toMatchObject({ code: 'item_not_found', message: 'An item in your cart is no longer on the menu of Olive Tree — SoMa.' })
      const elsewhere = await refused({
        locationId: soma,
        orderTypeCode: 'pickup',
        items: [{ itemId: await itemId('olive-tree-hayes-valley', 'Tiramisu'), quantity: 1 }],
      })
      expect(elsewhere.status).toBe(400)
      expect(elsewhere.body).toMatchObject({ code: 'item_not_at_location', message: 'Tiramisu is not on the menu of Olive Tree — SoMa.' })
      const staff = await refused({ locationId: soma, orderTypeCode: 'pickup', items: [{ itemId: await itemId('olive-tree-soma', 'Family Meal'), quantity: 1 }] })
      expect(staff.status).toBe(400)
      expect(staff.body.code).toBe('item_not_found')
      expect(staff.body.message).not.toContain('Family Meal')
    })

    it('refuses a hidden item and an item not offered for the order type', async () => {
      const soma = await locationId('olive-tree-soma')
      const hidden = await refused({
        locationId: soma,
        orderTypeCode: 'pickup',
        items: [{ itemId: await itemId('olive-tree-soma', 'White Truffle Tagliolini'), quantity: 1 }],
      })
      expect(hidden.status).toBe(400)
      expect(hidden.body).toMatchObject({ code: 'item_unavailable', message: 'White Truffle Tagliolini is not available right now.' })
      const bistecca = {
        itemId: await itemId('olive-tree-soma', 'Bistecca for Two'),
        quantity: 1,
        options: [{ modifierOptionId: await optionId('olive-tree-soma', 'Bistecca for Two', 'Temperature', 'Medium rare'), quantity: 1 }],
      }
      const dineInOnly = await refused({ locationId: soma, orderTypeCode: 'pickup', items: [bistecca] })
      expect(dineInOnly.status).toBe(400)
      expect(dineInOnly.body).toMatchObject({ code: 'item_not_offered_for_order_type', message: 'Bistecca for Two is not available for pickup.' })
      // The same steak at the table: 8800 + tax 8800 × 8.63 % = 759.44 → 759 + surcharge 264 = 9823.
      expect(await priced({ locationId: soma, orderTypeCode: 'dinein', items: [bistecca] })).toMatchObject({ subtotal: 8800, total: 9823 })
    })

    it('refuses a sold-out item and more than the stock, counted over every line of the item', async () => {
      const soma = await locationId('olive-tree-soma')
      const soldOut = await refused({
        locationId: soma,
        orderTypeCode: 'pickup',
        items: [{ itemId: await itemId('olive-tree-soma', 'Seasonal Panna Cotta'), quantity: 1 }],
      })
      expect(soldOut.status).toBe(409)
      expect(soldOut.body).toMatchObject({ code: 'sold_out', message: 'Seasonal Panna Cotta is sold out.' })
      // Baked Ziti has 4 left: 3 + 2 on two lines is too many, 4 is fine.
      const ziti = await itemId('olive-tree-soma', 'Baked Ziti')
      const tooMany = await refused({ locationId: soma, orderTypeCode: 'pickup', items: [{ itemId: ziti, quantity: 3 }, { itemId: ziti, quantity: 2, comment: 'extra crispy' }] })
      expect(tooMany.status).toBe(409)
      expect(tooMany.body).toMatchObject({ code: 'out_of_stock', message: 'Only 4 Baked Ziti left; please lower the quantity.' })
      expect(await priced({ locationId: soma, orderTypeCode: 'pickup', items: [{ itemId: ziti, quantity: 4 }] })).toMatchObject({ subtotal: 8800 })
    })

    it('refuses a missing required option, too many options, an option of another item and a repeated option', async () => {
      const soma = await locationId('olive-tree-soma')
      const margheritaId = await itemId('olive-tree-soma', 'Margherita')
      const size = await optionId('olive-tree-soma', 'Margherita', 'Size', '10" personal')
      const topping = (name: string) => optionId('olive-tree-soma', 'Margherita', 'Extra toppings', name)
      const order = (options: { modifierOptionId: string; quantity: number }[]) =>
        refused({ locationId: soma, orderTypeCode: 'pickup', items: [{ itemId: margheritaId, quantity: 1, options }] })
      const one = (modifierOptionId: string) => ({ modifierOptionId, quantity: 1 })

      const noSize = await order([])
      expect(noSize.status).toBe(400)
      expect(noSize.body).toMatchObject({ code: 'invalid_options', message: 'Choose 1 Size for Margherita.' })

      const fourToppings = await order([one(size), ...(await Promise.all(['Prosciutto', 'Roasted mushrooms', 'Chili honey', 'Burrata'].map(topping))).map(one)])
      expect(fourToppings.status).toBe(400)
      expect(fourToppings.body.message).toBe('Choose at most 3 Extra toppings for Margherita.')

      const diavolaSize = await optionId('olive-tree-soma', 'Diavola', 'Size', '10" personal')
      const foreign = await order([one(size), one(diavolaSize)])
      expect(foreign.status).toBe(400)
      expect(foreign.body.message).toBe('One of the options chosen is not offered with Margherita.')

      const twice = await order([one(size), one(await topping('Burrata')), one(await topping('Burrata'))])
      expect(twice.status).toBe(400)
      expect(twice.body.message).toBe('Margherita: Burrata is chosen twice.')

      const double = await order([one(size), { modifierOptionId: await topping('Burrata'), quantity: 2 }])
      expect(double.status).toBe(400)
      expect(double.body.message).toBe('Margherita: Burrata can be chosen once.')
    })

    it('refuses payloads that are not our ciphertext', async () => {
      expect((await t.postJson('/order/customer/totals', { locationId: 'x' })).status).toBe(400)
      expect((await t.postJson('/order/customer/totals', { data: 'not-ciphertext' })).status).toBe(400)
      expect((await t.postRaw('/order/customer/totals', '{')).status).toBe(400)
      expect((await totals({ locationId: 'soma', orderTypeCode: 'pickup', items: [{ itemId: 'x', quantity: 1 }] })).status).toBe(400)
    })
  })
})

describe('POST /order/getDistance/v2', () => {
  const distance = async (request: Record<string, unknown>) => t.postEncrypted('/order/getDistance/v2', request)

  it('quotes a deliverable point: distance to 0.1 km, fee and ETA', async () => {
    const response = await distance({ locationId: await locationId('olive-tree-soma'), lat: SOMA.lat + 0.0207, lng: SOMA.lng })
    expect(response.status).toBe(200)
    expect(response.text).toMatch(/^U2FsdGVkX1/)
    // 2.3 km: fee 299 + 3 × 100 = 599; ETA 40 + 3 × 2.3 = 46.9 → 47 minutes.
    expect(response.body as DistanceResponse).toEqual({ distanceKm: 2.3, deliveryKMRadius: 5, deliverable: true, deliveryFee: 599, etaMinutes: 47 })
  })

  it('says a point beyond the radius, or any point of a location without delivery, is not deliverable', async () => {
    const beyond = await distance({ locationId: await locationId('olive-tree-soma'), lat: SOMA.lat + 0.0845, lng: SOMA.lng })
    // 9.4 km > 5 km; ETA 40 + 3 × 9.4 = 68.2 → 68.
    expect(beyond.body).toEqual({ distanceKm: 9.4, deliveryKMRadius: 5, deliverable: false, deliveryFee: null, etaMinutes: 68 })
    const hayes = await distance({ locationId: await locationId('olive-tree-hayes-valley'), lat: 37.7766, lng: -122.4239 })
    expect(hayes.body).toMatchObject({ distanceKm: 0, deliverable: false, deliveryFee: null })
  })

  it('refuses bad input with a message naming the field', async () => {
    const response = await distance({ locationId: await locationId('olive-tree-soma'), lat: 91, lng: 'west' })
    expect(response.status).toBe(400)
    expect((response.body as { message: string }).message).toMatch(/lat/)
    expect((response.body as { message: string }).message).toMatch(/lng/)
    const unknown = await distance({ locationId: '00000000-0000-4000-8000-000000000000', lat: 0, lng: 0 })
    expect(unknown.status).toBe(404)
  })
})

describe('bad input', () => {
  it('never answers 500', () => {
    expect(t.errors).toEqual([])
  })
})
