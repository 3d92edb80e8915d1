export { SignUpPage } from './ui/SignUpPage'
