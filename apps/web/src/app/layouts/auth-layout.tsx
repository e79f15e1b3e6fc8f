import { Box, Center } from '@mantine/core';
import { Outlet } from 'react-router';

/** Sign-in pages: one centred card on the product background. */
export function AuthLayout() {
  return (
    <Box className="tw-grid-bg" mih="100vh">
      <Center mih="100vh" p="md">
        <Outlet />
      </Center>
    </Box>
  );
}
