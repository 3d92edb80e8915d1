export { FloorPage } from './ui/FloorPage'
