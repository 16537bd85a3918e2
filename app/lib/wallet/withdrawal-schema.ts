import { z } from 'zod';
import { BTC_DISPLAY_DECIMALS, BTC_STEP_SATOSHI, btcInputValue, feeForAmount, formatBtc, readTypedBtc } from '~/lib/money';
import { minimumWithdrawalMessage, WALLET_MESSAGES as M } from './messages';

/** What the withdrawal rules need to know about the rider's wallet (spec 1 §5 Withdrawal). */
export interface WithdrawalLimits {
  availableSatoshi: bigint;
  minimumSatoshi: bigint;
  feeBasisPoints: number;
}

/**
 * The amount field's step (spec 1 §5 "step 0.000001"): amounts, fees and totals are whole steps,
 * so what is shown is what is held (decision 071). The minimum is a whole number of steps too
 * (decision 181; withdrawal-schema.test.ts holds the constant to it).
 */
export const AMOUNT_STEP = btcInputValue(BTC_STEP_SATOSHI);

export function withdrawalFigures(amount: bigint, feeBasisPoints: number) {
  const fee = feeForAmount(amount, feeBasisPoints, BTC_STEP_SATOSHI);
  return { amount, fee, total: amount + fee };
}

/**
 * Amount text → satoshi, with the spec's message for each way it can be wrong. Every amount
 * above zero and below the minimum gets the minimum's message, however many decimals it was
 * typed with (issue 36: 0.0000001 used to read "Amount must be a valid number"); only an amount
 * at or above the minimum is held to the field's step.
 */
export function checkAmount(text: string | undefined, limits: WithdrawalLimits): { satoshi: bigint } | { error: string } {
  const trimmed = text?.trim() ?? '';
  if (!trimmed) return { error: M.amountRequired };
  const amount = readTypedBtc(trimmed);
  if (!amount) return { error: M.amountNotNumber };
  if (!amount.positive) return { error: M.amountNotPositive };
  if (amount.satoshiFloor < limits.minimumSatoshi) return { error: minimumWithdrawalMessage(formatBtc(limits.minimumSatoshi), 'BTC') };
  if (amount.decimals > BTC_DISPLAY_DECIMALS) return { error: M.amountTooPrecise };
  if (withdrawalFigures(amount.satoshiFloor, limits.feeBasisPoints).total > limits.availableSatoshi) return { error: M.totalExceedsBalance };
  return { satoshi: amount.satoshiFloor };
}

/** The same rules in the browser (live) and on the server (authoritative, with fresh limits). */
export function withdrawalSchema(limits: WithdrawalLimits) {
  return z.object({
    amount: z
      .string()
      .optional()
      .transform((value, context) => {
        const checked = checkAmount(value, limits);
        if ('satoshi' in checked) return checked.satoshi;
        context.addIssue({ code: z.ZodIssueCode.custom, message: checked.error });
        return z.NEVER;
      }),
    email: z.string({ required_error: M.emailRequired }).trim().min(1, M.emailRequired).email(M.emailAddressInvalid),
    walletAddress: z.string({ required_error: M.walletAddressIdRequired }).trim().min(1, M.walletAddressIdRequired),
    requestKey: z.string().min(8).max(100),
  });
}
/** The form's fields as typed, and as parsed (the amount in satoshi). */
export type WithdrawalFields = z.input<ReturnType<typeof withdrawalSchema>>;
export type WithdrawalValues = z.output<ReturnType<typeof withdrawalSchema>>;
