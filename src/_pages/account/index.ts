export { AccountPage } from './ui/AccountPage'
