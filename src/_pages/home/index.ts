export { loadHomeView } from './model/home-view'
export type { SeoProps } from './model/home-view'
export { HomePage } from './ui/HomePage'
export { SearchPage } from './ui/SearchPage'
