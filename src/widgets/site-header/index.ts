export { SiteHeader } from './ui/SiteHeader'
