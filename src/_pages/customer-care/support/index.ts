export { SupportPage } from './ui/SupportPage'
