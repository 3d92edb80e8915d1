export { fetchEvent, fetchEventOrderMenu } from './api/event-api'
export { dayChipLabel, isOrderableDate, slotsOn } from './lib/event-dates'
export { $eventMenuRequest, $eventRequest, EVENT_LOAD_FAILED, EVENT_NOT_FOUND, loadEvent, loadEventOrderMenu } from './model/event'
