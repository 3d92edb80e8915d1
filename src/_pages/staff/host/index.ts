export { HostScreen } from './ui/HostScreen'
export { createHostApi } from './api/host-api'
