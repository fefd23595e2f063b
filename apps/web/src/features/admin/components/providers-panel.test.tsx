import type { AdminProviderRow } from '@ensemble/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const row = (over: Partial<AdminProviderRow>): AdminProviderRow => ({
  id: 'openai',
  label: 'OpenAI',
  mode: 'configured',
  models: [],
  replies: 0,
  failed: 0,
  errors: [],
  ttft_p50_ms: null,
  ttft_p95_ms: null,
  ...over,
});

describe('operator Providers tab', () => {
  it('shows each provider’s mode, models, error rate by kind and time to first token', async () => {
    stubApi({
      user: { ...TEST_USER, email: 'ops@example.com' },
      routes: {
        'GET /api/admin/me.php': { json: { status: 'success', operator: { id: 7, email: 'ops@example.com', username: 'ada' } } },
        'GET /api/admin/providers.php': {
          json: {
            status: 'success',
            window_minutes: 60,
            providers: [
              row({
                models: [
                  { id: 'gpt-4o', name: 'GPT-4o', availability: 'available' },
                  { id: 'gpt-6-astra', name: 'GPT-6 Astra', availability: 'unavailable' },
                ],
                replies: 40,
                failed: 3,
                errors: [
                  { kind: 'unavailable', count: 2, rate: 0.05 },
                  { kind: 'rate_limit', count: 1, rate: 0.025 },
                ],
                ttft_p50_ms: 420,
                ttft_p95_ms: 1830,
              }),
              row({
                id: 'google',
                label: 'Google',
                mode: 'demo',
                models: [{ id: 'gemini-1.5-pro', name: 'Gemini', availability: 'demo' }],
              }),
            ],
          },
        },
      },
    });
    renderApp('/prod/admin/providers');
    const openai = (await screen.findByRole('rowheader', { name: 'OpenAI' }, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(within(openai).getByText('Configured')).toBeTruthy();
    expect(within(openai).getByText(/2 models/)).toBeTruthy();
    expect(within(openai).getByText(/1 not served/)).toBeTruthy();
    expect(within(openai).getByText('40')).toBeTruthy();
    expect(openai.textContent).toContain('unavailable 5.0%');
    expect(openai.textContent).toContain('rate_limit 2.5%');
    expect(within(openai).getByText('420 ms')).toBeTruthy();
    expect(within(openai).getByText('1,830 ms')).toBeTruthy();
    const google = screen.getByRole('rowheader', { name: 'Google' }).closest('tr') as HTMLElement;
    expect(within(google).getByText('Demo')).toBeTruthy();
    expect(within(google).getAllByText('—').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('The last 60 minutes, from the replies of every instance.')).toBeTruthy();
  }, 20_000);
});
