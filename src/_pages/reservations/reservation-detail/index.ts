export { ReservationDetailPage } from './ui/ReservationDetailPage'
