export { renderRobots, renderSitemap } from './model/sitemap'
