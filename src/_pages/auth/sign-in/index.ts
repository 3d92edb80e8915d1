export { SignInPage } from './ui/SignInPage'
