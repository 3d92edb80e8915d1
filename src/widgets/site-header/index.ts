export { SiteHeader } from './ui/SiteHeader'
export { DemoMarker, DEMO_DESCRIPTION } from './ui/DemoMarker'
