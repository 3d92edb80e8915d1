export { StaffSignInPage } from './ui/StaffSignInPage'
