/** What this feature offers other features: whether a route's screen is built. */
export { isBuiltRoute } from './planned-routes.ts';
