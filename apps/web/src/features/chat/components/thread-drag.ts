import type { DragEvent } from 'react';

/** What is being dragged in the side panel: a chat (from which list) or a folder. */
export type Dragged = { kind: 'thread'; id: number; list: number | 'none'; pinned: boolean } | { kind: 'folder'; id: number };

// One drag at a time, within the page: the drop targets read what is dragged here while it is over them, which the
// DataTransfer does not tell them until the drop.
let current: Dragged | null = null;

/** Starts dragging `what` (native HTML5 drag and drop; each drop has a menu alternative for the keyboard). */
export function startDrag(event: DragEvent, what: Dragged): void {
  current = what;
  event.dataTransfer.effectAllowed = 'move';
  event.dataTransfer.setData('text/plain', `${what.kind}:${what.id}`);
}

/** The drag under way, if any. */
export function dragged(): Dragged | null {
  return current;
}

/** Ends the drag (dropped or cancelled). */
export function endDrag(): void {
  current = null;
}

/**
 * Makes an element a drop target for what `accepts` takes: it allows the drop, shows `setOver`, and calls `onDrop`.
 * Spread the answer on the element.
 */
export function dropTarget(accepts: (what: Dragged) => boolean, setOver: (over: boolean) => void, onDrop: (what: Dragged) => void) {
  const take = (event: DragEvent) => {
    const what = current;
    if (!what || !accepts(what)) return null;
    event.preventDefault();
    event.stopPropagation();
    return what;
  };
  return {
    onDragOver: (event: DragEvent) => {
      if (!take(event)) return;
      event.dataTransfer.dropEffect = 'move';
      setOver(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
    },
    onDrop: (event: DragEvent) => {
      const what = take(event);
      setOver(false);
      endDrag();
      if (what) onDrop(what);
    },
  };
}
