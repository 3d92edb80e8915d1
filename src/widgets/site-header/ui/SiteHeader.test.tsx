import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { $demo } from '../model/demo'
import { SiteHeader } from './SiteHeader'

describe('the site header’s Demo marker', () => {
  it('is there, named for screen readers, when the page was built from a sandbox server', () => {
    const html = renderToStaticMarkup(<SiteHeader demo />)
    expect(html).toContain('role="note" aria-label="Demo: payments and texts are simulated"')
    expect(html).toMatch(/>Demo<\/span>/)
  })

  it('is not there for a server that takes real payments, whatever the app last heard', () => {
    $demo.set(true)
    expect(renderToStaticMarkup(<SiteHeader demo={false} />)).not.toContain('Demo')
    $demo.set(false)
    expect(renderToStaticMarkup(<SiteHeader />)).not.toContain('Demo')
  })

  it('in the app, follows what the server said (GET /config sandbox)', () => {
    $demo.set(true)
    expect(renderToStaticMarkup(<SiteHeader />)).toContain('aria-label="Demo: payments and texts are simulated"')
    $demo.set(false)
  })
})
