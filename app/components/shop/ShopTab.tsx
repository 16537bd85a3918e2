import { useFetcher } from '@remix-run/react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '~/components/ui/Button';
import { Tabs } from '~/components/ui/Tabs';
import { SHOP_TABS } from '~/lib/shop/catalogue';
import { SHOP_MESSAGES } from '~/lib/shop/messages';
import type { ShopData, ShopItem } from '~/lib/shop/types';
import { PaymentModal, type PaymentReturn } from './PaymentModal';
import { ProductCard } from './ProductCard';
import { QuickView } from './QuickView';

type MainTab = (typeof SHOP_TABS)[number];

/** The provider's return: /user/activities?payment_result=…&orderId=…#in-game-shop (spec 2 §2). */
function readReturn(): PaymentReturn | null {
  const params = new URLSearchParams(window.location.search);
  const paymentResult = params.get('payment_result');
  return paymentResult === null ? null : { paymentResult, orderId: params.get('orderId') };
}

/**
 * Spec 2 §2 In Game Shop tab: Bike (Frameset, Wheel) and APPAREL (six sub-tabs), product cards,
 * Quick View, the rider's coins and gems, and the payment modal. Its data comes from /user/shop.
 */
export function ShopTab() {
  const fetcher = useFetcher<ShopData>();
  const [mainId, setMainId] = useState<MainTab['id']>('bike');
  const main = SHOP_TABS.find((tab) => tab.id === mainId) ?? SHOP_TABS[0];
  const [subId, setSubId] = useState<string>(main.subTabs[0].id);
  const [quickView, setQuickView] = useState<ShopItem | null>(null);
  const [paymentOpen, setPaymentOpen] = useState(false);
  const [returned, setReturned] = useState<PaymentReturn | null>(null);

  useEffect(() => {
    if (fetcher.state === 'idle' && !fetcher.data) fetcher.load('/user/shop');
  }, [fetcher]);
  useEffect(() => {
    const back = readReturn();
    if (back) {
      setReturned(back);
      setPaymentOpen(true);
    }
  }, []);

  const data = fetcher.data;
  const sub = main.subTabs.find((tab) => tab.id === subId) ?? main.subTabs[0];
  const items = data?.items[sub.type] ?? [];
  const owned = useMemo(() => new Set(data?.owned ?? []), [data]);

  return (
    <div className="shop">
      <div className="shop-balances" aria-label="Your balances">
        <h2 className="shop-title">In Game Shop</h2>
        <span data-testid="shop-coins">{data ? data.coins : '…'} coins</span>
        <span data-testid="shop-gems">{data ? data.gems : '…'} gems</span>
        <Button variant="secondary" onClick={() => setPaymentOpen(true)} disabled={!data}>
          Buy coins and gems
        </Button>
      </div>
      <Tabs
        label="Shop sections"
        tabs={SHOP_TABS.map((tab) => ({ id: tab.id, label: tab.label }))}
        selected={main.id}
        onSelect={(id) => {
          setMainId(id);
          setSubId(SHOP_TABS.find((tab) => tab.id === id)!.subTabs[0].id);
          setQuickView(null);
        }}
      />
      <div className="shop-body" role="tabpanel" id={`panel-${main.id}`} aria-labelledby={`tab-${main.id}`}>
        <Tabs
          label={`${main.label} categories`}
          orientation="vertical"
          tabs={main.subTabs.map((tab) => ({ id: tab.id, label: tab.label }))}
          selected={sub.id}
          onSelect={(id) => {
            setSubId(id);
            setQuickView(null);
          }}
        />
        <div role="tabpanel" id={`panel-${sub.id}`} aria-labelledby={`tab-${sub.id}`} className="shop-products">
          {!data ? (
            <p aria-live="polite">Loading the shop…</p>
          ) : items.length === 0 ? (
            <p className="shop-empty">{SHOP_MESSAGES.empty}</p>
          ) : (
            <ul className="shop-grid">
              {items.map((item) => (
                <ProductCard key={item.Id} item={item} owned={owned.has(item.Id)} onQuickView={() => setQuickView(item)} />
              ))}
            </ul>
          )}
        </div>
        {quickView && data ? (
          <QuickView key={quickView.Id} item={quickView} owned={owned.has(quickView.Id)} payloadKey={data.payloadKey} onClose={() => setQuickView(null)} />
        ) : null}
      </div>
      {paymentOpen && data ? (
        <PaymentModal
          gems={Number(data.gems.replaceAll(',', ''))}
          coinsBundles={data.coinsBundles}
          gemsBundles={data.gemsBundles}
          returned={returned}
          onClose={() => setPaymentOpen(false)}
        />
      ) : null}
    </div>
  );
}
