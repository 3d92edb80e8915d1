export { $waiterCall, callWaiter, WAITER_CALLED } from './model/call-waiter'
export { CallWaiterButton } from './ui/CallWaiterButton'
