import { UI } from '@ensemble/shared';
import { type MouseEvent, type PointerEvent, useRef, useState } from 'react';

/** Handlers to spread on the swiped element, and the live drag offset for following the finger. */
export interface Swipe {
  offset: number;
  dragging: boolean;
  handlers: {
    onPointerDown(event: PointerEvent): void;
    onPointerMove(event: PointerEvent): void;
    onPointerUp(event: PointerEvent): void;
    onPointerCancel(): void;
    onPointerLeave(event: PointerEvent): void;
    onClickCapture(event: MouseEvent): void;
  };
}

/**
 * Horizontal swipes by pointer (touch, pen or mouse): a move of more than `threshold` px (the
 * spec's 20) to the left calls onNext, to the right onPrevious; a smaller move is a tap.
 */
export function useSwipe(onNext: () => void, onPrevious: () => void, threshold: number = UI.swipeThresholdPx): Swipe {
  const start = useRef<{ x: number; id: number } | null>(null);
  const swiped = useRef(false);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);

  const finish = (x: number) => {
    if (!start.current) return;
    const dx = x - start.current.x;
    start.current = null;
    setDragging(false);
    setOffset(0);
    swiped.current = Math.abs(dx) > threshold;
    if (dx < -threshold) onNext();
    else if (dx > threshold) onPrevious();
  };

  return {
    offset,
    dragging,
    handlers: {
      onPointerDown(event) {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        start.current = { x: event.clientX, id: event.pointerId };
        swiped.current = false;
        setDragging(true);
      },
      onPointerMove(event) {
        if (start.current && event.pointerId === start.current.id) setOffset(event.clientX - start.current.x);
      },
      onPointerUp(event) {
        if (start.current && event.pointerId === start.current.id) finish(event.clientX);
      },
      onPointerCancel() {
        start.current = null;
        setDragging(false);
        setOffset(0);
      },
      onPointerLeave(event) {
        if (start.current && event.pointerId === start.current.id) finish(event.clientX);
      },
      // A drag that ended on a button is a swipe, not a press of that button.
      onClickCapture(event) {
        if (!swiped.current) return;
        swiped.current = false;
        event.preventDefault();
        event.stopPropagation();
      },
    },
  };
}
