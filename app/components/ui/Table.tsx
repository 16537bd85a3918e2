import type { ReactNode } from 'react';
import { PlainMarkup } from './PlainMarkup';

/**
 * Every table of the app: one header row from `columns`, one row per item, and `empty` (the
 * spec's "No … found." text) in a single full-width cell when there are no rows. Cells are render
 * functions so each screen keeps its own formatting while the markup stays the same everywhere.
 * Plain markup and no hooks: the server writes exactly what the browser hydrates.
 */
export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** Class for the column's cells, e.g. "numeric" for right-aligned figures. */
  className?: string;
  /** The column names its row (`<th scope="row">`): a grid of figures read row by row. */
  rowHeader?: boolean;
}

export function Table<Row>({
  columns,
  rows,
  rowKey,
  empty,
  caption,
  label,
  testId,
  rowClassName,
  className,
  rowAttributes,
  footer,
  plainRows = false,
}: {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  empty?: ReactNode;
  caption?: ReactNode;
  /** The table's accessible name when no caption shows it. */
  label?: string;
  testId?: string;
  rowClassName?: (row: Row) => string | undefined;
  /** Extra classes beside `data`, for a screen's own layout. */
  className?: string;
  /** data-* attributes per row, for tests and scripts that find a row by its id. */
  rowAttributes?: (row: Row) => Record<`data-${string}`, string>;
  /** Rows after the body (`<tfoot>`), e.g. totals that are not items of the list; `<tr>`s. */
  footer?: ReactNode;
  /** The rows are plain markup, written on the server without React's renderer (long lists: `PlainMarkup`). */
  plainRows?: boolean;
}) {
  const body =
    rows.length === 0 && empty ? (
      <tr>
        <td colSpan={columns.length} className="empty">
          {empty}
        </td>
      </tr>
    ) : (
      rows.map((row, rowIndex) => (
        <tr key={rowKey(row, rowIndex)} className={rowClassName?.(row)} {...rowAttributes?.(row)}>
          {columns.map((column, index) =>
            column.rowHeader ? (
              <th key={index} scope="row" className={column.className}>
                {column.cell(row, rowIndex)}
              </th>
            ) : (
              <td key={index} className={column.className}>
                {column.cell(row, rowIndex)}
              </td>
            ),
          )}
        </tr>
      ))
    );
  return (
    <table className={className ? `data ${className}` : 'data'} aria-label={label} data-testid={testId}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={column.className}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      {plainRows ? <PlainMarkup as="tbody">{body}</PlainMarkup> : <tbody>{body}</tbody>}
      {footer ? <tfoot>{footer}</tfoot> : null}
    </table>
  );
}
