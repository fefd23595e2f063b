import { Clock, Mail, MessagesSquare } from 'lucide-react';
import { LegalSection } from './legal-section';

/** The address people write to for help. */
export const SUPPORT_EMAIL = 'support@ensemble.app';

const TIERS = [
  { plan: 'Free', support: 'Community support' },
  { plan: 'Pro', support: 'Direct email support' },
  { plan: 'Premium', support: 'Priority email support' },
] as const;

/** The contact text: support by e-mail, reply within 24 hours on business days, hours and support by plan. */
export function ContactDocument() {
  return (
    <div className="space-y-5">
      <div className="rounded-xl border border-border bg-surface p-4">
        <p className="flex items-center gap-2 text-sm text-muted">
          <Mail aria-hidden="true" className="size-4 text-accent" />
          Support by e-mail
        </p>
        <a href={`mailto:${SUPPORT_EMAIL}`} className="mt-1 block font-display text-xl text-fg underline-offset-4 hover:underline">
          {SUPPORT_EMAIL}
        </a>
        <p className="mt-3 flex items-start gap-2 text-sm text-muted">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
          We reply within 24 hours on business days, Monday to Friday 9 to 5 EST.
        </p>
      </div>
      <LegalSection title="Support by plan">
        <ul>
          {TIERS.map(({ plan, support }) => (
            <li key={plan}>
              <strong>{plan}</strong>: {support.toLowerCase()}
            </li>
          ))}
        </ul>
      </LegalSection>
      <p className="flex items-start gap-2 text-sm leading-relaxed text-muted">
        <MessagesSquare aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Please include the e-mail address of your account and, for a problem with a chat or an image, the model you used and roughly when.
      </p>
    </div>
  );
}
