import { useEffect, useState } from 'react'
import { fetchMerchantDetails } from '@/entities/restaurant'
import { ApiRefusal } from '@/shared/api'
import { redirectToPath } from '@/shared/routes'
import { Spinner, StatusScreen } from '@/shared/ui'
import { resolveShortLink } from '../api/resolve-short-link'
import { classifyTarget, isShortLinkId, merchantHomePath } from '../model/short-link'

/** /{segment}: the merchant home for a slug, or a short link to resolve (docs/routes.md, "Rules"). */
export function ShortLinkPage({ params }: { params: Record<string, string> }) {
  const segment = params.merchantSlug ?? ''
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let live = true
    if (!isShortLinkId(segment)) {
      // Not a merchant slug (a location slug, say): the details screen resolves it or says it is unknown.
      fetchMerchantDetails(segment)
        .then((merchant) => merchant.locations.length)
        .catch((error: unknown) => {
          if (!(error instanceof ApiRefusal && error.status === 404)) console.error('Finding the merchant failed:', error)
          return null
        })
        .then((count) => {
          if (live) redirectToPath(merchantHomePath(segment, count))
        })
      return () => {
        live = false
      }
    }
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
