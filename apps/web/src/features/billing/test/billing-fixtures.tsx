import { type AppConfig, PLANS, TIERS, type Tier, type User } from '@ensemble/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { TEST_USER } from '@/test/fake-api';

/** get_config.php as the server answers it (plans from the shared constants). */
export function appConfig(paymentsEnabled = true): AppConfig {
  const tiers = Object.fromEntries(TIERS.map((id) => [id, { id, ...PLANS[id] }])) as AppConfig['subscriptionTiers'];
  return {
    status: 'success',
    publishableKey: paymentsEnabled ? 'pk_test_x' : '',
    subscriptionTiers: tiers,
    priceIds: paymentsEnabled ? { pro: 'price_pro_1', premium: 'price_premium_1' } : { pro: '', premium: '' },
    paymentsEnabled,
  };
}

/** A signed-in user on a plan. */
export function userOn(tier: Tier, status = 'none', endDate: string | null = null): User {
  return { ...TEST_USER, subscription_tier: tier, subscription_status: status, subscription_end_date: endDate };
}

/** Makes the window wide (768 px and up) or narrow for useIsWideScreen. */
export function setWideScreen(wide: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

/** Renders a billing component with a query client and an in-memory router. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/subscription']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
