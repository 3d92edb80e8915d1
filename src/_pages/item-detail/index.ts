export { ItemDetailPage } from './ui/ItemDetailPage'
