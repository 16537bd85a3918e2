import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { Button } from '~/components/ui/Button';
import { Table, type Column } from '~/components/ui/Table';
import { formatDateTime } from '~/lib/wallet/format';
import { requireStaff } from '~/services/accounts/auth.server';
import { redirectWithToast } from '~/services/platform/toast.server';
import { decideVerification, decideWithdrawal, listVerificationRequests, listWithdrawalRequests } from '~/services/wallet/wallet-review.server';

export const meta: MetaFunction = () => [{ title: 'Wallet review · Paceline staff' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const [verifications, withdrawals] = await Promise.all([listVerificationRequests(), listWithdrawalRequests()]);
  return { verifications, withdrawals };
}

const Decision = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve-verification'), id: z.coerce.number().int() }),
  z.object({ intent: z.literal('reject-verification'), id: z.coerce.number().int(), reason: z.string().trim().min(1, 'A reason is required').max(500) }),
  z.object({
    intent: z.literal('approve-withdrawal'),
    id: z.coerce.number().int(),
    payoutReference: z.string().trim().min(1, 'The payout reference is required').max(200),
  }),
  z.object({ intent: z.literal('reject-withdrawal'), id: z.coerce.number().int(), reason: z.string().trim().max(500).optional() }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const parsed = Decision.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? 'Invalid decision' }, { status: 400 });
  const decision = parsed.data;
  const changed =
    decision.intent === 'approve-verification' || decision.intent === 'reject-verification'
      ? await decideVerification({
          requestId: decision.id,
          staffId: staff.id,
          approve: decision.intent === 'approve-verification',
          reason: 'reason' in decision ? decision.reason : undefined,
        })
      : await decideWithdrawal({
          requestId: decision.id,
          staffId: staff.id,
          approve: decision.intent === 'approve-withdrawal',
          payoutReference: 'payoutReference' in decision ? decision.payoutReference : undefined,
          reason: 'reason' in decision ? decision.reason : undefined,
        });
  return changed
    ? redirectWithToast('/staff/wallet', { kind: 'success', message: `Request #${decision.id} decided.` })
    : redirectWithToast('/staff/wallet', { kind: 'warning', message: `Request #${decision.id} was already decided: nothing changed.` });
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type VerificationRow = Loaded['verifications'][number];
type WithdrawalRow = Loaded['withdrawals'][number];

function Decided({ row }: { row: { status: string; decidedBy: string | null; decidedAt: Date | null } }) {
  return (
    <span className={`wallet-status wallet-status-${row.status}`}>
      {row.status}
      {row.decidedAt ? ` by ${row.decidedBy ?? 'staff'} at ${formatDateTime(row.decidedAt)}` : ''}
    </span>
  );
}

/** One text field of a decision form: what staff type beside Approve or Reject. */
interface DecisionField {
  name: 'reason' | 'payoutReference';
  label: string;
  placeholder: string;
  required?: boolean;
}

interface DecisionFormsProps {
  kind: 'verification' | 'withdrawal';
  approveField?: DecisionField;
  rejectField: DecisionField;
}

/** The approve/reject pair of a pending request; each form works without JavaScript. */
function DecisionForms({ id, kind, approveField, rejectField }: DecisionFormsProps & { id: number }) {
  const decision = (intent: 'approve' | 'reject', field: DecisionField | undefined, label: string) => (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      {field ? <input name={field.name} aria-label={`${field.label} ${id}`} placeholder={field.placeholder} required={field.required} /> : null}
      <Button type="submit" name="intent" value={`${intent}-${kind}`} variant={intent === 'reject' ? 'danger' : undefined}>
        {label}
      </Button>
    </Form>
  );
  return (
    <>
      {decision('approve', approveField, 'Approve')}
      {decision('reject', rejectField, 'Reject')}
    </>
  );
}

/** The Status and Decision columns both tables end with: the forms while pending, then the outcome. */
function decisionColumns<Row extends { id: number; status: string; decidedBy: string | null; decidedAt: Date | null }>(
  forms: DecisionFormsProps,
  outcome: (row: Row) => string,
): Column<Row>[] {
  return [
    { header: 'Status', cell: (row) => <Decided row={row} /> },
    { header: 'Decision', cell: (row) => (row.status === 'pending' ? <DecisionForms id={row.id} {...forms} /> : outcome(row)) },
  ];
}

const verificationColumns: Column<VerificationRow>[] = [
  { header: '#', cell: (row) => row.id },
  { header: 'Rider', cell: (row) => `${row.riderName} (${row.riderEmail})` },
  { header: 'Binance email / phone', cell: (row) => `${row.binanceEmail} · ${row.phoneNumber}` },
  { header: 'Wallet address', cell: (row) => row.walletAddress },
  {
    header: 'Files',
    cell: (row) => (
      <>
        <a href={`/staff/wallet-file/${row.id}/0`} target="_blank" rel="noreferrer">
          Passport
        </a>
        {Array.from({ length: row.screenshotCount }, (_, index) => (
          <a key={index} href={`/staff/wallet-file/${row.id}/${index + 1}`} target="_blank" rel="noreferrer">
            {' '}
            Screenshot {index + 1}
          </a>
        ))}
      </>
    ),
  },
  ...decisionColumns<VerificationRow>(
    { kind: 'verification', rejectField: { name: 'reason', label: 'Rejection reason for request', placeholder: 'Reason the rider sees', required: true } },
    (row) => row.rejectionReason ?? '',
  ),
];

const withdrawalColumns: Column<WithdrawalRow>[] = [
  { header: '#', cell: (row) => row.id },
  { header: 'Rider', cell: (row) => row.riderEmail },
  { header: 'Amount / fee / total (BTC)', cell: (row) => `${row.amount} / ${row.fee} / ${row.total}`, className: 'numeric' },
  { header: 'Wallet address', cell: (row) => row.walletAddress },
  { header: 'Requested at', cell: (row) => formatDateTime(row.createdAt) },
  ...decisionColumns<WithdrawalRow>(
    {
      kind: 'withdrawal',
      approveField: { name: 'payoutReference', label: 'Payout reference for withdrawal', placeholder: 'Payout reference', required: true },
      rejectField: { name: 'reason', label: 'Rejection reason for withdrawal', placeholder: 'Reason (optional)' },
    },
    (row) => row.payoutReference ?? row.rejectionReason ?? '',
  ),
];

export default function StaffWallet() {
  const { verifications, withdrawals } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="staff-page staff-wallet">
      <h1>Wallet review</h1>
      <p>
        <Link to="/staff/payments">Card payments of deleted accounts</Link>
      </p>
      {actionData && 'error' in actionData ? (
        <p className="field-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <h2>Verification requests</h2>
      <Table columns={verificationColumns} rows={verifications} rowKey={(row) => row.id} empty="No verification requests." testId="staff-verifications" />
      <h2>Withdrawal requests</h2>
      <Table columns={withdrawalColumns} rows={withdrawals} rowKey={(row) => row.id} empty="No withdrawal requests." testId="staff-withdrawals" />
    </section>
  );
}
