import { z } from 'zod';

/** The largest value of a PostgreSQL `integer`, which `serial` ids are. */
const INTEGER_MAX = 2_147_483_647;

/**
 * Whether a number can be a `serial` id: anything else (NaN, a fraction, zero, negative, past
 * the column's range) finds nothing and must never reach a query, where PostgreSQL would refuse
 * it with an error instead of an empty result.
 */
export function isSerialId(id: number): boolean {
  return Number.isInteger(id) && id > 0 && id <= INTEGER_MAX;
}

/** A `serial` id in a form post: a whole number a row can have. */
export const serialIdField = z.coerce.number().int().positive().max(INTEGER_MAX);

/** Whether a string can be a `uuid` id (any version; PostgreSQL refuses other text with an error). */
export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
