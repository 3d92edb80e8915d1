export { SiteHeader } from './ui/SiteHeader'
export { DemoBadge, DEMO_DESCRIPTION } from './ui/DemoBadge'
