export type CitySeed = {
  key: CityKey
  name: string
  slug: string
  state: string
  country: 'USA' | 'IND'
  countryName: string
  currency: 'USD' | 'INR'
  timeZone: string
  lat: number
  lng: number
  /** Order tax in basis points (local sales tax or GST). */
  taxBp: number
}

export type CityKey = 'sf' | 'nyc' | 'blr'

export const CITIES: Record<CityKey, CitySeed> = {
  sf: {
    key: 'sf',
    name: 'San Francisco',
    slug: 'san-francisco',
    state: 'California',
    country: 'USA',
    countryName: 'United States',
    currency: 'USD',
    timeZone: 'America/Los_Angeles',
    lat: 37.7749,
    lng: -122.4194,
    taxBp: 863,
  },
  nyc: {
    key: 'nyc',
    name: 'New York',
    slug: 'new-york',
    state: 'New York',
    country: 'USA',
    countryName: 'United States',
    currency: 'USD',
    timeZone: 'America/New_York',
    lat: 40.7128,
    lng: -74.006,
    taxBp: 887,
  },
  blr: {
    key: 'blr',
    name: 'Bengaluru',
    slug: 'bengaluru',
    state: 'Karnataka',
    country: 'IND',
    countryName: 'India',
    currency: 'INR',
    timeZone: 'Asia/Kolkata',
    lat: 12.9716,
    lng: 77.5946,
    taxBp: 500,
  },
}
