// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LoadGate } from './LoadGate'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLElement
let root: Root
afterEach(async () => {
  await act(async () => root.unmount())
  host.remove()
})

type Request = { loading: boolean; error?: string }
async function render(value: string | undefined, request: Request, load = vi.fn(), loadKey = 'a') {
  if (!host?.isConnected) {
    host = document.createElement('div')
    document.body.append(host)
    root = createRoot(host)
  }
  await act(async () =>
    root.render(
      <LoadGate
        value={value}
        request={request}
        load={load}
        loadKey={loadKey}
        loadingLabel="Loading the thing"
        failedMessage="The thing could not be loaded."
        notFound={{ error: 'No such thing', message: 'Its link may be mistyped.' }}
      >
        {(thing) => <h1>{thing}</h1>}
      </LoadGate>,
    ),
  )
  return load
}

const buttons = () => [...host.querySelectorAll('button, a')].map((element) => element.textContent)

describe('LoadGate', () => {
  it('loads once per key, shows the skeleton meanwhile, then the screen', async () => {
    const load = await render(undefined, { loading: true })
    expect(load).toHaveBeenCalledOnce()
    expect(host.textContent).toContain('Loading the thing')
    await render(undefined, { loading: true }, load)
    expect(load).toHaveBeenCalledOnce()
    await render('The thing', { loading: false }, load)
    expect(host.querySelector('h1')?.textContent).toBe('The thing')
    await render(undefined, { loading: true }, load, 'b')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('shows a failure with Retry, which loads again', async () => {
    const load = await render(undefined, { loading: false, error: 'Please Try Again' })
    expect(host.querySelector('h1')?.textContent).toBe('Please Try Again')
    expect(host.textContent).toContain('The thing could not be loaded.')
    expect(buttons()).toEqual(['Retry', 'All restaurants'])
    await act(async () => (host.querySelector('button') as HTMLButtonElement).click())
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('says what is missing without a Retry that cannot help, the way back as its main action', async () => {
    await render(undefined, { loading: false, error: 'No such thing' })
    expect(host.querySelector('h1')?.textContent).toBe('No such thing')
    expect(host.textContent).toContain('Its link may be mistyped.')
    expect(buttons()).toEqual(['All restaurants'])
    expect(host.querySelector('a')?.className).toBe('button')
  })
})
