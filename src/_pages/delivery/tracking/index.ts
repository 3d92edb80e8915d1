export { DeliveryOrderPage, TrackerPage, TrackerSummaryPage } from './ui/pages'
