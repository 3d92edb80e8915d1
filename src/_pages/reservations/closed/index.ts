export { WaitlistClosedPage } from './ui/WaitlistClosedPage'
