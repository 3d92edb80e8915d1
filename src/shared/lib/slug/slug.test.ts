import { describe, expect, it } from 'vitest'
import { slugify } from './slug'

describe('slugify', () => {
  it.each([
    ['San Francisco', 'san-francisco'],
    ['São Paulo', 'sao-paulo'],
    ['  New York  ', 'new-york'],
    ['Bengaluru', 'bengaluru'],
  ])('%s → %s', (name, slug) => expect(slugify(name)).toBe(slug))
})
