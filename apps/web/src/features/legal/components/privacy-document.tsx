import { LegalSection } from './legal-section';

/** The privacy policy: what is stored, cookies, providers, no selling, deletion. */
export function PrivacyDocument() {
  return (
    <div className="space-y-5">
      <p className="text-sm leading-relaxed text-muted">
        We keep only what Ensemble needs to work, and we never sell it. This policy says what we store, why, and what you can ask of us.
      </p>
      <LegalSection title="What we store">
        <ul>
          <li>
            <strong>Account</strong>: your e-mail address, username, a securely hashed password (or your Google account id) and your profile
            picture.
          </li>
          <li>
            <strong>Chats</strong>: your conversations, so you can come back to them. A visitor's chat without an account is kept only for
            the visit.
          </li>
          <li>
            <strong>Images</strong>: the images you generate and their prompts, shown in My Assets.
          </li>
          <li>
            <strong>Credits</strong>: your balance, plan and a record of what was charged, so your balance is always right.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="Cookies">
        <p>
          We use <strong>a session cookie only</strong>, to keep you signed in and to count a visitor's free credits. No advertising or
          tracking cookies. Your appearance settings stay in your own browser.
        </p>
      </LegalSection>
      <LegalSection title="AI providers">
        <p>
          To answer you, your prompts are sent to the provider of the model you choose (for example OpenAI, Anthropic, Google, xAI,
          DeepSeek, Replicate or Ideogram). They process them under their own API terms. Payments are handled by Stripe.
        </p>
      </LegalSection>
      <LegalSection title="No selling of data">
        <p>We do not sell, rent or trade your personal data, and we do not use your conversations for advertising.</p>
      </LegalSection>
      <LegalSection title="Deletion and your rights">
        <p>
          You can delete chats and images in the app at any time. To have your account and everything in it deleted, or to get a copy of
          your data, write to support@ensemble.app; we act on deletion requests within 30 days.
        </p>
      </LegalSection>
    </div>
  );
}
