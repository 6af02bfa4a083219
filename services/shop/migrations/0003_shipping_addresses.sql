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
