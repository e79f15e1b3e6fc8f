/**
 * What the site overview offers the other pages of the focused site (alarms, settings): the site's
 * live state, its events, the alarm table and the events panel.
 */
export { siteOverviewKeys } from './api/site-overview-api.ts';
export { AlarmTable } from './components/alarm-table.tsx';
export { EventsPanel } from './components/events-panel.tsx';
export { useLiveSite } from './hooks/use-live-site.ts';
export { type SiteEventsState, useSiteEvents } from './hooks/use-site-events.ts';
export { type AlarmRow, alarmRows, MANTINE_COLOUR } from './site-overview-model.ts';
