import { Checkbox, Table } from '@mantine/core';
import type { OrderSummary } from '@podflow/contract/orders';
import { OrderRow } from './OrderRow';
import { ordersText as text } from './orders-messages';
import classes from './OrdersPage.module.css';

interface OrdersTableProps {
  orders: OrderSummary[];
  caption: string;
  selected: ReadonlyMap<string, OrderSummary>;
  onSelect: (order: OrderSummary, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
  hrefOf: (order: OrderSummary) => string;
}

/** The orders as a table, newest first, each row selectable for a bulk action. */
export function OrdersTable({ orders, caption, selected, onSelect, onSelectAll, hrefOf }: OrdersTableProps) {
  const chosen = orders.filter((order) => selected.has(order.id)).length;
  return (
    <Table.ScrollContainer minWidth={1100} className={classes.tableBox}>
      <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover captionSide="top">
        <Table.Caption className={classes.caption}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={text.selectAll}
                checked={orders.length > 0 && chosen === orders.length}
                indeterminate={chosen > 0 && chosen < orders.length}
                onChange={(event) => onSelectAll(event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th miw={120}>{text.colOrder}</Table.Th>
            <Table.Th miw={160}>{text.colCustomer}</Table.Th>
            <Table.Th>{text.colItems}</Table.Th>
            <Table.Th w={230}>{text.colStatus}</Table.Th>
            <Table.Th className={classes.number}>{text.colRetail}</Table.Th>
            <Table.Th className={classes.number}>{text.colCost}</Table.Th>
            <Table.Th className={classes.number}>{text.colMargin}</Table.Th>
            <Table.Th>{text.colDates}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <OrderRow
              key={order.id}
              order={order}
              href={hrefOf(order)}
              selected={selected.has(order.id)}
              onSelect={onSelect}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
