/** The spec's message catalogue (core.md and screens.md section 8) as typed codes. */

/** Every user-facing text, once. Functions take the values the text carries. */
export const MESSAGES = {
  unknown: 'An unknown error occurred',
  // credits
  creditsExhaustedUser: "You've run out of credits. Purchase more credits to continue.",
  creditsDepleted: 'Credits depleted. Please purchase more credits to continue.',
  creditsExhaustedGuest: 'Anonymous credits depleted. Sign up now to get 100 free credits!',
  guestUnfunded: 'Free guest credits for your network are used up today. Sign up to get 100 free credits.',
  insufficientCredits: (need: number, have: number) =>
    `Insufficient credits. This model requires ${need} credit(s), but you only have ${have} remaining.`,
  insufficientGuestCredits: (need: number, have: number) =>
    `Insufficient anonymous credits. This model requires ${need} credit(s), but you only have ${have} remaining. Sign up to get 100 free credits!`,
  // The pre-check of a comparison names the total of the chosen models, not one model's cost.
  insufficientCompareCredits: (need: number, have: number) =>
    `Insufficient credits. Comparing these models requires ${need} credit(s), but you only have ${have} remaining.`,
  insufficientGuestCompareCredits: (need: number, have: number) =>
    `Insufficient anonymous credits. Comparing these models requires ${need} credit(s), but you only have ${have} remaining. Sign up to get 100 free credits!`,
  // chat
  processRequest: 'Failed to process your request. Please try again.',
  sendFailed: 'Failed to send message. Please try again.',
  sendFailedShort: 'Failed to send message',
  rateLimited: 'Rate limit exceeded. Please wait a moment before trying again.',
  generateFailed: 'Failed to generate response. Please try again.',
  connectionError: 'Connection error. Please try again.',
  /** No connection at all (the browser says it is offline): the installed app still opens, but nothing is sent. */
  offline: 'You are offline. Sending needs a connection.',
  initStreamFailed: 'Failed to initialize streaming',
  invalidStream: 'Invalid stream response from server',
  connectionFailedRetries: 'Connection failed after 3 retries',
  invalidJson: 'Invalid JSON response from server',
  noContent: 'No content found in AI response',
  generatorStopped: 'The server generating this reply stopped. Please try again.',
  serverDraining: 'This server is restarting. Please try again in a moment.',
  serviceBusy: 'The service is busy. Please try again in a few seconds.',
  replyThreadDeleted: 'This conversation was deleted, so its reply was stopped and not charged.',
  imageFailed: 'Failed to generate image',
  noImageUrl: 'No image URL in response',
  parseFailed: 'Failed to parse server response',
  processResponseFailed: 'Failed to process response',
  modelNotFound: 'Model configuration not found',
  // developer API (issue 39)
  invalidApiKey: 'Invalid API key. Check the key, or create a new one in Settings.',
  keyLimitReached: (limit: number) => `This API key has reached its monthly limit of ${limit} credits.`,
  webSearchUnavailable: (name: string) => `Web search is not available for ${name}.`,
  modelNoLongerOffered: (name: string, provider: string) => `${name} is no longer offered by ${provider}. Please choose another model.`,
  answeredByFallback: (fallback: string, model: string) => `Answered by ${fallback} because ${model} was unavailable`,
  timedOut: (seconds: number) => `Request timed out after ${seconds} seconds`,
  serverError: (status: number) => `Server error: ${status}`,
  envelopeFailed: 'Failed to process message from envelope. Please try again.',
  saveUserMessageFailed: 'Failed to save user message',
  // threads and messages
  invalidResponse: 'Invalid response from server',
  createThreadFailed: (status: number, statusText: string) => `Failed to create thread: ${status} ${statusText}`,
  noThreadId: 'No thread_id in response',
  threadCreateTimedOut: 'Thread creation timed out',
  threadCreateRetriesFailed: 'Failed to create thread after multiple attempts',
  createAndSendFailed: 'Failed to create thread and send message',
  createNewThreadFailed: 'Failed to create new thread',
  processRequestShort: 'Failed to process your request',
  noHandoffThread: 'No thread ID available for handoff',
  nonJson: 'Server returned non-JSON response',
  editFailed: 'Failed to edit message',
  deleteMessageFailed: 'Failed to delete message',
  loadMessagesFailed: 'Failed to load messages',
  loadThreadFailed: 'Failed to load thread',
  updateThreadFailed: 'Failed to update thread',
  threadAccessDenied: 'You do not have access to this thread. A new thread has been created for you.',
  // session
  authFailed: 'Authentication failed',
  refreshUserFailed: 'Failed to refresh user data. Please try again.',
  logoutFailed: 'Failed to logout',
  httpError: (status: number) => `HTTP error ${status}`,
  nonJsonSession: 'Received non-JSON response from server',
  sessionValidationFailed: 'Session validation failed after login',
  checkSessionFailed: 'Failed to check session',
  sessionExpired: 'Your session has expired. Please sign in again.',
  invalidCredential: 'Invalid credential format',
  // compare
  selectModel: 'Please select at least one model to compare',
  enterPrompt: 'Please enter a prompt',
  compareModelNotFound: (id: string) => `Model ${id} not found`,
  // image studio
  studioEnterPrompt: 'Please enter a prompt before generating images',
  studioAddModel: "Please add at least one model using the 'Add Model' button before generating images",
  studioMaxModels: 'Maximum of 18 models can be added at once',
  studioAddAllTooMany: 'Cannot add all models. Maximum of 18 models allowed.',
  studioModelUnavailable: 'Selected model is not available. Please choose another model.',
  studioNoModels: 'No models available. Please check your model settings.',
  studioNoPending: "No pending jobs found. Add new models or use 'Run All' to regenerate existing images",
  studioInterrupted: 'Interrupted: check My Assets',
  studioInsufficientCredits: (need: number, have: number) =>
    `Insufficient credits. Running these models requires ${need} credit(s), but you only have ${have} remaining.`,
  studioInsufficientGuestCredits: (need: number, have: number) =>
    `Insufficient anonymous credits. Running these models requires ${need} credit(s), but you only have ${have} remaining. Sign up to get 100 free credits!`,
  // assets
  fetchAssetsFailed: 'Failed to fetch assets',
  deleteImageFailed: 'Failed to delete image',
  downloadFailed: 'Failed to download images. Please try again.',
  continueInChatFailed: 'Failed to continue in chat. Please try again.',
  createThreadShort: 'Failed to create thread',
  // auth
  loginFailed: 'Login failed',
  loginError: 'An error occurred during login',
  registrationFailed: 'Registration failed',
  registrationError: 'An error occurred during registration',
  googleFailed: 'Google sign in failed',
  passwordsMismatch: 'Passwords do not match',
  resetFailed: 'Failed to reset password',
  resetFailedRetry: 'Failed to reset password. Please try again.',
  resetFailedEmail: 'Failed to reset password. Please check your email address.',
  resetSent: 'Check your inbox for password reset instructions',
  // subscription
  invalidTier: 'Error: Invalid subscription tier',
  checkoutFailed: 'Failed to create checkout session',
  noSessionId: 'No session ID provided',
  invalidSessionId: 'Invalid session ID',
  subscriptionError: (reason: string) => `Error creating subscription: ${reason}`,
  verificationFailed: 'Verification failed',
  verifySubscriptionFailed: 'Failed to verify subscription',
  confirmSubscriptionFailed: 'Something went wrong while confirming your subscription.',
  paymentsNotConfigured: 'Payments are not configured on this server.',
  // spending guardrails and operators (issue 16)
  budgetReached: (n: number) => `You have reached your monthly budget of ${n} credits. Change it in Settings to continue.`,
  dailyCapReached: (n: number) =>
    `You have reached today's limit of ${n} credits for your plan. It resets at midnight UTC; see Settings for your spending.`,
  accountSuspended: 'This account is suspended. Contact support if you think this is a mistake.',
  accountDeleted: 'This account was deleted. Please sign in with another account.',
  operatorsOnly: 'This page is for operators only.',
  // two-factor sign-in (issue 44)
  twoFactorPrompt: 'Enter the 6-digit code from your authenticator app.',
  twoFactorWrongCode: 'That code is not right. Check the time on your phone and try again, or use a recovery code.',
  twoFactorChallengeExpired: 'This sign-in took too long. Please sign in again.',
  twoFactorNotEnabled: 'Two-factor sign-in is not on for this account.',
  twoFactorAlreadyEnabled: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  twoFactorNoSetup: 'Start the set-up again: there is no new secret to confirm.',
  twoFactorSignUp: 'Sign up to protect an account with two-factor sign-in.',
  operatorsNeedTwoFactor: 'Operators must use two-factor sign-in or a passkey. Turn it on to open the console.',
  operatorsSignInAgain: 'Sign out and sign in again with your authentication code or a passkey to open the console.',
  // passkeys (issue 44)
  passkeySignUp: 'Sign up to add a passkey.',
  passkeysMax: (max: number) => `You can keep at most ${max} passkeys. Remove one first.`,
  passkeyNotFound: 'No such passkey.',
  passkeyRefused: 'This passkey could not be verified. Please try again.',
  passkeyUnknown: 'This passkey is not registered here. Sign in with your password, then add it in Settings.',
  // MCP tool servers (issue 40)
  mcpSignUp: 'Sign up to add tool servers.',
  mcpServersMax: (max: number) => `You can add at most ${max} tool servers. Delete one first.`,
  mcpNoSuchServer: 'No such tool server.',
  mcpTokensNeedKey: 'This server cannot store tokens: the operator has not set an encryption key.',
  mcpAddressRefused: 'This address is on a private or local network, which tool servers may not use.',
  mcpUnreachable: 'Could not connect to the tool server. Check the URL and that the server is running.',
  mcpTimedOut: 'The tool server did not answer in time.',
  mcpTokenRefused: 'The tool server refused the bearer token.',
  mcpNotMcp: (status: string) => `The address answered, but not as an MCP tool server (${status}).`,
  mcpTokenUnreadable: 'The stored token cannot be read: the encryption key has changed. Enter the token again.',
  // Assistants (issue 40)
  assistantSignUp: 'Sign up to create assistants.',
  assistantSignUpToAdd: 'Sign up to add assistants to your list.',
  assistantsMax: (max: number) => `You can keep at most ${max} assistants. Delete one first.`,
  assistantNotFound: 'No such assistant.',
  assistantShareNotFound: 'This share link does not exist or was stopped.',
  assistantBadIcon: 'The icon could not be read as a picture. Try a PNG, JPEG or WebP file.',
} as const;

/**
 * Server error codes: each fixes the HTTP status and whether its text reaches the client.
 * 5xx texts are never shown; the client sees a generic message instead.
 */
export const ERROR_CODES = {
  bad_request: { status: 400, expose: true },
  unauthorized: { status: 401, expose: true },
  credits_exhausted: { status: 402, expose: true },
  budget_reached: { status: 402, expose: true },
  daily_cap_reached: { status: 402, expose: true },
  /** An API key's own monthly credit limit (issue 39). */
  key_limit_reached: { status: 402, expose: true },
  forbidden: { status: 403, expose: true },
  /** The account is suspended: refused at sign-in, and the next request of a session it had open (once). */
  account_suspended: { status: 403, expose: true },
  not_found: { status: 404, expose: true },
  conflict: { status: 409, expose: true },
  payload_too_large: { status: 413, expose: true },
  rate_limited: { status: 429, expose: true },
  internal: { status: 500, expose: false },
  bad_gateway: { status: 502, expose: true },
  unavailable: { status: 503, expose: true },
  timeout: { status: 504, expose: true },
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** The one error type both sides throw: a code plus a user-facing message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra?: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.extra = extra;
  }
}

/** The error body every failing API call answers with. */
export interface ErrorBody {
  status: 'error' | 'credits_exhausted' | 'unauthorized';
  message: string;
  code?: ErrorCode;
  [key: string]: unknown;
}

/** Whether an error text or body means the credits ran out (core.md section 8 rules). */
export function isCreditsExhausted(input: {
  status?: unknown;
  message?: unknown;
  httpStatus?: number;
  code?: unknown;
  data?: { status?: unknown };
  credits_info?: { status?: unknown };
}): boolean {
  if (input.httpStatus === 402) return true;
  if (input.status === 'credits_exhausted') return true;
  if (input.data?.status === 'credits_exhausted') return true;
  if (input.credits_info?.status === 'credits_exhausted') return true;
  if (input.code === 'CREDITS_EXHAUSTED' || input.code === 'credits_exhausted') return true;
  const m = typeof input.message === 'string' ? input.message.toLowerCase() : '';
  return /credits? (depleted|exhausted)|out of credits|insufficient (anonymous )?credits|quota|credit limit/.test(m);
}

/** Maps an error text to the text shown when a send fails (rate limits get their own). */
export function sendFailureText(errorText: string | undefined): string {
  if (errorText && /rate/i.test(errorText)) return MESSAGES.rateLimited;
  return MESSAGES.sendFailed;
}
