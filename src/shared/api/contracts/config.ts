import { z } from 'zod'
import { defineEndpoints } from './endpoint'

/** Run-time settings the browser needs and a static build cannot know (docs/operations.md). */
export const siteConfig = z
  .strictObject({
    tileUrl: z.string().meta({ description: 'The map tile server, a URL template with {z}/{x}/{y}.' }),
    siteUrl: z.string().meta({ description: 'The public address of the web app.' }),
    sandbox: z.boolean().meta({ description: 'True when payments and texts are simulated (the Demo marker).' }),
  })
  .meta({ id: 'SiteConfig' })

export type SiteConfig = z.output<typeof siteConfig>

export const configEndpoints = defineEndpoints({
  'GET /config': {
    auth: 'none',
    wire: 'json',
    tag: 'config',
    summary: 'Run-time settings of the web app: map tiles, its own address, sandbox or not',
    description: '`public, max-age=300`.',
    response: siteConfig,
    errors: [],
  },
})
