export {
  $favouriteItems,
  $favouriteRestaurants,
  $favouritesRequest,
  ensureFavouritesLoaded,
  isFavourite,
  loadFavourites,
  toggleItemFavourite,
  toggleRestaurantFavourite,
} from './model/favourites'
export type { FavouriteItemMark, FavouriteTarget } from './model/favourites'
