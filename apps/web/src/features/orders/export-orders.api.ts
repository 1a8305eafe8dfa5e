import { useMutation } from '@tanstack/react-query';
import type { OrderFilters } from '@podflow/contract/orders';
import { api } from '../../api/client';
import { saveFile } from '../../ui/save-file';

/** The exported file's name. */
export const ordersCsvFileName = 'orders.csv';

/** GET /orders_app/export.csv?<filters>: the filtered orders as a CSV file. */
export function exportOrdersCsv(filters: OrderFilters): Promise<Blob> {
  return api.get<Blob>('/orders_app/export.csv', {
    query: { ...filters, attention: filters.attention ? 'true' : undefined },
    responseType: 'blob',
  });
}

/** The export as a mutation: fetched with the bearer token, then saved as orders.csv. */
export function useExportOrders() {
  return useMutation({
    mutationFn: async (filters: OrderFilters) => saveFile(await exportOrdersCsv(filters), ordersCsvFileName),
  });
}
