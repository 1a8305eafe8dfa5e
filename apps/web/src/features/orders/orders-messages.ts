import { orderMessages, type OrderAction } from '@podflow/contract/orders';

const count = (value: number) => value.toLocaleString('en-US');
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

/** The actions as buttons name them, and what a run of each is doing and did. */
export const actionWords: Record<OrderAction, { button: string; running: string; done: string }> = {
  send_to_production: { button: 'Send to production', running: 'Sending to production', done: 'sent' },
  cancel: { button: 'Cancel order', running: 'Canceling', done: 'canceled' },
  retry: { button: 'Retry', running: 'Sending again', done: 'sent again' },
};

const ordersTextBulkWords: Record<OrderAction, string> = {
  send_to_production: 'Send to production',
  cancel: 'Cancel',
  retry: 'Retry',
};

/** The texts of the Orders screen (the server's sentences come from the contract's `orderMessages`). */
export const ordersText = {
  ...orderMessages,
  title: 'Orders',
  intro:
    'Every order of your Printify shops and Gelato stores, with the ones that need you first. Act on one order or on a selection.',
  loadFailed: 'The orders could not be loaded.',
  summaryLoadFailed: 'The order counts could not be loaded.',

  // Dashboard strip.
  dashboardLabel: 'Orders at a glance',
  needAttention: 'Need attention',
  countsLabel: 'Orders by status',
  filterByStatus: (word: string, value: number) => `Show the ${count(value)} ${word} orders`,
  chartTitle: 'Last 30 days',
  chartSummary: (orders: number, margin: string) => `${plural(orders, 'order', 'orders')} · ${margin} margin`,
  chartAlt: (orders: number, margin: string, busiest: string | null) =>
    `Orders per day over the last 30 days: ${plural(orders, 'order', 'orders')} with ${margin} margin in all${busiest ? `; the busiest day was ${busiest}` : ''}.`,
  chartDay: (date: string, orders: number, margin: string) =>
    `${date}: ${plural(orders, 'order', 'orders')}, ${margin} margin`,

  // Toolbar and filters.
  toolbarLabel: 'Order actions',
  newOrder: 'New order',
  exportCsv: 'Export CSV',
  exported: 'Saved orders.csv',
  exportFailed: 'The export failed. Please try again.',
  viewLabel: 'Which orders',
  viewAttention: (value: number | null) =>
    value === null ? 'Needs attention' : `Needs attention (${count(value)})`,
  viewAll: 'All orders',
  filtersLabel: 'Filters',
  search: 'Search orders',
  searchPlaceholder: 'Order number, customer or e-mail',
  provider: 'Provider',
  shop: 'Shop',
  status: 'Status',
  from: 'From',
  to: 'To',
  any: 'Any',
  clearFilters: 'Clear filters',

  // Table.
  caption: (shown: number, attention: boolean, more: boolean) =>
    `${attention ? 'Orders that need attention' : 'Orders'}, newest first: ${plural(shown, 'order', 'orders')} shown${more ? ', more below' : ''}`,
  colOrder: 'Order',
  colCustomer: 'Customer',
  colItems: 'Items',
  colStatus: 'Status',
  colRetail: 'Retail',
  colCost: 'Cost',
  colMargin: 'Margin',
  colDates: 'Dates and tracking',
  selectAll: 'Select every order shown',
  selectOrder: (number: string) => `Select order ${number}`,
  openOrder: (number: string) => `Order ${number}`,
  providerWord: (word: string) => `${word} at the provider`,
  costParts: (items: string, shipping: string) => `${items} items + ${shipping} shipping`,
  negativeMargin: 'Loss',
  storeLine: (store: string, number: string, financial: string | null) =>
    `${store} ${number}${financial ? ` · ${financial}` : ''}`,
  unknown: '—',
  placed: (date: string) => `Placed ${date}`,
  shipped: (date: string) => `Shipped ${date}`,
  moreItems: (value: number) => `+${count(value)} more`,
  itemAlt: (title: string) => `Design of ${title}`,
  mockupAlt: (title: string) => `Mockup of ${title}`,
  loadMore: 'Load more',
  loadingMore: 'Loading more orders…',
  loading: 'Loading orders',

  // Empty states.
  noShopTitle: 'No shop connected yet',
  noShopText: 'Connect a Printify shop or Gelato store in a workspace (step 7) to see its orders here.',
  goToWorkspaces: 'Open your workspaces',
  noOrdersTitle: 'No orders yet',
  noOrdersText:
    'Orders from your connected shops show up here as customers buy. You can also place an order yourself.',
  noAttentionTitle: 'Nothing needs you right now',
  noAttentionText: 'Every order is moving on its own. See all orders to follow them.',
  showAll: 'Show all orders',
  noMatchTitle: 'No order matches these filters',
  noMatchText: 'Change or clear the filters to see more orders.',

  // Bulk actions.
  bulkLabel: 'Actions on the selected orders',
  selected: (value: number) => `${plural(value, 'order', 'orders')} selected`,
  clearSelection: 'Clear selection',
  selectFirst: 'Select one or more orders first.',
  noneAllowed: (reason: string) => `None of the selected orders allows this. ${reason}`,
  bulkWords: ordersTextBulkWords,
  bulkButton: (action: OrderAction, value: number) => `${ordersTextBulkWords[action]} (${count(value)})`,
  confirmCancelTitle: (value: number) => `Cancel ${plural(value, 'order', 'orders')}?`,
  confirmCancelText:
    'The provider cancels what it still can; an order it has started printing cannot be canceled and is left as it is.',
  confirmCancel: 'Cancel orders',
  confirmKeep: 'Keep them',
  bulkFailed: 'The action could not be started. Please try again.',
  runTitle: (action: OrderAction, finished: boolean) =>
    finished ? `${actionWords[action].button}: finished` : `${actionWords[action].running}…`,
  runProgress: (done: number, total: number) => `${count(done)} of ${plural(total, 'order', 'orders')} done`,
  runCounts: (done: number, refused: number, failed: number, action: OrderAction) =>
    [
      `${count(done)} ${actionWords[action].done}`,
      refused ? `${count(refused)} refused` : null,
      failed ? `${count(failed)} failed` : null,
    ]
      .filter(Boolean)
      .join(' · '),
  runBarLabel: 'Progress of the action',
  runItemsLabel: 'Each order',
  runItemStatus: { pending: 'Waiting', done: 'Done', refused: 'Refused', failed: 'Failed' },
  runLost: 'The progress could not be loaded; the action goes on. Refresh to see where it stands.',
  closeRun: 'Close',
  details: "The provider's own words",

  // Detail.
  detailLoadFailed: 'This order could not be loaded.',
  closeDetail: 'Close order',
  items: 'Items',
  address: 'Shipping address',
  noAddress: 'The provider did not share an address.',
  editAddress: 'Edit address',
  saveAddress: 'Save address',
  cancelEdit: 'Cancel',
  timeline: 'What happened',
  timelineEmpty: 'Nothing recorded yet.',
  origin: {
    webhook: 'from the provider',
    reconcile: 'found by a check',
    import: 'imported',
    action: 'by you',
  },
  shipments: 'Shipments',
  noShipments: 'Not shipped yet.',
  delivered: (date: string) => `Delivered ${date}`,
  money: 'Costs and margin',
  retail: 'Retail (what the customer paid)',
  itemCost: 'Items (provider cost)',
  shipping: 'Shipping',
  margin: 'Margin',
  store: 'In the store',
  storeNumber: 'Store order',
  financial: 'Payment',
  fulfillment: 'Fulfilment',
  openAtProvider: (provider: string) => `Open in ${provider}`,
  openInStore: 'Open in the store',
  quantity: (value: number) => `× ${count(value)}`,
  confirmOneCancelTitle: (number: string) => `Cancel order ${number}?`,
  confirmOneCancelText:
    'The provider cancels it if it has not started printing it. The customer is not told by PodFlow.',
  confirmOneCancel: 'Cancel order',
  confirmOneKeep: 'Keep it',
  actionFailed: 'This could not be done. Please try again.',

  // Sources.
  sourcesTitle: 'Shops',
  sourcesToggle: (value: number) => `Shops (${count(value)})`,
  lastSynced: (date: string) => `Last synced ${date}`,
  neverSynced: 'Not synced yet',
  importing: 'Importing the last 60 days…',
  disconnectedSource: 'No longer connected: its orders are kept, read-only.',
  webhooks: {
    registered: 'Updates arrive as they happen.',
    manual:
      'Paste this address in Gelato’s dashboard (Developer > Webhooks) so updates arrive as they happen:',
    off: 'PodFlow checks this shop every few minutes (instant updates need PodFlow reachable from the internet).',
  },
  shopifyWebhooksOff:
    'PodFlow checks this shop every few minutes. For instant updates, add your app’s API secret key to the Shopify connection (step 8); PodFlow must also be reachable from the internet.',
  webhookUrl: 'Webhook address',
  copy: 'Copy',
  copied: 'Copied',
  syncNow: 'Sync now',
  syncFailed: 'The shop could not be synced. Please try again.',

  // Manual order.
  manualTitle: 'New order',
  manualIntro:
    'Order a product of one of your designs yourself: a replacement, a sample or a wholesale order. You see the shipping options and prices before anything is sent.',
  workspace: 'Workspace',
  design: 'Design',
  chooseWorkspace: 'Choose a workspace',
  chooseDesign: 'Choose a design',
  chooseProduct: 'Choose a product',
  chooseVariant: 'Choose a variant',
  noDesigns: 'This workspace has no designs yet.',
  product: 'Product',
  variant: 'Variant',
  quantityLabel: 'Quantity',
  loadingProducts: 'Loading the products of this design…',
  productsFailed: 'The products of this design could not be loaded.',
  recipient: 'Recipient',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  company: 'Company',
  address1: 'Address',
  address2: 'Apartment, suite (optional)',
  city: 'City',
  region: 'State or region',
  zip: 'Postal code',
  country: 'Country (two-letter code)',
  required: (label: string) => `${label} is required.`,
  countryCode: 'Enter the two-letter country code, e.g. US or DE.',
  getQuote: 'Get shipping options',
  quoteFailed: 'The shipping options could not be loaded. Please try again.',
  shippingOptions: 'Shipping',
  itemsCost: (value: string) => `Items: ${value}`,
  optionDays: (min: number | null, max: number | null) =>
    min === null && max === null
      ? 'Delivery time not given'
      : min === max || max === null
        ? `${min ?? max} days`
        : min === null
          ? `up to ${max} days`
          : `${min}–${max} days`,
  noShippingOption: 'The provider offers no shipping to this address: check the country and the address.',
  quoteStale: 'You changed the order: get the shipping options again.',
  placeOrder: 'Place order',
  placeNeedsQuote: 'Get the shipping options and choose one first.',
  placeFailed: 'The order could not be placed. Please try again.',
  closeManual: 'Cancel',
} as const;

/** Pluralised count, shared by the screen's pieces. */
export { plural };
