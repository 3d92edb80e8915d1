export { loadLandingView } from './model/landing-view'
export { LandingContent } from './ui/LandingContent'
export { LandingPage } from './ui/LandingPage'
