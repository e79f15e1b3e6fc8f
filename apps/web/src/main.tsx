import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { reloadForChunkError } from './app/errors/chunk-reload.ts';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { registerServiceWorker } from './app/service-worker.ts';

// A preload of a lazy chunk failed (usually a deploy replaced it): reload, at most once per 60 s.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
