import { MESSAGES, type UserImage } from '@ensemble/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Page } from '@/components/page';
import { SiteFooter } from '@/components/site-footer';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { LoadingScreen } from '@/components/ui/spinner';
import { useSession } from '@/features/session';
import { useAssets } from './api/list-images';
import { AssetGallery } from './components/asset-gallery';
import { AssetsEmpty } from './components/assets-empty';
import { type AssetsLayout, AssetsLayoutSwitch } from './components/assets-layout-switch';
import { useCopyUrl } from './hooks/use-copy-url';
import { useDeleteAsset } from './hooks/use-delete-asset';

// The spec's question, and when the image shows in chats, what deleting it does to them.
function DeleteMessage({ chats }: { chats: number }) {
  return (
    <>
      <Trans>Are you sure you want to delete this image?</Trans>
      {chats > 0 && (
        <span className="mt-2 block text-fg" data-testid="delete-image-chat-warning">
          <Trans>
            It is shown in <Plural value={chats} one="one of your chats" other="# of your chats" />, which will show "Image deleted" in its
            place.
          </Trans>
        </span>
      )}
    </>
  );
}

/** /prod/my-assets: the caller's generated images, 20 at a time. */
export function AssetsScreen() {
  const { t } = useLingui();
  const { user } = useSession();
  const userId = user?.id ?? null;
  const query = useAssets(userId);
  const [layout, setLayout] = useState<AssetsLayout>('grid');
  const [confirming, setConfirming] = useState<UserImage | null>(null);
  const { copiedId, copy } = useCopyUrl();
  const deletion = useDeleteAsset(userId);
  const images = query.data?.pages.flatMap((p) => p.images) ?? [];

  return (
    <div className="flex flex-1 flex-col">
      <Page width="xl" title={t`My Assets`} actions={<AssetsLayoutSwitch value={layout} onChange={setLayout} />}>
        <div className="space-y-5">
          {query.isError && <ErrorBanner message={MESSAGES.fetchAssetsFailed} />}
          {deletion.error && <ErrorBanner message={deletion.error} onDismiss={deletion.clearError} />}
          {query.isPending ? (
            <LoadingScreen label={t`Loading assets...`} />
          ) : images.length === 0 ? (
            !query.isError && <AssetsEmpty />
          ) : (
            <AssetGallery
              images={images}
              layout={layout}
              itemProps={(image) => ({
                copied: copiedId === image.id,
                deleting: deletion.deleting.has(image.id),
                onCopy: () => void copy(image.id, image.image_url),
                onDelete: () => setConfirming(image),
              })}
            />
          )}
          {query.hasNextPage && (
            <div className="flex justify-center pt-2">
              <Button variant="secondary" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                <Trans>Load More</Trans>
              </Button>
            </div>
          )}
        </div>
      </Page>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t`Delete Image`}
        message={<DeleteMessage chats={confirming?.chat_count ?? 0} />}
        confirmLabel={t`Delete`}
        tone="danger"
        onConfirm={() => {
          // The dialog closes at once; the card shows the deletion while it runs.
          if (confirming) void deletion.remove(confirming.id);
        }}
      />
      <SiteFooter className="mt-auto" />
    </div>
  );
}
