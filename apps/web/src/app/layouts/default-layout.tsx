import { Outlet } from 'react-router';
import { AppFrame } from './app-frame.tsx';

/** The default layout of signed-in pages (platform-core §2). */
export function DefaultLayout() {
  return (
    <AppFrame fallbackTitle="Towerwatch">
      <Outlet />
    </AppFrame>
  );
}
