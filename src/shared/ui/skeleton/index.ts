export { Skeleton } from './Skeleton'
