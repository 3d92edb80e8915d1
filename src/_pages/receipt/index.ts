export { ReceiptPage, ReceiptSummaryPage, TableOrderPage } from './ui/pages'
