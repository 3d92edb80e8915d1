export { LocationPickPage } from './ui/LocationPickPage'
