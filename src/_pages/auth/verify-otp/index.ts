export { VerifyOtpPage } from './ui/VerifyOtpPage'
