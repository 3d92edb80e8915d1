export { KitchenPage } from './ui/KitchenPage'
