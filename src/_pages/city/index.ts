export { cityStaticPaths, loadCityView } from './model/city-view'
export type { CityView } from './model/city-view'
export { CityPage } from './ui/CityPage'
