export { AccountPage } from './ui/AccountPage'
export { OrderSummaryPage } from './ui/OrderSummaryPage'
