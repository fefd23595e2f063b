import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Clock, Mail, MessagesSquare } from 'lucide-react';
import { LegalSection } from './legal-section';

/** The address people write to for help. */
export const SUPPORT_EMAIL = 'support@ensemble.app';

// Plan names are product names (as on the plan cards); the support line is text.
const TIERS = [
  { plan: 'Free', support: msg`community support` },
  { plan: 'Pro', support: msg`direct email support` },
  { plan: 'Premium', support: msg`priority email support` },
] as const;

/** The contact text: support by e-mail, reply within 24 hours on business days, hours and support by plan. */
export function ContactDocument() {
  const { t, i18n } = useLingui();
  return (
    <div className="space-y-5">
      <div className="rounded-xl border border-border bg-surface p-4">
        <p className="flex items-center gap-2 text-sm text-muted">
          <Mail aria-hidden="true" className="size-4 text-accent" />
          <Trans>Support by e-mail</Trans>
        </p>
        <a href={`mailto:${SUPPORT_EMAIL}`} className="mt-1 block font-display text-xl text-fg underline-offset-4 hover:underline">
          {SUPPORT_EMAIL}
        </a>
        <p className="mt-3 flex items-start gap-2 text-sm text-muted">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
          <Trans>We reply within 24 hours on business days, Monday to Friday 9 to 5 EST.</Trans>
        </p>
      </div>
      <LegalSection title={t`Support by plan`}>
        <ul>
          {TIERS.map(({ plan, support }) => {
            const supportText = i18n._(support);
            return (
              <li key={plan}>
                <Trans>
                  <strong>{plan}</strong>: {supportText}
                </Trans>
              </li>
            );
          })}
        </ul>
      </LegalSection>
      <p className="flex items-start gap-2 text-sm leading-relaxed text-muted">
        <MessagesSquare aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <Trans>
          Please include the e-mail address of your account and, for a problem with a chat or an image, the model you used and roughly when.
        </Trans>
      </p>
    </div>
  );
}
