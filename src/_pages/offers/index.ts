export { OffersPage } from './ui/OffersPage'
