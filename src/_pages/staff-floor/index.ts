export { FloorScreen } from './ui/FloorScreen'
