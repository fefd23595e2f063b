import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { SAMPLE_OPENAPI } from './api-docs-test-utils';

async function openDocs() {
  stubApi({ routes: { 'GET /api/openapi.json': { json: SAMPLE_OPENAPI } } });
  const app = renderApp('/prod/docs');
  await screen.findByRole('heading', { level: 1, name: 'API reference' });
  await screen.findByRole('heading', { level: 2, name: 'OpenAI-compatible' });
  return app;
}

const operation = (id: string) => document.getElementById(id) as HTMLElement;

describe('the API reference', () => {
  it('explains authentication and lists the operations by tag, the developer API first', async () => {
    await openDocs();
    const auth = screen.getByRole('region', { name: 'Authentication' });
    expect(auth).toHaveTextContent('Authorization: Bearer ens_…');
    expect(within(auth).getByRole('link', { name: 'Settings → API keys' })).toHaveAttribute('href', '/prod/settings#api-keys');
    expect(auth).toHaveTextContent(`${window.location.origin}/v1`);

    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Authentication',
      'OpenAI-compatible',
      'Keys',
      // Untagged: grouped by its path.
      'Health',
    ]);
    expect(screen.getAllByTestId('api-operation')).toHaveLength(5);
    expect(screen.getByRole('status')).toHaveTextContent('5 operations');
    expect(screen.getByText('Ensemble API · version 0.1.0 · OpenAPI 3.1.0')).toBeInTheDocument();
  });

  it('opens the chat completion with its fields, $ref followed, its responses and a curl example', async () => {
    await openDocs();
    const chat = operation('op-post-v1-chat-completions');
    const toggle = within(chat).getByRole('button', { name: /Create a chat completion/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(chat).getByText('POST')).toBeInTheDocument();
    expect(within(chat).getByText('stream: true').tagName).toBe('CODE');

    const body = within(chat).getByRole('list', { name: 'Request body of POST /v1/chat/completions' });
    const rows = within(body)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === body);
    expect(rows.map((r) => r.querySelector('code')?.textContent)).toEqual([
      'model',
      'messages',
      'messages[].role',
      'messages[].content',
      'stream',
    ]);
    expect(rows[1]).toHaveTextContent('Message[]');
    expect(rows[1]).toHaveTextContent('required');
    expect(rows[1]).toHaveTextContent('at least 1 items');
    expect(rows[2]).toHaveTextContent('Who wrote it.');
    expect(rows[2]).toHaveTextContent('One of:systemuserassistant');
    expect(rows[4]).toHaveTextContent('boolean | null');
    expect(rows[4]).toHaveTextContent('optional');

    expect(within(chat).getByText('200')).toBeInTheDocument();
    expect(within(chat).getByText('The completion')).toBeInTheDocument();
    expect(within(chat).getByText('Fields of the 200 answer')).toBeInTheDocument();

    const curl = within(chat).getByText(/^curl -X POST/).textContent ?? '';
    expect(curl).toContain(`'${window.location.origin}/v1/chat/completions'`);
    expect(curl).toContain('-H "Authorization: Bearer $ENSEMBLE_API_KEY"');
    expect(JSON.parse(curl.slice(curl.indexOf("-d '") + 4, curl.lastIndexOf("'")))).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hello' }],
    });
    await userEvent.setup().click(within(chat).getByRole('button', { name: 'Copy the curl command for POST /v1/chat/completions' }));
    expect(await navigator.clipboard.readText()).toBe(curl);
  });

  it('opens another operation on request: path parameters filled in, the session cookie for /api', async () => {
    const user = userEvent.setup();
    await openDocs();
    const model = operation('op-get-v1-models-model');
    const toggle = within(model).getByRole('button', { name: /One model this key may call/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', model.querySelector('[id$="-details"]')?.id);
    expect(within(model).getByRole('list', { name: 'Parameters of GET /v1/models/{model}' })).toHaveTextContent('modelpathstringrequired');
    expect(within(model).getByText(/^curl /)).toHaveTextContent(`curl '${window.location.origin}/v1/models/gpt-4o-mini'`);

    const create = operation('op-post-api-keys-create-php');
    await user.click(within(create).getByRole('button', { name: /Create a personal API key/ }));
    expect(within(create).getByText(/The web app’s session cookie/)).toHaveTextContent('ensemble_sid');
    const curl = within(create).getByText(/^curl /).textContent ?? '';
    expect(curl).toContain('-b "ensemble_sid=$ENSEMBLE_SESSION"');
    expect(curl).toContain('"name": "My script"');
    expect(within(create).getByRole('list', { name: /Request body/ })).toHaveTextContent(
      'monthly_limitinteger | nulloptionalfrom 1 to 1,000,000',
    );
    await user.click(within(create).getByRole('button', { name: /Create a personal API key/ }));
    expect(within(create).queryByText(/^curl /)).toBeNull();
  });

  it('opens the operation a link points at', async () => {
    stubApi({ routes: { 'GET /api/openapi.json': { json: SAMPLE_OPENAPI } } });
    renderApp('/prod/docs#op-get-v1-models-model');
    await screen.findByRole('heading', { level: 2, name: 'OpenAI-compatible' });
    const model = operation('op-get-v1-models-model');
    expect(await within(model).findByText(/^curl /)).toBeInTheDocument();
    expect(within(model).getByRole('button', { name: /One model this key may call/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('filters the operations by words of their method, path or summary', async () => {
    const user = userEvent.setup();
    await openDocs();
    const filter = screen.getByRole('searchbox', { name: 'Filter operations' });
    await user.type(filter, 'keys');
    expect(await screen.findByText('2 operations')).toBeInTheDocument();
    expect(screen.getAllByTestId('api-operation').map((op) => op.querySelector('h3 [dir="ltr"]')?.textContent)).toEqual([
      '/api/keys/create.php',
      '/api/keys/list.php',
    ]);
    expect(screen.queryByRole('heading', { level: 2, name: 'OpenAI-compatible' })).toBeNull();

    await user.clear(filter);
    await user.type(filter, 'post chat');
    expect(await screen.findByText('1 operation')).toBeInTheDocument();
    expect(screen.getAllByTestId('api-operation')).toHaveLength(1);

    await user.clear(filter);
    await user.type(filter, 'nothing like this');
    expect(await screen.findByText('No operation matches “nothing like this”.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('api-operation')).toHaveLength(0);
  });

  it('says so when the document cannot be read, and tries again', async () => {
    let answers = 0;
    stubApi({
      routes: {
        'GET /api/openapi.json': () =>
          ++answers <= 2 ? { status: 500, json: { status: 'error', message: 'Server error' } } : { json: SAMPLE_OPENAPI },
      },
    });
    renderApp('/prod/docs');
    // The query asks twice (one retry) before it gives up.
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'OpenAI-compatible' })).toBeInTheDocument();
  });

  it('is linked from the footer', async () => {
    stubApi();
    renderApp('/prod/help');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/prod/docs');
  });
});
