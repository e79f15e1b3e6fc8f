import { ActionIcon, Button, Group, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { BILLING_CURRENCY } from '@towerwatch/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { billingKeys, setPerSiteRate } from '../api/billing-api.ts';
import { formatMoney } from '../billing-model.ts';

/** A company's monthly rate per monitored site, editable by finance and sudo (docs/requirements.md#invoices). */
export function RateEditor({
  companyId,
  companyName,
  rate,
}: {
  companyId: string;
  companyName: string;
  rate: number;
}) {
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<number | string>(rate);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const save = async () => {
    setBusy(true);
    try {
      await setPerSiteRate(companyId, Number(value));
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
      setOpened(false);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {formatMoney(rate)}
      <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Change the rate of ${companyName}`}
            onClick={() => {
              setValue(rate);
              setOpened((o) => !o);
            }}
          >
            <IconPencil size={14} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <Text size="sm">Monthly rate per site, {companyName}</Text>
            <NumberInput
              aria-label={`Rate per site (${BILLING_CURRENCY})`}
              value={value}
              onChange={setValue}
              min={0}
              decimalScale={2}
              thousandSeparator=","
            />
            <Button size="xs" loading={busy} onClick={() => void save()}>
              Save rate
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
