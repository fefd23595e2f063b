import type { AttachmentInfo } from '@ensemble/shared';
import { useCallback, useState } from 'react';
import { precheck, uploadAttachments } from './upload';

/** The files waiting in the input bar: uploaded ones (with ids), how many are uploading, and the last refusal. */
export function useAttachments() {
  const [attached, setAttached] = useState<AttachmentInfo[]>([]);
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const add = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      const refusal = precheck(files, attached.length + uploading);
      if (refusal) {
        setError(refusal);
        return;
      }
      setError(null);
      setUploading((n) => n + files.length);
      try {
        const added = await uploadAttachments(files);
        setAttached((list) => [...list, ...added]);
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      } finally {
        setUploading((n) => n - files.length);
      }
    },
    [attached.length, uploading],
  );

  const remove = useCallback((id: string) => setAttached((list) => list.filter((a) => a.id !== id)), []);
  const clear = useCallback(() => {
    setAttached([]);
    setError(null);
  }, []);

  return { attached, uploading, error, add, remove, clear, dismissError: () => setError(null) };
}
