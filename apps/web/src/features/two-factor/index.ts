/** Public face of two-factor sign-in: the Settings panel, and the set-up the operator console asks for. */
export { TwoFactorPanel } from './components/two-factor-panel';
export { TwoFactorSetup } from './components/two-factor-setup';
export { RecoveryCodesNotice } from './components/recovery-codes-notice';
export { twoFactorQueryKey } from './api/two-factor-api';
