import type { UserImage } from '@ensemble/shared';
import { useLingui } from '@lingui/react/macro';
import { useModels } from '@/lib/models';
import { useMasonryColumns } from '../hooks/use-masonry-columns';
import { splitIntoColumns } from '../masonry';
import { AssetCard, type AssetItemProps } from './asset-card';
import { AssetRow } from './asset-row';
import type { AssetsLayout } from './assets-layout-switch';

/** The images as masonry columns (grid) or rows (list). */
export function AssetGallery({
  images,
  layout,
  itemProps,
}: {
  images: UserImage[];
  layout: AssetsLayout;
  itemProps: (image: UserImage) => Omit<AssetItemProps, 'image'>;
}) {
  const { t } = useLingui();
  const columns = useMasonryColumns();
  const { find } = useModels();
  if (layout === 'list') {
    return (
      <section aria-label={t`Assets`} className="flex flex-col gap-3">
        {images.map((image) => (
          <AssetRow key={image.id} image={image} modelName={find(image.model, 'image')?.name} {...itemProps(image)} />
        ))}
      </section>
    );
  }
  const split = splitIntoColumns(images, columns, (img) => (img.width > 0 ? img.height / img.width : 1));
  return (
    <section aria-label={t`Assets`} data-columns={columns} className="flex items-start gap-4">
      {split.map((column, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a column is a position, not an item
        <div key={i} data-testid="masonry-column" className="flex min-w-0 flex-1 flex-col gap-4">
          {column.map((image) => (
            <AssetCard key={image.id} image={image} {...itemProps(image)} />
          ))}
        </div>
      ))}
    </section>
  );
}
