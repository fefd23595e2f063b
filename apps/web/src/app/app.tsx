import { BASE_PATH } from '@ensemble/shared';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppContent } from './router';

/** The app: server-state cache around the browser router under /prod. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename={BASE_PATH}>
        <AppContent />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
