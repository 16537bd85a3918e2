import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { Button } from '~/components/ui/Button';
import { SHOP_BAR_MAX } from '~/lib/constants';
import { showsPerformanceBars } from '~/lib/shop/catalogue';
import type { ShopItem } from '~/lib/shop/types';
import { itemPurchaseMachine } from '~/machines/item-purchase.machine';
import { checkPurchase, purchaseItem } from './shop-calls';
import { ResultDialog } from './SuccessDialog';
import { Thumbnail } from './ProductCard';
import { SHOP_MESSAGES } from '~/lib/shop/messages';

function Bar({ label, value }: { label: string; value: number }) {
  const clamped = Math.max(0, Math.min(SHOP_BAR_MAX, value));
  return (
    <div className="shop-bar">
      <span>{label}</span>
      <meter min={0} max={SHOP_BAR_MAX} value={clamped} aria-label={label}>
        {clamped}
      </meter>
      <span>{clamped}</span>
    </div>
  );
}

/** Spec 2 §2 Quick View side panel, driven by the itemPurchase machine. */
export function QuickView({ item, owned, payloadKey, onClose }: { item: ShopItem; owned: boolean; payloadKey: string; onClose: () => void }) {
  const machine = useMemo(
    () =>
      itemPurchaseMachine.provide({
        actors: {
          checkPurchase: fromPromise(() => checkPurchase(item.Id, item.UnlockValue, payloadKey)),
          purchase: fromPromise(() => purchaseItem(item.Id, item.Type, payloadKey)),
        },
      }),
    [item, payloadKey],
  );
  const [snapshot, send] = useFlowMachine(machine);
  if (snapshot.matches('closed')) return null;
  if (snapshot.matches('purchased')) return null;
  if (snapshot.matches('successDialog') || snapshot.matches('reloading')) {
    return (
      <ResultDialog
        title={SHOP_MESSAGES.purchaseSuccessful}
        celebrate
        onOk={() => {
          send({ type: 'CONFIRM' });
          window.location.reload();
        }}
      >
        <p>{item.Name} is yours.</p>
      </ResultDialog>
    );
  }
  const canBuy = snapshot.matches('ready') || snapshot.matches('failed') || snapshot.matches('purchasing');
  return (
    <aside className="shop-quick-view card" aria-label={`Quick View: ${item.Name}`}>
      <div className="shop-quick-view-header">
        <h3>{item.Name}</h3>
        <button
          type="button"
          className="modal-close"
          aria-label="Close Quick View"
          onClick={() => {
            send({ type: 'CLOSE' });
            onClose();
          }}
        >
          ×
        </button>
      </div>
      <Thumbnail item={item} />
      {showsPerformanceBars(item.Type) ? (
        <>
          <Bar label="AERO" value={item.Aerodynamics} />
          <Bar label="WEIGHT" value={item.Weight} />
        </>
      ) : null}
      <p>{item.Description}</p>
      <p className="shop-price">{item.UnlockValue.toLocaleString('en-US')} coins</p>
      {owned ? <p className="shop-owned">Owned</p> : null}
      {snapshot.matches('checking') ? <p aria-live="polite">Checking…</p> : null}
      {canBuy ? (
        <Button onClick={() => send({ type: 'BUY' })} pending={snapshot.matches('purchasing')}>
          {snapshot.matches('purchasing') ? 'Buying…' : 'Buy Now'}
        </Button>
      ) : null}
      {snapshot.context.message ? (
        <p className="field-error" role="alert">
          {snapshot.context.message}
        </p>
      ) : null}
    </aside>
  );
}
