import { CREDITS } from '@ensemble/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { LegalSection } from './legal-section';

/** The terms of service (screens.md "Legal pages": 30 days notice, expiry at reset, non-transferable credits). */
export function TermsDocument() {
  const { t } = useLingui();
  const guestCredits = CREDITS.guest;
  const freeCredits = CREDITS.free;
  return (
    <div className="space-y-5">
      <p className="text-sm leading-relaxed text-muted">
        <Trans>
          These terms govern your use of Ensemble, a service for chatting with, comparing and creating with AI models. By using Ensemble you
          agree to them.
        </Trans>
      </p>
      <LegalSection title={t`1. The service`}>
        <p>
          <Trans>
            Ensemble gives you one place to send prompts to text and image models from several providers. Models are offered as they are
            made available by their providers and may be added, changed or retired at any time.
          </Trans>
        </p>
      </LegalSection>
      <LegalSection title={t`2. Accounts`}>
        <p>
          <Trans>
            You may use Ensemble without an account on a small free pool of {guestCredits} credits. An account keeps your conversations and
            images and starts with {freeCredits} free credits. You are responsible for keeping your password safe and for everything done
            with your account.
          </Trans>
        </p>
      </LegalSection>
      <LegalSection title={t`3. Acceptable use`}>
        <ul>
          <li>
            <Trans>Do not use Ensemble for anything unlawful, or to harass, deceive or harm others.</Trans>
          </li>
          <li>
            <Trans>Do not try to break, overload or get around the limits and security of the service.</Trans>
          </li>
          <li>
            <Trans>Respect the usage policies of the model providers whose models you use.</Trans>
          </li>
        </ul>
      </LegalSection>
      <LegalSection title={t`4. Credits, plans and payments`}>
        <ul>
          <li>
            <Trans>Each request costs credits; the cost depends on the model and is shown before you send.</Trans>
          </li>
          <li>
            <Trans>
              Paid plans renew monthly and are paid by card through <strong>Stripe</strong>; we never see or store your card number.
            </Trans>
          </li>
          <li>
            <Trans>
              Prices may change; we give you <strong>30 days notice</strong> before a price change takes effect.
            </Trans>
          </li>
          <li>
            <Trans>
              A plan's credits are granted at each renewal. <strong>Unused credits expire at reset</strong> and do not roll over.
            </Trans>
          </li>
          <li>
            <Trans>
              Credits are <strong>non-transferable</strong>: they cannot be moved to another account or exchanged for money.
            </Trans>
          </li>
          <li>
            <Trans>You may cancel at any time; your plan stays active until the end of the period you paid for.</Trans>
          </li>
        </ul>
      </LegalSection>
      <LegalSection title={t`5. AI output`}>
        <p>
          <Trans>
            Answers and images are produced by AI models and may be wrong, incomplete or unexpected. Check anything important before relying
            on it. You are responsible for how you use what the models produce.
          </Trans>
        </p>
      </LegalSection>
      <LegalSection title={t`6. Liability`}>
        <p>
          <Trans>
            Ensemble is provided as is. To the extent the law allows, we are not liable for indirect or consequential losses, and our total
            liability is limited to what you paid us in the three months before the claim.
          </Trans>
        </p>
      </LegalSection>
      <LegalSection title={t`7. Changes to these terms`}>
        <p>
          <Trans>
            We may update these terms. When a change matters, we tell you in the app or by e-mail before it applies; continuing to use
            Ensemble afterwards means you accept the new terms.
          </Trans>
        </p>
      </LegalSection>
    </div>
  );
}
