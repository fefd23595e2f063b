import { LIMITS, MESSAGES } from '@ensemble/shared';
import { t } from '@lingui/core/macro';

/** Field name to error text; an empty object means the form may be sent. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

// The same shape the server's zod e-mail check accepts, loosely: something@something.tld.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// The error texts, in the active language when a form is checked.
const passwordRequired = () => t`Password is required`;
function passwordTooShort(): string {
  const passwordMin = LIMITS.passwordMin;
  return t`Password must be at least ${passwordMin} characters`;
}

function emailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return t`Email is required`;
  if (!EMAIL_SHAPE.test(value)) return t`Please enter a valid email address`;
  return undefined;
}

function newPasswordErrors(password: string, confirm: string): FieldErrors<'password' | 'confirm'> {
  const errors: FieldErrors<'password' | 'confirm'> = {};
  if (!password) errors.password = passwordRequired();
  else if (password.length < LIMITS.passwordMin) errors.password = passwordTooShort();
  if (!confirm) errors.confirm = t`Please confirm your password`;
  else if (password && confirm !== password) errors.confirm = MESSAGES.passwordsMismatch;
  return errors;
}

function compact<K extends string>(errors: FieldErrors<K>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as FieldErrors<K>;
}

/** Sign-in form: email and password required (screens.md section 5). */
export function validateLogin(values: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return compact({ email: emailError(values.email), password: values.password ? undefined : passwordRequired() });
}

/** Create-account form: all four required, e-mail shaped, password at least 8, confirmation equal. */
export function validateRegistration(values: {
  email: string;
  username: string;
  password: string;
  confirm: string;
}): FieldErrors<'email' | 'username' | 'password' | 'confirm'> {
  return compact({
    email: emailError(values.email),
    username: values.username.trim() ? undefined : t`Username is required`,
    ...newPasswordErrors(values.password, values.confirm),
  });
}

/** Reset request form: an e-mail address. */
export function validateResetRequest(values: { email: string }): FieldErrors<'email'> {
  return compact({ email: emailError(values.email) });
}

/** Reset-password page: both fields required, at least 8 characters, equal. */
export function validateNewPassword(values: { password: string; confirm: string }): FieldErrors<'password' | 'confirm'> {
  return compact(newPasswordErrors(values.password, values.confirm));
}

/** Whether a validation result has no errors. */
export function isValid(errors: Record<string, string | undefined>): boolean {
  return Object.keys(errors).length === 0;
}
