export { $supportRequests, $supportSent, loadSupportRequests, resetSupportSent, sendSupportRequest } from './model/support'
export { SupportRequestList } from './ui/SupportRequestList'
