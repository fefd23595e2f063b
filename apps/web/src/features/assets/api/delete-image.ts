import { GUEST_USER_ID, IMAGE_PATHS } from '@ensemble/shared';
import { apiPost } from '@/lib/api-client';

/** POST delete_image.php {image_id}. */
export async function deleteImage(imageId: string, userId: number | null): Promise<void> {
  await apiPost(IMAGE_PATHS.remove, { image_id: imageId, user_id: userId ?? GUEST_USER_ID });
}
