import { Button } from '~/components/ui/Button';
import type { ShopItem } from '~/lib/shop/types';

const PLACEHOLDER = '/shop/placeholder.svg';

export function Thumbnail({ item }: { item: ShopItem }) {
  return (
    <img
      className="shop-thumbnail"
      src={item.thumbnail ?? PLACEHOLDER}
      alt={item.thumbnail ? item.Name : `${item.Name} (no image)`}
      width={160}
      height={150}
      loading="lazy"
    />
  );
}

/** Spec 2 §2 product card: name, thumbnail (placeholder when missing), coin price; owned items say so. */
export function ProductCard({ item, owned, onQuickView }: { item: ShopItem; owned: boolean; onQuickView: () => void }) {
  return (
    <li className={`shop-card card${owned ? ' shop-card-owned' : ''}`}>
      <Thumbnail item={item} />
      <h4>{item.Name}</h4>
      <p className="shop-price">{item.UnlockValue.toLocaleString('en-US')} coins</p>
      {owned ? <p className="shop-owned">Owned</p> : null}
      <Button variant="quiet" onClick={onQuickView} aria-label={`Quick View ${item.Name}`}>
        Quick View
      </Button>
    </li>
  );
}
