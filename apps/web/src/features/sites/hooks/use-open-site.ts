import { notifications } from '@mantine/notifications';
import type { AuthUser } from '@towerwatch/contract';
import { ROUTES } from '@towerwatch/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { openSite, type SiteToOpen } from '../open-site.ts';

/** Opening a site from a list: focus it, go to Site Overview; a failure is a red toast. */
export interface OpenSite {
  open: (site: SiteToOpen) => Promise<void>;
  /** The uid of the site being opened, or null. */
  opening: string | null;
}

/** Opens sites from a list (one at a time: a second click while one opens is ignored). */
export function useOpenSite(user: AuthUser): OpenSite {
  const navigate = useNavigate();
  const [opening, setOpening] = useState<string | null>(null);
  const open = async (site: SiteToOpen) => {
    if (opening) return;
    setOpening(site.uid);
    try {
      await openSite(user, site);
      navigate(ROUTES.siteOverview);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setOpening(null);
    }
  };
  return { open, opening };
}
