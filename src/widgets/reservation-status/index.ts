export { ReservationStatus } from './ui/ReservationStatus'
