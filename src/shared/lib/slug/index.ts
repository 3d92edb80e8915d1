export { slugify } from './slug'
