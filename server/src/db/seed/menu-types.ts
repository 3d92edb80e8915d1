import type { Allergen } from '@/shared/api/contracts/merchants'
import type { DishArt } from './images'

export type ItemType = 'Veg' | 'Non-veg' | 'Egg'

export type OptionSeed = { name: string; priceMinor?: number; isDefault?: boolean; maxQuantity?: number }

export type ModifierSeed = {
  name: string
  /** 1 single choice, 2 multiple choice. */
  typeId: 1 | 2
  minSelect: number
  maxSelect: number
  options: OptionSeed[]
}

export type ItemSeed = {
  name: string
  description: string
  /** Minor units of the template's currency. */
  priceMinor: number
  itemType: ItemType
  tags?: string[]
  calories?: number
  taxBp?: number
  display?: 0 | 1
  visibleTo?: string[]
  orderTypeCodes?: string[]
  stockQuantity?: number
  alertQuantity?: number
  modifiers?: ModifierSeed[]
  art?: DishArt
  /** Allergens the dish contains; left out, they are read from its words (seed/dietary.ts). */
  allergens?: Allergen[] | null
  /** How often the demo history orders it, relative to 1; left out, bestsellers sell more. */
  orderShare?: number
  /** False leaves the item without a picture (the app's placeholder shows). */
  image?: boolean
}

export type SubCategorySeed = { name: string; items: ItemSeed[] }

export type CategorySeed = {
  name: string
  description: string
  art: DishArt
  items?: ItemSeed[]
  subCategories?: SubCategorySeed[]
}

export type MenuTemplate = { key: string; currency: 'USD' | 'INR'; categories: CategorySeed[] }

export function dish(
  name: string,
  priceMinor: number,
  itemType: ItemType,
  description: string,
  extra: Partial<Omit<ItemSeed, 'name' | 'priceMinor' | 'itemType' | 'description'>> = {},
): ItemSeed {
  return { name, priceMinor, itemType, description, ...extra }
}

/** A required single choice; the first option is the default unless another says so. */
export function pickOne(name: string, options: [string, number?][], defaultIndex = 0): ModifierSeed {
  return {
    name,
    typeId: 1,
    minSelect: 1,
    maxSelect: 1,
    options: options.map(([optionName, priceMinor = 0], index) => ({
      name: optionName,
      priceMinor,
      isDefault: index === defaultIndex,
    })),
  }
}

/** An optional single choice (zero or one). */
export function maybeOne(name: string, options: [string, number?][]): ModifierSeed {
  return {
    name,
    typeId: 1,
    minSelect: 0,
    maxSelect: 1,
    options: options.map(([optionName, priceMinor = 0]) => ({ name: optionName, priceMinor })),
  }
}

/** A multiple choice of between min and max options. */
export function pickMany(name: string, options: [string, number?][], maxSelect: number, minSelect = 0): ModifierSeed {
  return {
    name,
    typeId: 2,
    minSelect,
    maxSelect,
    options: options.map(([optionName, priceMinor = 0]) => ({ name: optionName, priceMinor })),
  }
}

export function kebabCase(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
