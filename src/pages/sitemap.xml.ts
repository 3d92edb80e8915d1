import { renderSitemap } from '../_pages/sitemap'

export async function GET() {
  return new Response(await renderSitemap(), { headers: { 'Content-Type': 'application/xml' } })
}
