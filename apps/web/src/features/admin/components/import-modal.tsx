import { Alert, Button, FileInput, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type SiteImportReply } from '@towerwatch/contract';
import { useState } from 'react';
import { apiCall } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { adminKeys } from '../api/admin-api.ts';

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Bulk onboarding: download the template, choose the filled .xlsx or CSV, check it (every bad row is
 * listed, nothing written), then import it in one go.
 */
export function ImportModal({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<SiteImportReply | null>(null);
  const send = useMutation({
    mutationFn: async (dryRun: boolean) => {
      if (!file) throw new Error('Choose a file');
      const format = file.name.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx';
      return apiCall(adminEndpoints.siteImport, {
        body: { format, content_base64: await toBase64(file), dry_run: dryRun },
      });
    },
    onSuccess: async (reply) => {
      setResult(reply);
      if (reply.applied) await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  const template = useMutation({
    mutationFn: () => apiCall(adminEndpoints.importTemplate, {}),
    onSuccess: (blob) => saveFile(blob, 'towerwatch-sites-template.xlsx'),
  });
  return (
    <Modal opened onClose={onClose} title="Import sites" size="xl">
      <Stack>
        <Text size="sm">
          One row per site: customer, name, tenants, place, coordinates, rectifier, vendor, the controller's
          com_id and its pins. Every row is checked first; a file with any problem writes nothing.
        </Text>
        <Group>
          <Button variant="default" loading={template.isPending} onClick={() => template.mutate()}>
            Download template
          </Button>
        </Group>
        <FileInput
          label="Filled template (.xlsx or .csv)"
          accept=".xlsx,.csv"
          value={file}
          onChange={(f) => {
            setFile(f);
            setResult(null);
          }}
          clearable
        />
        {send.error && <Alert color="red">{errorMessage(send.error)}</Alert>}
        {result && result.errors.length === 0 && (
          <Alert
            color={result.applied ? 'teal' : 'blue'}
            title={result.applied ? 'Imported' : 'The file is valid'}
          >
            {result.sites} sites, {result.devices} controllers, {result.pins} pin configs
            {result.applied ? ' written.' : ' ready to import.'}
          </Alert>
        )}
        {result && result.errors.length > 0 && (
          <Alert color="red" title={`${result.errors.length} problems: nothing was written`}>
            <ScrollArea.Autosize mah={260}>
              <Table aria-label="Import problems">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Column</Table.Th>
                    <Table.Th>Problem</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.errors.map((e) => (
                    <Table.Tr key={`${e.row}-${e.field}-${e.message}`}>
                      <Table.Td>{e.row}</Table.Td>
                      <Table.Td>{e.field}</Table.Td>
                      <Table.Td>{e.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={!file}
            loading={send.isPending && send.variables}
            onClick={() => send.mutate(true)}
          >
            Check
          </Button>
          <Button
            disabled={!file || result?.applied === true}
            loading={send.isPending && !send.variables}
            onClick={() => send.mutate(false)}
          >
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
