import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { useSubmissionBridge } from '~/components/auth/use-submission-bridge';
import { Button, ButtonLink } from '~/components/ui/Button';
import { Field, FieldError, FormErrors } from '~/components/ui/Field';
import { WALLET_FEE_BASIS_POINTS, WALLET_MIN_WITHDRAWAL_SATOSHI } from '~/lib/constants';
import { formatBtc } from '~/lib/money';
import { WALLET_MESSAGES as M } from '~/lib/wallet/messages';
import { AMOUNT_STEP, checkAmount, withdrawalFigures, withdrawalSchema, type WithdrawalFields, type WithdrawalValues } from '~/lib/wallet/withdrawal-schema';
import { withdrawalMachine } from '~/machines/withdrawal.machine';
import { getBalance, riderAccount } from '~/services/ledger/index.server';
import { redirectWithToast } from '~/services/platform/toast.server';
import { loadWallet, newRequestKey, requestWithdrawal } from '~/services/wallet/wallet.server';
import { requireWalletAction, requireWalletPage } from '~/services/wallet/wallet-guard.server';

export const meta: MetaFunction = () => [{ title: 'Withdraw · Paceline' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireWalletPage(request, context);
  const wallet = await loadWallet(user);
  return { wallet, requestKey: newRequestKey() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireWalletAction(request);
  const formData = await request.formData();
  const { available } = await getBalance(riderAccount(user.id), 'BTC');
  const schema = withdrawalSchema({ availableSatoshi: available, minimumSatoshi: WALLET_MIN_WITHDRAWAL_SATOSHI, feeBasisPoints: WALLET_FEE_BASIS_POINTS });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') return data({ ok: false as const, message: M.withdrawalFailed, reply: submission.reply() }, { status: 400 });
  try {
    const outcome = await requestWithdrawal(user, { amountSatoshi: submission.value.amount, requestKey: submission.value.requestKey });
    if (outcome.ok) {
      // Without JavaScript there is no 1.5 s pause to show: go to the wallet with the toast at once.
      if (formData.get('js') !== '1') return redirectWithToast('/wallet', { kind: 'success', message: M.withdrawalSubmitted });
      return { ok: true as const, message: M.withdrawalSubmitted, reply: submission.reply({ resetForm: true }) };
    }
    const reply = submission.reply(outcome.field ? { fieldErrors: { amount: [outcome.message] } } : { formErrors: [outcome.message] });
    return data({ ok: false as const, message: outcome.message, reply }, { status: 400 });
  } catch (error) {
    console.error(error);
    return data({ ok: false as const, message: M.withdrawalException, reply: submission.reply({ formErrors: [M.withdrawalException] }) }, { status: 500 });
  }
}

export default function WithdrawalRequest() {
  const { wallet, requestKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  const { walletData } = wallet;
  const verified = wallet.verificationStatus === 'approved';
  const [state, send] = useFlowMachine(
    withdrawalMachine.provide({
      actions: {
        notifySuccess: () => window.dispatchEvent(new CustomEvent('paceline:toast', { detail: { kind: 'success', message: M.withdrawalSubmitted } })),
        goToWallet: () => navigate('/wallet'),
      },
    }),
    {
      input: {
        verified,
        remainingTransactions: walletData.remainingTransactions,
        availableSatoshi: walletData.availableSatoshi,
        minimumSatoshi: walletData.minimumSatoshi,
        feeBasisPoints: walletData.feeBasisPoints,
      },
    },
  );
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useSubmissionBridge(
    actionData,
    () => send({ type: 'SUBMIT' }),
    (result) => send(result.ok ? { type: 'SUBMITTED' } : { type: 'FAILED', message: result.message }),
  );
  const limits = {
    availableSatoshi: BigInt(walletData.availableSatoshi),
    minimumSatoshi: BigInt(walletData.minimumSatoshi),
    feeBasisPoints: walletData.feeBasisPoints,
  };
  const [form, fields] = useForm<WithdrawalFields, WithdrawalValues>({
    id: 'withdrawal',
    lastResult: actionData?.reply,
    defaultValue: { email: wallet.email, walletAddress: wallet.walletAddress ?? '', requestKey },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: withdrawalSchema(limits) }),
    shouldValidate: 'onInput',
  });
  const checked = checkAmount(state.context.amount, limits);
  const figures = 'satoshi' in checked ? withdrawalFigures(checked.satoshi, walletData.feeBasisPoints) : null;
  const noneLeft = walletData.remainingTransactions === 0;
  const canWithdraw = hydrated ? state.can({ type: 'SUBMIT' }) : verified && !noneLeft;
  return (
    <section className="wallet-page wallet-withdrawal">
      <h1>Withdrawal request</h1>
      <p>
        Available: <strong>{walletData.balance}</strong> {walletData.currency} · Processing fee {walletData.processingFee}% · Withdrawals this month{' '}
        {walletData.currentMonthTransactions}/{walletData.maxTransactionsPerMonth}
      </p>
      {!verified ? (
        <p className="field-error" role="alert">
          {M.mustBeVerified}
        </p>
      ) : null}
      {verified && noneLeft ? (
        <p className="field-error" role="alert">
          {M.monthlyLimitReached}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="card">
        <FormErrors errors={form.errors} />
        <input type="hidden" name="js" value={hydrated ? '1' : ''} />
        <input {...getInputProps(fields.requestKey, { type: 'hidden' })} />
        <div className="field">
          <label htmlFor={fields.amount.id}>Amount ({walletData.currency})</label>
          <input
            {...getInputProps(fields.amount, { type: 'text' })}
            inputMode="decimal"
            pattern="[0-9]*\.?[0-9]*"
            step={AMOUNT_STEP}
            disabled={noneLeft || !verified || state.matches('submitting') || state.matches('succeeded')}
            onInput={(event) => {
              // Spec 1 §5: digits and one decimal point only.
              const input = event.currentTarget;
              const cleaned = input.value.replace(/[^0-9.]/g, '').replace(/(\..*)\./g, '$1');
              if (cleaned !== input.value) input.value = cleaned;
              send({ type: 'AMOUNT_CHANGED', amount: cleaned });
            }}
          />
          <FieldError id={fields.amount.errorId} errors={fields.amount.errors} />
        </div>
        <Field label="Email" field={fields.email} type="email" inputProps={{ readOnly: true }} />
        <Field label="Wallet address" field={fields.walletAddress} inputProps={{ readOnly: true }} />
        <p data-testid="withdrawal-fee">
          Fee: {figures ? formatBtc(figures.fee) : '0.000000'} {walletData.currency}
        </p>
        <p data-testid="withdrawal-total">
          Total: {figures ? formatBtc(figures.total) : '0.000000'} {walletData.currency}
        </p>
        {state.context.error ? (
          <p className="field-error" role="alert">
            {state.context.error}
          </p>
        ) : null}
        <Button type="submit" disabled={!canWithdraw}>
          {state.matches('submitting') ? 'Submitting...' : 'Withdraw'}
        </Button>{' '}
        <ButtonLink to="/wallet" variant="secondary">
          Cancel
        </ButtonLink>
      </Form>
    </section>
  );
}
