import { Trans } from '@lingui/react/macro';
import { Download, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useDownloadAssets } from '../hooks/use-download-assets';
import { useStudioStore } from '../studio-store';
import { ViewSwitch } from './view-switch';

/** Above the queue: the view switch, 'Download Assets' (only with finished images) and 'Clear All'. */
export function StudioToolbar({ onClearAll }: { onClearAll: () => void }) {
  const view = useStudioStore((s) => s.view);
  const running = useStudioStore((s) => s.running);
  const hasJobs = useStudioStore((s) => s.jobs.length > 0);
  const { download, downloading, disabled } = useDownloadAssets();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ViewSwitch value={view} onChange={(v) => useStudioStore.getState().setView(v)} />
      <div className="ms-auto flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          icon={<Download aria-hidden="true" className="size-3.5" />}
          onClick={() => void download()}
          disabled={disabled}
          loading={downloading}
        >
          <Trans>Download Assets</Trans>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          icon={<Trash2 aria-hidden="true" className="size-3.5" />}
          onClick={onClearAll}
          disabled={!hasJobs || running}
        >
          <Trans>Clear All</Trans>
        </Button>
      </div>
    </div>
  );
}
