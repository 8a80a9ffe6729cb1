import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { setLoaderQueryClient } from './lazy-route';
import { AppProviders } from './providers';
import { appRoutes } from './routes';

// One client for the page's lifetime: route loaders prefetch into it before React renders.
const queryClient = createQueryClient();
setLoaderQueryClient(queryClient);
const router = createBrowserRouter(appRoutes);

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
