import { Trans, useLingui } from '@lingui/react/macro';
import { Download, FileJson, FileText, Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { startDownload, threadExportUrl } from '../api/share-api';

// Sharing is an occasional act: its dialog is a chunk of its own, fetched the first time Share is pressed.
const ShareDialog = lazy(async () => ({ default: (await import('./share-dialog')).ShareDialog }));

/** A thread header's Export menu (Markdown, or a JSON zip with the images) and, for accounts, Share. */
export function ThreadShareActions({ threadId, canShare }: { threadId: number; canShare: boolean }) {
  const { t } = useLingui();
  const [sharing, setSharing] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <IconButton label={t`Export thread`} size="sm" icon={<Download />} />
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>
            <Trans>Export this thread</Trans>
          </DropdownMenuLabel>
          <DropdownMenuItem icon={<FileText />} onSelect={() => startDownload(threadExportUrl(threadId, 'markdown'))}>
            Markdown (.md)
          </DropdownMenuItem>
          <DropdownMenuItem icon={<FileJson />} onSelect={() => startDownload(threadExportUrl(threadId, 'json'))}>
            <Trans>JSON with images (.zip)</Trans>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {canShare && <IconButton label={t`Share thread`} size="sm" icon={<Share2 />} onClick={() => setSharing(true)} />}
      {sharing && (
        <Suspense fallback={null}>
          <ShareDialog threadId={threadId} onClose={() => setSharing(false)} />
        </Suspense>
      )}
    </>
  );
}
