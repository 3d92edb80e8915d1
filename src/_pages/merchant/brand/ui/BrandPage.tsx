import { useStore } from '@nanostores/react'
import { OpenBadge, resolveLogo, resolveTheme, themeProperties } from '@/entities/restaurant'
import type { LocationSummary, MerchantDetails } from '@/shared/api'
import { pathTo } from '@/shared/routes'
import { LoadGate } from '@/shared/ui'
import { $brandRequest, BRAND_NOT_FOUND, loadBrand } from '../model/brand'
import css from './BrandPage.module.css'

/** /brand/{merchantSlug}: the master home of a merchant with several locations, in its own theme. */
export function BrandPage({ params }: { params: Record<string, string> }) {
  const merchantSlug = params.merchantSlug ?? ''
  const request = useStore($brandRequest)
  return (
    <LoadGate
      value={request.data?.slug === merchantSlug ? request.data : undefined}
      request={request}
      load={() => loadBrand(merchantSlug)}
      loadKey={merchantSlug}
      loadingLabel="Loading the restaurant"
      failedMessage="The restaurant could not be loaded."
      notFound={{ error: BRAND_NOT_FOUND, message: 'Its link may be mistyped.' }}
    >
      {(brand) => <Brand brand={brand} />}
    </LoadGate>
  )
}

function Brand({ brand }: { brand: MerchantDetails }) {
  const count = brand.locations.length
  return (
    <main className={css.page} id="main" style={themeProperties(resolveTheme(brand))}>
      <header className={css.hero}>
        <img className={css.logo} src={resolveLogo(brand)} alt={`${brand.name} logo`} width={64} height={64} />
        <div>
          <h1 className={css.title}>{brand.name}</h1>
          <p className={css.count}>{count === 1 ? '1 location' : `${count} locations`}</p>
        </div>
      </header>
      <section aria-labelledby="brand-locations">
        <h2 id="brand-locations" className={css.heading}>
          Our locations
        </h2>
        {count === 0 ? (
          <p className={css.muted}>{brand.name} has no locations online at the moment.</p>
        ) : (
          <ul className={css.grid}>
            {brand.locations.map((location) => (
              <li key={location.id}>
                <LocationCard brandName={brand.name} location={location} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  )
}

function LocationCard({ brandName, location }: { brandName: string; location: LocationSummary }) {
  const params = { merchantType: location.merchantType, merchantSlug: location.locationSlug }
  const name = location.branchName.startsWith(brandName) ? location.branchName : `${brandName} ${location.branchName}`
  return (
    <article className={css.card} data-testid="brand-location">
      {location.cover && <img className={css.cover} src={location.cover.url} alt="" width={320} height={140} loading="lazy" />}
      <h3 className={css.name}>{location.branchName}</h3>
      <p className={css.muted}>
        {location.address}, {location.city}
      </p>
      <p className={css.muted}>
        <OpenBadge restaurant={location} />
      </p>
      <div className={css.links}>
        <a className="button" href={pathTo('menu', params)} aria-label={`Menu of ${name}`}>
          Menu
        </a>
        <a className="button button--secondary" href={pathTo('details', params)} aria-label={`Details of ${name}`}>
          Details
        </a>
      </div>
    </article>
  )
}
