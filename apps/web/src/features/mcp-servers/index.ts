/** Public face of MCP tool servers: Settings' panel (add, list with tools, refresh, ask first, delete). */
export { McpServersPanel } from './components/mcp-servers-panel';
