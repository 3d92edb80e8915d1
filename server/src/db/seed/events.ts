import { inArray } from 'drizzle-orm'
import { addDays, zonedClock } from '@/shared/lib/hours'
import type { Transaction } from '../executor'
import { campaignOffers, campaigns, eventItems, events, offers, orderTypes } from '../schema'
import type { locations, menuItems, merchants } from '../schema'

type SeedSource = {
  merchants: (typeof merchants.$inferInsert)[]
  locations: (typeof locations.$inferInsert)[]
  menuItems: (typeof menuItems.$inferInsert)[]
}


/** The order type of event orders (typeGroup E); last in a location's list, so no menu opens on it by default. */
export const EVENT_ORDER_TYPE = { code: 'event', name: 'Event pre-order', typeGroup: 'E', sortOrder: 9 } as const

type EventSeed = {
  slug: string
  locationSlug: string
  title: string
  description: string
  /** Days after the location's today of the first and last event date. */
  fromDay: number
  toDay: number
  slotsFrom: string
  slotsUntil: string
  slotMinutes: number
  ordersPerSlot: number
  orderCutoffHours: number
  /** Item slugs of the location, with an event price in minor units where the event sets one. */
  items: [string, number | null][]
}

/** Relative dates: the events are always ahead when the seed runs. */
export const EVENT_SEEDS: EventSeed[] = [
  {
    slug: 'olive-tree-holiday-feast',
    locationSlug: 'olive-tree-soma',
    title: 'Holiday Feast Pre-order',
    description: 'Order the holiday table ahead and collect it warm from Olive Tree SoMa: family trays of pasta, mains and dessert.',
    fromDay: 2,
    toDay: 9,
    slotsFrom: '11:00',
    slotsUntil: '19:00',
    slotMinutes: 30,
    ordersPerSlot: 2,
    orderCutoffHours: 24,
    items: [
      ['burrata-and-heirloom-tomatoes', 1600],
      ['little-gem-caesar', null],
      ['lasagna-verde', 2100],
      ['rigatoni-alla-vodka', null],
      ['tagliatelle-bolognese', 2200],
      ['chicken-piccata', null],
      ['eggplant-parmigiana', 2300],
      ['tiramisu', 1000],
      ['olive-oil-cake', null],
    ],
  },
  {
    slug: 'spice-route-festive-thali',
    locationSlug: 'spice-route-indiranagar',
    title: 'Festive Thali Week',
    description: 'A festive spread from Spice Route Indiranagar, ready for pickup on the day you choose.',
    fromDay: 3,
    toDay: 8,
    slotsFrom: '12:00',
    slotsUntil: '20:00',
    slotMinutes: 30,
    ordersPerSlot: 6,
    orderCutoffHours: 12,
    items: [
      ['paneer-tikka', 29900],
      ['dal-makhani', null],
      ['paneer-butter-masala', 31900],
      ['butter-chicken', 36900],
      ['hyderabadi-chicken-dum-biryani', null],
      ['subz-biryani', 26900],
      ['butter-naan', null],
      ['gulab-jamun', 9900],
    ],
  },
]

/** Campaigns of merchants with several locations, pointing at existing offers. */
export const CAMPAIGN_SEEDS = [
  {
    key: 'olive-tree-winter-table',
    merchantSlug: 'olive-tree',
    title: 'Winter at the Olive Tree',
    description: 'Warm pasta, a free Tiramisu and 10% off: our winter offers at every Olive Tree.',
    startsDaysAgo: 7,
    endsInDays: 60,
    offerCodes: ['WELCOME10', 'FREEDESSERT'],
  },
  {
    key: 'olive-tree-summer-terrace',
    merchantSlug: 'olive-tree',
    title: 'Summer on the Terrace',
    description: 'Our summer offers on the terrace.',
    startsDaysAgo: 200,
    endsInDays: -100,
    offerCodes: ['WELCOME10'],
  },
] as const

const DAY_MS = 86_400_000

/** Event order types, events with their dishes, and campaigns with their offers. */
export async function seedEvents(
  tx: Transaction,
  source: SeedSource,
  seedId: (key: string) => string,
  now = new Date(),
): Promise<void> {
  const locationOf = (slug: string) => {
    const found = source.locations.find((row) => row.locationSlug === slug)
    if (!found?.id) throw new Error(`events seed: no location ${slug}`)
    return found
  }
  for (const event of EVENT_SEEDS) {
    const location = locationOf(event.locationSlug)
    const locationId = location.id!
    const today = zonedClock(now, location.timeZoneCd).date
    const eventId = seedId(`event:${event.slug}`)
    await tx.insert(orderTypes).values({ id: seedId(`${event.locationSlug}:order-type:event`), locationId, ...EVENT_ORDER_TYPE })
    await tx.insert(events).values({
      id: eventId,
      locationId,
      slug: event.slug,
      title: event.title,
      description: event.description,
      startsOn: addDays(today, event.fromDay),
      endsOn: addDays(today, event.toDay),
      slotsFrom: event.slotsFrom,
      slotsUntil: event.slotsUntil,
      slotMinutes: event.slotMinutes,
      ordersPerSlot: event.ordersPerSlot,
      orderCutoffHours: event.orderCutoffHours,
    })
    await tx.insert(eventItems).values(
      event.items.map(([itemSlug, priceMinor], index) => {
        const item = source.menuItems.find((row) => row.locationId === locationId && row.slug === itemSlug)
        if (!item?.id) throw new Error(`events seed: no item ${itemSlug} at ${event.locationSlug}`)
        return { eventId, itemId: item.id, priceMinor, sortOrder: index }
      }),
    )
  }
  const codes = [...new Set(CAMPAIGN_SEEDS.flatMap((campaign) => campaign.offerCodes))]
  const offerIds = new Map((await tx.select({ id: offers.id, code: offers.code }).from(offers).where(inArray(offers.code, codes))).map((row) => [row.code, row.id]))
  for (const campaign of CAMPAIGN_SEEDS) {
    const merchant = source.merchants.find((row) => row.slug === campaign.merchantSlug)
    if (!merchant?.id) throw new Error(`events seed: no merchant ${campaign.merchantSlug}`)
    const campaignId = seedId(`campaign:${campaign.key}`)
    await tx.insert(campaigns).values({
      id: campaignId,
      merchantId: merchant.id,
      title: campaign.title,
      description: campaign.description,
      startsAt: new Date(now.getTime() - campaign.startsDaysAgo * DAY_MS),
      endsAt: new Date(now.getTime() + campaign.endsInDays * DAY_MS),
    })
    await tx.insert(campaignOffers).values(
      campaign.offerCodes.map((code) => {
        const offerId = offerIds.get(code)
        if (!offerId) throw new Error(`events seed: no offer ${code}`)
        return { campaignId, offerId }
      }),
    )
  }
}
