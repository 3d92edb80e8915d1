export { api, createApiClient, isErrorBody, PASSTHROUGH_STATUSES } from './client'
export type { ApiClient, ErrorBody } from './client'
export type {
  FindMerchantRequest,
  FindMerchantResponse,
  LocationSummary,
  MediaRef,
  MenuCategory,
  MenuItem,
  MenuResponse,
  MerchantDetails,
  RestaurantDetail,
  ShortLinkResponse,
  Theme,
} from './contracts/merchants'
