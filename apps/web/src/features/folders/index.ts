import { lazy } from 'react';

/** Public face of the folders feature (issue 42): the calls that organise an account's chats, and their dialogs. */
export { createFolder } from './api/create-folder';
export { deleteFolder } from './api/delete-folder';
export { deleteThreads } from './api/delete-threads';
export { foldersQueryKey } from './api/folder-keys';
export { getFolders, useFolders } from './api/get-folders';
export { orderFolders } from './api/order-folders';
export { orderPins } from './api/order-pins';
export { organizeThreads } from './api/organize-threads';
export { updateFolder } from './api/update-folder';
export { FOLDER_DOT } from './folder-colours';

// The dialogs load when first opened, not with the chat page (the first-load budget, issue 37).
/** New folder, Rename and Colour (lazy). */
export const FolderFormDialog = lazy(async () => ({ default: (await import('./components/folder-form-dialog')).FolderFormDialog }));
/** Move to folder… (lazy). */
export const MoveToFolderDialog = lazy(async () => ({ default: (await import('./components/move-to-folder-dialog')).MoveToFolderDialog }));
