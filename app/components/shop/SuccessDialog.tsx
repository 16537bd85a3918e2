import { useEffect, type ReactNode } from 'react';
import { Button } from '~/components/ui/Button';
import { Modal } from '~/components/ui/Modal';
import { PURCHASE_CONFETTI_PARTICLES } from '~/lib/constants';

/** A result dialog; `celebrate` fires the spec's 150-particle confetti when it opens. */
export function ResultDialog({ title, children, onOk, celebrate = false }: { title: string; children?: ReactNode; onOk: () => void; celebrate?: boolean }) {
  useEffect(() => {
    if (!celebrate) return;
    // Loaded on demand: the confetti library only matters at the moment of success.
    void import('canvas-confetti').then(({ default: confetti }) => confetti({ particleCount: PURCHASE_CONFETTI_PARTICLES, spread: 70, origin: { y: 0.6 } }));
  }, [celebrate]);
  return (
    <Modal open title={title} onClose={onOk} className="shop-result">
      {children}
      <Button onClick={onOk}>Ok</Button>
    </Modal>
  );
}
