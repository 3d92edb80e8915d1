export { GuestDetailsPage } from './ui/GuestDetailsPage'
