export { createRequestState } from './request'
export type { RequestState } from './request'
