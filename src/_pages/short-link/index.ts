export { ShortLinkPage } from './ui/ShortLinkPage'
export { classifyTarget, isShortLinkId } from './model/short-link'
