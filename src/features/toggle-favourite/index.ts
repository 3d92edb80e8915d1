export { FavouriteButton } from './ui/FavouriteButton'
export type { FavouriteButtonProps } from './ui/FavouriteButton'
