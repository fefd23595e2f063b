import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Layers, MonitorSmartphone, RefreshCw, ShieldCheck } from 'lucide-react';

/** The four product promises of the home screen. */
export const FEATURES = [
  {
    key: 'models',
    title: msg`Multi-Model Intelligence`,
    text: msg`GPT-4o, Claude, Gemini, Llama, Grok, DeepSeek and leading image models, all in one place.`,
    icon: Layers,
  },
  {
    key: 'up-to-date',
    title: msg`Always Up-to-Date`,
    text: msg`New models arrive as soon as they are released, with no extra subscriptions to manage.`,
    icon: RefreshCw,
  },
  {
    key: 'anywhere',
    title: msg`Access Anywhere`,
    text: msg`Works in any modern browser on desktop, tablet and phone; your saved chats follow you.`,
    icon: MonitorSmartphone,
  },
  {
    key: 'privacy',
    title: msg`Privacy Enhanced`,
    text: msg`One session cookie, no ad trackers, and your data is never sold.`,
    icon: ShieldCheck,
  },
] as const;

/** The feature list: Multi-Model Intelligence, Always Up-to-Date, Access Anywhere, Privacy Enhanced. */
export function FeatureList() {
  const { i18n } = useLingui();
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {FEATURES.map(({ key, title, text, icon: Icon }) => (
        <li key={key} className="rounded-2xl border border-border bg-surface/60 p-5">
          <span className="inline-flex size-9 items-center justify-center rounded-lg bg-surface-2 text-accent">
            <Icon aria-hidden="true" className="size-[18px]" />
          </span>
          <h3 className="mt-4 font-sans text-base font-semibold text-fg">{i18n._(title)}</h3>
          <p className="mt-1.5 text-sm leading-relaxed text-muted">{i18n._(text)}</p>
        </li>
      ))}
    </ul>
  );
}
