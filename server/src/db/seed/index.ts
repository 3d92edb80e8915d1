import { createHash } from 'node:crypto'
import type { Database } from '../client'
import {
  cities,
  diningTables,
  feedbackQuestions,
  locations,
  media,
  menuCategories,
  menuItems,
  menuSubCategories,
  merchants,
  modifierOptions,
  modifiers,
  offers,
  orderItemOptions,
  orderItems,
  orderNumberCounters,
  orderTypes,
  orders,
  shortLinks,
  staffMembers,
  STAFF_ROLES,
  type StaffRole,
  tableSections,
  workingHours,
} from '../schema'
import { CITIES, type CityKey } from './cities'
import { categorySvg, coverSvg, itemSvg, logoSvg, svgBytes } from './images'
import { LOCATIONS, type LocationSeed } from './locations'
import { kebabCase, type CategorySeed, type ItemSeed } from './menu-types'
import { MERCHANTS, type MerchantKey } from './merchants'
import { buildOfferRows } from './offers'
import { seedEvents } from './events'
import { buildFeedbackQuestionRows } from './feedback'
import { allergensOf, dietaryOf, orderShareOf } from './dietary'
import { buildOrderHistory } from './order-history'


type Rows = {
  cities: (typeof cities.$inferInsert)[]
  merchants: (typeof merchants.$inferInsert)[]
  locations: (typeof locations.$inferInsert)[]
  media: (typeof media.$inferInsert)[]
  workingHours: (typeof workingHours.$inferInsert)[]
  orderTypes: (typeof orderTypes.$inferInsert)[]
  menuCategories: (typeof menuCategories.$inferInsert)[]
  menuSubCategories: (typeof menuSubCategories.$inferInsert)[]
  menuItems: (typeof menuItems.$inferInsert)[]
  modifiers: (typeof modifiers.$inferInsert)[]
  modifierOptions: (typeof modifierOptions.$inferInsert)[]
  tableSections: (typeof tableSections.$inferInsert)[]
  diningTables: (typeof diningTables.$inferInsert)[]
  shortLinks: (typeof shortLinks.$inferInsert)[]
  staffMembers: (typeof staffMembers.$inferInsert)[]
  /** How often the demo history orders each dish, by item id. */
  itemShares: Map<string, number>
}

/** A stable UUID per seed key, so table ids in QR codes survive a re-seed of a fresh database. */
function seedId(key: string): string {
  const hex = createHash('sha1').update(`tablefront-demo:${key}`).digest('hex')
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

const ORDER_TYPES = {
  pickup: { code: 'pickup', name: 'Pickup', typeGroup: 'P', sortOrder: 1 },
  delivery: { code: 'delivery', name: 'Delivery', typeGroup: 'L', sortOrder: 2 },
  dinein: { code: 'dinein', name: 'Dine-in', typeGroup: 'D', sortOrder: 3 },
} as const

/** Every demo restaurant's staff sign in with this password (README "The staff area"): demo data, never a real secret. */
export const DEMO_STAFF_PASSWORD = 'tablefront-demo'
/**
 * DEMO_STAFF_PASSWORD hashed once (scrypt, as every password): 48 hashes at every seed would cost
 * seconds. Migration 0016 gives the same hash to the demo staff of a database seeded before it.
 */
const DEMO_STAFF_PASSWORD_HASH = 'scrypt$32768$8$1$ip8xx+U7r40F/AA4A3Nchg==$sJB6ej/z8rSD9VVSddoACdrr9BBH1YMePEkmb1tXP+A='
/** The demo staff member of a role at a demo restaurant signs in as `<role>@<location slug>.demo`. */
export const demoStaffEmail = (locationSlug: string, role: StaffRole) => `${role}@${locationSlug}.demo`

const MIN_CAPACITY: Record<number, number> = { 2: 1, 4: 2, 6: 4, 8: 5 }

/** Short links (their ids contain a digit: docs/routes.md); brew5 has expired. */
const SHORT_LINKS = [
  { id: 'olive7', locationSlug: 'olive-tree-soma', menuType: 'pickup', expiresAt: null },
  { id: 'spice2', locationSlug: 'spice-route-indiranagar', menuType: 'delivery', expiresAt: new Date('2099-12-31T23:59:59Z') },
  { id: 'brew5', locationSlug: 'brew-lab', menuType: 'pickup', expiresAt: new Date('2024-01-01T00:00:00Z') },
] as const

function scalePrice(priceMinor: number, factor: number): number {
  if (factor === 1 || priceMinor === 0) return priceMinor
  return Math.round((priceMinor * factor) / 25) * 25
}

function orderTypeCodesOf(profile: LocationSeed['profile']): (keyof typeof ORDER_TYPES)[] {
  const codes: (keyof typeof ORDER_TYPES)[] = []
  if (profile.takeAway) codes.push('pickup')
  if (profile.delivery) codes.push('delivery')
  if (profile.dining) codes.push('dinein')
  return codes
}

/** Every row of the demo data, with ids, ready to insert. */
export function buildSeedRows(): Rows {
  const rows: Rows = {
    cities: [],
    merchants: [],
    locations: [],
    media: [],
    workingHours: [],
    orderTypes: [],
    menuCategories: [],
    menuSubCategories: [],
    menuItems: [],
    itemShares: new Map(),
    modifiers: [],
    modifierOptions: [],
    tableSections: [],
    diningTables: [],
    shortLinks: [],
    staffMembers: [],
  }

  const cityIds = {} as Record<CityKey, string>
  for (const city of Object.values(CITIES)) {
    cityIds[city.key] = seedId(`city:${city.slug}`)
    const { key: _key, taxBp: _taxBp, ...columns } = city
    rows.cities.push({ id: cityIds[city.key], ...columns })
  }

  const merchantIds = {} as Record<MerchantKey, string>
  for (const [key, merchant] of Object.entries(MERCHANTS) as [MerchantKey, (typeof MERCHANTS)[MerchantKey]][]) {
    const id = seedId(`merchant:${merchant.slug}`)
    merchantIds[key] = id
    rows.merchants.push({ id, ...merchant })
    if (merchant.primaryColor && merchant.textColor) {
      rows.media.push({
        id: seedId(`logo:${merchant.slug}`),
        merchantId: id,
        locationId: null,
        entityType: 'LOGO',
        mimeType: 'image/svg+xml',
        altText: `${merchant.name} logo`,
        body: svgBytes(logoSvg(merchant.name, merchant.primaryColor, merchant.textColor)),
      })
    }
  }

  for (const seed of LOCATIONS) {
    const city = CITIES[seed.city]
    const merchant = MERCHANTS[seed.merchant]
    const { profile } = seed
    const slug = profile.locationSlug
    const locationId = seedId(`location:${slug}`)
    const key = (suffix: string) => seedId(`${slug}:${suffix}`)

    if (seed.menu.currency !== city.currency) throw new Error(`${slug}: a ${seed.menu.currency} menu in a ${city.currency} city`)
    rows.locations.push({
      id: locationId,
      merchantId: merchantIds[seed.merchant],
      cityId: cityIds[seed.city],
      timeZoneCd: city.timeZone,
      currency: city.currency,
      defaultTaxBp: city.taxBp,
      ...profile,
    })

    rows.media.push({
      id: key('cover'),
      merchantId: merchantIds[seed.merchant],
      locationId,
      entityType: 'META',
      mimeType: 'image/svg+xml',
      altText: `${profile.branchName}, ${city.name}`,
      body: svgBytes(coverSvg(profile.locationSlug, profile.cuisine, merchant.primaryColor)),
    })

    for (const session of seed.hours) rows.workingHours.push({ id: key(`hours:${session.dayOfWeek}:${session.opensAt}`), locationId, ...session })

    const codes = orderTypeCodesOf(profile)
    for (const code of codes) rows.orderTypes.push({ id: key(`order-type:${code}`), locationId, ...ORDER_TYPES[code] })

    let tableNumber = 0
    seed.tables.forEach((section, sectionIndex) => {
      const sectionId = key(`section:${section.name}`)
      rows.tableSections.push({ id: sectionId, locationId, name: section.name, sortOrder: sectionIndex })
      for (const capacity of section.capacities) {
        tableNumber += 1
        const name = `T${tableNumber}`
        rows.diningTables.push({
          id: key(`table:${name}`),
          locationId,
          sectionId,
          name,
          capacity,
          minCapacity: MIN_CAPACITY[capacity] ?? 1,
          isActive: true,
        })
      }
    })

    for (const role of STAFF_ROLES) {
      rows.staffMembers.push({
        id: key(`staff:${role}`),
        locationId,
        name: `${profile.branchName} ${role}`,
        role,
        email: demoStaffEmail(slug, role),
        passwordHash: DEMO_STAFF_PASSWORD_HASH,
      })
    }

    addMenu(rows, seed, locationId, merchantIds[seed.merchant], new Set(codes))
  }

  for (const link of SHORT_LINKS) {
    const seed = LOCATIONS.find((location) => location.profile.locationSlug === link.locationSlug)
    if (!seed) throw new Error(`short link ${link.id}: no location ${link.locationSlug}`)
    const merchantType = MERCHANTS[seed.merchant].merchantType
    rows.shortLinks.push({ id: link.id, target: `/${merchantType}/${link.locationSlug}/menu/${link.menuType}`, expiresAt: link.expiresAt })
  }

  return rows
}

function addMenu(rows: Rows, seed: LocationSeed, locationId: string, merchantId: string, offeredCodes: Set<string>) {
  const slug = seed.profile.locationSlug
  const factor = seed.priceFactor ?? 1
  const itemSlugs = new Set<string>()
  let itemOrder = 0

  const addMedia = (suffix: string, entityType: string, altText: string, svg: string) => {
    const id = seedId(`${slug}:media:${suffix}`)
    rows.media.push({ id, merchantId, locationId, entityType, mimeType: 'image/svg+xml', altText, body: svgBytes(svg) })
    return id
  }

  const addItem = (item: ItemSeed, category: CategorySeed, categoryId: string, subCategoryId: string | null) => {
    const itemSlug = kebabCase(item.name)
    if (itemSlugs.has(itemSlug)) throw new Error(`${slug}: two items with the slug ${itemSlug}`)
    itemSlugs.add(itemSlug)
    const orderTypeCodes = (item.orderTypeCodes ?? []).filter((code) => offeredCodes.has(code))
    if (item.orderTypeCodes?.length && orderTypeCodes.length === 0) {
      throw new Error(`${slug}: ${item.name} is only for ${item.orderTypeCodes.join(', ')}, which the location does not offer`)
    }
    const id = seedId(`${slug}:item:${itemSlug}`)
    const mediaId = item.image === false ? null : addMedia(`item:${itemSlug}`, 'ITEM', item.name, itemSvg(item.name, item.art ?? category.art))
    rows.menuItems.push({
      id,
      locationId,
      categoryId,
      subCategoryId,
      name: item.name,
      slug: itemSlug,
      description: item.description,
      priceMinor: scalePrice(item.priceMinor, factor),
      taxBp: item.taxBp ?? null,
      display: item.display ?? 1,
      visibleTo: item.visibleTo ?? ['C', 'S'],
      orderTypeCodes,
      itemType: item.itemType,
      allergens: allergensOf(item),
      dietary: dietaryOf(item),
      tags: item.tags ?? [],
      calories: item.calories ?? null,
      mediaId,
      stockQuantity: item.stockQuantity ?? null,
      alertQuantity: item.alertQuantity ?? null,
      sortOrder: itemOrder++,
    })
    rows.itemShares.set(id, orderShareOf(item))
    item.modifiers?.forEach((modifier, modifierIndex) => {
      const modifierId = seedId(`${slug}:item:${itemSlug}:modifier:${modifierIndex}`)
      rows.modifiers.push({
        id: modifierId,
        itemId: id,
        name: modifier.name,
        typeId: modifier.typeId,
        minSelect: modifier.minSelect,
        maxSelect: modifier.maxSelect,
        sortOrder: modifierIndex,
      })
      modifier.options.forEach((option, optionIndex) => {
        rows.modifierOptions.push({
          id: seedId(`${slug}:item:${itemSlug}:modifier:${modifierIndex}:option:${optionIndex}`),
          modifierId,
          name: option.name,
          priceMinor: option.priceMinor ?? 0,
          isDefault: option.isDefault ?? false,
          maxQuantity: option.maxQuantity ?? 1,
          sortOrder: optionIndex,
        })
      })
    })
  }

  seed.menu.categories.forEach((category, categoryIndex) => {
    const categoryKey = kebabCase(category.name)
    const categoryId = seedId(`${slug}:category:${categoryKey}`)
    rows.menuCategories.push({
      id: categoryId,
      locationId,
      name: category.name,
      description: category.description,
      mediaId: addMedia(`category:${categoryKey}`, 'CATEGORY', category.name, categorySvg(category.name)),
      sortOrder: categoryIndex,
    })
    category.subCategories?.forEach((subCategory, subIndex) => {
      const subKey = kebabCase(subCategory.name)
      const subCategoryId = seedId(`${slug}:category:${categoryKey}:sub:${subKey}`)
      rows.menuSubCategories.push({
        id: subCategoryId,
        categoryId,
        name: subCategory.name,
        mediaId: addMedia(`sub:${categoryKey}:${subKey}`, 'SUBCATEGORY', subCategory.name, categorySvg(subCategory.name)),
        sortOrder: subIndex,
      })
      for (const item of subCategory.items) addItem(item, category, categoryId, subCategoryId)
    })
    for (const item of category.items ?? []) addItem(item, category, categoryId, null)
  })
}

/** Rows per INSERT statement: well below PostgreSQL's 65 535 bind parameters for the widest table. */
const CHUNK = 400

async function insertInChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) await write(rows.slice(start, start + CHUNK))
}

/** Inserts the demo merchants, locations and menus in one transaction. */
export async function seedDemoData(db: Database, now = new Date()): Promise<{ locations: number; items: number }> {
  const rows = buildSeedRows()
  const history = buildOrderHistory(rows, now, (key) => seedId(key))
  await db.transaction(async (tx) => {
    await insertInChunks(rows.cities, (chunk) => tx.insert(cities).values(chunk))
    await insertInChunks(rows.merchants, (chunk) => tx.insert(merchants).values(chunk))
    await insertInChunks(rows.locations, (chunk) => tx.insert(locations).values(chunk))
    await insertInChunks(rows.media, (chunk) => tx.insert(media).values(chunk))
    await insertInChunks(rows.workingHours, (chunk) => tx.insert(workingHours).values(chunk))
    await insertInChunks(rows.orderTypes, (chunk) => tx.insert(orderTypes).values(chunk))
    await insertInChunks(rows.menuCategories, (chunk) => tx.insert(menuCategories).values(chunk))
    await insertInChunks(rows.menuSubCategories, (chunk) => tx.insert(menuSubCategories).values(chunk))
    await insertInChunks(rows.menuItems, (chunk) => tx.insert(menuItems).values(chunk))
    await insertInChunks(rows.modifiers, (chunk) => tx.insert(modifiers).values(chunk))
    await insertInChunks(rows.modifierOptions, (chunk) => tx.insert(modifierOptions).values(chunk))
    await insertInChunks(rows.tableSections, (chunk) => tx.insert(tableSections).values(chunk))
    await insertInChunks(rows.diningTables, (chunk) => tx.insert(diningTables).values(chunk))
    await insertInChunks(rows.shortLinks, (chunk) => tx.insert(shortLinks).values(chunk))
    await insertInChunks(rows.staffMembers, (chunk) => tx.insert(staffMembers).values(chunk))
    await tx.insert(offers).values(buildOfferRows(rows))
    await seedEvents(tx, rows, seedId)
    await tx.insert(feedbackQuestions).values(buildFeedbackQuestionRows(rows.locations, rows))
    await insertInChunks(history.orders, (chunk) => tx.insert(orders).values(chunk))
    await insertInChunks(history.orderItems, (chunk) => tx.insert(orderItems).values(chunk))
    await insertInChunks(history.orderItemOptions, (chunk) => tx.insert(orderItemOptions).values(chunk))
    await insertInChunks(history.orderNumberCounters, (chunk) => tx.insert(orderNumberCounters).values(chunk))
  })
  return { locations: rows.locations.length, items: rows.menuItems.length }
}

/** True when no merchant exists yet: the first run seeds the demo data. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const found = await db.select({ id: merchants.id }).from(merchants).limit(1)
  return found.length === 0
}
