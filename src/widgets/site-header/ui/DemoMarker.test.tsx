import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { $demo } from '../model/demo'
import { DemoMarker } from './DemoMarker'
import { SiteHeader } from './SiteHeader'

describe('the Demo marker', () => {
  it('is there, named for screen readers and saying it in words, when the page was built from a sandbox server', () => {
    const html = renderToStaticMarkup(<DemoMarker demo />)
    expect(html).toContain('role="note" aria-label="Demo: payments and texts are simulated"')
    expect(html).toMatch(/>Demo<\/span><span[^>]*>Payments and texts are simulated<\/span>/)
  })

  it('is not there for a server that takes real payments, whatever the app last heard', () => {
    $demo.set(true)
    expect(renderToStaticMarkup(<DemoMarker demo={false} />)).toBe('')
    $demo.set(false)
    expect(renderToStaticMarkup(<DemoMarker />)).toBe('')
  })

  it('in the app, follows what the server said (GET /config sandbox)', () => {
    $demo.set(true)
    expect(renderToStaticMarkup(<DemoMarker />)).toContain('aria-label="Demo: payments and texts are simulated"')
    $demo.set(false)
  })

  it('is no part of the site header, so no screen shows it twice', () => {
    $demo.set(true)
    expect(renderToStaticMarkup(<SiteHeader />)).not.toContain('Demo')
    $demo.set(false)
  })
})
