import type { ReactNode } from 'react';

/** A column's header: its text, or its content with a class (a column of numbers aligns them right). */
export type ColumnHead = string | { label: ReactNode; className?: string };

/** A table's head: one row naming its columns. */
export function ColumnHeads({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => {
          const { label, className } = typeof column === 'string' ? { label: column, className: undefined } : column;
          return (
            <th key={index} scope="col" className={className}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
