import { addressEndpoints, cardEndpoints, customerEndpoints, orderHistoryEndpoints, sandboxProviderEndpoints } from './account'
import { authEndpoints } from './auth'
import { configEndpoints } from './config'
import { deliveryEndpoints } from './delivery'
import { devEndpoints } from './dev'
import { dineInEndpoints } from './dine-in'
import { eventEndpoints } from './events'
import { favouriteEndpoints } from './favourites'
import { feedbackEndpoints } from './feedback'
import { floorEndpoints } from './floor'
import { healthEndpoints } from './health'
import { hostStandEndpoints } from './host-stand'
import { kitchenEndpoints } from './kitchen'
import { mediaEndpoints } from './media'
import { linkEndpoints, merchantEndpoints } from './merchants'
import { offerEndpoints } from './offers'
import { openApiEndpoints } from './openapi'
import { paymentEndpoints, placementEndpoints } from './ordering'
import { pricingEndpoints } from './orders'
import { placeEndpoints } from './places'
import { reservationEndpoints } from './reservations'
import { staffEndpoints } from './staff'
import { supportEndpoints } from './support'
import { tableEndpoints } from './tables'

/**
 * The one endpoint map (docs/api.md, "The endpoint map"): every converted route of the API, keyed
 * by 'METHOD /path' under the API base. The server mounts and validates from it
 * (server/src/lib/endpoint.ts), the web client is typed from it (src/shared/api/call.ts, a
 * type-only import) and GET /api/openapi.json is built from it. Modules not yet listed keep their
 * hand-written routes until converted (docs/decisions.md, "Issue 15 — one endpoint map").
 */
export const endpoints = {
  ...healthEndpoints,
  ...openApiEndpoints,
  ...favouriteEndpoints,
  ...addressEndpoints,
  ...cardEndpoints,
  ...orderHistoryEndpoints,
  ...reservationEndpoints,
  ...feedbackEndpoints,
  ...supportEndpoints,
  ...merchantEndpoints,
  ...configEndpoints,
  ...placeEndpoints,
  ...tableEndpoints,
  ...linkEndpoints,
  ...mediaEndpoints,
  ...pricingEndpoints,
  ...placementEndpoints,
  ...paymentEndpoints,
  ...offerEndpoints,
  ...eventEndpoints,
  ...authEndpoints,
  ...customerEndpoints,
  ...devEndpoints,
  ...sandboxProviderEndpoints,
  ...deliveryEndpoints,
  ...dineInEndpoints,
  ...staffEndpoints,
  ...kitchenEndpoints,
  ...hostStandEndpoints,
  ...floorEndpoints,
} as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
