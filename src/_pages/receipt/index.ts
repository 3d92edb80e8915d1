export { OrderPage, ReceiptPage, ReceiptSummaryPage, TableOrderPage } from './ui/pages'
