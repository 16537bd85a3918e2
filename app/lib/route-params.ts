import { isSerialId, isUuid } from './domain/ids';

/**
 * Ids taken from a route's URL segments, checked once where they enter (issue 15 item 9): a
 * segment no row can have answers the route's 404 at once, so no service receives NaN, a
 * fraction or text PostgreSQL would refuse with an error instead of finding nothing.
 */
function notFound(message: string): Response {
  return new Response(message, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** A `serial` id segment (digits only), or the route's 404. */
export function serialIdParam(segment: string | undefined, message = 'Not found'): number {
  const id = /^[0-9]{1,10}$/.test(segment ?? '') ? Number(segment) : Number.NaN;
  if (!isSerialId(id)) throw notFound(message);
  return id;
}

/** A `uuid` id segment, or the route's 404. */
export function uuidParam(segment: string | undefined, message = 'Not found'): string {
  if (!segment || !isUuid(segment)) throw notFound(message);
  return segment;
}
