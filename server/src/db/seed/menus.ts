import { BURGER_DINER, CAFE_US, CALIFORNIAN_ITALIAN, COCKTAIL_BAR, SUSHI, TACO_TRUCK } from './menus-us'
import { KAAPI_CAFE, NORTH_INDIAN, SOUTH_INDIAN } from './menus-india'

export const MENUS = {
  californianItalian: CALIFORNIAN_ITALIAN,
  cafeUs: CAFE_US,
  tacoTruck: TACO_TRUCK,
  burgerDiner: BURGER_DINER,
  cocktailBar: COCKTAIL_BAR,
  sushi: SUSHI,
  northIndian: NORTH_INDIAN,
  southIndian: SOUTH_INDIAN,
  kaapiCafe: KAAPI_CAFE,
} as const
