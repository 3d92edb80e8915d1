import { describe, expect, it } from 'vitest'
import { isMobileWidth } from './viewport'

describe('mobile flag (docs/app.md, "Mobile and desktop")', () => {
  it('is set at a width of 768 or less', () => {
    expect(isMobileWidth(375)).toBe(true)
    expect(isMobileWidth(768)).toBe(true)
    expect(isMobileWidth(769)).toBe(false)
    expect(isMobileWidth(1280)).toBe(false)
  })
})
