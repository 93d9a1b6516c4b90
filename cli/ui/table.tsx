/** A plain column table: fixed-width columns, the last one takes the rest and wraps. */
import { Box, Text } from 'ink';

export interface Column<R> {
  header: string;
  cell: (row: R) => string;
  color?: (row: R) => string | undefined;
  align?: 'left' | 'right';
  /** Cut the text at the column's width instead of wrapping it (the last column takes what is left). */
  truncate?: boolean;
}

const GAP = 2;

export function Table<R>({ columns, rows }: { columns: Column<R>[]; rows: R[] }) {
  const cells = rows.map((r) => columns.map((c) => c.cell(r)));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((row) => row[i].length)));
  const pad = (text: string, i: number) => (columns[i].align === 'right' ? text.padStart(widths[i]) : text);
  const last = columns.length - 1;
  const cellBox = (i: number) => (i === last ? { flexGrow: 1 } : { width: widths[i] + GAP, flexShrink: 0 });
  return (
    <Box flexDirection="column">
      <Box>
        {columns.map((c, i) => (
          <Box key={c.header} {...cellBox(i)}>
            <Text bold>{pad(c.header, i)}</Text>
          </Box>
        ))}
      </Box>
      {rows.map((r, ri) => (
        <Box key={ri}>
          {columns.map((c, i) => (
            <Box key={c.header} {...cellBox(i)}>
              <Text color={c.color?.(r)} wrap={c.truncate ? 'truncate-end' : 'wrap'}>
                {pad(cells[ri][i], i)}
              </Text>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
