/** The operator console, loaded only on /prod/admin. */
export { AdminConsole } from './components/admin-console';
