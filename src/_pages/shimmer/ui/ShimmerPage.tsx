import { useStore } from '@nanostores/react'
import { $isMobile } from '@/shared/lib/viewport'
import { Skeleton, Spinner } from '@/shared/ui'

/** /Shimmer (docs/app.md, "Mobile and desktop"): a skeleton layout on mobile, a spinner image on desktop. */
export function ShimmerPage() {
  const mobile = useStore($isMobile)
  return mobile ? <Skeleton /> : <Spinner />
}
