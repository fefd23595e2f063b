/** Business constants of core.md and screens.md section 9, written once for both sides. */

export const BASE_PATH = '/prod';
export const API_PREFIX = '/api';

/** Credit caps and grants per identity kind (decisions.md "Credits and plans"). */
export const CREDITS = {
  guest: 25,
  free: 100,
  pro: 2000,
  premium: 5000,
  signUpBonus: 100,
  defaultModelCost: 1,
} as const;

export type Tier = 'free' | 'pro' | 'premium';
export const TIERS: readonly Tier[] = ['free', 'pro', 'premium'];

/** Plan cards: price and list price in USD a month, credits a month, feature lines. */
export const PLANS: Record<Tier, { name: string; price: number; listPrice: number | null; credits: number; features: string[] }> = {
  free: {
    name: 'Free',
    price: 0,
    listPrice: null,
    credits: 100,
    features: ['100 credits to start', 'Access to every text and image model', 'Saved conversations', 'Community support'],
  },
  pro: {
    name: 'Pro',
    price: 10,
    listPrice: 15,
    credits: 2000,
    features: [
      '2,000 credits a month',
      'About 1,500-2,000 text chats or 400-600 images',
      'Side-by-side model comparison and batch image studio',
      'Direct email support',
    ],
  },
  premium: {
    name: 'Premium',
    price: 25,
    listPrice: 30,
    credits: 5000,
    features: [
      '5,000 credits a month',
      'About 4,000-5,000 text chats or 1,000-1,500 images',
      'Side-by-side model comparison and batch image studio',
      'Priority email support',
    ],
  },
};

export const LIMITS = {
  titleMax: 255,
  derivedTitleChars: 30,
  imageStudioMaxJobs: 18,
  imageStudioWorkers: 3,
  imageStudioStaggerMs: 200,
  comparisonSlots: 3,
  assetsPageSize: 20,
  imagesPageMax: 100,
  passwordMin: 8,
  fontSizeMin: 12,
  fontSizeMax: 20,
  fontSizeDefault: 16,
  homeShortlistPerType: 5,
  bodyLimitBytes: 1024 * 1024,
  guestsPerAddressPerDay: 5,
} as const;

export const TIMEOUTS = {
  textChatMs: 60_000,
  imageChatMs: 180_000,
  creditCheckMs: 30_000,
  imageStudioMs: 180_000,
  threadCreateMs: 5_000,
  threadCreateRetries: 3,
  threadCreateRetryDelayMs: 1_000,
  streamRetries: 3,
  streamRetryBaseMs: 1_000,
  recentMessageWindowMs: 5_000,
  threadListRefreshMs: 100,
  scrollDelayMs: 100,
  copyMarkerMs: 2_000,
  resetReturnMs: 3_000,
  creditHighlightMs: 600,
  logoutRefetchMs: 800,
  userChangeMs: 400,
} as const;

export const UI = {
  textareaMinPx: 66,
  textareaMaxPx: 180,
  dropdownMaxPx: 300,
  autoScrollThresholdPx: 5,
  mobileBreakpointPx: 768,
  swipeThresholdPx: 20,
  typingCharsPerFrame: 2,
  themeColor: { dark: '#000000', light: '#ffffff' },
  defaultAccent: '#007AFF',
  footerYear: 2024,
  statFallbackCredits: 0.01,
} as const;

export const FONTS = ['Commissioner', 'DM Serif Text', 'IBM Plex Sans', 'Libre Baskerville', 'Ovo', 'Playfair Display', 'Poppins'] as const;
export type FontName = (typeof FONTS)[number];
export const DEFAULT_BODY_FONT: FontName = 'Poppins';
export const DEFAULT_HEADLINE_FONT: FontName = 'Libre Baskerville';

/** Aspect ratios of generated images and the pixel size each asks for. */
export const ASPECT_RATIOS = {
  wide: { label: 'Wide', ratio: '16:9', width: 1792, height: 1024 },
  square: { label: 'Square', ratio: '1:1', width: 1024, height: 1024 },
  tall: { label: 'Tall', ratio: '9:16', width: 1024, height: 1792 },
} as const;
export type AspectRatio = keyof typeof ASPECT_RATIOS;
export const DEFAULT_ASPECT_RATIO: AspectRatio = 'square';

/** Reads an aspect ratio in either stored form (square or 1:1); unknown values give the default. */
export function normalizeAspectRatio(value: unknown): AspectRatio {
  if (typeof value !== 'string') return DEFAULT_ASPECT_RATIO;
  if (value in ASPECT_RATIOS) return value as AspectRatio;
  const hit = (Object.keys(ASPECT_RATIOS) as AspectRatio[]).find((k) => ASPECT_RATIOS[k].ratio === value);
  return hit ?? DEFAULT_ASPECT_RATIO;
}

/** Local storage keys (core.md section 9). */
export const STORAGE_KEYS = {
  theme: 'theme',
  accentColor: 'accentColor',
  fontSize: 'fontSize',
  bodyFont: 'bodyFont',
  headlineFont: 'headlineFont',
  modelShortlist: 'modelShortlist',
  selectedTextModel: 'selectedTextModel',
  selectedImageModel: 'selectedImageModel',
  messageType: 'messageType',
  aspectRatio: 'aspectRatio',
  aiSettings: 'aiSettings',
  textOnPrimary: 'textOnPrimary',
  /** A guest's default system prompt for new threads (accounts keep theirs on the server). */
  defaultSystemPrompt: 'defaultSystemPrompt',
  /** The language picked in Settings (absent: follow the browser). */
  language: 'language',
} as const;

/** Browser session storage keys (core.md section 3). */
export const SESSION_KEYS = {
  pendingPrompt: 'pendingPrompt',
  pendingModel: 'pendingModel',
  pendingThreadId: 'pendingThreadId',
  skipThreadCreation: 'skipThreadCreation',
  anonymousThreadId: 'anonymousThreadId',
  messageEnvelope: 'messageEnvelope',
  /** The image studio's prompt and queue, so a reload keeps them. */
  imageStudio: 'imageStudio',
  /** Set when the server said this tab's account is suspended: the notice stays until a sign-in. */
  accountSuspended: 'accountSuspended',
} as const;

/** Window events of core.md section 4. */
export const BROWSER_EVENTS = {
  threadUpdated: 'thread-updated',
  threadTitleUpdated: 'thread-title-updated',
  threadSelected: 'thread-selected',
  threadListToggle: 'thread-list-toggle',
  creditUpdate: 'creditUpdate',
  userUpdate: 'userUpdate',
  messageUpdate: 'messageUpdate',
  authLogin: 'authLogin',
  authLogout: 'authLogout',
  createNewThread: 'create_new_thread',
  submitPendingMessage: 'submit_pending_message',
} as const;

export const DEFAULT_THREAD_TITLE = 'New Thread';
export const GUEST_USER_ID = -1;

/** Activity types with their own icon; any other type gets a default one. */
export const ACTIVITY_TYPES = ['message', 'thread', 'subscription', 'credit', 'login', 'settings'] as const;

/** Cuts a title to 255 characters, the last three replaced by an ellipsis. */
export function clampTitle(title: string): string {
  const t = title.trim();
  return t.length > LIMITS.titleMax ? `${t.slice(0, LIMITS.titleMax - 3)}...` : t;
}

/** A title derived from a prompt: its first 30 characters, '...' when longer. */
export function promptTitle(prompt: string): string {
  const t = prompt.trim();
  return t.length > LIMITS.derivedTitleChars ? `${t.slice(0, LIMITS.derivedTitleChars)}...` : t;
}

/** The title of a thread begun by an image prompt: 'Image: ' plus promptTitle. */
export function imagePromptTitle(prompt: string): string {
  return `Image: ${promptTitle(prompt)}`;
}

/** The longest system prompt accepted (a thread's, or the default for new threads). */
export const SYSTEM_PROMPT_MAX = 20_000;
/** The largest maximum output tokens a thread may ask for. */
export const MAX_OUTPUT_TOKENS_LIMIT = 128_000;
