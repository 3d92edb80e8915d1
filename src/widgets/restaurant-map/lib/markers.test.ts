import { describe, expect, it } from 'vitest'
import { dinerMarkerHtml, escapeHtml, restaurantMarkerHtml, safeColour } from './markers'

const classes = { pin: 'pin', badge: 'badge', dot: 'dot' }

describe('map markers', () => {
  it('escapes names so a restaurant name cannot inject markup', () => {
    expect(escapeHtml(`<img src=x onerror="alert('x')">&`)).toBe('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;')
    const html = restaurantMarkerHtml({ name: '<b>Bad</b>', number: 2 }, classes)
    expect(html).not.toContain('<b>')
    expect(html).toContain('2. &lt;b&gt;Bad&lt;/b&gt;')
    expect(dinerMarkerHtml('"x"', classes)).toContain('&quot;x&quot;')
  })

  it('uses the restaurant colours only when they are hex colours', () => {
    expect(safeColour('#3F6B35', '#E52333')).toBe('#3F6B35')
    expect(safeColour('red;background:url(x)', '#E52333')).toBe('#E52333')
    expect(safeColour(null, '#E52333')).toBe('#E52333')
    expect(restaurantMarkerHtml({ name: 'A', colour: 'red;x', textColour: '#000' }, classes)).toContain('--pin-fill:#E52333;--pin-text:#000')
  })
})
