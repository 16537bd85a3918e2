import { applySecurityHeaders, newNonce } from '~/services/platform/security.server';
import { listResultEvents, listResults, type ResultEvent } from '~/services/events/results.server';

/**
 * Paceline's own results board (DESIGN.md §5 "results service"): a small standalone page,
 * framed by /race-results. It is a plain document rather than a Remix page so the site's
 * frame breaker does not apply to it; picking another event or day posts a pacelineEvent
 * message to the parent page, which decides where to go (spec 3 §2 Results page).
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

const eventTypeOf = (event: ResultEvent) => (event.days > 1 ? 'series' : 'single');

export async function renderResultsBoard(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const resultEvents = await listResultEvents();
  const selected = resultEvents.find((event) => String(event.id) === url.searchParams.get('eventId'));
  const day = selected ? Math.min(Math.max(1, Number(url.searchParams.get('dayId')) || 1), selected.days) : 1;
  const rows = selected ? await listResults(selected.id, day) : [];

  const eventLinks = resultEvents
    .map((event) => {
      const message = { type: 'pacelineEvent', eventType: eventTypeOf(event), eventId: event.id, ...(event.days > 1 ? { dayId: 1 } : {}) };
      return `<li><button type="button" data-message='${escape(JSON.stringify(message))}' ${event.id === selected?.id ? 'aria-current="true"' : ''}>${escape(event.name)}</button></li>`;
    })
    .join('');
  const dayButtons =
    selected && selected.days > 1
      ? `<nav class="days" aria-label="Days">${Array.from({ length: selected.days }, (_, index) => index + 1)
          .map((number) => {
            const message = { type: 'pacelineEvent', eventType: 'series', eventId: selected.id, dayId: number };
            return `<button type="button" data-message='${escape(JSON.stringify(message))}' ${number === day ? 'aria-current="true"' : ''}>Day ${number}</button>`;
          })
          .join('')}</nav>`
      : '';
  const table = selected
    ? `<table><caption>${escape(selected.name)}${selected.days > 1 ? ` — Day ${day}` : ''}</caption><thead><tr><th>#</th><th>Rider</th><th>Team</th><th>Category</th><th>Time</th><th>Avg W</th><th>W/kg</th></tr></thead><tbody>${rows
        .map(
          (row) =>
            `<tr><td>${row.position}</td><td>${escape(row.riderName)}</td><td>${escape(row.teamName ?? '')}</td><td>${escape(row.category)}</td><td>${formatDuration(row.timeSeconds)}</td><td>${row.avgWatts}</td><td>${row.wkg.toFixed(2)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p class="hint">Pick an event to see its results.</p>';
  const allEvents = `<button type="button" class="all" data-message='${escape(JSON.stringify({ type: 'pacelineEvent', eventType: 'events' }))}'>All events</button>`;

  const nonce = newNonce();
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Paceline results</title><style>${STYLE}</style></head><body>
<header><h1>Results</h1>${selected ? allEvents : ''}</header>
<div class="layout"><ul class="events" aria-label="Events">${eventLinks}</ul><main>${dayButtons}${table}</main></div>
<script nonce="${nonce}">${SCRIPT}</script></body></html>`;
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  applySecurityHeaders(url.pathname, headers, nonce);
  return new Response(html, { headers });
}

// Framed: tell the parent; opened on its own: navigate the board itself.
const SCRIPT = `document.addEventListener('click', function (event) {
  var button = event.target.closest('[data-message]');
  if (!button) return;
  var message = JSON.parse(button.getAttribute('data-message'));
  if (window.parent !== window) { window.parent.postMessage(message, '*'); return; }
  var query = new URLSearchParams();
  if (message.eventId) query.set('eventId', message.eventId);
  if (message.dayId) query.set('dayId', message.dayId);
  var search = query.toString();
  window.location.href = search ? '/results-board/v2/complete-result?' + search : '/results-board';
});`;

const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#0d1117;color:#f5f7fa}header{display:flex;justify-content:space-between;align-items:center;padding:.75rem 1rem;border-bottom:1px solid #2d3440}h1{font-size:1.2rem;margin:0}
.layout{display:grid;grid-template-columns:220px 1fr;gap:1rem;padding:1rem}.events{list-style:none;margin:0;padding:0}.events button,.days button,.all{display:block;width:100%;text-align:left;background:#161b22;color:#f5f7fa;border:1px solid #2d3440;border-radius:6px;padding:.45rem .6rem;margin-bottom:.35rem;cursor:pointer;font:inherit}
.days{display:flex;gap:.4rem;margin-bottom:.75rem}.days button{width:auto}.all{width:auto}[aria-current=true]{border-color:#ff5a1f!important;background:#1f2630!important}
table{width:100%;border-collapse:collapse}caption{text-align:left;font-weight:700;padding-bottom:.5rem}th,td{padding:.4rem .5rem;border-bottom:1px solid #2d3440;text-align:left}th{color:#9aa4b2;font-size:.8rem}.hint{color:#9aa4b2}`;
