export { ShortLinkPage } from './ui/ShortLinkPage'
export { classifyTarget, isShortLinkId, merchantHomePath } from './model/short-link'
