import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LucideIcon } from 'lucide-react';
import { Building2, Compass, FileSearch, Lightbulb, ListChecks, Mountain, Package, Palette, PenLine, UserRound } from 'lucide-react';

/** A starter prompt of the empty chat. */
export interface Shortcut {
  /** A stable key (the label is translated). */
  id: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  /** The prompt sent, in the reader's language. */
  prompt: MessageDescriptor;
}

/** The five text shortcuts (core.md section 2). */
export const TEXT_SHORTCUTS: Shortcut[] = [
  {
    id: 'write-content',
    label: msg`Write Content`,
    icon: PenLine,
    prompt: msg`Write a short, engaging blog post introduction about the benefits of learning a new language as an adult.`,
  },
  {
    id: 'analyze-text',
    label: msg`Analyze Text`,
    icon: FileSearch,
    prompt: msg`Analyze the tone, structure and main argument of this text, then suggest three improvements: "Our product is the best. Everyone should buy it now."`,
  },
  {
    id: 'explore-topic',
    label: msg`Explore Topic`,
    icon: Compass,
    prompt: msg`Explain how black holes form, what happens at the event horizon, and what scientists still do not know.`,
  },
  {
    id: 'brainstorm-ideas',
    label: msg`Brainstorm Ideas`,
    icon: Lightbulb,
    prompt: msg`Brainstorm ten creative ideas for a weekend project that combines cooking and technology.`,
  },
  {
    id: 'plan-project',
    label: msg`Plan Project`,
    icon: ListChecks,
    prompt: msg`Create a step-by-step plan with milestones for building and launching a personal portfolio website in four weeks.`,
  },
];

/** The five image shortcuts (core.md section 2). */
export const IMAGE_SHORTCUTS: Shortcut[] = [
  {
    id: 'scenic-landscape',
    label: msg`Scenic Landscape`,
    icon: Mountain,
    prompt: msg`A breathtaking mountain valley at sunrise, mist over a winding river, golden light, ultra detailed landscape photography`,
  },
  {
    id: 'character-portrait',
    label: msg`Character Portrait`,
    icon: UserRound,
    prompt: msg`A portrait of a wise old explorer with a weathered face and a brass compass, dramatic studio lighting, highly detailed`,
  },
  {
    id: 'architecture',
    label: msg`Architecture`,
    icon: Building2,
    prompt: msg`A futuristic glass and timber library in a forest clearing, modern architecture, soft evening light`,
  },
  {
    id: 'abstract-art',
    label: msg`Abstract Art`,
    icon: Palette,
    prompt: msg`Abstract art of flowing liquid colours in deep blue, magenta and gold, swirling shapes, high contrast`,
  },
  {
    id: 'product-shot',
    label: msg`Product Shot`,
    icon: Package,
    prompt: msg`A minimalist product shot of a matte ceramic coffee mug on a marble table, soft shadows, studio photography`,
  },
];
