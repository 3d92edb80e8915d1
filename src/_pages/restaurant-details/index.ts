export { restaurantJsonLd } from './lib/json-ld'
export { detailsStaticPaths, loadDetailsView } from './model/details-view'
export type { DetailsView } from './model/details-view'
export { RestaurantDetailsPage } from './ui/RestaurantDetailsPage'
