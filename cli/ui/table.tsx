/**
 * A plain column table. Widths come from the content and each row is one line of
 * padded text: Ink drops the empty space of boxes that run past the terminal's width,
 * which would shift every column after it, while spaces inside text survive.
 */
import { Box, Text } from 'ink';

export interface Column<R> {
  header: string;
  cell: (row: R) => string;
  color?: (row: R) => string | undefined;
  align?: 'left' | 'right';
  /** Longer cells are cut and end with "…". */
  maxWidth?: number;
}

const GAP = '  ';

function cut(text: string, max: number | undefined): string {
  return max !== undefined && text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function Table<R>({ columns, rows }: { columns: Column<R>[]; rows: R[] }) {
  const cells = rows.map((r) => columns.map((c) => cut(c.cell(r), c.maxWidth)));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((row) => row[i].length)));
  const last = columns.length - 1;
  const pad = (value: string, i: number) => (columns[i].align === 'right' ? value.padStart(widths[i]) : i === last ? value : value.padEnd(widths[i]));
  return (
    <Box flexDirection="column">
      <Text bold>{columns.map((c, i) => pad(c.header, i)).join(GAP)}</Text>
      {rows.map((r, ri) => (
        <Text key={ri}>
          {columns.map((c, i) => (
            <Text key={c.header} color={c.color?.(r)}>
              {pad(cells[ri][i], i)}
              {i === last ? '' : GAP}
            </Text>
          ))}
        </Text>
      ))}
    </Box>
  );
}
