import type { McpServer } from '@ensemble/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEST_USER, stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const TOOLS = [
  { name: 'add', description: 'Adds two numbers.', destructive: false },
  { name: 'delete_everything', description: 'Deletes everything.', destructive: true },
];

const server = (over: Partial<McpServer> = {}): McpServer => ({
  id: 1,
  name: 'Team tools',
  url: 'https://tools.example.com/mcp',
  has_token: false,
  ask_first: false,
  shared: false,
  tools: TOOLS,
  tools_checked_at: '2026-03-05T10:00:00.000Z',
  last_error: null,
  created_at: '2026-03-05T10:00:00.000Z',
  ...over,
});

function posts(fetchStub: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetchStub.mock.calls
    .filter(([u, init]) => String(u).includes(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function openSection() {
  renderApp('/prod/settings');
  return screen.findByRole('region', { name: 'Tool servers (MCP)' });
}

describe('tool servers in Settings', () => {
  it('adds a server with a token and shows its tools, the destructive one marked', async () => {
    const user = userEvent.setup();
    let servers: McpServer[] = [];
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/mcp/list.php': () => ({ json: { status: 'success', servers, tokens_allowed: true } }),
        'POST /api/mcp/add.php': (init) => {
          const body = JSON.parse(String(init?.body));
          servers = [server({ name: body.name, url: body.url, has_token: true, ask_first: body.ask_first })];
          return { json: { status: 'success', server: servers[0] } };
        },
      },
    });
    const section = await openSection();
    await within(section).findByText('You have no tool servers yet.');
    await user.type(within(section).getByLabelText('Name'), 'Team tools');
    await user.type(within(section).getByLabelText('Server URL'), 'https://tools.example.com/mcp');
    await user.type(within(section).getByLabelText('Bearer token (optional)'), 'secret-token');
    await user.click(within(section).getByRole('switch', { name: 'Ask before every tool call' }));
    await user.click(within(section).getByRole('button', { name: 'Add server' }));

    const row = await within(section).findByTestId('mcp-server-row');
    expect(posts(fetchStub, '/api/mcp/add.php')).toEqual([
      { name: 'Team tools', url: 'https://tools.example.com/mcp', token: 'secret-token', ask_first: true },
    ]);
    expect(row).toHaveTextContent('Team tools');
    expect(row).toHaveTextContent('Token');
    expect(row).not.toHaveTextContent('secret-token');
    const tools = within(row).getAllByTestId('mcp-tool');
    expect(tools.map((t) => t.textContent)).toEqual(['addAdds two numbers.', 'delete_everythingdestructiveDeletes everything.']);
    expect(within(row).getByRole('switch', { name: 'Ask before every tool call' })).toBeChecked();
    // The form is empty again for the next server.
    expect(within(section).getByLabelText('Name')).toHaveValue('');
  }, 20_000);

  it('checks the form, and shows why the server refused', async () => {
    const user = userEvent.setup();
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/mcp/list.php': { json: { status: 'success', servers: [], tokens_allowed: true } },
        'POST /api/mcp/add.php': {
          status: 400,
          json: { status: 'error', code: 'bad_request', message: 'The tool server refused the bearer token.' },
        },
      },
    });
    const section = await openSection();
    await within(section).findByText('You have no tool servers yet.');
    await user.type(within(section).getByLabelText('Server URL'), 'ftp://example.com');
    await user.click(within(section).getByRole('button', { name: 'Add server' }));
    expect(within(section).getByText('Give the server a name.')).toBeInTheDocument();
    expect(within(section).getByText('Enter the server’s address, starting with https:// or http://.')).toBeInTheDocument();
    expect(posts(fetchStub, '/api/mcp/add.php')).toEqual([]);

    await user.type(within(section).getByLabelText('Name'), 'Guarded');
    await user.clear(within(section).getByLabelText('Server URL'));
    await user.type(within(section).getByLabelText('Server URL'), 'https://tools.example.com/mcp');
    await user.click(within(section).getByRole('button', { name: 'Add server' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('The tool server refused the bearer token.');
  });

  it('says why tokens cannot be added when the server has no encryption key', async () => {
    stubApi({ user: TEST_USER, routes: { 'GET /api/mcp/list.php': { json: { status: 'success', servers: [], tokens_allowed: false } } } });
    const section = await openSection();
    await within(section).findByText(/You can still add tool servers that need no token\./);
    expect(section).toHaveTextContent('This server cannot store tokens: the operator has not set an encryption key.');
    expect(within(section).getByLabelText('Bearer token (optional)')).toBeDisabled();
  });

  it('refreshes, toggles ask-first, deletes after confirming; shows the operators’ servers read-only', async () => {
    const user = userEvent.setup();
    let servers = [server(), server({ id: 9, name: 'Everyone’s', shared: true, ask_first: true })];
    const fetchStub = stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/mcp/list.php': () => ({ json: { status: 'success', servers, tokens_allowed: true } }),
        'POST /api/mcp/update.php': () => ({ json: { status: 'success', server: server({ ask_first: true }) } }),
        'POST /api/mcp/refresh.php': () => ({ json: { status: 'success', server: server() } }),
        'POST /api/mcp/delete.php': (init) => {
          const { id } = JSON.parse(String(init?.body));
          servers = servers.filter((s) => s.id !== id);
          return { json: { status: 'success', deleted: true } };
        },
      },
    });
    const section = await openSection();
    const shared = await within(section).findByRole('list', { name: 'Tool servers shared by the operators' });
    expect(shared).toHaveTextContent('Everyone’s');
    expect(shared).toHaveTextContent('Asks first');
    expect(within(shared).queryByRole('button')).toBeNull();
    expect(within(shared).queryByRole('switch')).toBeNull();

    const own = within(section).getByRole('list', { name: 'Your tool servers' });
    await user.click(within(own).getByRole('switch', { name: 'Ask before every tool call' }));
    await waitFor(() => expect(posts(fetchStub, '/api/mcp/update.php')).toEqual([{ id: 1, ask_first: true }]));
    await user.click(within(own).getByRole('button', { name: 'Refresh the tools of Team tools' }));
    await waitFor(() => expect(posts(fetchStub, '/api/mcp/refresh.php')).toEqual([{ id: 1 }]));

    await user.click(within(own).getByRole('button', { name: 'Delete the tool server Team tools' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete tool server' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(fetchStub, '/api/mcp/delete.php')).toEqual([]);
    await user.click(within(own).getByRole('button', { name: 'Delete the tool server Team tools' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete tool server' });
    expect(dialog).toHaveTextContent('Delete “Team tools”? Its stored token is deleted too');
    await user.click(within(dialog).getByRole('button', { name: 'Delete server' }));
    await within(section).findByText('You have no tool servers yet.');
    expect(posts(fetchStub, '/api/mcp/delete.php')).toEqual([{ id: 1 }]);
  }, 20_000);

  it('shows why the last listing failed', async () => {
    stubApi({
      user: TEST_USER,
      routes: {
        'GET /api/mcp/list.php': {
          json: { status: 'success', servers: [server({ last_error: 'The tool server did not answer in time.' })], tokens_allowed: true },
        },
      },
    });
    const section = await openSection();
    expect(await within(section).findByTestId('mcp-server-row')).toHaveTextContent(
      'The last check failed: The tool server did not answer in time.',
    );
  });

  it('asks a guest to sign up, and asks the server nothing', async () => {
    const fetchStub = stubApi();
    const section = await openSection();
    expect(section).toHaveTextContent('Sign up to connect tool servers and let models use their tools in your chats.');
    expect(within(section).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/prod/signup');
    expect(fetchStub.mock.calls.filter(([u]) => String(u).includes('/api/mcp/'))).toEqual([]);
  });
});
