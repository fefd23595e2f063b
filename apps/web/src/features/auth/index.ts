/** Public face of the auth feature: the auth modal and the reset-password form. */
export { AuthDialog, type AuthView } from './components/auth-dialog';
export { ResetPasswordForm } from './components/reset-password-form';
export { useGoogleIdentity } from './hooks/use-google-identity';
