import { Alert, Box, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { ROUTES } from '@towerwatch/domain';
import { useAuthUser } from '../../auth/index.ts';
import { openSite } from '../../sites/index.ts';
import { matchesSearch } from '../../site-list/index.ts';
import { tileConfig } from '../base-map.ts';
import { SiteMapPanel } from '../components/site-map-panel.tsx';
import { SiteMapView } from '../components/site-map-view.tsx';
import { useMapSites } from '../hooks/use-map-sites.ts';
import { sitesBounds } from '../site-cluster-index.ts';
import {
  countStatuses,
  MAP_STATUS_COLOURS,
  MAP_STATUS_LABELS,
  MAP_STATUSES,
  type MapSite,
} from '../site-map-model.ts';

const TILE = tileConfig();

/**
 * /site/map (docs/requirements.md#site-map): every site the user may see on the bundled map of Bangladesh, coloured
 * by status and clustered (a cluster shows its count and its worst status; clicking it zooms in), kept
 * live by SITE_STATUS_UPDATED. Choosing a site shows its name, ID, status and alarms; Open site focuses
 * it the way the site list does and opens /site.
 */
export function SiteMapPage() {
  const user = useAuthUser();
  const navigate = useNavigate();
  const { query, sites, mapSites, index, total, loadingMore } = useMapSites();
  const [selectedUid, setSelectedUid] = useState<string | null>(null);
  const [place, setPlace] = useState<MapSite[] | null>(null);
  const [opening, setOpening] = useState(false);
  const [search, setSearch] = useState('');
  const [focus, setFocus] = useState<{ lat: number; lng: number } | null>(null);
  const [notFound, setNotFound] = useState(false);
  const counts = useMemo(() => countStatuses(mapSites), [mapSites]);
  const selected = useMemo(
    () => (selectedUid ? (mapSites.find((s) => s.uid === selectedUid) ?? null) : null),
    [mapSites, selectedUid],
  );
  const unplaced = useMemo(() => mapSites.filter((s) => s.defaultPosition).length, [mapSites]);
  // The first view: around the sites of the first page (later pages and live changes keep the view).
  const [initialBounds, setInitialBounds] = useState<ReturnType<typeof sitesBounds> | undefined>();
  if (initialBounds === undefined && !query.isPending) setInitialBounds(sitesBounds(mapSites));

  /** Finds the first site whose name or ID matches, chooses it and centres the map on it. */
  const find = () => {
    const query = search.trim();
    if (!query) return;
    const hit = sites.find((site) => matchesSearch(site, query));
    const target = hit ? index.site(hit.uid) : undefined;
    setNotFound(!target);
    if (!target) return;
    setPlace(null);
    setSelectedUid(target.uid);
    setFocus({ ...target.position });
  };

  const open = async (site: MapSite) => {
    const target = sites.find((s) => s.uid === site.uid);
    if (!target || opening) return;
    setOpening(true);
    try {
      await openSite(user, target);
      navigate(ROUTES.siteOverview);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
      setOpening(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Map</Title>
          <Text c="dimmed" size="sm" aria-live="polite" data-testid="map-site-count">
            {query.isPending
              ? 'Loading sites…'
              : `${mapSites.length.toLocaleString('en-US')} sites${
                  loadingMore ? ` (loading ${total.toLocaleString('en-US')})` : ''
                }${unplaced > 0 ? ` · ${unplaced.toLocaleString('en-US')} without a location, at the default point` : ''}`}
          </Text>
        </div>
        <TextInput
          aria-label="Find a site"
          placeholder="Find a site by name or ID, Enter"
          leftSection={<IconSearch size={16} />}
          value={search}
          error={notFound ? 'No site matches' : undefined}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setNotFound(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') find();
          }}
          w={300}
        />
      </Group>
      {query.isError && (
        <Alert color="red" title="The sites could not be loaded">
          {errorMessage(query.error)}
        </Alert>
      )}
      <Paper
        withBorder
        radius="md"
        // `isolation` keeps Leaflet's panes and controls (z-index up to 1000) and the legend inside the
        // map's own stacking context: the side menu, the header and popovers stay above the map.
        style={{
          position: 'relative',
          isolation: 'isolate',
          overflow: 'hidden',
          height: 'calc(100vh - 150px)',
          minHeight: 360,
        }}
      >
        {initialBounds === undefined ? (
          <Group justify="center" p="xl">
            <Loader size="sm" />
          </Group>
        ) : (
          <SiteMapView
            index={index}
            initialBounds={initialBounds}
            selectedUid={selectedUid}
            focus={focus}
            tile={TILE}
            onSelectSite={(uid) => {
              setPlace(null);
              setSelectedUid(uid);
            }}
            onSelectPlace={(atPlace) => {
              setSelectedUid(null);
              setPlace(atPlace);
            }}
          />
        )}
        <Paper
          withBorder
          shadow="sm"
          px="sm"
          py={6}
          radius="md"
          style={{ position: 'absolute', left: 12, bottom: 12, zIndex: 1000 }}
        >
          <Group gap="md" role="list" aria-label="Legend">
            {MAP_STATUSES.map((status) => (
              <Group key={status} gap={6} role="listitem" wrap="nowrap" data-status={status}>
                <Box
                  w={12}
                  h={12}
                  style={{
                    borderRadius: '50%',
                    background: `var(--mantine-color-${MAP_STATUS_COLOURS[status]}-6)`,
                  }}
                />
                <Text size="sm">
                  {MAP_STATUS_LABELS[status]}{' '}
                  <Text span fw={700} data-testid={`legend-${status}`}>
                    {counts[status].toLocaleString('en-US')}
                  </Text>
                </Text>
              </Group>
            ))}
          </Group>
        </Paper>
        <SiteMapPanel
          site={selected}
          place={selected ? null : place}
          company={user.company_code}
          opening={opening}
          onOpen={(site) => void open(site)}
          onSelect={setSelectedUid}
          onClose={() => {
            setSelectedUid(null);
            setPlace(null);
          }}
        />
      </Paper>
    </Stack>
  );
}
