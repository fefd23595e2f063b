/**
 * The help pages, served under /prod/help/{slug}: short articles about using Ensemble, written for the app. They are
 * also the corpus the demo provider searches when web search is on without provider keys (issue 38), so a fresh
 * install shows the whole feature with sources that link here. The text is English (like the legal documents); the
 * pages around it follow the reader's language. Imported as `@ensemble/shared/help`, not from the package's index,
 * so that the articles load with the help pages, not with every page.
 *
 * Body format: paragraphs separated by a blank line, `## ` starts a heading, `- ` a list item.
 */
export interface HelpArticle {
  slug: string;
  title: string;
  /** One sentence, shown in the list and used as the snippet of a search result. */
  summary: string;
  body: string;
}

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    slug: 'getting-started',
    title: 'Getting started with Ensemble',
    summary: 'What Ensemble is, and your first chat in under a minute.',
    body: `Ensemble lets you talk to many AI models in one place: text models from OpenAI, Anthropic, Google, xAI, DeepSeek and Meta's Llama, and image models such as DALL-E, gpt-image-1, Flux, Ideogram and SDXL.

Open the chat, pick a model in the model menu above the message box, type your question and press Enter. The reply streams in as the model writes it.

## What you can do
- Chat with any model, and switch models in the middle of a conversation.
- Compare three models side by side on the same prompt.
- Generate images one at a time or in batches in the Image Studio.
- Keep every image you make in My Assets.`,
  },
  {
    slug: 'guest-mode',
    title: 'Using Ensemble without an account',
    summary: 'Guests get 25 credits and keep their chat when they sign up.',
    body: `You can start chatting without signing up. A guest gets 25 credits to try the models.

Your conversation is kept in this browser while you are a guest. When you create an account, the chat you were having comes with you, so nothing is lost.

## Limits for guests
- A guest's chats live on one browser; an account shows them on every device.
- My Assets, the plans and some settings need an account.`,
  },
  {
    slug: 'credits',
    title: 'How credits work',
    summary: 'Every request costs credits; each model shows its cost before you send.',
    body: `Ensemble is paid per request with credits. Each model has a cost in credits, shown next to its name in the model menu and in the message box before you send.

Most text models cost 1 credit per message; larger models and image models cost more. Attachments can add to a message's cost.

## Where credits come from
- Guests start with 25 credits.
- A free account starts with 100 credits.
- Pro adds 2,000 credits a month and Premium 5,000 credits a month.

If a reply fails before any text arrives, its credits are given back.`,
  },
  {
    slug: 'plans',
    title: 'Plans: Free, Pro and Premium',
    summary: 'What each plan includes and how the monthly credits are counted.',
    body: `Free gives you 100 credits to start and access to every text and image model.

Pro ($10 a month) gives 2,000 credits a month, enough for about 1,500 to 2,000 text chats or 400 to 600 images. Premium ($25 a month) gives 5,000 credits a month.

Both paid plans include side-by-side comparison and the batch Image Studio. Payments are handled by Stripe; open Plans from the menu to subscribe.`,
  },
  {
    slug: 'change-plan',
    title: 'Changing or cancelling your plan',
    summary: 'Move between Pro and Premium from Plans; write to us to cancel.',
    body: `Open Plans from the menu to see your current plan and to upgrade to another one. Your profile shows your plan and your credits this month.

To cancel a subscription, write to us through the Contact page and we cancel it for you; no further payments are taken.`,
  },
  {
    slug: 'spending-limits',
    title: 'Monthly budget and daily cap',
    summary: 'Set a limit on how many credits you spend each month or each day.',
    body: `In Settings, under spending, you can set a monthly budget and a daily cap in credits.

When a request would go past a limit, Ensemble stops and tells you which limit was reached, instead of spending more. Raise or remove the limit in Settings to continue.`,
  },
  {
    slug: 'choosing-a-model',
    title: 'Choosing a model',
    summary: 'How to pick a model, mark favourites and see what each one can do.',
    body: `The model menu above the message box lists every available model with its provider and its cost in credits.

Mark the models you use most as favourites in Settings; they come first in the menu.

## Tips
- Fast, inexpensive models suit quick questions and drafts.
- Larger models are better at long reasoning, code and careful writing.
- Some models read images and PDFs; the menu says which.`,
  },
  {
    slug: 'compare-models',
    title: 'Comparing three models side by side',
    summary: 'Send one prompt to three models at once and judge their answers together.',
    body: `Open Compare from the menu, choose three models and type one prompt. The three replies stream side by side, each with its time and cost.

Before sending, Compare shows the total cost of the three models. Each model is charged its own cost.`,
  },
  {
    slug: 'image-generation',
    title: 'Generating images in the chat',
    summary: 'Switch the message type to image and describe the picture you want.',
    body: `To make an image in a chat, switch the message type to Image, pick an image model and describe the picture.

Choose the shape with the aspect ratio control: wide, square or tall. Each image is saved to My Assets when you have an account.`,
  },
  {
    slug: 'image-studio',
    title: 'The batch Image Studio',
    summary: 'Queue up to 18 images and let them run three at a time.',
    body: `The Image Studio is for making many images at once. Add prompts to the queue, pick a model and an aspect ratio for each, then choose Run All.

The studio runs up to 18 jobs, three at a time, and names the total cost before it starts. Finished images appear in My Assets.`,
  },
  {
    slug: 'my-assets',
    title: 'My Assets: your image gallery',
    summary: 'Every image you generate, kept in one gallery.',
    body: `My Assets keeps every image you have generated with your account, newest first, ready to copy, open or download. You can delete the ones you no longer want.

My Assets needs an account; images a guest makes are kept with the guest's chat.`,
  },
  {
    slug: 'attachments',
    title: 'Attaching images, PDFs and text files',
    summary: 'Send files with your message to models that can read them.',
    body: `Use the paperclip in the message box to attach files to a message. Models that read images get the picture itself; PDFs and text files are sent as their text to models that cannot read them directly.

Attachments add their cost to the message, shown before you send. A model that cannot read a kind of file is marked in the model menu.`,
  },
  {
    slug: 'thread-settings',
    title: 'System prompt and thread settings',
    summary: 'Give a conversation standing instructions, and tune temperature and length.',
    body: `Each conversation has its own settings. Open them from the chat header to set a system prompt (standing instructions the model follows), the temperature and the longest reply.

A default system prompt in Settings is used for every new conversation; change it per conversation in its settings.`,
  },
  {
    slug: 'regenerate-and-versions',
    title: 'Regenerating replies and editing prompts',
    summary: 'Ask again for a new answer, or edit a prompt; earlier versions are kept.',
    body: `Use Regenerate under a reply to ask the model again. Each new answer becomes another version of the reply, and you can move between versions with the arrows.

Editing a prompt you sent starts a new branch of the conversation from that point; the earlier branch is kept.`,
  },
  {
    slug: 'stopping-and-interrupted-replies',
    title: 'Stopping a reply, and replies that were cut off',
    summary: 'Stop a reply with Esc; a reply cut off by an error can be retried.',
    body: `Press Stop, or Esc, while a reply is streaming to end it. The text so far is kept.

If a reply is cut off by a connection problem or a server restart, it is marked as interrupted. Choose Retry to ask the same question again.`,
  },
  {
    slug: 'search-chats',
    title: 'Finding an old conversation',
    summary: 'Search every conversation by its words with Ctrl+K or Cmd+K.',
    body: `Press Ctrl+K (Cmd+K on a Mac) to search your conversations by the words in their messages or titles. Choose a result to open the conversation at that message.`,
  },
  {
    slug: 'share-and-export',
    title: 'Sharing and exporting a conversation',
    summary: 'Share a read-only link, or export a conversation as Markdown or JSON.',
    body: `To share a conversation, choose Share thread and copy the link. Anyone with the link can read the conversation as it was when you shared it, without signing in; messages you add later are not shared. You can revoke the link in Settings.

To keep a copy, choose Export thread: Markdown for reading, or JSON (with its images in a .zip) for other tools. Your profile can also download all your data at once.`,
  },
  {
    slug: 'keyboard-shortcuts',
    title: 'Keyboard shortcuts',
    summary: 'The keys that make Ensemble faster to use.',
    body: `Press ? (or Ctrl+/ and Cmd+/) to see every shortcut.

- Ctrl+Shift+O (Cmd+Shift+O): new chat
- Ctrl+Shift+F: focus the message box
- Esc: stop the reply
- Ctrl+Shift+C: copy the last reply
- Ctrl+Shift+S: show or hide the chat list
- Ctrl+K: search chats
- Enter sends; Shift+Enter starts a new line`,
  },
  {
    slug: 'appearance-and-language',
    title: 'Appearance and language',
    summary: 'Light or dark theme, accent colour, font size, and eight languages.',
    body: `In Settings you can choose a light or dark theme, an accent colour and the font size of the chat.

Ensemble speaks English, Spanish, French, German, Brazilian Portuguese, Japanese, Simplified Chinese and Arabic. It follows your browser's language until you choose one in Settings; an account keeps the choice on every device.`,
  },
  {
    slug: 'account-and-privacy',
    title: 'Your account, password and data',
    summary: 'Sign in with e-mail or Google, reset a password, or delete your account.',
    body: `You can sign up with an e-mail address and a password, or with Google. If you forget your password, choose "Forgot password" on the sign-in form and follow the link we e-mail you.

Your profile can download all your data, and delete your account (Delete my account). Deleting it removes your conversations, your images and your settings.`,
  },
  {
    slug: 'demo-mode',
    title: 'Demo mode',
    summary: 'Without provider keys, a built-in demo model answers so you can try every feature.',
    body: `When Ensemble runs without keys for an AI provider, that provider's models are answered by a built-in demo model, and each demo reply is labelled as such.

Demo replies are generated on the server to show how the product works: streaming, comparing, images, credits and search. They are not a real model's answers.`,
  },
];

/** The article at a slug, or undefined. */
export function helpArticle(slug: string): HelpArticle | undefined {
  return HELP_ARTICLES.find((a) => a.slug === slug);
}
