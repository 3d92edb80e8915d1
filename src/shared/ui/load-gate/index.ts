export { LoadGate } from './LoadGate'
