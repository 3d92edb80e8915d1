export { $router, matchRoute, navigate, pathTo, redirectTo, redirectToPath, ROUTES } from './routes'
export type { Page, RouteName } from './routes'
