import { useEffect, useState } from 'react';
import type { MenuIcons } from '../../lib/feature-routes.ts';
import { FEATURES } from '../features.ts';

let loading: Promise<MenuIcons> | null = null;

/** The icon of each side-menu item, from the feature that provides its page (loaded once). */
export function loadMenuIcons(): Promise<MenuIcons> {
  loading ??= Promise.all(FEATURES.map((feature) => feature.menu?.() ?? {})).then(
    (parts): MenuIcons => Object.assign({}, ...parts),
  );
  return loading;
}

/** The menu icons; empty until loaded (the side menu mounts with the frame, before it is opened). */
export function useMenuIcons(): MenuIcons {
  const [icons, setIcons] = useState<MenuIcons>({});
  useEffect(() => {
    let live = true;
    void loadMenuIcons().then((loaded) => {
      if (live) setIcons(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return icons;
}
