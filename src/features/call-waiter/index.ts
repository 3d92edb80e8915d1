export { $waiterCall, callWaiter, WAITER_CALLED, WAITER_ON_THE_WAY } from './model/call-waiter'
export { CallWaiterButton } from './ui/CallWaiterButton'
