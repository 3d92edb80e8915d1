export { Skeleton, shimmerBlock, shimmerSweep } from './Skeleton'
