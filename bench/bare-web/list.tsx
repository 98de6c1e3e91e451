import './mantine.ts';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Box, Button, MantineProvider, Stack, Table, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState, type ReactElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

type Row = Record<string, unknown>;

const rowHeight = 49;
const columns = 7;
const cellStyle = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** The rows of a list reply: its longest array, whatever the reply names it. */
function rowsOf(reply: unknown): Row[] {
  if (Array.isArray(reply)) return reply as Row[];
  const arrays = Object.values(reply as Row).filter((value): value is Row[] => Array.isArray(value));
  return arrays.reduce<Row[]>((longest, array) => (array.length > longest.length ? array : longest), []);
}

function cell(value: unknown): ReactNode {
  if (typeof value === 'boolean') return <Badge variant="light">{value ? 'yes' : 'no'}</Badge>;
  if (Array.isArray(value)) return value.length;
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The rows' first fields in a virtualised Mantine table, as the patient list shows them. */
function RowTable({ rows }: { rows: Row[] }): ReactElement {
  const scrollRef = useRef<HTMLDivElement>(null);
  const keys = Object.keys(rows[0] ?? {}).slice(0, columns);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <Box ref={scrollRef} h={600} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label="Rows">
      <Table stickyHeader aria-rowcount={rows.length + 1} style={{ tableLayout: 'fixed', minWidth: 1000 }}>
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            {keys.map((key) => (
              <Table.Th key={key}>{key}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paddingTop > 0 && (
            <tr aria-hidden>
              <td colSpan={keys.length} style={{ height: paddingTop, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            return (
              row && (
                <Table.Tr key={item.index} aria-rowindex={item.index + 2} h={rowHeight}>
                  {keys.map((key, index) => (
                    <Table.Td key={key} style={cellStyle}>
                      {index === 0 ? (
                        <Anchor href={`#${item.index}`} fw={600} size="sm">
                          {cell(row[key])}
                        </Anchor>
                      ) : (
                        cell(row[key])
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              )
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden>
              <td colSpan={keys.length} style={{ height: paddingBottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** Where the rows come from: the bare route named by the page's `rows` parameter. */
function rowsAddress(): string {
  const url = new URLSearchParams(location.search).get('rows');
  if (!url) throw new Error('list.html needs ?rows=<the address of the rows>');
  return url;
}
const rowsUrl = rowsAddress();

/** A button that fetches the rows' JSON and shows them: the baseline of opening the patient list. */
function List(): ReactElement {
  const [rows, setRows] = useState<Row[]>();
  const open = async (): Promise<void> => {
    const response = await fetch(rowsUrl);
    setRows(rowsOf(await response.json()));
  };
  return (
    <Stack p="md">
      <Button w={200} onClick={() => void open()}>
        Patients
      </Button>
      {rows ? <RowTable rows={rows} /> : <Text c="dimmed">No list yet</Text>}
    </Stack>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <MantineProvider>
      <List />
    </MantineProvider>,
  );
}
