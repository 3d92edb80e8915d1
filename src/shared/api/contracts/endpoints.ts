import { addressEndpoints, cardEndpoints, orderHistoryEndpoints } from './account'
import { deliveryEndpoints } from './delivery'
import { dineInEndpoints } from './dine-in'
import { favouriteEndpoints } from './favourites'
import { healthEndpoints } from './health'
import { openApiEndpoints } from './openapi'

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
  ...deliveryEndpoints,
  ...dineInEndpoints,
} as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
