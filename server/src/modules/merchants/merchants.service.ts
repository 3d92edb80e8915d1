import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  FindMerchantResponse,
  LocationSummary,
  MediaRef,
  MenuCategory,
  MenuItem,
  MenuResponse,
  MerchantDetails,
  RestaurantDetail,
} from '@/shared/api/contracts/merchants'
import type { findMerchantRequest } from '@/shared/api/contracts/merchants'
import { openingStatus, type WorkingSession } from '@/shared/lib/hours'
import { driverRows, type Database } from '../../db/client'
import {
  cities,
  diningTables,
  locations,
  media,
  menuCategories,
  menuItems,
  menuSubCategories,
  merchants,
  modifierOptions,
  modifiers,
  orderTypes,
  tableSections,
  workingHours,
} from '../../db/schema'
import { distanceKm } from '../../domain/distance'
import { ApiError, notFound } from '../../lib/errors'
import { findCandidates, hoursOf, keepOpen, wordsFoundNowhere, matchedDishesOf, servicesOf, suggestionsFor, type Origin } from './search'

type LocationRow = typeof locations.$inferSelect
type MerchantRow = typeof merchants.$inferSelect
type CityRow = typeof cities.$inferSelect
type Joined = { location: LocationRow; merchant: MerchantRow; city: CityRow }

export const mediaUrl = (apiBase: string, entityType: string, id: string) => `${apiBase}/media/${entityType}/${id}`

const percent = (basisPoints: number) => basisPoints / 100

const merchantTheme = (merchant: MerchantRow) =>
  merchant.primaryColor && merchant.textColor ? { primaryColor: merchant.primaryColor, textColor: merchant.textColor } : null

/**
 * The delivery fee to a point (as checkout charges it: a base fee and each kilometre started, at
 * the distance rounded to 0.1 km), or without a point the fee of the first kilometre; null beyond
 * the delivery radius.
 */
function deliveryFeeTo(location: LocationRow, origin?: Origin): number | null {
  const { baseFeeMinor = 0, perKmFeeMinor = 0 } = location.deliverySettings
  if (!origin) return baseFeeMinor + perKmFeeMinor
  const km = Math.round(distanceKm(origin, location) * 10) / 10
  return km <= location.deliveryKMRadius ? baseFeeMinor + perKmFeeMinor * Math.ceil(km) : null
}

/** Rows grouped by a key, in their order: one pass instead of a filter per parent. */
function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const k = key(row)
    const group = groups.get(k)
    if (group) group.push(row)
    else groups.set(k, [row])
  }
  return groups
}

export function createMerchantService(db: Database, apiBase: string) {
  const toRef = (row: typeof media.$inferSelect | Omit<typeof media.$inferSelect, 'body'>): MediaRef => ({
    id: row.id,
    entityType: row.entityType,
    mimeType: row.mimeType,
    altText: row.altText,
    url: mediaUrl(apiBase, row.entityType, row.id),
  })

  const mediaColumns = {
    id: media.id,
    merchantId: media.merchantId,
    locationId: media.locationId,
    entityType: media.entityType,
    mimeType: media.mimeType,
    altText: media.altText,
    sortOrder: media.sortOrder,
    createdAt: media.createdAt,
  }

  async function loadJoined(where: ReturnType<typeof and>): Promise<Joined[]> {
    return db
      .select({ location: locations, merchant: merchants, city: cities })
      .from(locations)
      .innerJoin(merchants, eq(locations.merchantId, merchants.id))
      .innerJoin(cities, eq(locations.cityId, cities.id))
      .where(where)
      .orderBy(asc(merchants.name), asc(locations.branchName))
  }

  async function summarise(rows: Joined[], origin?: { lat: number; lng: number }, instant = new Date()) {
    if (rows.length === 0) return []
    const locationIds = rows.map((r) => r.location.id)
    const merchantIds = [...new Set(rows.map((r) => r.merchant.id))]
    const [hours, types, mediaRows] = await Promise.all([
      db.select().from(workingHours).where(inArray(workingHours.locationId, locationIds)),
      db.select().from(orderTypes).where(inArray(orderTypes.locationId, locationIds)).orderBy(asc(orderTypes.sortOrder)),
      db
        .select(mediaColumns)
        .from(media)
        .where(
          or(
            and(inArray(media.locationId, locationIds), eq(media.entityType, 'META')),
            and(inArray(media.merchantId, merchantIds), eq(media.entityType, 'LOGO')),
          ),
        )
        .orderBy(asc(media.sortOrder)),
    ])
    return rows.map(({ location, merchant, city }) => {
      const sessions: WorkingSession[] = hours
        .filter((h) => h.locationId === location.id)
        .map((h) => ({ day: h.dayOfWeek, sessionName: h.sessionName, opensAt: h.opensAt, closesAt: h.closesAt }))
        .sort((a, b) => a.day - b.day || a.opensAt.localeCompare(b.opensAt))
      const status = openingStatus(sessions, location.timeZoneCd, instant)
      const ownTypes = types.filter((t) => t.locationId === location.id)
      const services = servicesOf(location, ownTypes)
      const logo = mediaRows.find((m) => m.merchantId === merchant.id && m.entityType === 'LOGO')
      const cover = mediaRows.find((m) => m.locationId === location.id && m.entityType === 'META')
      const summary: LocationSummary = {
        id: location.id,
        merchantId: merchant.id,
        merchantName: merchant.name,
        merchantType: merchant.merchantType,
        merchantSlug: merchant.slug,
        locationSlug: location.locationSlug,
        branchName: location.branchName,
        neighbourhood: location.neighbourhood,
        address: location.address,
        city: city.name,
        country: city.country,
        currency: location.currency,
        cuisine: location.cuisine,
        rating: location.ratingTenths / 10,
        ratingCount: location.ratingCount,
        cost: location.costForTwoMinor,
        theme: merchantTheme(merchant),
        logo: logo ? toRef(logo) : null,
        cover: cover ? toRef(cover) : null,
        timeZoneCd: location.timeZoneCd,
        workingHours: sessions,
        open: status.open,
        nextSession: status.nextSession,
        lat: location.lat,
        lng: location.lng,
        distanceKm: origin ? Math.round(distanceKm(origin, location) * 10) / 10 : null,
        delivery: location.delivery,
        takeAway: location.takeAway,
        dining: location.dining,
        deliveryKMRadius: location.deliveryKMRadius,
        defaultDeliveryETA: location.defaultDeliveryETA,
        defaultPickUpETA: location.defaultPickUpETA,
        orderTypes: ownTypes.map((t) => ({ id: t.id, code: t.code, name: t.name, typeGroup: t.typeGroup })),
        services,
        deliveryFee: services.includes('delivery') ? deliveryFeeTo(location, origin) : null,
      }
      const ownMedia = mediaRows.filter(
        (m) => m.locationId === location.id || (m.merchantId === merchant.id && m.entityType === 'LOGO'),
      )
      return { summary, status, location, city, media: ownMedia }
    })
  }

  async function detail(joined: Joined): Promise<RestaurantDetail> {
    const [summarised] = await summarise([joined])
    if (!summarised) throw notFound('The restaurant')
    const { summary, status, location, city, media: mediaRows } = summarised
    const [sections, tables] = await Promise.all([
      db.select().from(tableSections).where(eq(tableSections.locationId, location.id)).orderBy(asc(tableSections.sortOrder)),
      db
        .select()
        .from(diningTables)
        .where(and(eq(diningTables.locationId, location.id), eq(diningTables.isActive, true)))
        .orderBy(asc(diningTables.name)),
    ])
    const cutOffPassed = (cutoffMinutes: number) =>
      status.minutesToClose === null || status.minutesToClose <= cutoffMinutes
    return {
      ...summary,
      postalCode: location.postalCode,
      phoneNumber: location.phoneNumber,
      aboutUs: location.aboutUs,
      countryName: city.countryName,
      state: city.state,
      themeColor: summary.theme?.primaryColor ?? null,
      media: mediaRows.map(toRef),
      currentWorkingHours: status.currentWorkingHours,
      activeSessionEndTime: status.activeSessionEndTime,
      isLastActiveSession: status.isLastActiveSession,
      branch: location.branch,
      digitalMenu: location.digitalMenu,
      highChair: location.highChair,
      onlineCheckin: location.onlineCheckin,
      onlineOrder: location.onlineOrder,
      parking: location.parking,
      quickCheckIn: location.quickCheckIn,
      shareTable: location.shareTable,
      assignTableDuringQuickCheckIn: location.assignTableDuringQuickCheckIn,
      cards: location.cards,
      pref: location.pref,
      tableSection: sections.map((section) => ({
        id: section.id,
        name: section.name,
        tables: tables
          .filter((t) => t.sectionId === section.id)
          .map((t) => ({ id: t.id, name: t.name, capacity: t.capacity, minCapacity: t.minCapacity })),
      })),
      safetyMeasures: location.safetyMeasures,
      facilities: location.facilities,
      diets: location.diets,
      itemTypes: location.itemTypes,
      maxCheckinWaitThreshold: location.maxCheckinWaitThreshold,
      maxOnlineCheckin: location.maxOnlineCheckin,
      redirectUrl: location.redirectUrl,
      locationDeliveryProviders: location.locationDeliveryProviders,
      scheduledDelivery: location.scheduledDelivery,
      scheduledDeliveryCutOffTime: location.scheduledDeliveryCutOffTime,
      scheduledDeliveryDurationInDays: location.scheduledDeliveryDurationInDays,
      pickupCutoff: location.pickupCutoff,
      deliveryCutoff: location.deliveryCutoff,
      deliveryCutOffTimeExceeds: cutOffPassed(location.deliveryCutoff),
      pickupCutOffTimeExceeds: cutOffPassed(location.pickupCutoff),
      deliverySettings: location.deliverySettings,
      paymentProvider: location.paymentProvider,
      defaultTax: percent(location.defaultTaxBp),
      defaultItemTax: percent(location.defaultItemTaxBp),
      dataCapCnpPayment: location.dataCapCnpPayment,
      isSurchargeEnabled: location.isSurchargeEnabled,
      platformConfiguration: location.platformConfiguration,
      disabledServices: location.disabledServices,
      cancellationPolicy: location.cancellationPolicy,
    }
  }

  const active = eq(locations.isActive, true)

  const service = {
    /** Restaurant search (docs/discovery.md): `now` decides "open now" and the open status of each result. */
    async find(request: z.output<typeof findMerchantRequest>, now = new Date()): Promise<FindMerchantResponse> {
      const origin = request.lat !== undefined && request.lng !== undefined ? { lat: request.lat, lng: request.lng } : undefined
      let candidates = await findCandidates(db, request, origin)
      // Nothing holds the words as typed: look for close words, as a misspelling ("buger") needs.
      const loose = candidates.length > 0 ? new Set<string>() : await wordsFoundNowhere(db, request.query)
      const close = loose.size > 0
      if (close) candidates = await findCandidates(db, request, origin, loose)
      if (request.openNow) candidates = keepOpen(candidates, await hoursOf(db, candidates.map((c) => c.id)), now)
      const pageIds = candidates.slice(request.page * request.size, (request.page + 1) * request.size).map((c) => c.id)
      const [rows, dishes, suggestions] = await Promise.all([
        pageIds.length ? loadJoined(inArray(locations.id, pageIds)) : Promise.resolve([]),
        matchedDishesOf(db, pageIds, request.query, request.services),
        request.suggest ? suggestionsFor(db, candidates, request.query, request.services) : Promise.resolve(undefined),
      ])
      const position = new Map(pageIds.map((id, index) => [id, index]))
      rows.sort((a, b) => position.get(a.location.id)! - position.get(b.location.id)!)
      return {
        content: (await summarise(rows, origin, now)).map((s) => ({ ...s.summary, matchedDishes: dishes.get(s.summary.id) ?? [] })),
        totalElements: candidates.length,
        page: request.page,
        size: request.size,
        ...(suggestions ? { suggestions } : {}),
        ...(close ? { closeMatches: true } : {}),
      }
    },

    /** A location by its slug; a merchant slug also resolves when the merchant has one location. */
    async bySlug(slug: string): Promise<RestaurantDetail> {
      let [row] = await loadJoined(and(active, eq(locations.locationSlug, slug)))
      if (!row) {
        const branches = await loadJoined(and(active, eq(merchants.slug, slug)))
        if (branches.length === 1) row = branches[0]
      }
      if (!row) throw notFound('The restaurant')
      return detail(row)
    },

    async byId(locationId: string): Promise<RestaurantDetail> {
      const [row] = await loadJoined(and(active, eq(locations.id, locationId)))
      if (!row) throw notFound('The restaurant')
      return detail(row)
    },

    async merchantDetails(slug: string): Promise<MerchantDetails> {
      const [merchant] = await db.select().from(merchants).where(eq(merchants.slug, slug))
      if (!merchant) throw notFound('The merchant')
      const rows = await loadJoined(and(active, eq(merchants.id, merchant.id)))
      const summaries = (await summarise(rows)).map((s) => s.summary)
      const [logo] = await db
        .select(mediaColumns)
        .from(media)
        .where(and(eq(media.merchantId, merchant.id), eq(media.entityType, 'LOGO')))
      return {
        id: merchant.id,
        name: merchant.name,
        slug: merchant.slug,
        merchantType: merchant.merchantType,
        theme: merchantTheme(merchant),
        logo: logo ? toRef(logo) : null,
        locations: summaries,
      }
    },

    async menu(locationId: string, menuType: string, visibleTo: string[]): Promise<MenuResponse> {
      return (await service.versionedMenu(locationId, menuType, visibleTo)).menu
    },

    /**
     * The menu and the location's menu version read before it: the menu is at least as new as
     * that version (read committed), so a cache keyed by the version never serves older data.
     */
    async versionedMenu(locationId: string, menuType: string, visibleTo: string[]): Promise<{ menu: MenuResponse; version: number }> {
      const [found] = await db
        .select({ location: locations, country: cities.country })
        .from(locations)
        .innerJoin(cities, eq(locations.cityId, cities.id))
        .where(and(active, eq(locations.id, locationId)))
      if (!found) throw notFound('The restaurant')
      const { location } = found
      const [orderType] = await db
        .select()
        .from(orderTypes)
        .where(and(eq(orderTypes.locationId, locationId), eq(orderTypes.code, menuType)))
      if (!orderType) {
        throw new ApiError(404, 'menu_type_not_offered', `This restaurant has no ${menuType} menu.`)
      }
      const [categoryRows, subRows, itemRows] = await Promise.all([
        db.select().from(menuCategories).where(eq(menuCategories.locationId, locationId)).orderBy(asc(menuCategories.sortOrder)),
        db
          .select({ sub: menuSubCategories, media: { id: media.id, entityType: media.entityType, mimeType: media.mimeType } })
          .from(menuSubCategories)
          .innerJoin(menuCategories, eq(menuSubCategories.categoryId, menuCategories.id))
          .leftJoin(media, eq(menuSubCategories.mediaId, media.id))
          .where(eq(menuCategories.locationId, locationId))
          .orderBy(asc(menuSubCategories.sortOrder)),
        db
          .select()
          .from(menuItems)
          .where(
            and(
              eq(menuItems.locationId, locationId),
              sql`${menuItems.visibleTo} ?| ${sql.raw(`array[${visibleTo.map((v) => `'${v}'`).join(',')}]`)}`,
              sql`(jsonb_array_length(${menuItems.orderTypeCodes}) = 0 or ${menuItems.orderTypeCodes} ? ${menuType})`,
            ),
          )
          .orderBy(asc(menuItems.sortOrder), asc(menuItems.name)),
      ])
      const itemIds = itemRows.map((i) => i.id)
      const modifierRows = itemIds.length
        ? await db.select().from(modifiers).where(inArray(modifiers.itemId, itemIds)).orderBy(asc(modifiers.sortOrder))
        : []
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
      const imageUrl = (entityType: string, mediaId: string | null) => (mediaId ? mediaUrl(apiBase, entityType, mediaId) : null)
      const modifiersByItem = groupBy(modifierRows, (m) => m.itemId)
      const optionsByModifier = groupBy(optionRows, (o) => o.modifierId)
      const categoryById = new Map(categoryRows.map((c) => [c.id, c]))
      const subById = new Map(subRows.map((s) => [s.sub.id, s]))
      const categories: MenuCategory[] = categoryRows.map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        image: imageUrl('CATEGORY', c.mediaId),
        subCategories: subRows
          .filter((s) => s.sub.categoryId === c.id)
          .map((s) => ({ id: s.sub.id, name: s.sub.name, image: imageUrl('SUBCATEGORY', s.sub.mediaId) })),
      }))
      const items: MenuItem[] = itemRows.map((item) => {
        const sub = item.subCategoryId ? subById.get(item.subCategoryId) : undefined
        return {
          id: item.id,
          name: item.name,
          slug: item.slug,
          description: item.description,
          price: item.priceMinor,
          tax: item.taxBp === null ? null : percent(item.taxBp),
          display: item.display,
          categoryId: item.categoryId,
          category: categoryById.get(item.categoryId)?.name ?? '',
          subCategoryId: item.subCategoryId,
          subCategory: sub?.sub.name ?? null,
          subCategoryImg: sub?.media ? mediaUrl(apiBase, sub.media.entityType, sub.media.id) : null,
          subCategoryImgType: sub?.media?.mimeType ?? null,
          itemType: item.itemType,
          allergens: item.allergens ?? null,
          dietary: item.dietary,
          tags: item.tags,
          calories: item.calories,
          image: imageUrl('ITEM', item.mediaId),
          stockQuantity: item.stockQuantity,
          alertQuantity: item.alertQuantity,
          modifiers: (modifiersByItem.get(item.id) ?? []).map((m) => ({
            id: m.id,
            name: m.name,
            typeId: m.typeId,
            minSelect: m.minSelect,
            maxSelect: m.maxSelect,
            options: (optionsByModifier.get(m.id) ?? []).map((o) => ({
              id: o.id,
              name: o.name,
              price: o.priceMinor,
              isDefault: o.isDefault,
              maxQuantity: o.maxQuantity,
            })),
          })),
        }
      })
      const menu: MenuResponse = {
        locationId,
        menuType,
        currency: location.currency,
        market: found.country === 'IND' ? 'IN' : 'US',
        orderTax: percent(location.defaultTaxBp),
        defaultItemTax: percent(location.defaultItemTaxBp),
        categories,
        items,
      }
      return { menu, version: location.menuVersion }
    },

    /** The menu versions of active locations, by id (absent: no such active location). */
    async menuVersions(locationIds: readonly string[]): Promise<Map<string, number>> {
      // Every menu read asks this, so it goes straight to the driver (one constant, prepared statement).
      const rows = await driverRows<{ id: string; version: number }>(
        db,
        'select id, menu_version::float8 as version from locations where is_active and id = any($1::uuid[])',
        [[...new Set(locationIds)]],
      )
      return new Map(rows.map((row) => [row.id, row.version]))
    },

    async cities() {
      return db.select().from(cities).orderBy(asc(cities.name))
    },
  }
  return service
}

export type MerchantService = ReturnType<typeof createMerchantService>
