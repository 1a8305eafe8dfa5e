import { Badge, Group, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ImportMetadataResponse } from '@podflow/contract/metadata';
import { metadataText as text } from './metadata-messages';

/** A long text cut for the preview table; the whole of it is in the cell's title. */
export function clip(value: string, max = 90): string {
  const chars = [...value];
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : value;
}

function Value({ value, from }: { value: string; from?: boolean }) {
  if (value === '')
    return (
      <Text component="span" fz="sm" c="dimmed" fs="italic">
        {text.importEmptyValue}
      </Text>
    );
  return (
    <Text
      component="span"
      fz="sm"
      c={from ? 'dimmed' : undefined}
      td={from ? 'line-through' : undefined}
      title={value}
      style={{ overflowWrap: 'anywhere' }}
    >
      {clip(value)}
    </Text>
  );
}

/** What a CSV file would do: the changes field by field, then the rows it could not use. */
export function ImportPreview({ report }: { report: ImportMetadataResponse }) {
  const { changed, unchanged, unmatched, invalid } = report;
  return (
    <Stack gap="sm" data-testid="import-preview">
      <Group gap="xs">
        <Badge variant="light" radius="sm">
          {text.importChanges(changed.length)}
        </Badge>
        <Badge variant="light" color="gray" radius="sm">
          {text.importUnchanged(unchanged)}
        </Badge>
        {unmatched.length ? (
          <Badge variant="light" color="orange" radius="sm">
            {text.importUnmatchedCount(unmatched.length)}
          </Badge>
        ) : null}
        {invalid.length ? (
          <Badge variant="light" color="red" radius="sm">
            {text.importInvalidCount(invalid.length)}
          </Badge>
        ) : null}
      </Group>

      {changed.length ? (
        <ScrollArea.Autosize
          mah={320}
          type="auto"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
        >
          <Table stickyHeader verticalSpacing={6} aria-label={text.importChangesLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="28%">{text.columnDesign}</Table.Th>
                <Table.Th w="14%">{text.importColumnField}</Table.Th>
                <Table.Th>{text.importColumnChange}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changed.flatMap((design) =>
                design.changes.map((change, index) => (
                  <Table.Tr key={`${design.lineitem_id}-${change.field}`}>
                    {index === 0 ? (
                      <Table.Td rowSpan={design.changes.length} style={{ verticalAlign: 'top' }}>
                        <Text
                          fz="sm"
                          fw={500}
                          title={design.image_file_name}
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {design.image_file_name}
                        </Text>
                      </Table.Td>
                    ) : null}
                    <Table.Td style={{ verticalAlign: 'top' }}>
                      <Text fz="sm">{text.fieldNames[change.field]}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Value value={change.from} from />
                      <Text component="span" fz="sm" c="dimmed" mx={6} aria-label="changes to">
                        →
                      </Text>
                      <Value value={change.to} />
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      ) : null}

      <RowList title={text.importUnmatchedTitle} rows={unmatched.map((row) => [row.row, row.file_name])} />
      <RowList title={text.importInvalidTitle} rows={invalid.map((row) => [row.row, row.reason])} />
    </Stack>
  );
}

/** Rows of the file it could not use: 'Row 5 · dog.png'. */
function RowList({ title, rows }: { title: string; rows: [number, string][] }) {
  if (rows.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={600}>
        {title}
      </Text>
      <ScrollArea.Autosize mah={140} type="auto">
        <List size="sm" spacing={2} aria-label={title}>
          {rows.map(([row, detail]) => (
            <List.Item key={row}>
              <Text component="span" fz="sm" fw={500}>
                {text.importRow(row)}
              </Text>
              <Text component="span" fz="sm" c="dimmed">
                {' · '}
                {detail}
              </Text>
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Stack>
  );
}
