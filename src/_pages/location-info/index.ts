export { LocationInfoPage } from './ui/LocationInfoPage'
