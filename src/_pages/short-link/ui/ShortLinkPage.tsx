import { useEffect, useState } from 'react'
import { pathTo, redirectToPath } from '@/shared/routes'
import { Spinner, StatusScreen } from '@/shared/ui'
import { resolveShortLink } from '../api/resolve-short-link'
import { classifyTarget, isShortLinkId } from '../model/short-link'

/** /{segment}: the merchant home for a slug, or a short link to resolve (SPEC §2, DESIGN §7). */
export function ShortLinkPage({ params }: { params: Record<string, string> }) {
  const segment = params.merchantSlug ?? ''
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!isShortLinkId(segment)) {
      redirectToPath(pathTo('details', { merchantType: 'restaurant', merchantSlug: segment }))
      return
    }
    let live = true
    setFailed(false)
    resolveShortLink(segment).then((target) => {
      if (!live) return
      if (!target) return setFailed(true)
      const destination = classifyTarget(target, window.location.origin)
      if (destination.kind === 'app') redirectToPath(destination.path)
      else window.location.replace(destination.url)
    })
    return () => {
      live = false
    }
  }, [segment])

  if (failed) {
    return (
      <StatusScreen title="Link expired.">
        <a className="button" href="/">
          Browse restaurants
        </a>
      </StatusScreen>
    )
  }
  return <Spinner label="Opening the link" />
}
