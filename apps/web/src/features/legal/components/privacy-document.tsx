import { Trans, useLingui } from '@lingui/react/macro';
import { SUPPORT_EMAIL } from './contact-document';
import { LegalSection } from './legal-section';

/** The privacy policy: what is stored, cookies, providers, no selling, deletion. */
export function PrivacyDocument() {
  const { t } = useLingui();
  const supportEmail = SUPPORT_EMAIL;
  return (
    <div className="space-y-5">
      <p className="text-sm leading-relaxed text-muted">
        <Trans>
          We keep only what Ensemble needs to work, and we never sell it. This policy says what we store, why, and what you can ask of us.
        </Trans>
      </p>
      <LegalSection title={t`What we store`}>
        <ul>
          <li>
            <Trans>
              <strong>Account</strong>: your e-mail address, username, a securely hashed password (or your Google account id) and your
              profile picture.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Chats</strong>: your conversations, so you can come back to them. A visitor's chat without an account is kept only for
              the visit.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Images</strong>: the images you generate and their prompts, shown in My Assets.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Credits</strong>: your balance, plan and a record of what was charged, so your balance is always right.
            </Trans>
          </li>
        </ul>
      </LegalSection>
      <LegalSection title={t`Cookies`}>
        <p>
          <Trans>
            We use <strong>a session cookie only</strong>, to keep you signed in and to count a visitor's free credits. No advertising or
            tracking cookies. Your appearance settings stay in your own browser.
          </Trans>
        </p>
      </LegalSection>
      <LegalSection title={t`AI providers`}>
        <p>
          <Trans>
            To answer you, your prompts are sent to the provider of the model you choose (for example OpenAI, Anthropic, Google, xAI,
            DeepSeek, Replicate or Ideogram). They process them under their own API terms. Payments are handled by Stripe.
          </Trans>
        </p>
      </LegalSection>
      <LegalSection title={t`No selling of data`}>
        <p>
          <Trans>We do not sell, rent or trade your personal data, and we do not use your conversations for advertising.</Trans>
        </p>
      </LegalSection>
      <LegalSection title={t`Deletion and your rights`}>
        <p>
          <Trans>
            You can delete chats and images in the app at any time. To have your account and everything in it deleted, or to get a copy of
            your data, write to {supportEmail}; we act on deletion requests within 30 days.
          </Trans>
        </p>
      </LegalSection>
    </div>
  );
}
