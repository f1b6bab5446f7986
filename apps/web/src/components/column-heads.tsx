/**
 * A table's head: one row naming its columns. The columns of numbers come last and get the class that aligns them.
 */
export function ColumnHeads({
  columns,
  numbers = [],
  numberClass,
}: {
  columns: readonly string[];
  numbers?: readonly string[];
  numberClass?: string;
}) {
  return (
    <thead>
      <tr>
        {columns.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
        {numbers.map((label) => (
          <th key={label} scope="col" className={numberClass}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
