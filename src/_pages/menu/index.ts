export { MenuPage } from './ui/MenuPage'
