/** Public face of the billing feature: the Plans screen and the checkout result screens. */
export { PlansScreen, type PlansScreenProps } from './components/plans-screen';
export { SubscriptionSuccess } from './components/subscription-success';
export { SubscriptionCancel } from './components/subscription-cancel';
