import { PHONE_MESSAGE } from '../events/phone';
import { BTC_DISPLAY_DECIMALS } from '../money';

/** The wallet's texts, verbatim from spec 1 §5 and §8 (and the few the spec leaves open, marked). */
export const WALLET_MESSAGES = {
  loadFailed: 'Failed to load wallet data. Please refresh the page.',
  noTransactions: 'No transactions found.',
  // Not in the spec (decision 117): what the transactions table says while its machine waits.
  searchPending: 'Searching when you stop typing…',
  loadingTransactions: 'Loading transactions…',
  alreadyVerified: 'Your account is already verified',
  // Code buttons (§8)
  phoneCodeSent: 'OTP sent to your phone successfully',
  emailCodeSent: 'OTP sent to your email successfully',
  codeFailed: 'Failed to send OTP. Please try again.',
  codeException: 'An error occurred. Please try again.',
  // Verification form (§5)
  binanceEmailRequired: 'Binance email is required',
  emailInvalid: 'Please enter a valid email',
  phoneInvalid: PHONE_MESSAGE,
  walletAddressRequired: 'Wallet address is required',
  phoneOtpRequired: 'Phone OTP is required',
  emailOtpRequired: 'Email OTP is required',
  passportRequired: 'Passport proof is required',
  screenshotRequired: 'Binance screenshot is required',
  termsRequired: 'You must accept the terms and conditions',
  // Not in the spec: decision 073.
  walletAddressInvalid: 'Please enter a valid BTC wallet address',
  fileType: 'The file must be a JPEG or PNG image',
  fileSize: 'The file must be 5 MB or smaller',
  tooManyScreenshots: 'You can upload at most 5 screenshots',
  codeIncorrect: 'The code is incorrect or has expired. Please request a new one.',
  verificationPending: 'Your verification is already being reviewed',
  // Verification submit (§8)
  verificationSubmitted: 'Verification submitted successfully',
  verificationFailed: 'Failed to submit verification',
  verificationException: 'An error occurred while submitting your verification',
  // Withdrawal (§5, §8)
  amountRequired: 'Amount is required',
  amountNotNumber: 'Amount must be a valid number',
  amountNotPositive: 'Amount must be greater than 0',
  // Not in the spec (decision 181): an amount at or above the minimum typed finer than the field's step.
  amountTooPrecise: `Amount can have at most ${BTC_DISPLAY_DECIMALS} decimal places`,
  totalExceedsBalance: 'Total amount including fee exceeds available balance',
  emailRequired: 'Email is required',
  emailAddressInvalid: 'Please enter a valid email address',
  walletAddressIdRequired: 'Wallet address/ID is required',
  mustBeVerified: 'Your account must be verified before you can withdraw funds.',
  withdrawalSubmitted: 'Withdrawal request submitted successfully!',
  withdrawalFailed: 'Failed to submit withdrawal request. Please try again.',
  withdrawalException: 'An error occurred while processing your request. Please try again.',
  // Not in the spec: decision 070.
  monthlyLimitReached: 'You have no withdrawals left this month.',
} as const;

export const minimumWithdrawalMessage = (min: string, currency: string) => `Minimum withdrawal amount is ${min} ${currency}`;
