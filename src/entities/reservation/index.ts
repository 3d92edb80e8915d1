export type { BookingForm, ReservationChanges } from './api/reservations-api'
export { checkInClosedReason, takesCheckIns, takesReservations } from './lib/availability'
export { describeParty, describeWait, formatDay, formatSlotTime, reservableDates, reservationHeadline } from './lib/format'
export { PLEASE_TRY_AGAIN, RESERVATION_NOT_FOUND, SLOTS_FAILED, WAIT_TIMES_FAILED } from './lib/refusal'
export {
  $currentReservationId,
  $reservationWidget,
  forgetReservation,
  hideReservationWidget,
  readCheckInMarker,
  readCurrentReservationId,
  rememberCheckInTable,
} from './model/active-reservation'
export { $checkIn, cancelCheckIn, checkIn, clearCheckIn, loadCheckInDetails, resetCheckIn, storeCheckIn, updateCheckIn } from './model/check-in'
export type { CheckInState } from './model/check-in'
export { $currentReservation, followCurrentReservation } from './model/current-reservation'
export { watchReservation } from './model/live'
export {
  $booking,
  $reservationCancel,
  $reservationLookup,
  $slots,
  $tableSections,
  bookTable,
  cancelTableReservation,
  firstDayWithTimes,
  loadReservation,
  loadSlots,
  loadTableSections,
  resetReservation,
  storeReservation,
} from './model/reservation'
export type { Booking } from './model/reservation'
export { $waitTimes, loadWaitTimes, watchWaitTimes } from './model/wait-times'
export { CancelForm } from './ui/CancelForm'
export { fitParty, PartyFields } from './ui/PartyFields'
export type { Party } from './ui/PartyFields'
export { QueuePosition } from './ui/QueuePosition'
export { ReservationCard } from './ui/ReservationCard'
export { ServiceLinks } from './ui/ServiceLinks'
