import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { Button } from '~/components/ui/Button';
import { Table, type Column } from '~/components/ui/Table';
import { formatAed, formatUnits } from '~/lib/money';
import { formatDateTime } from '~/lib/wallet/format';
import { requireStaff } from '~/services/accounts/auth.server';
import { redirectWithToast } from '~/services/platform/toast.server';
import { listOrphanedPayments, refundOrphanedPayment } from '~/services/shop/refunds.server';

export const meta: MetaFunction = () => [{ title: 'Card payments of deleted accounts · Paceline staff' }];

/**
 * Card payments completed after their rider deleted the account (issue 35 item 9, decision 178):
 * the gems went to the deleted account's tombstone, so staff refund the payment to the card.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const orphaned = await listOrphanedPayments();
  return {
    payments: orphaned.map(({ amountMinor, gems, ...payment }) => ({ ...payment, amount: formatAed(amountMinor), gems: formatUnits(gems) })),
  };
}

const RefundRequest = z.object({ intent: z.literal('refund'), orderId: z.string().uuid() });

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const parsed = RefundRequest.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: 'Choose a payment to refund.' }, { status: 400 });
  const outcome = await refundOrphanedPayment(parsed.data.orderId, staff.id);
  return redirectWithToast('/staff/payments', { kind: outcome.ok ? 'success' : 'warning', message: outcome.message });
}

type PaymentRow = ReturnType<typeof useLoaderData<typeof loader>>['payments'][number];

const columns: Column<PaymentRow>[] = [
  { header: 'Order', cell: (row) => row.orderId, rowHeader: true },
  { header: 'Paid', cell: (row) => formatDateTime(new Date(row.paidAt)) },
  { header: 'Account deleted', cell: (row) => `${formatDateTime(new Date(row.deletedAt))} (${row.deletedAccountId})` },
  { header: 'Gems', cell: (row) => `${row.gems} (${row.packageId})`, className: 'numeric' },
  { header: 'Amount', cell: (row) => row.amount, className: 'numeric' },
  { header: 'Processor', cell: (row) => `${row.provider} · ${row.paymentId ?? ''}` },
  {
    header: 'Refund',
    cell: (row) =>
      row.refundedAt ? (
        `Refunded ${formatDateTime(new Date(row.refundedAt))}${row.refundedBy ? ` by ${row.refundedBy}` : ''} (${row.refundId})`
      ) : (
        <Form method="post">
          <input type="hidden" name="orderId" value={row.orderId} />
          <Button type="submit" name="intent" value="refund" variant="danger">
            Refund {row.amount}
          </Button>
        </Form>
      ),
  },
];

export default function StaffPayments() {
  const { payments } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <section className="staff-page staff-payments">
      <h1>Card payments of deleted accounts</h1>
      <p>
        A payment completed after its rider deleted the account credited the deleted account, where nothing can spend it: refund it to the card. The refund goes
        through the card processor once, and takes the gems back. <Link to="/staff/wallet">Wallet review</Link> · <Link to="/staff/jobs">Jobs</Link>
      </p>
      {refused && 'error' in refused ? (
        <p className="field-error" role="alert">
          {refused.error}
        </p>
      ) : null}
      <Table columns={columns} rows={payments} rowKey={(row) => row.orderId} empty="No card payment of a deleted account." testId="staff-orphaned-payments" />
    </section>
  );
}
