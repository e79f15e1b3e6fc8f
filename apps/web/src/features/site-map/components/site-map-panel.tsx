import {
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowRight, IconMapPin } from '@tabler/icons-react';
import { eventDisplayName, tenantLabel } from '@towerwatch/domain';
import {
  type AlarmWeight,
  alarmWeight,
  MAP_STATUS_COLOURS,
  MAP_STATUS_LABELS,
  type MapSite,
} from '../site-map-model.ts';

const WEIGHT_COLOURS: Readonly<Record<AlarmWeight, string>> = {
  critical: 'red',
  alarm: 'orange',
  state: 'blue',
};

/** Props of {@link SiteMapPanel}. */
export interface SiteMapPanelProps {
  /** The chosen site, or the sites of one place, or nothing. */
  site: MapSite | null;
  place: MapSite[] | null;
  company: string | null;
  opening: boolean;
  onOpen: (site: MapSite) => void;
  onSelect: (uid: string) => void;
  onClose: () => void;
}

function StatusBadge({ site }: { site: MapSite }) {
  return (
    <Badge color={MAP_STATUS_COLOURS[site.status]} variant="light" size="sm">
      {MAP_STATUS_LABELS[site.status]}
    </Badge>
  );
}

function SiteDetails({
  site,
  company,
  opening,
  onOpen,
}: {
  site: MapSite;
  company: string | null;
  opening: boolean;
  onOpen: (site: MapSite) => void;
}) {
  return (
    <Stack gap="xs">
      <div>
        <Text fw={700} size="lg" lh={1.2}>
          {site.name}
        </Text>
        <Text size="sm" c="dimmed" ff="monospace">
          {site.genericSiteId}
        </Text>
      </div>
      <Group gap="xs">
        <StatusBadge site={site} />
        {site.tenants.map((tenant) => (
          <Badge key={tenant} variant="outline" color="gray" size="sm">
            {tenantLabel(tenant)}
          </Badge>
        ))}
      </Group>
      {(site.place || site.defaultPosition) && (
        <Group gap={4} wrap="nowrap" align="flex-start">
          <IconMapPin size={14} style={{ marginTop: 3, flex: 'none' }} />
          <Text size="sm">
            {site.place}
            {site.defaultPosition && (
              <Text span c="dimmed" size="xs" display="block">
                No location: shown at the default point
              </Text>
            )}
          </Text>
        </Group>
      )}
      <div>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={4}>
          Alarms
        </Text>
        {site.alarmIds.length === 0 ? (
          <Text size="sm" c="dimmed">
            No raised alarm
          </Text>
        ) : (
          <Group gap={6} aria-label="Raised alarms" role="list">
            {site.alarmIds.map((id) => (
              <Badge
                key={id}
                role="listitem"
                color={WEIGHT_COLOURS[alarmWeight(id)]}
                variant="light"
                size="sm"
                tt="none"
              >
                {eventDisplayName(id, company)}
              </Badge>
            ))}
          </Group>
        )}
      </div>
      <Button
        rightSection={<IconArrowRight size={16} />}
        loading={opening}
        onClick={() => onOpen(site)}
        mt={4}
      >
        Open site
      </Button>
    </Stack>
  );
}

function PlaceList({ sites, onSelect }: { sites: MapSite[]; onSelect: (uid: string) => void }) {
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {sites.length.toLocaleString('en-US')} sites at this place
      </Text>
      <ScrollArea.Autosize mah={360}>
        <Stack gap={2}>
          {sites.map((site) => (
            <UnstyledButton key={site.uid} onClick={() => onSelect(site.uid)} py={4} aria-label={site.name}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {site.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {site.genericSiteId}
                  </Text>
                </div>
                <StatusBadge site={site} />
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** The side panel over the map: the chosen site (name, ID, status, alarms, Open site) or a place's sites. */
export function SiteMapPanel({
  site,
  place,
  company,
  opening,
  onOpen,
  onSelect,
  onClose,
}: SiteMapPanelProps) {
  if (!site && !place) return null;
  return (
    <Paper
      withBorder
      shadow="md"
      p="md"
      radius="md"
      w={320}
      role="dialog"
      aria-label={site ? site.name : 'Sites at this place'}
      style={{ position: 'absolute', top: 12, right: 12, zIndex: 1000 }}
    >
      <CloseButton
        aria-label="Close"
        onClick={onClose}
        style={{ position: 'absolute', top: 8, right: 8 }}
        size="sm"
      />
      {site ? (
        <SiteDetails site={site} company={company} opening={opening} onOpen={onOpen} />
      ) : place ? (
        <PlaceList sites={place} onSelect={onSelect} />
      ) : null}
    </Paper>
  );
}
