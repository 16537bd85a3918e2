import type { MouseEvent, ReactNode } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
}

/** A plain left click is the tab's own business; a modified click opens the link as usual. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Accessible tabs; the caller owns which tab is selected (URL, hash or machine). With `hrefOf`
 * each tab is also a link to a URL the server renders with that tab open, so the tabs work
 * without JavaScript and can be opened in a new window.
 */
export function Tabs<Id extends string>({
  tabs,
  selected,
  onSelect,
  label,
  orientation = 'horizontal',
  hrefOf,
}: {
  tabs: TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  label: string;
  orientation?: 'horizontal' | 'vertical';
  hrefOf?: (id: Id) => string;
}) {
  return (
    <div role="tablist" aria-label={label} aria-orientation={orientation} className={`tabs tabs-${orientation}`}>
      {tabs.map((tab) => {
        // Only the selected tab's panel is rendered, so only that tab may name it in aria-controls.
        const common = {
          role: 'tab',
          id: `tab-${tab.id}`,
          'aria-selected': tab.id === selected,
          'aria-controls': tab.id === selected ? `panel-${tab.id}` : undefined,
        } as const;
        return hrefOf ? (
          <a
            key={tab.id}
            {...common}
            href={hrefOf(tab.id)}
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              onSelect(tab.id);
            }}
          >
            {tab.label}
          </a>
        ) : (
          <button key={tab.id} type="button" {...common} onClick={() => onSelect(tab.id)}>
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
