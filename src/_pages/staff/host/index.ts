export { HostPage } from './ui/HostPage'
