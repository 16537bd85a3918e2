/** The largest value of a PostgreSQL `integer`, which `serial` ids are. */
const INTEGER_MAX = 2_147_483_647;

/**
 * Whether a number parsed from a URL can be a `serial` id: anything else (NaN, a fraction,
 * zero, negative, past the column's range) finds nothing and must never reach a query, where
 * PostgreSQL would refuse it with an error instead of an empty result.
 */
export function isSerialId(id: number): boolean {
  return Number.isInteger(id) && id > 0 && id <= INTEGER_MAX;
}
