import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Page } from '@/components/page';
import { SiteFooter } from '@/components/site-footer';
import { usePreferences } from '@/features/preferences';
import { AppearanceSection } from './components/appearance-section';
import { ModelsSection } from './components/models-section';
import { ResetSection } from './components/reset-section';
import { SystemPromptSection } from './components/system-prompt-section';
import { useSettingsActivity } from './hooks/use-settings-activity';

/** /prod/settings: appearance and favourite models; opened from 'All Models...' it scrolls to the first section. */
export function SettingsScreen() {
  const location = useLocation();
  const activity = useSettingsActivity();
  const body = useRef<HTMLDivElement>(null);
  const scrollToFirstHeading = Boolean((location.state as { scrollToFirstHeading?: boolean } | null)?.scrollToFirstHeading);

  useEffect(() => {
    if (!scrollToFirstHeading) return;
    body.current?.querySelector('h2')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [scrollToFirstHeading]);

  return (
    <div className="flex flex-1 flex-col">
      <Page width="lg" title="Settings">
        <div ref={body} className="space-y-6">
          <AppearanceSection activity={activity} />
          <ModelsSection activity={activity} />
          <SystemPromptSection />
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
