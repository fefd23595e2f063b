/** Public face of personal API keys: Settings' panel (create, list, revoke). */
export { ApiKeysPanel } from './components/api-keys-panel';
