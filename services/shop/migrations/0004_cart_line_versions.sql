-- Each change of a cart line's quantity raises its version by one; a change made from an older version (another tab's
-- cart) is refused with the line as it is now, so two tabs never silently overwrite each other.
alter table cart_items add column version integer not null default 1;
