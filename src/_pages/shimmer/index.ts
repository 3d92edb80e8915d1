export { ShimmerPage } from './ui/ShimmerPage'
