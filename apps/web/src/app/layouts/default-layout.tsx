import { Outlet } from 'react-router';
import { AppFrame } from './app-frame.tsx';

/** The default layout of signed-in pages (docs/requirements.md#sign-in-flow). */
export function DefaultLayout() {
  return (
    <AppFrame fallbackTitle="Towerwatch">
      <Outlet />
    </AppFrame>
  );
}
