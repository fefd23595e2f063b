import { LIMITS, MESSAGES } from '@ensemble/shared';

/** Field name to error text; an empty object means the form may be sent. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

// The same shape the server's zod e-mail check accepts, loosely: something@something.tld.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const VALIDATION_TEXTS = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  confirmRequired: 'Please confirm your password',
  passwordTooShort: `Password must be at least ${LIMITS.passwordMin} characters`,
} as const;

function emailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return VALIDATION_TEXTS.emailRequired;
  if (!EMAIL_SHAPE.test(value)) return VALIDATION_TEXTS.emailInvalid;
  return undefined;
}

function newPasswordErrors(password: string, confirm: string): FieldErrors<'password' | 'confirm'> {
  const errors: FieldErrors<'password' | 'confirm'> = {};
  if (!password) errors.password = VALIDATION_TEXTS.passwordRequired;
  else if (password.length < LIMITS.passwordMin) errors.password = VALIDATION_TEXTS.passwordTooShort;
  if (!confirm) errors.confirm = VALIDATION_TEXTS.confirmRequired;
  else if (password && confirm !== password) errors.confirm = MESSAGES.passwordsMismatch;
  return errors;
}

function compact<K extends string>(errors: FieldErrors<K>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as FieldErrors<K>;
}

/** Sign-in form: email and password required (screens.md section 5). */
export function validateLogin(values: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return compact({ email: emailError(values.email), password: values.password ? undefined : VALIDATION_TEXTS.passwordRequired });
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
    username: values.username.trim() ? undefined : VALIDATION_TEXTS.usernameRequired,
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
