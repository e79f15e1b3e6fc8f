import { AppShell, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { AuthUser } from '@towerwatch/contract';
import { ROUTES } from '@towerwatch/domain';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useNavigation } from 'react-router';
import { useSession } from '../../features/auth/index.ts';
import { useSiteLoad } from '../../features/sites/index.ts';
import { clearEmergencyDot } from '../../lib/emergency-alarm.ts';
import { LiveConnection } from '../shell/live-connection.tsx';
import { SideMenu } from '../shell/side-menu.tsx';
import { SiteNav } from '../shell/site-nav.tsx';
import { useUserColorScheme } from '../shell/theme-switch.tsx';
import { TopBar } from '../shell/top-bar.tsx';
import { useRouteTitle } from './use-route-title.ts';

/** Props of {@link AppFrame}. */
export interface AppFrameProps {
  children: ReactNode;
  fallbackTitle: string;
  extra?: ReactNode;
}

interface SignedInFrameProps extends AppFrameProps {
  user: AuthUser;
}

function SignedInFrame({ user, children, fallbackTitle, extra }: SignedInFrameProps) {
  const [opened, drawer] = useDisclosure(false, {
    // The pulsing dot is cleared when the drawer opens or closes (docs/requirements.md#emergency-alarm).
    onOpen: clearEmergencyDot,
    onClose: clearEmergencyDot,
  });
  const title = useRouteTitle(fallbackTitle);
  const navigation = useNavigation();
  useSiteLoad(user);
  useUserColorScheme(user.uid);

  useEffect(() => {
    document.title = `${title} · Towerwatch`;
  }, [title]);

  return (
    <AppShell header={{ height: 52 }} padding="md">
      <LiveConnection user={user} />
      <AppShell.Header>
        <TopBar user={user} title={title} onMenu={drawer.open} extra={extra} />
      </AppShell.Header>
      <SideMenu user={user} opened={opened} onClose={drawer.close} />
      <AppShell.Main
        style={{ opacity: navigation.state === 'loading' ? 0.75 : 1, transition: 'opacity 120ms' }}
      >
        <SiteNav user={user} />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}

/** The signed-in frame shared by the default and legacy layouts: top bar, side menu, live socket. */
export function AppFrame(props: AppFrameProps) {
  const { user, loggedIn } = useSession();
  // The login state is watched: logging out (here or in another tab) leaves the signed-in area.
  if (!loggedIn) return <Navigate to={ROUTES.landing} replace />;
  if (!user) {
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  }
  return <SignedInFrame user={user} {...props} />;
}
