export { WaitlistPage } from './ui/WaitlistPage'
