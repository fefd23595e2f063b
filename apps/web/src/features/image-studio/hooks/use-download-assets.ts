import { useState } from 'react';
import { useSession } from '@/features/session';
import { saveBlob } from '@/lib/save-blob';
import { ZIP_NAME, downloadImages } from '../api/download-images';
import { completedUrls } from '../jobs';
import { useStudioStore } from '../studio-store';

/** 'Download Assets': zips the finished images on the server and saves generated_images.zip. */
export function useDownloadAssets() {
  const { user } = useSession();
  const count = useStudioStore((s) => completedUrls(s.jobs).length);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    const urls = completedUrls(useStudioStore.getState().jobs);
    if (urls.length === 0 || downloading) return;
    setDownloading(true);
    try {
      saveBlob(await downloadImages(urls, user?.id ?? null), ZIP_NAME);
    } catch (error) {
      useStudioStore.getState().setNotice({ type: 'error', message: (error as Error).message });
    } finally {
      setDownloading(false);
    }
  };
  return { download, downloading, disabled: count === 0 };
}
