import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A prompt the app ships, for everyone (guests too): its title and text, translated when shown. */
export interface StarterPrompt {
  id: string;
  title: MessageDescriptor;
  body: MessageDescriptor;
}

// Each {{variable}} enters a text as a placeholder of the same name, so that translators keep it (the catalogue check
// makes sure) and the variable's name stays English whatever the language.
const topic = '{{topic}}';
const text = '{{text}}';
const sender = '{{sender}}';
const points = '{{points}}';
const length = '{{length}}';
const goal = '{{goal}}';
const deadline = '{{deadline}}';

/** The starter prompts of the library picker's "Starters" section. */
export const STARTER_PROMPTS: StarterPrompt[] = [
  {
    id: 'explain',
    title: msg`Explain like I'm new`,
    body: msg({
      message: `Explain ${topic} to me as if I were completely new to it. Start with a one-sentence summary, then build up step by step in plain words, with an everyday example. Finish with the three key points to remember.`,
      comment: 'Each {placeholder} becomes a {{placeholder}}, a blank the user fills in: keep every one as it is, untranslated.',
    }),
  },
  {
    id: 'improve-writing',
    title: msg`Improve my writing`,
    body: msg({
      message: `Improve the text below: fix grammar and spelling, make it clearer and more concise, and keep my voice and meaning. Show the improved version first, then list the main changes you made.\n\n${text}`,
      comment: 'Each {placeholder} becomes a {{placeholder}}, a blank the user fills in: keep every one as it is, untranslated.',
    }),
  },
  {
    id: 'email-reply',
    title: msg`Email reply`,
    body: msg({
      message: `Write a friendly, professional reply to an email from ${sender}. Make these points: ${points}. Keep it short and clear, and end with a suitable sign-off.`,
      comment: 'Each {placeholder} becomes a {{placeholder}}, a blank the user fills in: keep every one as it is, untranslated.',
    }),
  },
  {
    id: 'summarise',
    title: msg`Summarise`,
    body: msg({
      message: `Summarise the text below in ${length}. Keep the key facts, figures and conclusions; leave out repetition and minor details.\n\n${text}`,
      comment: 'Each {placeholder} becomes a {{placeholder}}, a blank the user fills in: keep every one as it is, untranslated.',
    }),
  },
  {
    id: 'plan-project',
    title: msg`Plan a project`,
    body: msg({
      message: `Help me plan a project. The goal: ${goal}. The deadline: ${deadline}. Break it into phases with concrete tasks, rough time estimates and milestones, point out risks and dependencies, and suggest what to start with this week.`,
      comment: 'Each {placeholder} becomes a {{placeholder}}, a blank the user fills in: keep every one as it is, untranslated.',
    }),
  },
];
