export { NearbyPage } from './ui/NearbyPage'
