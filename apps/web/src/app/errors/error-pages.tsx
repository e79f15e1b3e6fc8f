import { Button, Center, Code, Loader, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { ERROR_PAGE } from '@towerwatch/domain';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload.ts';
import { ROUTES } from '@towerwatch/domain';

/** Props of {@link ErrorView}. */
export interface ErrorViewProps {
  status: number;
  message: string;
}

/** The error page body: status code, message and a link home. */
export function ErrorView({ status, message }: ErrorViewProps) {
  return (
    <Center mih="70vh" p="xl">
      <Stack align="center" gap="sm" maw={520}>
        <Text fz={72} fw={800} c="dimmed" lh={1} aria-label="Status code">
          {status}
        </Text>
        <Title order={1} fz={22} ta="center">
          {message}
        </Title>
        <Button
          component={Link}
          to={ROUTES.landing}
          variant="light"
          leftSection={<IconHome size={16} />}
          mt="sm"
        >
          Back to home
        </Button>
      </Stack>
    </Center>
  );
}

/** Unknown routes (docs/requirements.md#error-pages). */
export function NotFoundPage() {
  return <ErrorView status={ERROR_PAGE.notFoundStatus} message={ERROR_PAGE.notFoundMessage} />;
}

/** Route errors: the message (or 'Error') and the status code (default 500) (docs/requirements.md#error-pages). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isChunkLoadError(error) && reloadForChunkError()) {
    return (
      <Center mih="50vh">
        <Text c="dimmed">Loading the new version…</Text>
      </Center>
    );
  }
  if (isRouteErrorResponse(error)) {
    if (error.status === ERROR_PAGE.notFoundStatus) return <NotFoundPage />;
    const message =
      typeof error.data === 'string' && error.data
        ? error.data
        : error.statusText || ERROR_PAGE.defaultMessage;
    return <ErrorView status={error.status} message={message} />;
  }
  const status =
    typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
      ? error.status
      : ERROR_PAGE.defaultStatus;
  const message = error instanceof Error && error.message ? error.message : ERROR_PAGE.defaultMessage;
  if (import.meta.env.DEV && error instanceof Error) console.error(error);
  return (
    <>
      <ErrorView status={status} message={message} />
      {import.meta.env.DEV && error instanceof Error && (
        <Center>
          <Code block maw={800}>
            {error.stack}
          </Code>
        </Center>
      )}
    </>
  );
}

/** The page shown while the first route loads. */
export function RouteLoading() {
  return (
    <Center mih="100vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
