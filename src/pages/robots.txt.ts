import { renderRobots } from '../_pages/sitemap'

export async function GET() {
  return new Response(await renderRobots(), { headers: { 'Content-Type': 'text/plain' } })
}
