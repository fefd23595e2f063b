import type { McpServer } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const shared = (over: Partial<McpServer> = {}): McpServer => ({
  id: 4,
  name: 'Company wiki',
  url: 'https://wiki.example.com/mcp',
  has_token: true,
  ask_first: false,
  shared: true,
  tools: [{ name: 'search_pages', description: 'Searches the wiki.', destructive: false }],
  tools_checked_at: '2026-03-05T10:00:00.000Z',
  last_error: null,
  created_at: '2026-03-05T10:00:00.000Z',
  ...over,
});

describe('operator: tool servers for everyone', () => {
  it('adds a server with a reason and deletes one with a reason', async () => {
    const user = userEvent.setup();
    let servers = [shared()];
    const sent: Record<string, unknown[]> = { add: [], remove: [] };
    stubApi({
      user: { ...TEST_USER, email: 'ops@example.com' },
      routes: {
        'GET /api/admin/me.php': { json: { status: 'success', operator: { id: 7, email: 'ops@example.com', username: 'ada' } } },
        'GET /api/admin/mcp_servers.php': () => ({ json: { status: 'success', servers, tokens_allowed: true } }),
        'POST /api/admin/add_mcp_server.php': (init) => {
          const body = JSON.parse(String(init?.body));
          sent.add?.push(body);
          const added = shared({ id: 5, name: body.name, url: body.url, has_token: false, tools: [] });
          servers = [...servers, added];
          return { json: { status: 'success', server: added } };
        },
        'POST /api/admin/delete_mcp_server.php': (init) => {
          const body = JSON.parse(String(init?.body));
          sent.remove?.push(body);
          servers = servers.filter((s) => s.id !== body.id);
          return { json: { status: 'success', deleted: true } };
        },
      },
    });
    renderApp('/prod/admin/tools');
    const panel = await screen.findByRole('region', { name: 'Tool servers' });
    const list = await within(panel).findByRole('list', { name: 'Shared tool servers' });
    expect(list).toHaveTextContent('Company wiki');
    expect(list).toHaveTextContent('search_pages');

    const form = within(panel).getByRole('form', { name: 'Add a tool server for everyone' });
    await user.type(within(form).getByLabelText('Name'), 'Calculator');
    await user.type(within(form).getByLabelText('Server URL'), 'https://calc.example.com/mcp');
    await user.click(within(form).getByRole('button', { name: 'Add server' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Say why (at least 3 characters)');
    await user.type(within(form).getByLabelText('Reason'), 'maths for everyone');
    await user.click(within(form).getByRole('button', { name: 'Add server' }));
    await waitFor(() => expect(within(panel).getAllByTestId('admin-mcp-row')).toHaveLength(2));
    expect(sent.add).toEqual([{ name: 'Calculator', url: 'https://calc.example.com/mcp', ask_first: false, reason: 'maths for everyone' }]);

    await user.click(within(panel).getByRole('button', { name: 'Delete the tool server Company wiki' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete tool server' });
    await user.type(within(dialog).getByLabelText('Reason'), 'moved elsewhere');
    await user.click(within(dialog).getByRole('button', { name: 'Delete server' }));
    await waitFor(() => expect(within(panel).getAllByTestId('admin-mcp-row')).toHaveLength(1));
    expect(sent.remove).toEqual([{ id: 4, reason: 'moved elsewhere' }]);
  }, 20_000);
});
