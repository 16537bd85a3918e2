import { useState } from 'react';
import type { PrizeGate, PrizeMoney } from '~/lib/domain/events';
import { formatPrize, splitPodium } from '~/lib/events/money';

/**
 * The prize widget (spec 3 §2, §3 "Prize money", §9): a SERIES shows the overall prizes and
 * one tab per day; any other template shows its gates. Top 3 on a podium, the rest listed.
 */
export function PrizeWidget({ prize }: { prize: PrizeMoney }) {
  const views = [{ id: 'overall', label: 'Overall', gates: prize.overall }];
  if (prize.templateType === 'SERIES') {
    for (const day of prize.day) views.push({ id: `day-${day.day}`, label: `Day ${day.day}`, gates: day.gates });
  }
  const [selected, setSelected] = useState(views[0].id);
  const view = views.find((candidate) => candidate.id === selected) ?? views[0];
  return (
    <section className="prize-widget card" aria-labelledby="prize-heading">
      <h2 id="prize-heading">{prize.templateType === 'SERIES' ? 'Series prize money' : 'Prize money'}</h2>
      {views.length > 1 ? (
        <div role="tablist" aria-label="Prize days" className="tabs">
          {views.map((candidate) => (
            <button key={candidate.id} type="button" role="tab" aria-selected={candidate.id === view.id} onClick={() => setSelected(candidate.id)}>
              {candidate.label}
            </button>
          ))}
        </div>
      ) : null}
      {view.gates.map((gate) => (
        <PrizeGateView key={`${view.id}-${gate.gateType}-${gate.heading}`} gate={gate} prize={prize} />
      ))}
    </section>
  );
}

function PrizeGateView({ gate, prize }: { gate: PrizeGate; prize: PrizeMoney }) {
  const { podium, rest } = splitPodium(gate);
  // Podium order on screen: 2nd, 1st, 3rd.
  const onStage = [podium[1], podium[0], podium[2]].filter(Boolean);
  return (
    <div className="prize-gate">
      <h3>{gate.heading}</h3>
      <ol className="prize-podium">
        {onStage.map((place) => (
          <li key={place.place} className={`prize-place prize-place-${place.place}`}>
            <span className="prize-rank">{place.place}</span>
            <span className="prize-amount">{formatPrize(place.amount, prize)}</span>
          </li>
        ))}
      </ol>
      {rest.length > 0 ? (
        <ol className="prize-rest" start={4}>
          {rest.map((place) => (
            <li key={place.place}>
              <span>{ordinal(place.place)}</span> <span>{formatPrize(place.amount, prize)}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function ordinal(place: number): string {
  const suffix =
    place % 10 === 1 && place % 100 !== 11 ? 'st' : place % 10 === 2 && place % 100 !== 12 ? 'nd' : place % 10 === 3 && place % 100 !== 13 ? 'rd' : 'th';
  return `${place}${suffix}`;
}
