export { reorder } from './model/reorder'
export type { ReorderOutcome } from './model/reorder'
export { ReorderButton } from './ui/ReorderButton'
