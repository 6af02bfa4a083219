-- Printify's webhooks name an order by Printify's id: every event finds ours by it.
create index orders_printify_order on orders (printify_order_id) where printify_order_id is not null;
