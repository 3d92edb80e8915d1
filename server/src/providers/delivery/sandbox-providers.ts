import { createHash } from 'node:crypto'
import type { Booking, DeliveryProvider, ProviderQuote, QuoteInput } from './delivery-provider'

/** Minor units per currency: a flat fee and a rate per started kilometre. */
type Rates = Record<string, { base: number; perKm: number }>

type SandboxProfile = {
  code: string
  rates: Rates
  /** Minutes to reach the restaurant, then minutes per km. */
  pickupMinutes: number
  minutesPerKm: number
  /** UTC hours [from, to) when the price is multiplied by `factor`. */
  surge?: { from: number; to: number; factor: number }
  /** Beyond this distance the provider answers -1 (out of its area), as some real ones do. */
  maxKm?: number
  /** Whether the runner's name is known at booking or only at pickup. */
  namesRunnerAtPickup?: boolean
  /** Whether the provider hands out a tracking page. */
  tracks: boolean
}

const RUNNERS = ['Maya Ortiz', 'Dev Patel', 'Sam Okafor', 'Lena Fischer', 'Ravi Kumar', 'Ana Costa', 'Tom Becker', 'Priya Nair']

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex')

/** The four sandbox providers (docs/delivery.md, "Providers"), deterministic for tests: same input, same answer. */
export const SANDBOX_PROFILES: readonly SandboxProfile[] = [
  { code: 'SWIFT', rates: { USD: { base: 399, perKm: 80 }, INR: { base: 3000, perKm: 800 } }, pickupMinutes: 8, minutesPerKm: 4, tracks: true },
  {
    code: 'DASHR',
    rates: { USD: { base: 299, perKm: 110 }, INR: { base: 2500, perKm: 1000 } },
    pickupMinutes: 6,
    minutesPerKm: 3,
    surge: { from: 17, to: 21, factor: 1.5 },
    tracks: false,
  },
  {
    code: 'ROADIE',
    rates: { USD: { base: 499, perKm: 60 }, INR: { base: 4000, perKm: 600 } },
    pickupMinutes: 12,
    minutesPerKm: 5,
    namesRunnerAtPickup: true,
    tracks: false,
  },
  {
    code: 'PORTR',
    rates: { USD: { base: 349, perKm: 90 }, INR: { base: 2000, perKm: 700 } },
    pickupMinutes: 10,
    minutesPerKm: 3.5,
    surge: { from: 11, to: 14, factor: 1.25 },
    maxKm: 10,
    tracks: true,
  },
]

export function sandboxQuote(profile: SandboxProfile, input: QuoteInput): ProviderQuote {
  const etaMinutes = Math.ceil(profile.pickupMinutes + profile.minutesPerKm * input.distanceKm)
  if (profile.maxKm !== undefined && input.distanceKm > profile.maxKm) return { estimatedPrice: -1, etaMinutes }
  const rates = profile.rates[input.currency] ?? profile.rates.USD!
  const hour = input.at.getUTCHours()
  const factor = profile.surge && hour >= profile.surge.from && hour < profile.surge.to ? profile.surge.factor : 1
  const price = Math.round((rates.base + rates.perKm * Math.ceil(input.distanceKm)) * factor)
  return { estimatedPrice: price, etaMinutes }
}

function runnerOf(code: string, orderId: string) {
  const hash = hashOf(`${code}:${orderId}`)
  const name = RUNNERS[parseInt(hash.slice(0, 4), 16) % RUNNERS.length]!
  const digits = String(parseInt(hash.slice(4, 12), 16) % 10_000_000).padStart(7, '0')
  return { name, phone: `+1555${digits}` }
}

export function createSandboxProvider(profile: SandboxProfile): DeliveryProvider {
  return {
    code: profile.code,
    quote: async (input) => sandboxQuote(profile, input),
    async create(input): Promise<Booking> {
      const { estimatedPrice } = sandboxQuote(profile, input)
      if (estimatedPrice < 0) throw new Error(`${profile.code} does not deliver ${input.distanceKm.toFixed(1)} km`)
      const reference = `${profile.code}-${hashOf(input.orderId).slice(0, 10).toUpperCase()}`
      return {
        reference,
        deliveryStaffId: `${profile.code.toLowerCase()}_${hashOf(`staff:${input.orderId}`).slice(0, 12)}`,
        runner: profile.namesRunnerAtPickup ? null : runnerOf(profile.code, input.orderId),
        // The sandbox's tracking page is the app's own order summary: there is no outside site to link to.
        trackingUrl: profile.tracks ? `/tracker/${input.orderId}/orderSummary` : null,
      }
    },
    async status(orderId, pickedUp) {
      const runner = !profile.namesRunnerAtPickup || pickedUp ? runnerOf(profile.code, orderId) : null
      return { runner, trackingUrl: profile.tracks ? `/tracker/${orderId}/orderSummary` : null }
    },
    cancel: async (reference) => ({ cancelled: reference.startsWith(`${profile.code}-`) }),
  }
}

const SANDBOX = new Map(SANDBOX_PROFILES.map((profile) => [profile.code, createSandboxProvider(profile)]))

/** The provider of `code`, or undefined for a code no adapter serves. */
export const deliveryProvider = (code: string): DeliveryProvider | undefined => SANDBOX.get(code)
