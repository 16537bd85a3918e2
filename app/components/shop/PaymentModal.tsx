import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { Button } from '~/components/ui/Button';
import { Modal } from '~/components/ui/Modal';
import { Tabs } from '~/components/ui/Tabs';
import { SHOP_MESSAGES } from '~/lib/shop/messages';
import type { ShopBundle } from '~/lib/shop/types';
import { coinPurchaseMachine } from '~/machines/coin-purchase.machine';
import { gemTopUpMachine } from '~/machines/gem-top-up.machine';
import { createSession, paymentInfo, purchaseCoins } from './shop-calls';
import { ResultDialog } from './SuccessDialog';

/** Ok and close go to /user/activities (spec 2 §2): a full load, so balances and the URL are fresh. */
function leave() {
  // Only the hash would change here, which does not load the page: reload instead.
  if (window.location.pathname === '/user/activities' && window.location.search === '') window.location.reload();
  else window.location.assign('/user/activities#in-game-shop');
}

export interface PaymentReturn {
  paymentResult: string;
  orderId: string | null;
}

/**
 * Spec 2 §2 payment modal titled Shop: Coins (bought with gems, coinPurchase machine) and
 * Power Gems (bought by card, gemTopUp machine). Opened by the rider or by the provider's return.
 */
export function PaymentModal({
  gems,
  coinsBundles,
  gemsBundles,
  returned,
  pollIntervalMs,
  onClose,
}: {
  gems: number;
  coinsBundles: ShopBundle[];
  gemsBundles: ShopBundle[];
  returned: PaymentReturn | null;
  pollIntervalMs?: number;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<'coins' | 'gems'>(returned ? 'gems' : 'coins');
  const coinMachine = useMemo(
    () => coinPurchaseMachine.provide({ actors: { purchaseCoins: fromPromise(({ input }) => purchaseCoins(input.packageId)) }, actions: { leave } }),
    [],
  );
  const gemMachine = useMemo(
    () =>
      gemTopUpMachine.provide({
        actors: {
          createSession: fromPromise(({ input }) => createSession(input.packageId)),
          paymentInfo: fromPromise(({ input }) => paymentInfo(input.orderId)),
        },
        actions: {
          goToCheckout: (_, session) => session.sessionUrl && window.location.assign(session.sessionUrl),
          alertNoSession: () => window.alert(SHOP_MESSAGES.noSession),
          leave,
        },
      }),
    [],
  );
  const [coins, sendCoins] = useFlowMachine(coinMachine, { input: { gems } });
  const [topUp, sendTopUp] = useFlowMachine(gemMachine, { input: { pollIntervalMs } });

  useEffect(() => {
    if (returned) sendTopUp({ type: 'RETURNED', paymentResult: returned.paymentResult, orderId: returned.orderId });
  }, [returned, sendTopUp]);
  useEffect(() => {
    if (coins.matches('needGems')) setTab('gems');
  }, [coins]);

  if (coins.matches('success')) {
    return (
      <ResultDialog title={SHOP_MESSAGES.congratulations} celebrate onOk={() => sendCoins({ type: 'OK' })}>
        <p>You bought {coins.context.reward?.toLocaleString('en-US')} coins.</p>
      </ResultDialog>
    );
  }
  if (topUp.matches('success')) {
    return (
      <ResultDialog title={SHOP_MESSAGES.congratulations} celebrate onOk={() => sendTopUp({ type: 'OK' })}>
        <p>You bought {topUp.context.reward?.toLocaleString('en-US')} Power Gems.</p>
      </ResultDialog>
    );
  }
  if (coins.matches('failure') || topUp.matches('failure')) {
    return (
      <ResultDialog title="Shop" onOk={() => (coins.matches('failure') ? sendCoins({ type: 'OK' }) : sendTopUp({ type: 'OK' }))}>
        <p role="alert">{SHOP_MESSAGES.paymentFailed}</p>
      </ResultDialog>
    );
  }
  if (topUp.matches('checkingPayment')) {
    return (
      <Modal open title="Shop" onClose={leave}>
        <p aria-live="polite" data-state={topUp.matches({ checkingPayment: 'waiting' }) ? 'waiting' : 'asking'}>
          {topUp.context.slow ? SHOP_MESSAGES.paymentSlow : SHOP_MESSAGES.paymentWaiting}
        </p>
      </Modal>
    );
  }
  const busy = coins.matches('purchasing') || topUp.matches('requestingSession') || topUp.matches('redirecting');
  return (
    <Modal open title="Shop" onClose={onClose} className="shop-payment">
      <Tabs
        label="Payment"
        tabs={[
          { id: 'coins' as const, label: 'Coins' },
          { id: 'gems' as const, label: 'Power Gems' },
        ]}
        selected={tab}
        onSelect={setTab}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        <ul className="shop-bundles">
          {(tab === 'coins' ? coinsBundles : gemsBundles).map((bundle) => (
            <li key={bundle.identifier} className="card shop-bundle">
              <strong>
                {bundle.reward.toLocaleString('en-US')} {tab === 'coins' ? 'coins' : 'Power Gems'}
              </strong>
              <Button
                disabled={busy}
                onClick={() =>
                  tab === 'coins'
                    ? sendCoins({ type: 'CHOOSE', packageId: bundle.identifier, price: Number(bundle.price) })
                    : sendTopUp({ type: 'CHOOSE', packageId: bundle.identifier })
                }
              >
                {tab === 'coins' ? `${bundle.price} gems` : `AED ${bundle.price}`}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
