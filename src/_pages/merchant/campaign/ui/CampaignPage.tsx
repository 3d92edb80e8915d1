import { useStore } from '@nanostores/react'
import { resolveLogo, resolveTheme, themeProperties } from '@/entities/restaurant'
import type { CampaignResponse, Offer } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import { pathTo } from '@/shared/routes'
import { LoadGate, showToast } from '@/shared/ui'
import { $campaignRequest, CAMPAIGN_NOT_FOUND, copyCode, loadCampaign } from '../model/campaign'
import css from './CampaignPage.module.css'

const day = (iso: string) => new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso))

/** /campaign/{campaignId}: the campaign, its offers with codes to copy, and the merchant's locations to order from. */
export function CampaignPage({ params }: { params: Record<string, string> }) {
  const campaignId = params.campaignId ?? ''
  const request = useStore($campaignRequest)
  return (
    <LoadGate
      value={request.data?.id === campaignId ? request.data : undefined}
      request={request}
      load={() => loadCampaign(campaignId)}
      loadKey={campaignId}
      loadingLabel="Loading the campaign"
      failedMessage="The campaign could not be loaded."
      notFound={{ error: CAMPAIGN_NOT_FOUND, message: 'Its link may be mistyped.' }}
    >
      {(campaign) => <Campaign campaign={campaign} />}
    </LoadGate>
  )
}

function Campaign({ campaign }: { campaign: CampaignResponse }) {
  const { merchant } = campaign
  return (
    <main className={css.page} id="main" style={themeProperties(resolveTheme(merchant))}>
      <header className={css.hero}>
        <img className={css.logo} src={resolveLogo(merchant)} alt={`${merchant.name} logo`} width={64} height={64} />
        <div>
          <p className={css.eyebrow}>
            <a href={pathTo('masterHome', { merchantSlug: merchant.slug })}>{merchant.name}</a>
          </p>
          <h1 className={css.title}>{campaign.title}</h1>
          <p className={css.description}>{campaign.description}</p>
        </div>
      </header>
      {campaign.active ? (
        <p className={css.muted}>Until {day(campaign.endsAt)}.</p>
      ) : (
        <p className={css.ended} role="status">
          This campaign ended on {day(campaign.endsAt)}. Its offers can no longer be used.
        </p>
      )}
      {campaign.active && (
        <section aria-labelledby="campaign-offers">
          <h2 id="campaign-offers" className={css.heading}>
            Offers
          </h2>
          {campaign.offers.length === 0 ? (
            <p className={css.muted}>This campaign has no offers left.</p>
          ) : (
            <ul className={css.grid}>
              {campaign.offers.map((offer) => (
                <li key={offer.id}>
                  <OfferCard offer={offer} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section aria-labelledby="campaign-locations">
        <h2 id="campaign-locations" className={css.heading}>
          Order from {merchant.name}
        </h2>
        <ul className={css.grid}>
          {campaign.locations.map((location) => (
            <li key={location.id} className={css.card}>
              <h3 className={css.cardTitle}>{location.branchName}</h3>
              <p className={css.muted}>
                {location.address}, {location.city}
              </p>
              <p className={location.open ? css.open : css.closed}>{location.open ? 'Open now' : 'Closed now'}</p>
              <a
                className="button"
                href={pathTo('menu', { merchantType: location.merchantType, merchantSlug: location.locationSlug })}
                aria-label={`Order now from ${location.branchName.startsWith(merchant.name) ? location.branchName : `${merchant.name} ${location.branchName}`}`}
              >
                Order now
              </a>
            </li>
          ))}
        </ul>
      </section>
    </main>
  )
}

function OfferCard({ offer }: { offer: Offer }) {
  async function copy() {
    const copied = await copyCode(offer.code)
    showToast(copied ? `Code ${offer.code} copied` : `Copying failed: the code is ${offer.code}`, { tone: copied ? 'success' : 'error' })
  }
  return (
    <article className={css.card}>
      <h3 className={css.cardTitle}>{offer.title}</h3>
      {offer.description && <p className={css.muted}>{offer.description}</p>}
      {offer.minOrderAmount > 0 && <p className={css.muted}>On orders of {formatMoney(offer.minOrderAmount, offer.currency)} or more.</p>}
      {offer.expiresAt && <p className={css.muted}>Valid until {day(offer.expiresAt)}.</p>}
      <div className={css.codeRow}>
        <code className={css.code} data-testid="offer-code">
          {offer.code}
        </code>
        <button type="button" className="button button--secondary" onClick={() => void copy()} aria-label={`Copy code ${offer.code}`}>
          Copy code
        </button>
      </div>
    </article>
  )
}
