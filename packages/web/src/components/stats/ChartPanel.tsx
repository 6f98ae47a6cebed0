/**
 * A chart with the same numbers as a table behind a "Show table" toggle: the chart is an
 * image to assistive technology (its label sums it up), the table is the accessible form of it.
 */
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../ui/Button.tsx';

export interface TableColumn<Row> {
  header: string;
  cell: (row: Row) => string;
  /** Right-aligned numbers. */
  numeric?: boolean;
}

interface ChartPanelProps<Row> {
  title: string;
  /** One line under the title: the window, the unit, the time zone. */
  description: string;
  /** The chart's summary for screen readers. */
  summary: string;
  rows: readonly Row[];
  columns: readonly TableColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Shown instead of chart and table when there is nothing to chart. */
  empty?: string | null;
  children: ReactNode;
}

export function ChartPanel<Row>({
  title,
  description,
  summary,
  rows,
  columns,
  rowKey,
  empty = null,
  children,
}: ChartPanelProps<Row>) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
        {empty === null ? (
          <Button
            variant="secondary"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((shown) => !shown)}
          >
            {showTable ? 'Hide table' : 'Show table'}
          </Button>
        ) : null}
      </div>
      {empty !== null ? (
        <p className="py-8 text-center text-sm text-slate-500">{empty}</p>
      ) : (
        <>
          <div role="img" aria-label={summary} className="mt-3">
            {children}
          </div>
          <div id={tableId} hidden={!showTable} className="mt-3 max-h-80 overflow-auto">
            {showTable ? (
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{title}</caption>
                <thead>
                  <tr className="border-b border-slate-200">
                    {columns.map((column) => (
                      <th
                        key={column.header}
                        scope="col"
                        className={`py-2 pr-3 font-medium text-slate-700 ${column.numeric ? 'text-right' : ''}`}
                      >
                        {column.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={rowKey(row)} className="border-b border-slate-100">
                      {columns.map((column, index) =>
                        index === 0 ? (
                          <th
                            key={column.header}
                            scope="row"
                            className="py-1.5 pr-3 font-normal text-slate-800"
                          >
                            {column.cell(row)}
                          </th>
                        ) : (
                          <td
                            key={column.header}
                            className={`py-1.5 pr-3 text-slate-800 ${column.numeric ? 'text-right tabular-nums' : ''}`}
                          >
                            {column.cell(row)}
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
