/**
 * A one-line summary for every public operation of the OpenAPI document, by `METHOD path` (Fastify's `:param` form).
 * A route's own `schema.summary` wins; the document's test fails for a public route that has neither.
 */
export const OPERATION_SUMMARIES: Readonly<Record<string, string>> = {
  // Service
  'GET /api/health': 'Health check: database reachable and whether this instance is draining',
  'GET /api/openapi.json': 'This OpenAPI 3.1 document',
  'GET /api/assets/icons/:name': "A provider family's icon (SVG)",
  'GET /api/config/get_frontend_config.php': 'Front-end settings: Google client id, demo mode, payments enabled',
  'GET /api/config/get_config.php': 'Payment settings: Stripe publishable key, plan cards and price ids',
  'GET /api/config/models.php': 'The model catalogue: text and image models, with costs and default favourites',

  // Sessions and accounts
  'GET /api/auth/check_session.php': 'The signed-in user, or 401 for a guest (whose session it starts)',
  'POST /api/auth/register.php': 'Create an account with e-mail and password, and sign in',
  'POST /api/auth/login.php': 'Sign in with e-mail and password',
  'POST /api/auth/logout.php': 'Sign out: end the session and clear its cookie',
  'POST /api/auth/user_handler.php': 'Sign in (or sign up) with a Google ID token',
  'GET /api/auth/user_handler.php': "The signed-in user's profile and usage statistics",
  'POST /api/auth/reset-password.php': 'Mail a password reset link (same answer whether the address is known or not)',
  'POST /api/auth/update-password.php': 'Set a new password with a reset token',
  'GET /api/auth/verify_email.php': 'Confirm an e-mail address from its mailed link (redirects to Settings)',
  'POST /api/auth/send_verification.php': 'Mail a new e-mail confirmation link',
  'POST /api/auth/delete_account.php': 'Delete the signed-in account (password or a fresh Google sign-in)',
  'GET /api/auth/picture/:file': "A user's copied Google profile picture",
  'GET /api/auth/activity_handler.php': "The caller's 20 most recent activity entries",
  'POST /api/auth/activity_handler.php': 'Record an activity entry for the caller',
  'GET /api/user/refresh_user.php': "The signed-in user's account, re-read (credits, plan, settings)",
  'POST /api/user/language.php': "Set the account's language",
  'GET /api/user/spending.php': "The account's monthly budget, low-balance warning and this month's spending",
  'POST /api/user/spending.php': "Set the account's monthly budget and low-balance warning",
  'GET /api/user/system_prompt.php': "The account's default system prompt for new threads",
  'POST /api/user/system_prompt.php': "Set the account's default system prompt for new threads",

  // Credits and billing
  'POST /api/credits/check_credits.php': "The caller's credit balance, and whether it covers required_credits",
  'POST /api/subscription/create-checkout-session.php': 'Start a Stripe Checkout session for a plan',
  'POST /api/subscription/verify_session.php': 'Confirm a finished Stripe Checkout session and apply its plan',

  // Threads and messages
  'GET /api/threads/get_all_threads.php': "The caller's threads, newest first, a page at a time",
  'POST /api/threads/create_thread.php': 'Create a thread',
  'DELETE /api/threads/delete_thread.php': 'Delete a thread with its messages and images',
  'POST /api/threads/update_thread.php': 'Update a thread (its title)',
  'POST /api/threads/update_thread_title.php': 'Rename a thread',
  'GET /api/threads/thread_settings.php': "A thread's system prompt, temperature and maximum output tokens",
  'POST /api/threads/thread_settings.php': "Set a thread's system prompt, temperature and maximum output tokens",
  'GET /api/messages/get_messages.php': "A thread's messages on its shown branch (query parameters)",
  'POST /api/messages/get_messages.php': "A thread's messages on its shown branch (JSON body)",
  'POST /api/messages/messages.php': 'Save a user message to a thread',
  'POST /api/messages/delete_message.php': 'Delete a message',
  'POST /api/messages/update_message.php': "Edit a message's content",
  'POST /api/messages/switch_branch.php': 'Show another version of a reply or prompt (switch branch)',
  'POST /api/messages/chat.php': 'Send a chat message (streams or answers at once)',
  'GET /api/messages/chat.php': 'Attach to a running reply as a server-sent event stream (resumes after a reconnect)',
  'POST /api/messages/stop.php': 'Stop a running reply',
  'POST /api/chat/tool_decision.php': "Allow or deny a running reply's tool call that asks first",
  'GET /api/search.php': "Search the caller's threads and messages",

  // Images and attachments
  'POST /api/images/get_user_images.php': "The caller's generated images, a page at a time",
  'POST /api/images/delete_image.php': 'Delete a generated image',
  'POST /api/images/download.php': 'Download several generated images as one zip',
  'GET /api/images/file/:id': 'A generated image file (its id is the capability)',
  'POST /api/attachments/upload.php': 'Upload files to attach to a prompt (multipart/form-data)',
  'POST /api/attachments/copy.php': 'Copy sent attachments to send them again with an edited prompt',
  'GET /api/attachments/file/:id': "An attachment's file (its owner only)",
  'GET /api/attachments/file/:id/thumbnail': "An attachment's preview image (its owner only)",

  // Export and sharing
  'GET /api/export/thread.php': 'Export a thread as Markdown, or as a JSON zip with its images',
  'GET /api/export/my_data.php': "Export all of the account's data as a zip",
  'POST /api/share/create.php': "Create a share link: a snapshot of a thread's shown branch",
  'GET /api/share/list.php': "The caller's share links",
  'POST /api/share/revoke.php': 'Revoke a share link',
  'GET /api/share/view.php': 'Read a shared snapshot by its token (no session needed)',
  'POST /api/share/continue.php': "Copy a shared snapshot into a new thread of the caller's own",

  // Personal API keys
  'POST /api/keys/create.php': 'Create a personal API key (its secret is shown once)',
  'GET /api/keys/list.php': "The signed-in account's API keys (never their secrets)",
  'POST /api/keys/revoke.php': 'Revoke one of your API keys (cuts its running requests)',

  // MCP tool servers
  'GET /api/mcp/list.php': "The caller's MCP tool servers and the operators' shared ones, with their tools (never tokens)",
  'POST /api/mcp/add.php': 'Add an MCP tool server: connects, lists its tools, then saves it (its token encrypted)',
  'POST /api/mcp/update.php': 'Rename a tool server, set whether it asks first, or change or remove its token',
  'POST /api/mcp/delete.php': 'Delete one of your tool servers',
  'POST /api/mcp/refresh.php': "List a tool server's tools again",

  // Assistants
  'GET /api/assistants/list.php': "The caller's own assistants and the featured ones, with what the caller may do",
  'GET /api/assistants/get.php': 'One assistant: your own or a featured one',
  'POST /api/assistants/create.php': 'Create an assistant: model, instructions, parameters, starters and tools',
  'POST /api/assistants/update.php': 'Change some fields of one of your assistants (icon: null removes its icon)',
  'POST /api/assistants/duplicate.php': 'Copy one of your assistants, or a featured one, as "Copy of …"',
  'POST /api/assistants/delete.php': 'Delete one of your assistants (threads started with it keep their settings)',
  'POST /api/assistants/share.php': 'Share one of your assistants: a link to a read-only copy',
  'POST /api/assistants/unshare.php': 'Stop sharing one of your assistants (its link stops working)',
  'GET /api/assistants/shared.php': 'The read-only assistant a share link shows (anyone signed in, guests included)',
  'POST /api/assistants/add_shared.php': "Add a copy of a shared assistant to your list (without its owner's tool servers)",
  'GET /api/assistants/icon/:key': "An assistant's icon (a 128×128 WebP; its key is the capability)",

  // Operators
  'GET /api/admin/me.php': 'The operator calling (403 for anyone else)',
  'GET /api/admin/overview.php': "Operators: the overview's daily series over the last 7, 30 or 90 days",
  'GET /api/admin/users.php': 'Operators: search accounts, a page at a time',
  'GET /api/admin/user.php': 'Operators: everything about one account',
  'POST /api/admin/adjust_credits.php': "Operators: grant or deduct an account's credits, with a reason",
  'POST /api/admin/suspend.php': 'Operators: suspend or reinstate an account, with a reason',
  'POST /api/admin/send_reset.php': 'Operators: mail a password reset link to an account',
  'POST /api/admin/cancel_subscription.php': "Operators: cancel an account's subscription at the period's end",
  'GET /api/admin/daily_caps.php': "Operators: each plan's daily credit cap",
  'POST /api/admin/daily_caps.php': "Operators: set a plan's daily credit cap",
  'GET /api/admin/audit.php': 'Operators: the audit log of operator actions, a page at a time',
  'GET /api/admin/abuse.php': "Operators: the addresses most often refused, and today's top spenders",
  'GET /api/admin/models.php': 'Operators: every model with its settings and availability',
  'POST /api/admin/models.php': "Operators: change a model's settings (enabled, cost, provider model, fallbacks, web search)",
  'POST /api/admin/default_favourites.php': 'Operators: set the default favourite models for new users',
  'GET /api/admin/providers.php': "Operators: each provider's mode, models and recent reply outcomes",
  'GET /api/admin/keys.php': "Operators: one account's API keys",
  'POST /api/admin/revoke_key.php': "Operators: revoke an account's API key, with a reason",
  'GET /api/admin/mcp_servers.php': 'Operators: the MCP tool servers offered to everyone',
  'POST /api/admin/add_mcp_server.php': 'Operators: add an MCP tool server for everyone, with a reason',
  'POST /api/admin/delete_mcp_server.php': 'Operators: delete a tool server offered to everyone, with a reason',
  'POST /api/admin/feature_assistant.php': 'Operators: feature an assistant for everyone, or stop featuring it (audited)',

  // OpenAI-compatible developer API
  'GET /v1/models': 'List the models this key may call, in OpenAI format (with credit costs)',
  'GET /v1/models/:model': 'One model this key may call, in OpenAI format (with its credit cost)',
  'POST /v1/chat/completions': 'Create a chat completion (OpenAI-compatible; streams with `stream: true`)',
  'POST /v1/images/generations': 'Generate an image (OpenAI-compatible)',
  'GET /v1/files/images/:id': 'An image made through the API, by its signed URL (no key needed)',
};
