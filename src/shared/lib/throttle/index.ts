export { throttle } from './throttle'
export type { Throttled } from './throttle'
export { throttleAsync } from './throttle-async'
