import { t } from '@lingui/core/macro';
import type { FolderColour } from '@ensemble/shared';

/** A folder colour's name in the reader's language (the colour picker's labels). */
export function folderColourName(colour: FolderColour): string {
  switch (colour) {
    case 'gray':
      return t`Gray`;
    case 'red':
      return t`Red`;
    case 'orange':
      return t`Orange`;
    case 'amber':
      return t`Amber`;
    case 'green':
      return t`Green`;
    case 'teal':
      return t`Teal`;
    case 'blue':
      return t`Blue`;
    case 'indigo':
      return t`Indigo`;
    case 'purple':
      return t`Purple`;
    case 'pink':
      return t`Pink`;
  }
}
