import type { ReactNode } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
}

/** Accessible tab buttons; the caller owns which tab is selected (URL, hash or machine). */
export function Tabs<Id extends string>({
  tabs,
  selected,
  onSelect,
  label,
  orientation = 'horizontal',
}: {
  tabs: TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  label: string;
  orientation?: 'horizontal' | 'vertical';
}) {
  return (
    <div role="tablist" aria-label={label} aria-orientation={orientation} className={`tabs tabs-${orientation}`}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={`tab-${tab.id}`}
          aria-selected={tab.id === selected}
          aria-controls={`panel-${tab.id}`}
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
