import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download, Upload } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { useExportPrompts } from '../api/export-prompts';
import { useImportPrompts } from '../api/import-prompts';

/** A picked file's text. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/**
 * Export (downloads ensemble-prompts.json) and Import (adds the prompts of such a file, all or none), with what came
 * of it: "Added N prompts", or why not.
 */
export function LibraryFileActions({ canExport }: { canExport: boolean }) {
  const { t } = useLingui();
  const picker = useRef<HTMLInputElement>(null);
  const exporting = useExportPrompts();
  const importing = useImportPrompts();
  const [badFile, setBadFile] = useState<string | null>(null);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a fix.
    event.target.value = '';
    if (!file) return;
    setBadFile(null);
    importing.reset();
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readText(file));
    } catch {
      setBadFile(t`That file is not a prompts export: it is not JSON.`);
      return;
    }
    importing.mutate(parsed);
  };
  const added = importing.data?.added ?? 0;
  const failure = badFile ?? importing.error?.message ?? exporting.error?.message;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          icon={<Upload className="size-4" aria-hidden />}
          loading={importing.isPending}
          onClick={() => picker.current?.click()}
          data-testid="import-prompts"
        >
          <Trans>Import</Trans>
        </Button>
        <input
          ref={picker}
          type="file"
          accept=".json,application/json"
          className="sr-only"
          tabIndex={-1}
          aria-label={t`Prompts file to import`}
          onChange={(e) => void handleFile(e)}
          data-testid="import-prompts-file"
        />
        <Button
          variant="outline"
          size="sm"
          icon={<Download className="size-4" aria-hidden />}
          loading={exporting.isPending}
          disabled={!canExport}
          onClick={() => exporting.mutate()}
          data-testid="export-prompts"
        >
          <Trans>Export</Trans>
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {importing.isSuccess && (
          <p className="text-sm text-success" data-testid="import-result">
            {plural(added, { one: 'Added # prompt', other: 'Added # prompts' })}
          </p>
        )}
      </div>
      {failure && (
        <ErrorBanner
          message={failure}
          onDismiss={() => {
            setBadFile(null);
            importing.reset();
            exporting.reset();
          }}
        />
      )}
    </div>
  );
}
