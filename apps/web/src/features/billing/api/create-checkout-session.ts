import { type CheckoutResponse, MESSAGES, SUBSCRIPTION_PATHS, checkoutResponseSchema } from '@ensemble/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiPost } from '@/lib/api-client';

/** POST create-checkout-session.php {priceId}: a Stripe Checkout Session and the URL to send the browser to. */
export function createCheckoutSession(priceId: string): Promise<CheckoutResponse> {
  return apiPost(SUBSCRIPTION_PATHS.checkout, { priceId }, { schema: checkoutResponseSchema });
}

/** The checkout call as a mutation. */
export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}

/**
 * The text shown when a checkout cannot start: 'Error creating subscription: {reason}', the reason
 * being the server's message, or 'Failed to create checkout session' when the answer was unusable.
 */
export function checkoutErrorText(error: unknown): string {
  const unusable =
    !(error instanceof ApiError) ||
    error.code === 'invalid_response' ||
    error.code === 'non_json' ||
    error.message === MESSAGES.serverError(error.httpStatus);
  return MESSAGES.subscriptionError(unusable ? MESSAGES.checkoutFailed : error.message);
}
