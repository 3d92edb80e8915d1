export type MerchantKey =
  | 'oliveTree'
  | 'brewLab'
  | 'elCamino'
  | 'empireBurger'
  | 'velvetHour'
  | 'hanami'
  | 'spiceRoute'
  | 'udupiLeaf'
  | 'kaapiKatte'

export type MerchantSeed = {
  name: string
  slug: string
  /** The path word of the routes: restaurant, cafe, bar, foodtruck. */
  merchantType: 'restaurant' | 'cafe' | 'bar' | 'foodtruck'
  primaryColor: string | null
  textColor: string | null
}

/** A merchant gets a LOGO exactly when it has a theme; Hanami has neither, so the app's fallbacks show. */
export const MERCHANTS: Record<MerchantKey, MerchantSeed> = {
  oliveTree: { name: 'Olive Tree', slug: 'olive-tree', merchantType: 'restaurant', primaryColor: '#3F6B35', textColor: '#FFFFFF' },
  brewLab: { name: 'Brew Lab Coffee', slug: 'brew-lab', merchantType: 'cafe', primaryColor: '#6F4E37', textColor: '#FFF8E7' },
  elCamino: { name: 'El Camino Tacos', slug: 'el-camino-tacos', merchantType: 'foodtruck', primaryColor: '#F4B400', textColor: '#1A1A1A' },
  empireBurger: { name: 'Empire Burger Diner', slug: 'empire-burger', merchantType: 'restaurant', primaryColor: '#C62828', textColor: '#FFFFFF' },
  velvetHour: { name: 'The Velvet Hour', slug: 'velvet-hour', merchantType: 'bar', primaryColor: '#4A148C', textColor: '#F3E5F5' },
  hanami: { name: 'Hanami Sushi', slug: 'hanami-sushi', merchantType: 'restaurant', primaryColor: null, textColor: null },
  spiceRoute: { name: 'Spice Route', slug: 'spice-route', merchantType: 'restaurant', primaryColor: '#9C2A1B', textColor: '#FFF4E0' },
  udupiLeaf: { name: 'Udupi Leaf', slug: 'udupi-leaf', merchantType: 'restaurant', primaryColor: '#1B5E20', textColor: '#FFFFFF' },
  kaapiKatte: { name: 'Kaapi Katte', slug: 'kaapi-katte', merchantType: 'cafe', primaryColor: '#3E2723', textColor: '#FFD180' },
}
