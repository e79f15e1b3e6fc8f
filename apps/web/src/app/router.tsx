import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

/** The app router (data mode, route-level code splitting with `lazy`). */
export const router = createBrowserRouter(routes);
