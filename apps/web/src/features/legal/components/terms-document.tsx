import { CREDITS } from '@ensemble/shared';
import { LegalSection } from './legal-section';

/** The terms of service (screens.md "Legal pages": 30 days notice, expiry at reset, non-transferable credits). */
export function TermsDocument() {
  return (
    <div className="space-y-5">
      <p className="text-sm leading-relaxed text-muted">
        These terms govern your use of Ensemble, a service for chatting with, comparing and creating with AI models. By using Ensemble you
        agree to them.
      </p>
      <LegalSection title="1. The service">
        <p>
          Ensemble gives you one place to send prompts to text and image models from several providers. Models are offered as they are made
          available by their providers and may be added, changed or retired at any time.
        </p>
      </LegalSection>
      <LegalSection title="2. Accounts">
        <p>
          You may use Ensemble without an account on a small free pool of {CREDITS.guest} credits. An account keeps your conversations and
          images and starts with {CREDITS.free} free credits. You are responsible for keeping your password safe and for everything done
          with your account.
        </p>
      </LegalSection>
      <LegalSection title="3. Acceptable use">
        <ul>
          <li>Do not use Ensemble for anything unlawful, or to harass, deceive or harm others.</li>
          <li>Do not try to break, overload or get around the limits and security of the service.</li>
          <li>Respect the usage policies of the model providers whose models you use.</li>
        </ul>
      </LegalSection>
      <LegalSection title="4. Credits, plans and payments">
        <ul>
          <li>Each request costs credits; the cost depends on the model and is shown before you send.</li>
          <li>
            Paid plans renew monthly and are paid by card through <strong>Stripe</strong>; we never see or store your card number.
          </li>
          <li>
            Prices may change; we give you <strong>30 days notice</strong> before a price change takes effect.
          </li>
          <li>
            A plan's credits are granted at each renewal. <strong>Unused credits expire at reset</strong> and do not roll over.
          </li>
          <li>
            Credits are <strong>non-transferable</strong>: they cannot be moved to another account or exchanged for money.
          </li>
          <li>You may cancel at any time; your plan stays active until the end of the period you paid for.</li>
        </ul>
      </LegalSection>
      <LegalSection title="5. AI output">
        <p>
          Answers and images are produced by AI models and may be wrong, incomplete or unexpected. Check anything important before relying
          on it. You are responsible for how you use what the models produce.
        </p>
      </LegalSection>
      <LegalSection title="6. Liability">
        <p>
          Ensemble is provided as is. To the extent the law allows, we are not liable for indirect or consequential losses, and our total
          liability is limited to what you paid us in the three months before the claim.
        </p>
      </LegalSection>
      <LegalSection title="7. Changes to these terms">
        <p>
          We may update these terms. When a change matters, we tell you in the app or by e-mail before it applies; continuing to use
          Ensemble afterwards means you accept the new terms.
        </p>
      </LegalSection>
    </div>
  );
}
