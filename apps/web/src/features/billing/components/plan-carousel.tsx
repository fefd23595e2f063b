import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { isRtl } from '@/i18n/languages';
import { useLocale } from '@/i18n/use-lingui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useSwipe } from '../hooks/use-swipe';

/** One slide: its content and the name its dot is labelled with. */
export interface CarouselSlide {
  key: string;
  label: string;
  content: ReactNode;
}

const arrowClasses =
  'inline-flex size-9 items-center justify-center rounded-full border border-border text-muted transition hover:bg-surface-2 hover:text-fg disabled:pointer-events-none disabled:opacity-30';

/**
 * The plans on a phone: one card at a time, swiped left or right (more than 20 px) or chosen by
 * its dot or the arrows. Cards out of view are inert, so keyboard and screen readers skip them.
 */
export function PlanCarousel({
  slides,
  index,
  onIndexChange,
}: {
  slides: CarouselSlide[];
  index: number;
  onIndexChange(index: number): void;
}) {
  const { t } = useLingui();
  const last = slides.length - 1;
  const total = slides.length;
  const go = (next: number) => onIndexChange(Math.max(0, Math.min(last, next)));
  // Right to left, the next card lies to the left: the track moves the other way, and so does a swipe.
  const rtl = isRtl(useLocale());
  const swipe = useSwipe(
    () => go(rtl ? index - 1 : index + 1),
    () => go(rtl ? index + 1 : index - 1),
  );
  return (
    <section aria-roledescription={t`carousel`} aria-label={t`Plans`} className="-mx-1">
      <div className="overflow-hidden">
        <div
          data-testid="plan-carousel-track"
          className={cn('flex touch-pan-y select-none', !swipe.dragging && 'transition-transform duration-300 ease-out')}
          style={{ transform: `translateX(calc(${(rtl ? 1 : -1) * index * 100}% + ${swipe.offset}px))` }}
          {...swipe.handlers}
        >
          {slides.map((slide, i) => {
            const slideLabel = slide.label;
            const position = i + 1;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes a slide a group; a fieldset is for forms.
              <div
                key={slide.key}
                role="group"
                aria-roledescription={t`slide`}
                aria-label={t`${slideLabel} (${position} of ${total})`}
                aria-hidden={i !== index}
                inert={i !== index}
                className="w-full shrink-0 px-1 py-1"
              >
                {slide.content}
              </div>
            );
          })}
        </div>
      </div>
      <div className="mt-5 flex items-center justify-center gap-4">
        <button type="button" aria-label={t`Previous plan`} className={arrowClasses} disabled={index === 0} onClick={() => go(index - 1)}>
          <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        </button>
        <div className="flex items-center gap-2">
          {slides.map((slide, i) => {
            const slideLabel = slide.label;
            return (
              <button
                key={slide.key}
                type="button"
                aria-label={t`Show ${slideLabel}`}
                aria-current={i === index || undefined}
                onClick={() => go(i)}
                className="flex size-6 items-center justify-center"
              >
                <span className={cn('block h-2 rounded-full transition-all', i === index ? 'w-6 bg-accent' : 'w-2 bg-border-strong')} />
              </button>
            );
          })}
        </div>
        <button type="button" aria-label={t`Next plan`} className={arrowClasses} disabled={index === last} onClick={() => go(index + 1)}>
          <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        </button>
      </div>
    </section>
  );
}
