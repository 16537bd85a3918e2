import { z } from 'zod';
import { feeForAmount, formatBtc, parseBtc } from '~/lib/money';
import { minimumWithdrawalMessage, WALLET_MESSAGES as M } from './messages';

/** What the withdrawal rules need to know about the rider's wallet (spec 1 §5 Withdrawal). */
export interface WithdrawalLimits {
  availableSatoshi: bigint;
  minimumSatoshi: bigint;
  feeBasisPoints: number;
}

/** BTC fees are whole steps of the 6th decimal, so what is shown is what is held (decision 071). */
const BTC_FEE_STEP_SATOSHI = 100n;

export function withdrawalFigures(amount: bigint, feeBasisPoints: number) {
  const fee = feeForAmount(amount, feeBasisPoints, BTC_FEE_STEP_SATOSHI);
  return { amount, fee, total: amount + fee };
}

/** Amount text → satoshi, with the spec's message for each way it can be wrong. */
export function checkAmount(text: string | undefined, limits: WithdrawalLimits): { satoshi: bigint } | { error: string } {
  const trimmed = text?.trim() ?? '';
  if (!trimmed) return { error: M.amountRequired };
  const satoshi = parseBtc(trimmed);
  if (satoshi === null) return { error: M.amountNotNumber };
  if (satoshi <= 0n) return { error: M.amountNotPositive };
  if (satoshi < limits.minimumSatoshi) return { error: minimumWithdrawalMessage(formatBtc(limits.minimumSatoshi), 'BTC') };
  if (withdrawalFigures(satoshi, limits.feeBasisPoints).total > limits.availableSatoshi) return { error: M.totalExceedsBalance };
  return { satoshi };
}

/** The same rules in the browser (live) and on the server (authoritative, with fresh limits). */
export function withdrawalSchema(limits: WithdrawalLimits) {
  return z.object({
    amount: z
      .string()
      .optional()
      .superRefine((value, context) => {
        const checked = checkAmount(value, limits);
        if ('error' in checked) context.addIssue({ code: z.ZodIssueCode.custom, message: checked.error });
      }),
    email: z.string({ required_error: M.emailRequired }).trim().min(1, M.emailRequired).email(M.emailAddressInvalid),
    walletAddress: z.string({ required_error: M.walletAddressIdRequired }).trim().min(1, M.walletAddressIdRequired),
    requestKey: z.string().min(8).max(100),
  });
}
export type WithdrawalInput = z.infer<ReturnType<typeof withdrawalSchema>>;
