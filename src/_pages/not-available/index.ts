export { NotAvailablePage } from './ui/NotAvailablePage'
