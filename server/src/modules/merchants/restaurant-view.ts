import type { LocationSummary, MediaRef, RestaurantDetail } from '@/shared/api/contracts/merchants'
import type { OpeningStatus, WorkingSession } from '@/shared/lib/hours'
import type { cities, diningTables, locations, media, merchants, orderTypes, tableSections } from '../../db/schema'
import { deliveryFeeFor, distanceKm, roundedKm } from '../../domain/distance'
import { percent } from '../../domain/money'
import { servicesOf, type Origin } from './search'

/*
 * A restaurant as the API answers it, built from rows already loaded (docs/discovery.md): no
 * database here, so the shape can be read and tested on its own.
 */

export type LocationRow = typeof locations.$inferSelect
export type MerchantRow = typeof merchants.$inferSelect
export type CityRow = typeof cities.$inferSelect
export type MediaRow = Omit<typeof media.$inferSelect, 'body'>
export type Joined = { location: LocationRow; merchant: MerchantRow; city: CityRow }

export const mediaUrl = (apiBase: string, entityType: string, id: string) => `${apiBase}/media/${entityType}/${id}`

export const toMediaRef = (apiBase: string, row: MediaRow): MediaRef => ({
  id: row.id,
  entityType: row.entityType,
  mimeType: row.mimeType,
  altText: row.altText,
  url: mediaUrl(apiBase, row.entityType, row.id),
})

export const merchantTheme = (merchant: MerchantRow) =>
  merchant.primaryColor && merchant.textColor ? { primaryColor: merchant.primaryColor, textColor: merchant.textColor } : null

/**
 * The delivery fee to a point (as checkout charges it: a base fee and each kilometre started, at
 * the distance rounded to 0.1 km), or without a point the fee of the first kilometre; null beyond
 * the delivery radius.
 */
function deliveryFeeTo(location: LocationRow, origin?: Origin): number | null {
  if (!origin) return deliveryFeeFor(location.deliverySettings, 1)
  const km = roundedKm(distanceKm(origin, location))
  return km <= location.deliveryKMRadius ? deliveryFeeFor(location.deliverySettings, km) : null
}

/** One search result or list entry: the restaurant, its hours and status at the instant asked, its distance and fee from `origin`. */
export function toSummary(
  apiBase: string,
  { location, merchant, city }: Joined,
  sessions: WorkingSession[],
  status: OpeningStatus,
  ownTypes: (typeof orderTypes.$inferSelect)[],
  logo: MediaRow | undefined,
  cover: MediaRow | undefined,
  origin?: Origin,
): LocationSummary {
  const services = servicesOf(location, ownTypes)
  return {
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
    logo: logo ? toMediaRef(apiBase, logo) : null,
    cover: cover ? toMediaRef(apiBase, cover) : null,
    timeZoneCd: location.timeZoneCd,
    workingHours: sessions,
    open: status.open,
    nextSession: status.nextSession,
    lat: location.lat,
    lng: location.lng,
    distanceKm: origin ? roundedKm(distanceKm(origin, location)) : null,
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
}

/** A restaurant's page: its summary, everything about the location, and its sections with their active tables. */
export function toDetail(
  apiBase: string,
  summary: LocationSummary,
  status: OpeningStatus,
  { location, city }: Joined,
  mediaRows: MediaRow[],
  sections: (typeof tableSections.$inferSelect)[],
  tables: (typeof diningTables.$inferSelect)[],
): RestaurantDetail {
  const cutOffPassed = (cutoffMinutes: number) => status.minutesToClose === null || status.minutesToClose <= cutoffMinutes
  return {
    ...summary,
    postalCode: location.postalCode,
    phoneNumber: location.phoneNumber,
    aboutUs: location.aboutUs,
    countryName: city.countryName,
    state: city.state,
    themeColor: summary.theme?.primaryColor ?? null,
    media: mediaRows.map((row) => toMediaRef(apiBase, row)),
    currentWorkingHours: status.currentWorkingHours,
    activeSessionEndTime: status.activeSessionEndTime,
    isLastActiveSession: status.isLastActiveSession,
    branch: location.branch,
    digitalMenu: location.digitalMenu,
    highChair: location.highChair,
    onlineCheckin: location.onlineCheckin,
    onlineOrder: location.onlineOrder,
    orderingPaused: location.orderingPausedAt !== null,
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
