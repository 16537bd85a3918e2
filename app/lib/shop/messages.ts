import { UNABLE_TO_PROCESS_MESSAGE } from '../constants';

/** The shop's texts: spec 2 §8 where it gives one, decision 083 where it is silent. */
export const SHOP_MESSAGES = {
  /** Spec 2 §8 "Failed purchase, no server message". */
  purchaseFailed: 'Purchase failed.',
  /** Spec 2 §8 "Exception in purchase or check". */
  exception: 'An error occurred while processing your request.',
  /** Spec 2 §8 "Payment failure". */
  paymentFailed: 'Sorry! Something went wrong. Please try again.',
  /** Spec 2 §8 "Payment slow". */
  paymentSlow: 'This is taking longer than usual…',
  /** Spec 2 §2 payment modal waiting dialog. */
  paymentWaiting: 'Please wait while we are checking your payment. Please do not close your browser.',
  /** Spec 2 §8 "No session URL or the call fails". */
  noSession: UNABLE_TO_PROCESS_MESSAGE,
  /** Spec 2 §8 "Empty shop list". */
  empty: 'Sorry, no product available here at this moment.',
  purchaseSuccessful: 'Purchase Successful!',
  congratulations: 'Congratulations!',
  alreadyOwned: 'You already own this item.',
  notEnoughCoins: 'You do not have enough coins to buy this item.',
  notEnoughGems: 'You do not have enough gems for this bundle.',
  notForSale: 'This item is not available in the shop.',
  noPackage: 'This package does not exist.',
} as const;
