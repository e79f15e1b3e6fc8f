import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Site } from '@towerwatch/contract';
import { ALL_TENANTS, RECTIFIER_TYPES, tenantLabel } from '@towerwatch/domain';
import { useState } from 'react';
import { DIVISION_LABELS } from '../../site-map/index.ts';
import { parseDetails } from '../admin-model.ts';
import { allCompaniesQueryOptions, vendorsQueryOptions } from '../api/admin-api.ts';
import { type LatLng, MapPicker } from './map-picker.tsx';

/** What the form produces (the body of /user/site/save or /update without the uid). */
export interface SiteFormValues {
  /** The customer of a new site (by id: it need not have a root user). */
  company_id?: string;
  name: string;
  tenants: string[];
  place: { division: string | null; district: string | null; thana: string | null };
  location?: LatLng;
  generic_site_id: string | null;
  rectifier: { rectifier_type: string | null; rectifier_type_2: string | null };
  device_vendor: string | null;
  battery_max: number | null;
  more_details?: Record<string, unknown>;
}

const DIVISIONS = [...DIVISION_LABELS.map((d) => d.name), 'Mymensingh'].sort();
const orNull = (s: string) => (s.trim() ? s.trim() : null);

/**
 * The company and site form (create and edit): customer, name, tenants, place, coordinates on the map,
 * rectifier types, device vendor, generic site id, battery capacity and more details (JSON).
 */
export function SiteForm(props: {
  site?: Site;
  customerId?: string | null;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (values: SiteFormValues) => void;
}) {
  const s = props.site;
  const companies = useQuery(allCompaniesQueryOptions());
  const [customer, setCustomer] = useState<string | null>(props.customerId ?? null);
  const vendors = useQuery(vendorsQueryOptions(null, ''));
  const [name, setName] = useState(s?.name ?? '');
  const [tenants, setTenants] = useState<string[]>(s?.tenants ?? []);
  const [division, setDivision] = useState<string | null>(s?.place.division ?? null);
  const [district, setDistrict] = useState(s?.place.district ?? '');
  const [thana, setThana] = useState(s?.place.thana ?? '');
  const [location, setLocation] = useState<LatLng | null>(s?.location ?? null);
  const [genericId, setGenericId] = useState(s?.meta.generic_site_id ?? '');
  const [rect1, setRect1] = useState<string | null>(s?.rectifier.rectifier_type ?? null);
  const [rect2, setRect2] = useState<string | null>(s?.rectifier.rectifier_type_2 ?? null);
  const [vendor, setVendor] = useState<string | null>(s?.device_vendor ?? null);
  const [batteryMax, setBatteryMax] = useState<number | string>(s?.battery_max ?? '');
  const [details, setDetails] = useState(
    s && Object.keys(s.more_details).length ? JSON.stringify(s.more_details, null, 2) : '',
  );
  const [localError, setLocalError] = useState<string | null>(null);
  const customerRow = companies.data?.items.find((c) => c.id === customer);

  const submit = () => {
    const parsed = parseDetails(details);
    if (!parsed.ok) return setLocalError(parsed.error);
    if (!s && !customerRow) return setLocalError('Choose the customer');
    setLocalError(null);
    props.onSubmit({
      ...(s ? {} : { company_id: customerRow?.id }),
      name: name.trim(),
      tenants,
      place: { division, district: orNull(district), thana: orNull(thana) },
      ...(location ? { location } : {}),
      generic_site_id: orNull(genericId),
      rectifier: { rectifier_type: rect1, rectifier_type_2: rect2 },
      device_vendor: vendor,
      battery_max: typeof batteryMax === 'number' ? batteryMax : null,
      ...(parsed.value ? { more_details: parsed.value } : {}),
    });
  };
  const rectifiers = RECTIFIER_TYPES.map((r) => ({ value: r, label: r }));
  return (
    <Paper withBorder p="md">
      <Stack>
        {(localError ?? props.error) && <Alert color="red">{localError ?? props.error}</Alert>}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Select
            label="Customer"
            data={(companies.data?.items ?? []).map((c) => ({
              value: c.id,
              label: `${c.label} — ${c.name}`,
            }))}
            value={s ? (s.company ?? null) : customer}
            onChange={setCustomer}
            disabled={Boolean(s)}
            searchable
            required
          />
          <TextInput
            label="Site name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
          />
          <MultiSelect
            label="Tenants"
            data={ALL_TENANTS.map((t) => ({ value: t, label: tenantLabel(t) }))}
            value={tenants}
            onChange={setTenants}
            required
          />
          <TextInput
            label="Generic site ID"
            value={genericId}
            onChange={(e) => setGenericId(e.currentTarget.value)}
          />
          <Select
            label="Division"
            data={DIVISIONS}
            value={division}
            onChange={setDivision}
            clearable
            searchable
          />
          <TextInput label="District" value={district} onChange={(e) => setDistrict(e.currentTarget.value)} />
          <TextInput label="Thana" value={thana} onChange={(e) => setThana(e.currentTarget.value)} />
          <Select
            label="Device vendor"
            data={(vendors.data?.items ?? []).map((v) => ({ value: v.uid, label: v.name }))}
            value={vendor}
            onChange={setVendor}
            clearable
          />
          <Select label="Rectifier type" data={rectifiers} value={rect1} onChange={setRect1} clearable />
          <Select
            label="Second rectifier type"
            data={rectifiers}
            value={rect2}
            onChange={setRect2}
            clearable
          />
          <NumberInput
            label="Battery capacity (Ah)"
            value={batteryMax}
            onChange={setBatteryMax}
            min={0}
            max={100000}
          />
        </SimpleGrid>
        <div>
          <Text size="sm" fw={500} mb={4}>
            Location {location ? `(${location.lat}, ${location.lng})` : '(click the map)'}
          </Text>
          <MapPicker value={location} onChange={setLocation} />
        </div>
        <Textarea
          label="More details (JSON object)"
          value={details}
          onChange={(e) => setDetails(e.currentTarget.value)}
          autosize
          minRows={2}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={props.busy} disabled={!name.trim() || tenants.length === 0}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
