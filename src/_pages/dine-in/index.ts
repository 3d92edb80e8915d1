export { DineInCartPage } from './ui/DineInCartPage'
export { DineInLandingPage } from './ui/DineInLandingPage'
export { TablePage } from './ui/TablePage'
export { TablePaymentPage } from './ui/TablePaymentPage'
