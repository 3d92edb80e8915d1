export { HostPage } from './ui/HostPage'
export { HostActions, HostScreen, type HostDialog } from './ui/HostScreen'
export { createHostApi } from './api/host-api'
export { boardOfEvent } from './model/use-host-board'
