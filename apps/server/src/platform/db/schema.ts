import type { Generated } from 'kysely';

/**
 * The tables, typed for Kysely. One schema serves SQLite and PostgreSQL: times are epoch
 * milliseconds (bigint), booleans are 0/1 integers, ids are UUID text.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  login_failures: LoginFailuresTable;
  login_account_failures: LoginAccountFailuresTable;
  login_known_addresses: LoginKnownAddressesTable;
  workspaces: WorkspacesTable;
  designs: DesignsTable;
  templates: TemplatesTable;
  workspace_templates: WorkspaceTemplatesTable;
  mockup_jobs: MockupJobsTable;
  mockups: MockupsTable;
  mockup_adjustments: MockupAdjustmentsTable;
  mockup_deletions: MockupDeletionsTable;
  ai_tasks: AiTasksTable;
  provider_connections: ProviderConnectionsTable;
  design_products: DesignProductsTable;
  provider_intents: ProviderIntentsTable;
  listing_runs: ListingRunsTable;
  listing_results: ListingResultsTable;
  store_sync_runs: StoreSyncRunsTable;
  store_sync_results: StoreSyncResultsTable;
  store_media: StoreMediaTable;
  stripe_events: StripeEventsTable;
  contact_messages: ContactMessagesTable;
  password_reset_tokens: PasswordResetTokensTable;
  create_requests: CreateRequestsTable;
  order_sources: OrderSourcesTable;
  order_search: OrderSearchTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  order_timeline: OrderTimelineTable;
  order_runs: OrderRunsTable;
  order_run_items: OrderRunItemsTable;
  order_submissions: OrderSubmissionsTable;
  order_settings: OrderSettingsTable;
}

export interface UsersTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  marketing_opt_in: number;
  created_at: number;
  updated_at: number;
  /** The subscription plan id (packages/contract plans); 'starter' until billing changes it. */
  plan: Generated<string>;
  /** Bytes of stored files counted against the plan's storage quota. */
  storage_used_bytes: Generated<number>;
  /** AI tokens spent in `ai_tokens_period`, counted against the plan's monthly allowance. */
  ai_tokens_used: Generated<number>;
  /** The month those tokens were spent in, 'YYYY-MM' (UTC); '' before the first. */
  ai_tokens_period: Generated<string>;
  /** The user's Stripe customer (cus_...), once they went through checkout. */
  stripe_customer_id: Generated<string | null>;
  /** Their current Stripe subscription and its state as Stripe last said it. */
  stripe_subscription_id: Generated<string | null>;
  subscription_status: Generated<string>;
  subscription_price_id: Generated<string | null>;
  cancel_at_period_end: Generated<number>;
  current_period_end: Generated<number | null>;
}

/** A session is one family of refresh tokens, begun by a sign-in. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  last_used_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** 1 for a token made to replace a lost answer (see auth.service refresh). */
  reissued: Generated<number>;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  first_failed_at: number;
  locked_until: number | null;
}

/** Failed sign-ins of one e-mail from any address not known to it: a progressive delay past a limit. */
export interface LoginAccountFailuresTable {
  /** sha256 of the e-mail. */
  key: string;
  failures: number;
  last_failed_at: number;
  /** The wait imposed after the last counted attempt (0 below the limit); doubles up to a cap. */
  delay_ms: number;
  next_attempt_at: number | null;
}

/** An address that has signed in to an account: exempt from that account's account-wide delay. */
export interface LoginKnownAddressesTable {
  /** sha256 of the e-mail and the address. */
  key: string;
  last_success_at: number;
}

export interface WorkspacesTable {
  id: string;
  user_id: string;
  name: string;
  /** Designs in the workspace, counted against the plan's design slots. */
  design_count: Generated<number>;
  created_at: number;
  /** 'shopify' or 'woocommerce'; null until the seller chooses (the contract's default applies). */
  target_store: Generated<string | null>;
}

export interface DesignsTable {
  id: string;
  workspace_id: string;
  user_id: string;
  /** The name the seller's file had, for display only; never part of a storage key. */
  file_name: string;
  storage_key: string;
  thumbnail_key: string;
  bytes: number;
  width: number;
  height: number;
  has_alpha: number;
  product_title: string;
  product_description: string;
  seo_keywords: string;
  printify_product_id: string | null;
  gelato_product_id: Generated<string | null>;
  created_at: number;
}

export interface TemplatesTable {
  id: string;
  /** null for the starter library every account sees. */
  user_id: string | null;
  name: string;
  storage_key: string;
  thumbnail_key: string;
  bytes: number;
  width: number;
  height: number;
  /** JSON of the contract's Placement, or null: no placeholder (the image goes to the listing as it is). */
  placement: string | null;
  created_at: number;
}

export interface WorkspaceTemplatesTable {
  workspace_id: string;
  template_id: string;
  created_at: number;
}

/** One template's part of a mockup run: the job log row the user watches. */
export interface MockupJobsTable {
  id: string;
  run_id: string;
  workspace_id: string;
  user_id: string;
  template_id: string;
  /** Kept so the log still names the template after it is deleted. */
  template_name: string;
  /** The template's place in the run, for a stable order. */
  position: number;
  /** Pending, In Progress, Completed or Failed (the contract's MockupJobStatus). */
  status: string;
  total: number;
  done: Generated<number>;
  failed: Generated<number>;
  /** JSON array of { design_id, design_file_name, reason }. */
  errors: Generated<string>;
  /** Why the whole job failed, or null. */
  reason: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** JSON array of the design ids this job renders, or null for every design of the workspace. */
  design_ids: Generated<string | null>;
}

/** One rendered mockup: a design on a template, replaced when rendered again. */
export interface MockupsTable {
  id: string;
  workspace_id: string;
  user_id: string;
  design_id: string;
  template_id: string;
  template_name: string;
  /** The job that rendered this version (a resumed job skips what it already made). */
  job_id: string;
  storage_key: string;
  thumbnail_key: string;
  bytes: number;
  width: number;
  height: number;
  /** 1 when the render cut off part of the design's non-transparent pixels. */
  cut_off: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** The seller's adjustment of one design on one template, used by every later render of the pair. */
export interface MockupAdjustmentsTable {
  design_id: string;
  template_id: string;
  workspace_id: string;
  user_id: string;
  /** contain, cover or stretch; null: the template's fit. */
  fit: string | null;
  scale: number;
  offset_x: number;
  offset_y: number;
  updated_at: number;
}

/** A design and template whose mockup the seller deleted: "Generate new only" leaves the pair alone. */
export interface MockupDeletionsTable {
  design_id: string;
  template_id: string;
  workspace_id: string;
  user_id: string;
  deleted_at: number;
}

/** One design's part of an AI metadata run: a row of the task summary the user watches. */
export interface AiTasksTable {
  id: string;
  run_id: string;
  workspace_id: string;
  user_id: string;
  design_id: string;
  /** Kept so a failure still names the design after it is deleted. */
  design_file_name: string;
  position: number;
  /** Pending, In Progress, Completed or Failed (the contract's AiTaskStatus). */
  status: string;
  /** JSON of the contract's Listing: what the seller had typed when the run started. */
  hints: string;
  /** Why the task failed, or null. */
  reason: string | null;
  /** The month its token was charged to, so a failure gives it back to that month. */
  token_period: string;
  /** 1 once a failed task's token was given back (never twice). */
  token_returned: Generated<number>;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** A workspace's connection to a print provider; the API key only sealed (platform/crypto). */
export interface ProviderConnectionsTable {
  workspace_id: string;
  /** 'printify', 'gelato', 'shopify' or 'woocommerce'. */
  provider: string;
  user_id: string;
  api_key_sealed: string;
  /** Printify: the shop id; Gelato: the store id; Shopify: the shop name; WooCommerce: the store URL. */
  shop_id: string;
  shop_title: string;
  /** Printify: the template product id; Gelato: the template id. */
  template_id: string;
  template_title: string;
  /** Printify: where the shop sells ('shopify', 'woocommerce', 'etsy', 'disconnected'...); '' when not known. */
  sales_channel: Generated<string>;
  /** Shopify: the custom app's API secret key (signs its webhooks), sealed; null when not given (0024). */
  api_secret_sealed: string | null;
  updated_at: number;
}

/** One listing run of a workspace on a provider. */
export interface ListingRunsTable {
  id: string;
  workspace_id: string;
  user_id: string;
  provider: string;
  /** Pending, In Progress, Completed or Failed. */
  status: string;
  publish: number;
  reason: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** A design's outcome in a listing run. */
export interface ListingResultsTable {
  run_id: string;
  design_id: string;
  design_file_name: string;
  position: number;
  /** pending, created, updated, skipped or failed. */
  status: string;
  product_id: string | null;
  /** The seller's sentence: what happened and what to do. */
  reason: string | null;
  /** The provider's own words and code behind `reason`, for the expandable details. */
  detail: Generated<string | null>;
  /** Publishing was asked for: 1 published, 0 refused; null when not asked. */
  published: Generated<number | null>;
}

/** A design's product on a provider, per shop (Printify) or store (Gelato): a product belongs to one. */
export interface DesignProductsTable {
  design_id: string;
  /** 'printify' or 'gelato'. */
  provider: string;
  shop_id: string;
  product_id: string;
  updated_at: number;
}

/** A create PodFlow is about to send (or sent) to a provider for a design: see migration 0021. */
export interface ProviderIntentsTable {
  id: string;
  design_id: string;
  /** 'printify', 'gelato', 'shopify', 'woocommerce'. */
  provider: string;
  /** The Printify shop, Gelato store or store product the create goes to. */
  shop_id: string;
  /** 'product' or 'media'. */
  kind: string;
  /** What the provider keeps on what it made, to know it again (an upload id, a title...). */
  marker: string;
  created_at: number;
  /** Null while open: the create may have been made without its answer being recorded. */
  closed_at: number | null;
  /** The provider's id of what the create made; null when closed without one. */
  result_id: string | null;
}

/** One sync of a workspace's Printify listings to its Shopify or WooCommerce store. */
export interface StoreSyncRunsTable {
  id: string;
  workspace_id: string;
  user_id: string;
  /** 'shopify' or 'woocommerce'. */
  store: string;
  /** Pending, In Progress, Completed or Failed. */
  status: string;
  skip_mockups: number;
  reason: string | null;
  /** The title of the Printify shop whose products the run synced, once known. */
  printify_shop: Generated<string | null>;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** A design's outcome in a store sync. */
export interface StoreSyncResultsTable {
  run_id: string;
  design_id: string;
  design_file_name: string;
  position: number;
  /** pending, updated, unchanged, skipped or failed. */
  status: string;
  printify_product_id: string | null;
  store_product_id: string | null;
  /** What changed, comma-separated (title,description,tags,seo,mockups). */
  changes: string;
  reason: string | null;
  /** The provider's or store's own words and code behind `reason`. */
  detail: Generated<string | null>;
}

/** A mockup PodFlow put on a store product (recorded as soon as it is added), and its place among them. */
export interface StoreMediaTable {
  workspace_id: string;
  store: string;
  /** The shop name or store URL it was synced to. */
  store_ref: string;
  product_id: string;
  position: number;
  mockup_id: string;
  /** The mockup file's storage key: a re-rendered mockup has a new one. */
  mockup_key: string;
  /** Shopify's MediaImage GID or WooCommerce's attachment id. */
  remote_id: string;
}

/** A Stripe webhook event already applied: recorded with its effect, so a repeat does nothing. */
export interface StripeEventsTable {
  id: string;
  type: string;
  user_id: string | null;
  received_at: number;
}

/** A message sent through the contact form, kept whether or not its e-mail was delivered. */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  message: string;
  /** The sender's address, for the rate limit's records and abuse reports. */
  client_ip: string;
  created_at: number;
  /** When the mail port accepted it; null while not (see delivery_error). */
  delivered_at: number | null;
  delivery_error: string | null;
}

/** A password reset link: only the token's hash is kept; it works once, until expires_at. */
export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A create request's Idempotency-Key and the row it made (kept a day). */
export interface CreateRequestsTable {
  user_id: string;
  kind: string;
  key: string;
  created_id: string;
  created_at: number;
}

/** One shop or store whose orders PodFlow follows for a seller: see migration 0022. */
export interface OrderSourcesTable {
  id: string;
  user_id: string;
  /** 'printify', 'gelato', 'shopify' or 'woocommerce'. */
  provider: string;
  shop_id: string;
  shop_title: string;
  connected: Generated<number>;
  webhook_token: string;
  webhook_secret_sealed: string | null;
  /** JSON array of the provider's webhook ids. */
  webhook_ids: string | null;
  /** 'registered', 'manual' or 'off'. */
  webhooks: Generated<string>;
  imported_at: number | null;
  synced_at: number | null;
  sync_problem: string | null;
  created_at: number;
  updated_at: number;
  /** Migration 0023: the first import's next page and lower bound, so a killed import goes on. */
  import_cursor: Generated<string | null>;
  import_since: Generated<number | null>;
}

/** Migration 0023: an order's search terms (lower-cased words of its number, customer and e-mail). */
export interface OrderSearchTable {
  order_id: string;
  user_id: string;
  term: string;
}

/** An order as its provider has it now (contract OrderSummary is read from it). */
export interface OrdersTable {
  id: string;
  user_id: string;
  source_id: string;
  provider: string;
  provider_order_id: string;
  number: string;
  search_text: string;
  customer: string;
  email: string | null;
  country: string | null;
  status: string;
  provider_status: string;
  problem: string | null;
  financial_status: string | null;
  fulfillment_status: string | null;
  attention_reason: string | null;
  attention_at: number | null;
  currency: string;
  retail_cents: number | null;
  cost_cents: number | null;
  shipping_cents: number | null;
  margin_cents: number | null;
  items_json: string;
  shipments_json: string;
  address_json: string | null;
  store_kind: string | null;
  store_order_id: string | null;
  linked_order_id: string | null;
  external_ref: string | null;
  provider_url: string | null;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
  shipped_at: number | null;
  delivered_at: number | null;
  seen_at: number;
}

/** A webhook event, stored once per source and event key. */
export interface OrderEventsTable {
  id: string;
  source_id: string;
  event_key: string;
  topic: string;
  provider_order_id: string | null;
  occurred_at: number | null;
  received_at: number;
  /** 'pending', 'applied', 'stale' or 'ignored'. */
  outcome: string;
}

export interface OrderTimelineTable {
  id: string;
  order_id: string;
  at: number;
  text: string;
  /** 'webhook', 'reconcile', 'import' or 'action'. */
  origin: string;
}

/** A bulk order action on the job queue. */
export interface OrderRunsTable {
  id: string;
  user_id: string;
  /** contract OrderAction. */
  action: string;
  status: string;
  reason: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** JSON array of the ids given that are not the seller's orders (migration 0025). */
  missing_ids: string | null;
}

export interface OrderRunItemsTable {
  run_id: string;
  order_id: string;
  position: number;
  /** pending, done, refused or failed. */
  status: string;
  reason: string | null;
  detail: string | null;
}

/** A provider write about to be sent for an order; open (closed_at null) until its outcome is known. */
export interface OrderSubmissionsTable {
  id: string;
  order_id: string;
  /** 'send_to_production', 'cancel' or 'create'. */
  kind: string;
  created_at: number;
  closed_at: number | null;
  outcome: string | null;
  reason: string | null;
  /** Until when the try that wrote or took it is sending (migration 0025); null once it stopped. */
  lease_until: number | null;
  /** What a manual order's create sends (JSON), so a retry sends the same (migration 0025). */
  payload: string | null;
}

export interface OrderSettingsTable {
  user_id: string;
  digest: Generated<number>;
  no_tracking_days: Generated<number>;
  digest_sent_at: number | null;
}
