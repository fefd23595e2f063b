import type { AdminModelRow } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const ROW: AdminModelRow = {
  id: 'gpt-4o',
  name: 'GPT-4o',
  provider: 'openai',
  type: 'text',
  enabled: true,
  cost: 1,
  base_cost: 1,
  provider_model_id: 'gpt-4o',
  base_provider_model_id: 'gpt-4o',
  fallbacks: ['gpt-6-luna'],
  base_fallbacks: ['gpt-6-luna'],
  favourite: true,
  availability: 'available',
  web_search: 'provider',
  base_web_search: 'provider',
  web_search_customised: false,
  web_search_cost: 1,
  base_web_search_cost: 1,
};
const list = (rows: AdminModelRow[]) => ({
  json: { status: 'success', models: rows, default_favourites: ['gpt-4o'], favourites_customised: false },
});

function setup(answer: (body: Record<string, unknown>) => { status?: number; json: unknown }, initial: AdminModelRow = ROW) {
  const sent: Array<Record<string, unknown>> = [];
  // What the server holds now: a successful change replaces it, as the real one would.
  let current: { status?: number; json: unknown } = list([initial]);
  const api = stubApi({
    user: { ...TEST_USER, email: 'ops@example.com' },
    routes: {
      'GET /api/admin/me.php': { json: { status: 'success', operator: { id: 7, email: 'ops@example.com', username: 'ada' } } },
      'GET /api/admin/models.php': () => current,
      'POST /api/admin/models.php': (init) => {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        const res = answer(body);
        if (!res.status) current = res;
        return res;
      },
    },
  });
  renderApp('/prod/admin/models');
  return { api, sent };
}

describe('operator Models tab', () => {
  it('shows each row with its availability, and edits one inline sending only what changed', async () => {
    const { sent } = setup(() => list([{ ...ROW, cost: 2 }]));
    const row = (await screen.findByText('gpt-4o · text')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Available')).toBeTruthy();
    expect(within(row).getByText('OpenAI')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Edit GPT-4o' }));
    const form = screen.getByRole('form', { name: 'Edit GPT-4o' });
    const cost = within(form).getByLabelText(/Cost in credits/);
    await userEvent.clear(cost);
    await userEvent.type(cost, '2');
    // No reason: nothing is sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert').textContent).toMatch(/Say why/);
    expect(sent).toEqual([]);
    await userEvent.type(within(form).getByLabelText(/Reason/), 'Price rise');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('GPT-4o saved.');
    expect(sent).toEqual([{ model_id: 'gpt-4o', cost: 2, reason: 'Price rise' }]);
    const updated = (await screen.findByText('gpt-4o · text')).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(updated).getByText('(was 1)')).toBeTruthy());
    // The first test also loads the lazily split admin page.
  }, 20_000);

  it('switches a row off, shows the server’s refusal, and leaves out a field set back as it was', async () => {
    const { sent } = setup((body) =>
      body.fallbacks
        ? {
            status: 400,
            json: { status: 'error', code: 'bad_request', message: 'Invalid request: fallbacks: dall-e-3 is not a text model' },
          }
        : list([ROW]),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit GPT-4o' }));
    const form = screen.getByRole('form', { name: 'Edit GPT-4o' });
    await userEvent.click(within(form).getByLabelText('Enabled'));
    const fallbacks = within(form).getByLabelText(/Fallbacks/);
    await userEvent.clear(fallbacks);
    await userEvent.type(fallbacks, 'dall-e-3');
    await userEvent.type(within(form).getByLabelText(/Reason/), 'Outage');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await within(form).findByText('Invalid request: fallbacks: dall-e-3 is not a text model');
    expect(sent).toEqual([{ model_id: 'gpt-4o', enabled: false, fallbacks: ['dall-e-3'], reason: 'Outage' }]);
    await userEvent.clear(fallbacks);
    await userEvent.type(fallbacks, 'gpt-6-luna');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('GPT-4o saved.');
    expect(sent[1]).toEqual({ model_id: 'gpt-4o', enabled: false, reason: 'Outage' });
  }, 20_000);

  it('sends null for a field set back to the row’s built-in value', async () => {
    const { sent } = setup(() => list([ROW]), { ...ROW, cost: 3, provider_model_id: 'gpt-6-luna' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit GPT-4o' }));
    const form = screen.getByRole('form', { name: 'Edit GPT-4o' });
    await userEvent.clear(within(form).getByLabelText(/Cost in credits/));
    await userEvent.type(within(form).getByLabelText(/Cost in credits/), '1');
    await userEvent.clear(within(form).getByLabelText(/Provider model id/));
    await userEvent.type(within(form).getByLabelText(/Provider model id/), 'gpt-4o');
    await userEvent.type(within(form).getByLabelText(/Reason/), 'Undo the test');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('GPT-4o saved.');
    expect(sent).toEqual([{ model_id: 'gpt-4o', cost: null, provider_model_id: null, reason: 'Undo the test' }]);
  }, 20_000);

  it('sets a text row’s web search and its surcharge by their labels, sending both', async () => {
    const { sent } = setup(() => list([{ ...ROW, web_search: 'own', web_search_customised: true, web_search_cost: 3 }]));
    const row = (await screen.findByText('gpt-4o · text')).closest('tr') as HTMLElement;
    expect(within(row).getByText("Provider's own")).toBeTruthy();
    expect(within(row).getByText('+1 credit a search')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Edit GPT-4o' }));
    const form = screen.getByRole('form', { name: 'Edit GPT-4o' });
    const search = within(form).getByRole('combobox', { name: 'Web search' }) as HTMLSelectElement;
    // No operator choice yet: the row's default, named.
    expect(search.value).toBe('');
    expect(
      within(search)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(["Provider's own", 'Our own (SearXNG)', 'Off', "Default (Provider's own)"]);
    await userEvent.selectOptions(search, 'Our own (SearXNG)');
    const surcharge = within(form).getByRole('spinbutton', { name: /Web search surcharge in credits \(built-in 1\)/ });
    await userEvent.clear(surcharge);
    await userEvent.type(surcharge, '101');
    await userEvent.type(within(form).getByLabelText(/Reason/), 'Search costs more');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert').textContent).toMatch(/from 0 to 100/);
    expect(sent).toEqual([]);
    await userEvent.clear(surcharge);
    await userEvent.type(surcharge, '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('GPT-4o saved.');
    expect(sent).toEqual([{ model_id: 'gpt-4o', web_search: 'own', web_search_cost: 3, reason: 'Search costs more' }]);
    const updated = (await screen.findByText('gpt-4o · text')).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(updated).getByText('Our own (SearXNG)')).toBeTruthy());
    expect(within(updated).getByText('+3 credits a search')).toBeTruthy();
  }, 20_000);

  it('returns a row’s web search and surcharge to their defaults with null', async () => {
    const custom: AdminModelRow = { ...ROW, web_search: 'off', web_search_customised: true, web_search_cost: 2 };
    const { sent } = setup(() => list([ROW]), custom);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit GPT-4o' }));
    const form = screen.getByRole('form', { name: 'Edit GPT-4o' });
    const search = within(form).getByRole('combobox', { name: 'Web search' }) as HTMLSelectElement;
    expect(search.value).toBe('off');
    await userEvent.selectOptions(search, "Default (Provider's own)");
    const surcharge = within(form).getByRole('spinbutton', { name: /Web search surcharge/ });
    await userEvent.clear(surcharge);
    await userEvent.type(surcharge, '1');
    await userEvent.type(within(form).getByLabelText(/Reason/), 'Back to the defaults');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('GPT-4o saved.');
    expect(sent).toEqual([{ model_id: 'gpt-4o', web_search: null, web_search_cost: null, reason: 'Back to the defaults' }]);
  }, 20_000);

  it('shows no web search settings on an image row', async () => {
    const image: AdminModelRow = {
      ...ROW,
      id: 'dall-e-3',
      name: 'DALL·E 3',
      type: 'image',
      provider_model_id: 'dall-e-3',
      base_provider_model_id: 'dall-e-3',
      fallbacks: [],
      base_fallbacks: [],
      web_search: null,
      base_web_search: null,
      web_search_cost: null,
      base_web_search_cost: null,
    };
    const { sent } = setup(() => list([{ ...image, cost: 5 }]), image);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit DALL·E 3' }));
    const form = screen.getByRole('form', { name: 'Edit DALL·E 3' });
    expect(within(form).queryByRole('combobox', { name: 'Web search' })).toBeNull();
    expect(within(form).queryByLabelText(/Web search surcharge/)).toBeNull();
    await userEvent.clear(within(form).getByLabelText(/Cost in credits/));
    await userEvent.type(within(form).getByLabelText(/Cost in credits/), '5');
    await userEvent.type(within(form).getByLabelText(/Reason/), 'Price rise');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('DALL·E 3 saved.');
    expect(sent).toEqual([{ model_id: 'dall-e-3', cost: 5, reason: 'Price rise' }]);
  }, 20_000);
});
