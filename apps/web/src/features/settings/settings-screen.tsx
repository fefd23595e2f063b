import { Trans, useLingui } from '@lingui/react/macro';
import { BookText } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Page } from '@/components/page';
import { SiteFooter } from '@/components/site-footer';
import { ApiKeysPanel } from '@/features/api-keys';
import { DevicesPanel } from '@/features/devices';
import { TwoFactorPanel } from '@/features/two-factor';
import { PasskeysPanel } from '@/features/passkeys';
import { McpServersPanel } from '@/features/mcp-servers';
import { usePreferences } from '@/features/preferences';
import { ShareLinksList } from '@/features/share';
import { useSession } from '@/features/session';
import { AppearanceSection } from './components/appearance-section';
import { EmailSection } from './components/email-section';
import { LanguageSection } from './components/language-section';
import { ModelsSection } from './components/models-section';
import { ResetSection } from './components/reset-section';
import { SystemPromptSection } from './components/system-prompt-section';
import { SpendingSection } from './components/spending-section';
import { SettingsSection } from './components/settings-section';
import { useSettingsActivity } from './hooks/use-settings-activity';

/** /prod/settings: appearance, favourite models, API keys, tool servers, and for accounts spending limits, e-mail and signed-in devices; opened from 'All Models...' it scrolls to the first section. */
export function SettingsScreen() {
  const { t } = useLingui();
  const location = useLocation();
  const activity = useSettingsActivity();
  const { user } = useSession();
  const body = useRef<HTMLDivElement>(null);
  const scrollToFirstHeading = Boolean((location.state as { scrollToFirstHeading?: boolean } | null)?.scrollToFirstHeading);
  const hash = location.hash;

  useEffect(() => {
    if (!scrollToFirstHeading) return;
    body.current?.querySelector('h2')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [scrollToFirstHeading]);

  // A link to one section (/settings#api-keys, from the API reference) lands on its heading.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <div className="flex flex-1 flex-col">
      <Page width="lg" title={t`Settings`}>
        <div ref={body} className="space-y-6">
          <AppearanceSection activity={activity} />
          <LanguageSection />
          <ModelsSection activity={activity} />
          <SystemPromptSection />
          {user && <SpendingSection />}
          {user && <EmailSection user={user} />}
          {user && (
            <SettingsSection
              id="two-factor"
              title={t`Two-factor sign-in`}
              description={t`A code from an authenticator app on your phone, asked for after your password, so that a leaked password alone cannot open your account.`}
            >
              <TwoFactorPanel />
            </SettingsSection>
          )}
          {user && (
            <SettingsSection
              id="passkeys"
              title={t`Passkeys`}
              description={t`Sign in with your fingerprint, face or device PIN instead of a password. A passkey also counts as a second factor.`}
            >
              <PasskeysPanel />
            </SettingsSection>
          )}
          {user && (
            <SettingsSection
              id="devices"
              title={t`Signed-in devices`}
              description={t`Where your account is signed in. Sign out any device you do not recognise.`}
            >
              <DevicesPanel />
            </SettingsSection>
          )}
          {user && (
            <SettingsSection
              id="share-links"
              title={t`Shared links`}
              description={t`Read-only snapshots of your conversations that anyone with the link can open.`}
            >
              <ShareLinksList />
            </SettingsSection>
          )}
          {user && (
            <SettingsSection
              id="prompts"
              title={t`Prompt library`}
              description={t`Prompts you use often, to pick in any chat by typing “/” in the empty message box; import, export and share them.`}
            >
              <Link to="/prompts" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                <BookText className="size-4" aria-hidden />
                <Trans>Manage prompts</Trans>
              </Link>
            </SettingsSection>
          )}
          <SettingsSection
            id="api-keys"
            title={t`API keys`}
            description={t`Call Ensemble's OpenAI-compatible API from your own programs and scripts.`}
          >
            <ApiKeysPanel signedIn={Boolean(user)} />
          </SettingsSection>
          <SettingsSection
            id="mcp-servers"
            title={t`Tool servers (MCP)`}
            description={t`Connect Model Context Protocol servers so that models can use their tools in your chats.`}
          >
            <McpServersPanel signedIn={Boolean(user)} />
          </SettingsSection>
          <ResetSection
            onReset={() => {
              usePreferences.getState().resetPreferences();
              activity.log('Reset settings to default');
            }}
          />
        </div>
      </Page>
      <SiteFooter className="mt-auto" />
    </div>
  );
}
