import { TIERS, type Tier } from '@ensemble/shared';
import { t } from '@lingui/core/macro';
import { intlLocale } from '@/i18n/format';

/**
 * What a plan card offers the signed-in user: 'current' (a disabled 'Current Plan' button),
 * 'free' (never purchasable), 'included' (a lower tier than the user's: no button, no downgrade
 * by purchase) or 'upgrade' (a purchase button).
 */
export type PlanAction = 'current' | 'free' | 'included' | 'upgrade';

/** The action of the card `card` for a user on `current` (screens.md, Plans). */
export function planAction(card: Tier, current: Tier): PlanAction {
  if (card === current) return 'current';
  if (card === 'free') return 'free';
  return TIERS.indexOf(card) < TIERS.indexOf(current) ? 'included' : 'upgrade';
}

/** A subscription date as 'July 1, 2025'; '' when it cannot be read. */
export function formatPlanDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(intlLocale(), { year: 'numeric', month: 'long', day: 'numeric' });
}

/** The status line: active 'Renews {date}', canceled 'Expires {date}', otherwise 'No active subscription'. */
export function subscriptionStatusLine(status: string | null | undefined, endDate: string | null | undefined): string {
  const date = formatPlanDate(endDate);
  if (status === 'active') return date ? t`Renews ${date}` : t`Active subscription`;
  if (status === 'canceled' || status === 'cancelled') return date ? t`Expires ${date}` : t`Subscription canceled`;
  return t`No active subscription`;
}

/** Which card the mobile carousel opens on: the next tier up (the upgrade on offer), or Premium. */
export function initialCarouselIndex(current: Tier): number {
  return Math.min(TIERS.indexOf(current) + 1, TIERS.length - 1);
}
