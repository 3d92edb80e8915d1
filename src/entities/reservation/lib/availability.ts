import type { RestaurantDetail, WaitTimesResponse } from '@/shared/api'
import { describeOpenStatus } from '@/shared/lib/hours'

type Services = Pick<RestaurantDetail, 'onlineCheckin' | 'disabledServices'>

/** The location puts diners on its waitlist online (onlineCheckin, disabledServices: docs/waitlist.md, "Checking in"). */
export const takesCheckIns = (restaurant: Services) => restaurant.onlineCheckin && !restaurant.disabledServices?.isCheckin

/** docs/reservations.md, "Who may book, and how many": the reservation availability flag follows disabledServices.isReservation. */
export const takesReservations = (restaurant: Pick<RestaurantDetail, 'disabledServices'>) => !restaurant.disabledServices?.isReservation

/** Why the waitlist is closed to online check-ins now, or null when it is open. */
export function checkInClosedReason(
  restaurant: Pick<RestaurantDetail, 'onlineCheckin' | 'disabledServices' | 'workingHours' | 'timeZoneCd' | 'merchantName'>,
  waitTimes?: Pick<WaitTimesResponse, 'acceptingCheckins' | 'reason'>,
  now = new Date(),
): string | null {
  if (!takesCheckIns(restaurant)) return `${restaurant.merchantName} does not take online check-ins.`
  const status = describeOpenStatus(restaurant.workingHours, restaurant.timeZoneCd, now)
  if (!status.open) return `${restaurant.merchantName} is closed now. ${status.text.replace(/^Closed · /, '')}.`
  if (waitTimes && !waitTimes.acceptingCheckins) return waitTimes.reason ?? `${restaurant.merchantName} is not taking online check-ins right now.`
  return null
}
