import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router.tsx';
import { theme } from './app/theme.ts';
import './i18n/i18n.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Lists and details stay as they are for ten minutes (spec: cache default 600000 ms)
      // and are kept half an hour, so returning to a view keeps its loaded pages.
      staleTime: 10 * 60_000,
      gcTime: 30 * 60_000,
      retry: 1,
      refetchOnWindowFocus: false,
    },
  },
});

const root = document.getElementById('root');
if (!root) {
  throw new Error('Element #root fehlt.');
}
const reactRoot = createRoot(root);
// The first render as a transition: React renders it in slices between which the browser stays
// responsive, instead of in one long task.
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={createRouter(queryClient)} />
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  );
});
