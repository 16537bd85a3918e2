import { defineFlow, everyKind, type CatalogueEntry } from '~/lib/flows/types';
import { codeRequestMachine, type CodeRequestResult } from '../code-request.machine';
import { transactionsTableMachine } from '../transactions-table.machine';
import { walletVerificationStatusMachine } from '../wallet-verification-status.machine';
import { withdrawalMachine } from '../withdrawal.machine';
import { WALLET_MESSAGES } from '~/lib/wallet/messages';

/** A fetcher-posted form's answer through its page: done, or refused with the server's message. */
const submitAnswers = [{ type: 'SUBMITTED' as const }, { type: 'FAILED' as const, message: WALLET_MESSAGES.codeFailed }];

const page = (current: number) => ({ rows: [], meta: { current_page: current, last_page: 3, total: 25, per_page: 10 } });

/** The wallet flows (issue 10). */
export const walletFlows: CatalogueEntry[] = [
  defineFlow({
    id: 'wallet-verification-status',
    browserCoverage: 'complete',
    title: 'Wallet verification status',
    description:
      "The badge and action button of the wallet: unverified (Verify Account), pending ('Verification in progress'), approved (Withdraw) or rejected (Reverify Account); submitting the verification form makes it pending.",
    specRef: 'spec 1 §2 Wallet home, §4 Wallet verification status',
    machine: walletVerificationStatusMachine,
    serverAnswers: { events: { waitingIn: ['submitting'], answers: submitAnswers } },
    input: { status: 'unverified' },
    eventSamples: {
      STATUS: (['unverified', 'pending', 'approved', 'rejected'] as const).map((status) => ({ type: 'STATUS' as const, status })),
      FAILED: [{ type: 'FAILED', message: WALLET_MESSAGES.verificationFailed }],
    },
    serializeContext: (context: { status: string; error: string | null }) => ({ status: context.status, hasError: Boolean(context.error) }),
  }),
  defineFlow({
    id: 'code-request',
    browserPaths: 'required',
    browserCoverage: 'complete',
    title: 'Code request button',
    description: "Get Code → Sending… → 'Wait Ns' counting down from 60 → Get Code; no request while one is in flight or during the wait. One machine for the phone and e-mail code buttons.",
    specRef: 'spec 1 §4 Code request buttons, §8 Code request, §9 code resend wait 60 s',
    machine: codeRequestMachine,
    serverAnswers: {
      outputs: {
        sendCode: everyKind<CodeRequestResult>()('ok', [
          { ok: true, message: WALLET_MESSAGES.phoneCodeSent, key: 'k' },
          { ok: false, message: WALLET_MESSAGES.codeFailed },
        ]),
      },
    },
    input: { waitSeconds: 2 },
    eventSamples: {
      REQUEST: [{ type: 'REQUEST', canRequest: true }, { type: 'REQUEST', canRequest: false }],
      'xstate.done.actor.sendCode': [
        { type: 'xstate.done.actor.sendCode', output: { ok: true, message: WALLET_MESSAGES.phoneCodeSent, key: 'k' } },
        { type: 'xstate.done.actor.sendCode', output: { ok: false, message: WALLET_MESSAGES.codeFailed } },
      ],
    },
    serializeContext: (context: { secondsLeft: number; error: string | null }) => ({ counting: context.secondsLeft > 1, hasError: Boolean(context.error) }),
  }),
  defineFlow({
    id: 'withdrawal',
    title: 'Withdrawal request',
    description:
      'Withdraw is enabled only for a verified rider with withdrawals left this month and a valid amount; the server accepts (toast, then /wallet after 1.5 s) or refuses with its message.',
    specRef: 'spec 1 §2 Withdrawal request form, §5 Withdrawal, §8 Withdrawal',
    machine: withdrawalMachine,
    serverAnswers: { events: { waitingIn: ['submitting'], answers: submitAnswers } },
    input: { verified: true, remainingTransactions: 5, availableSatoshi: '100000000', minimumSatoshi: '100', feeBasisPoints: 150 },
    eventSamples: {
      AMOUNT_CHANGED: [{ type: 'AMOUNT_CHANGED', amount: '0.5' }, { type: 'AMOUNT_CHANGED', amount: '2' }],
      FAILED: [{ type: 'FAILED', message: WALLET_MESSAGES.totalExceedsBalance }],
    },
    serializeContext: (context: { amount: string; error: string | null }) => ({ amount: context.amount, hasError: Boolean(context.error) }),
  }),
  defineFlow({
    id: 'transactions-table',
    title: 'Wallet transactions table',
    description: 'Search restarts a 500 ms debounce, then loads page 1; page links load their page; a failed load shows an empty list on page 1.',
    specRef: 'spec 1 §2 Wallet home, §8 Wallet, §9 Transactions 10 per page; search debounce 500 ms',
    machine: transactionsTableMachine,
    serverAnswers: { outputs: { loadPage: [page(2)] } },
    input: { search: '', page: 1, result: page(1) },
    eventSamples: {
      SEARCH_CHANGED: [{ type: 'SEARCH_CHANGED', search: 'prize' }],
      PAGE: [{ type: 'PAGE', page: 2 }],
      'xstate.done.actor.loadPage': [{ type: 'xstate.done.actor.loadPage', output: page(2) }],
    },
    serializeContext: (context: { search: string; page: number }) => ({ search: context.search, page: context.page }),
  }),
];
