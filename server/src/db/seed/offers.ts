import type { locations, menuItems, offers } from '../schema'

type SeedSource = { locations: (typeof locations.$inferInsert)[]; menuItems: (typeof menuItems.$inferInsert)[] }

const FAR_FUTURE = new Date('2099-12-31T23:59:59Z')

/** The demo offers: WELCOME10 at every US location, SPICE50 at Spice Route, FREEDESSERT an item offer, SUMMER24 expired. */
export function buildOfferRows({ locations: locationRows, menuItems: itemRows }: SeedSource): (typeof offers.$inferInsert)[] {
  const locationIdOf = (slug: string) => {
    const found = locationRows.find((row) => row.locationSlug === slug)?.id
    if (!found) throw new Error(`offers seed: no location ${slug}`)
    return found
  }
  const itemOf = (locationSlug: string, itemSlug: string) => {
    const locationId = locationIdOf(locationSlug)
    const found = itemRows.find((row) => row.locationId === locationId && row.slug === itemSlug)
    if (!found?.id) throw new Error(`offers seed: no item ${itemSlug} at ${locationSlug}`)
    return { id: found.id, priceMinor: found.priceMinor }
  }
  const tiramisu = itemOf('olive-tree-soma', 'tiramisu')
  const startsAt = new Date('2024-01-01T00:00:00Z')
  return [
    {
      code: 'WELCOME10',
      locationId: null,
      currency: 'USD',
      title: '10% off your order',
      description: '10% off orders of $15 or more, up to $5.',
      kind: 'PERCENT',
      valueBp: 1_000,
      minOrderMinor: 1_500,
      maxDiscountMinor: 500,
      perCustomerLimit: 3,
      startsAt,
      expiresAt: FAR_FUTURE,
    },
    {
      code: 'SPICE50',
      locationId: locationIdOf('spice-route-indiranagar'),
      currency: 'INR',
      title: '₹50 off at Spice Route',
      description: '₹50 off orders of ₹400 or more.',
      kind: 'FLAT',
      valueMinor: 5_000,
      minOrderMinor: 40_000,
      perCustomerLimit: 5,
      startsAt,
      expiresAt: FAR_FUTURE,
    },
    {
      code: 'FREEDESSERT',
      locationId: locationIdOf('olive-tree-soma'),
      currency: 'USD',
      title: 'A free Tiramisu',
      description: 'One Tiramisu on the house with any order of $30 or more.',
      kind: 'ITEM',
      itemId: tiramisu.id,
      minOrderMinor: 3_000,
      // The whole price of one Tiramisu: a second one is paid for.
      maxDiscountMinor: tiramisu.priceMinor,
      perCustomerLimit: 1,
      startsAt,
      expiresAt: FAR_FUTURE,
    },
    {
      code: 'SUMMER24',
      locationId: null,
      currency: 'USD',
      title: 'Summer 2024: $5 off',
      description: '$5 off any order, summer 2024 only.',
      kind: 'FLAT',
      valueMinor: 500,
      minOrderMinor: 0,
      perCustomerLimit: 1,
      startsAt,
      expiresAt: new Date('2024-09-01T00:00:00Z'),
    },
  ]
}
