-- The shop schema as it stands: the earlier steps squashed into one before the first deployment
-- (nothing was ever deployed, so no database needs the transitional steps).

-- Products made at Printify to show a user mockups of their QR on a blueprint. Untagged ones are
-- previews, removed when the customizer closes (or by the cleanup job); tagged ones back a cart
-- line or a quick checkout and live as long as it does.
create table mockups (
  printify_product_id text primary key,
  user_id uuid not null,
  blueprint_id integer not null,
  print_provider_id integer not null,
  variant_id integer not null,
  qr_scale numeric(3, 2) not null,
  -- The provider's cost of one item of the variant, in cents, as Printify answered.
  cost integer not null,
  product_title text not null,
  variant_label text not null,
  mockup_urls jsonb not null,
  tag text check (tag in ('in_cart', 'quick_checkout')),
  created_at timestamptz not null default now()
);
create index mockups_user on mockups (user_id, created_at);

-- Cart lines. Every price is computed here from the provider's cost, the country's shipping
-- profile and the user's plan, never taken from the browser.
create table cart_items (
  id uuid primary key,
  user_id uuid not null,
  medical_record_id uuid,
  blueprint_id integer not null,
  print_provider_id integer not null,
  variant_id integer not null,
  product_title text not null,
  variant_label text not null,
  quantity integer not null check (quantity between 1 and 10),
  unit_price integer not null check (unit_price >= 0),
  discount integer not null check (discount >= 0),
  shipping_first integer not null check (shipping_first >= 0),
  shipping_additional integer not null check (shipping_additional >= 0),
  country_code text not null,
  address_line1 text not null,
  address_line2 text not null default '',
  city text not null,
  state text not null,
  postal_code text not null,
  mockup_url text not null,
  qr_scale numeric(3, 2) not null,
  printify_product_id text not null,
  created_at timestamptz not null default now()
);
create index cart_items_user on cart_items (user_id, created_at);

-- A payment in progress: the lines it pays for, frozen when the PaymentIntent was made, so what is
-- ordered is exactly what was paid. It becomes orders once, when the provider says it was paid.
create table checkouts (
  id uuid primary key,
  user_id uuid not null,
  kind text not null check (kind in ('quick', 'cart')),
  lines jsonb not null,
  amount integer not null,
  buyer_email text not null,
  buyer_name text not null,
  -- The site the buyer ordered on: the printed tag's link starts with it.
  app_url text not null,
  payment_intent_id text unique,
  paid_at timestamptz,
  created_at timestamptz not null default now()
);
create index checkouts_user on checkouts (user_id, created_at);

-- One order per paid line. printify_* columns record each submission step as it succeeds, so a
-- retried submission resumes where it stopped and never orders twice (Printify's external_id is the id).
create table orders (
  id uuid primary key,
  user_id uuid not null,
  checkout_id uuid not null references checkouts (id),
  line_index integer not null,
  blueprint_id integer not null,
  print_provider_id integer not null,
  variant_id integer not null,
  product_title text not null,
  variant_label text not null,
  quantity integer not null,
  total_price integer not null,
  country_code text not null,
  address_line1 text not null,
  address_line2 text not null,
  city text not null,
  state text not null,
  postal_code text not null,
  qr_scale numeric(3, 2) not null,
  mockup_url text not null,
  buyer_email text not null,
  buyer_name text not null,
  app_url text not null,
  status text not null,
  printify_status text,
  -- One product per item, each printed with its own tag's QR.
  printify_product_ids jsonb not null default '[]',
  printify_order_id text,
  sent_to_production_at timestamptz,
  tracking_number text,
  tracking_url text,
  last_error text,
  synced_at timestamptz,
  created_at timestamptz not null default now(),
  unique (checkout_id, line_index)
);
create index orders_user on orders (user_id, created_at desc);
create index orders_open on orders (status) where status not in ('delivered', 'cancelled', 'failed');


-- Printify's webhooks name an order by Printify's id: every event finds ours by it.
create index orders_printify_order on orders (printify_order_id) where printify_order_id is not null;

-- The address each user last shipped to (a cart line or a quick checkout), to fill in the next one.
-- Sealed at rest like every ship-to (but the country, which prices shipping); erased with the cart.
create table shipping_addresses (
  user_id uuid primary key,
  country_code text not null,
  address_line1 text not null,
  address_line2 text not null default '',
  city text not null,
  state text not null,
  postal_code text not null,
  updated_at timestamptz not null default now()
);

-- Each change of a cart line's quantity raises its version by one; a change made from an older version (another tab's
-- cart) is refused with the line as it is now, so two tabs never silently overwrite each other.
alter table cart_items add column version integer not null default 1;
