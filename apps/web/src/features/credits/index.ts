/** Public face of the credits feature: the header's credit meter. */
export { CreditMeter } from './components/credit-meter';
export { GuestUnfundedNotice } from './components/guest-unfunded-notice';
export { creditTone, creditPercent, type CreditTone } from './credit-tone';
