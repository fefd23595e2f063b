/** Public face of passkeys: the Settings panel, the add form (the operator console offers it too), and sign-in. */
export { AddPasskeyForm, PasskeysPanel } from './components/passkeys-panel';
