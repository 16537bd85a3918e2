import { Button } from '~/components/ui/Button';
import type { LiveActor } from './live-tabs';

/**
 * The "Watch my tabs" panel of /flows/<id> (decision 194): the button, and each actor of this
 * machine running in the staff member's own tabs with the states it is in. The chart marks them.
 */
export function LiveTabs({ watching, onToggle, actors }: { watching: boolean; onToggle: () => void; actors: LiveActor[] }) {
  return (
    <div className="flows-live">
      <Button variant="secondary" onClick={onToggle} aria-pressed={watching}>
        {watching ? 'Stop watching my tabs' : 'Watch my tabs'}
      </Button>{' '}
      <span className="field-hint">
        Marks on the chart, as they move, this machine&apos;s actors running in your own tabs of this browser. Nothing leaves the browser: no one else&apos;s
        session can show here.
      </span>
      {watching ? (
        actors.length === 0 ? (
          <p className="field-hint" data-testid="live-none">
            None running: open a page that uses this flow in another tab.
          </p>
        ) : (
          <ul className="flows-live-actors" aria-live="polite">
            {actors.map((actor) => (
              <li key={`${actor.tab} ${actor.actor}`} data-live-actor={actor.actor}>
                <code>{actor.page}</code> · {innermost(actor.active).join(', ')}
                {actor.status === 'done' ? ' (finished)' : ''}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

/** The innermost of the states an actor is in, by path ('checkingPayment.waiting'): its parents go without saying. */
function innermost(ids: string[]): string[] {
  return ids.filter((id) => !ids.some((other) => other.startsWith(`${id}.`))).map((id) => id.slice(id.indexOf('.') + 1));
}
