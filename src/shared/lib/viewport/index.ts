export { $isMobile, $online, isMobileWidth } from './viewport'
