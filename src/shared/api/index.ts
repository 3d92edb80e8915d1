export { api, createApiClient, isErrorBody, PASSTHROUGH_STATUSES } from './client'
export {
  hasBuildData,
  loadAllLocations,
  loadCities,
  loadCustomerMenu,
  loadRestaurant,
  loadSiteConfig,
} from './build-data'
export type { City, SiteConfig } from './build-data'
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
export type { DiningTable, TableLookupResponse } from './contracts/tables'
export type {
  Favourite,
  FavouriteItem,
  FavouriteRequest,
  FavouriteRestaurant,
  FavouritesQuery,
  FavouritesResponse,
  RemoveFavouriteResponse,
} from './contracts/favourites'
export type { NearestCityResponse, Place, PlaceKind, PlaceSearchResponse } from './contracts/places'
