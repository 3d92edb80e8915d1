export { blockContextMenu, installOfflineScreen } from './static-shell'
