/** The path of every API call, without zod, so clients can import them cheaply. */

export const ACTIVITY_PATHS = { handler: '/api/auth/activity_handler.php' } as const;

export const AUTH_PATHS = {
  checkSession: '/api/auth/check_session.php',
  login: '/api/auth/login.php',
  register: '/api/auth/register.php',
  logout: '/api/auth/logout.php',
  resetPassword: '/api/auth/reset-password.php',
  updatePassword: '/api/auth/update-password.php',
  userHandler: '/api/auth/user_handler.php',
  refreshUser: '/api/user/refresh_user.php',
  verifyEmail: '/api/auth/verify_email.php',
  sendVerification: '/api/auth/send_verification.php',
  spending: '/api/user/spending.php',
  /** The account's language (POST { language }). */
  language: '/api/user/language.php',
  /** Deletes the signed-in account (password or a fresh Google sign-in). */
  deleteAccount: '/api/auth/delete_account.php',
  /** A copied Google profile picture: GET {picture}/{file}. */
  picture: '/api/auth/picture',
} as const;

export const ADMIN_PATHS = {
  me: '/api/admin/me.php',
  users: '/api/admin/users.php',
  user: '/api/admin/user.php',
  adjustCredits: '/api/admin/adjust_credits.php',
  suspend: '/api/admin/suspend.php',
  sendReset: '/api/admin/send_reset.php',
  cancelSubscription: '/api/admin/cancel_subscription.php',
  dailyCaps: '/api/admin/daily_caps.php',
  audit: '/api/admin/audit.php',
  abuse: '/api/admin/abuse.php',
  models: '/api/admin/models.php',
  defaultFavourites: '/api/admin/default_favourites.php',
  providers: '/api/admin/providers.php',
} as const;

export const CHAT_PATHS = {
  chat: '/api/messages/chat.php',
  stop: '/api/messages/stop.php',
  /** The user's Allow or Deny of a tool call that asks first (issue 40). */
  toolDecision: '/api/chat/tool_decision.php',
} as const;

export const CONFIG_PATHS = {
  frontend: '/api/config/get_frontend_config.php',
  config: '/api/config/get_config.php',
  models: '/api/config/models.php',
  health: '/api/health',
  /** Readiness (issue 44): each dependency's state; 503 while the database is unreachable or the instance drains. */
  ready: '/api/ready',
} as const;

export const CREDITS_PATHS = { check: '/api/credits/check_credits.php' } as const;

export const IMAGE_PATHS = {
  list: '/api/images/get_user_images.php',
  remove: '/api/images/delete_image.php',
  download: '/api/images/download.php',
  file: '/api/images/file',
} as const;

export const MESSAGE_PATHS = {
  get: '/api/messages/get_messages.php',
  save: '/api/messages/messages.php',
  remove: '/api/messages/delete_message.php',
  update: '/api/messages/update_message.php',
  /** Shows another version: the thread's shown branch moves to the newest leaf under a message. */
  branch: '/api/messages/switch_branch.php',
} as const;

export const SUBSCRIPTION_PATHS = {
  checkout: '/api/subscription/create-checkout-session.php',
  verify: '/api/subscription/verify_session.php',
  webhook: '/api/subscription/webhook.php',
} as const;

export const THREAD_PATHS = {
  list: '/api/threads/get_all_threads.php',
  create: '/api/threads/create_thread.php',
  remove: '/api/threads/delete_thread.php',
  update: '/api/threads/update_thread.php',
  updateTitle: '/api/threads/update_thread_title.php',
  /** A thread's system prompt, temperature and maximum output tokens. */
  settings: '/api/threads/thread_settings.php',
} as const;

/** Export: one thread (Markdown, or a JSON zip with its images) and the whole account's data. */
export const EXPORT_PATHS = { thread: '/api/export/thread.php', myData: '/api/export/my_data.php' } as const;

/** Share links: snapshots of a thread's shown branch that anyone with the link can read. */
export const SHARE_PATHS = {
  create: '/api/share/create.php',
  list: '/api/share/list.php',
  revoke: '/api/share/revoke.php',
  view: '/api/share/view.php',
  continue: '/api/share/continue.php',
} as const;

/** The account's default system prompt for new threads. */
export const PREFERENCE_PATHS = { systemPrompt: '/api/user/system_prompt.php' } as const;

/** The public URL of a stored image. */
export const imageFileUrl = (id: string) => `${IMAGE_PATHS.file}/${id}`;

/** Attachments: the multipart upload, copies of sent ones to send again, and each file (owner only) with its preview. */
export const ATTACHMENT_PATHS = {
  upload: '/api/attachments/upload.php',
  copy: '/api/attachments/copy.php',
  file: '/api/attachments/file',
} as const;
export const attachmentFileUrl = (id: string) => `${ATTACHMENT_PATHS.file}/${id}`;
export const attachmentThumbnailUrl = (id: string) => `${ATTACHMENT_PATHS.file}/${id}/thumbnail`;
export const SEARCH_PATHS = { search: '/api/search.php' } as const;
