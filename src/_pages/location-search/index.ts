export { LocationSearchPage } from './ui/LocationSearchPage'
