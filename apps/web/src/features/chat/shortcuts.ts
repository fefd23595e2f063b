import type { LucideIcon } from 'lucide-react';
import { Building2, Compass, FileSearch, Lightbulb, ListChecks, Mountain, Package, Palette, PenLine, UserRound } from 'lucide-react';

/** A starter prompt of the empty chat. */
export interface Shortcut {
  label: string;
  icon: LucideIcon;
  prompt: string;
}

/** The five text shortcuts (core.md section 2). */
export const TEXT_SHORTCUTS: Shortcut[] = [
  {
    label: 'Write Content',
    icon: PenLine,
    prompt: 'Write a short, engaging blog post introduction about the benefits of learning a new language as an adult.',
  },
  {
    label: 'Analyze Text',
    icon: FileSearch,
    prompt:
      'Analyze the tone, structure and main argument of this text, then suggest three improvements: "Our product is the best. Everyone should buy it now."',
  },
  {
    label: 'Explore Topic',
    icon: Compass,
    prompt: 'Explain how black holes form, what happens at the event horizon, and what scientists still do not know.',
  },
  {
    label: 'Brainstorm Ideas',
    icon: Lightbulb,
    prompt: 'Brainstorm ten creative ideas for a weekend project that combines cooking and technology.',
  },
  {
    label: 'Plan Project',
    icon: ListChecks,
    prompt: 'Create a step-by-step plan with milestones for building and launching a personal portfolio website in four weeks.',
  },
];

/** The five image shortcuts (core.md section 2). */
export const IMAGE_SHORTCUTS: Shortcut[] = [
  {
    label: 'Scenic Landscape',
    icon: Mountain,
    prompt: 'A breathtaking mountain valley at sunrise, mist over a winding river, golden light, ultra detailed landscape photography',
  },
  {
    label: 'Character Portrait',
    icon: UserRound,
    prompt: 'A portrait of a wise old explorer with a weathered face and a brass compass, dramatic studio lighting, highly detailed',
  },
  {
    label: 'Architecture',
    icon: Building2,
    prompt: 'A futuristic glass and timber library in a forest clearing, modern architecture, soft evening light',
  },
  {
    label: 'Abstract Art',
    icon: Palette,
    prompt: 'Abstract art of flowing liquid colours in deep blue, magenta and gold, swirling shapes, high contrast',
  },
  {
    label: 'Product Shot',
    icon: Package,
    prompt: 'A minimalist product shot of a matte ceramic coffee mug on a marble table, soft shadows, studio photography',
  },
];
