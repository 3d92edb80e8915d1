export { BrandPage } from './ui/BrandPage'
