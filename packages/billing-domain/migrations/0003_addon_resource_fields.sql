-- The add-on resource fields addonId, addonPriceId, addonName (was display_name) and
-- subscriptionName, filled for existing rows from what is known, and an index for the
-- externalSubscriptionId filter of the add-on listing.

ALTER TABLE addon_subscriptions RENAME COLUMN display_name TO addon_name;
ALTER TABLE addon_subscriptions ADD COLUMN addon_id TEXT NOT NULL DEFAULT '';
ALTER TABLE addon_subscriptions ADD COLUMN addon_price_id TEXT NOT NULL DEFAULT '';
ALTER TABLE addon_subscriptions ADD COLUMN subscription_name TEXT NOT NULL DEFAULT '';

-- Rows written before these fields: no product id was kept, so the add-on code stands for the
-- product (as for a standard item sent without one); a Paddle add-on's external id is its price
-- id; the parent's name is copied from the parent.
UPDATE addon_subscriptions SET addon_id = addon_code;
UPDATE addon_subscriptions SET addon_price_id = external_id WHERE provider = 'paddle';
-- A Paddle add-on is (subscription, add-on code): items carry no id of their own, so the code
-- is its external id from now on; an ended one keeps the price id it had.
UPDATE addon_subscriptions SET external_id = addon_code
  WHERE provider = 'paddle' AND addon_status <> 'ADDON_STATUS_CANCELED';
UPDATE addon_subscriptions a SET subscription_name = s.name
  FROM subscriptions s
  WHERE s.organization_id = a.organization_id AND s.id = a.subscription_id;

ALTER TABLE addon_subscriptions ALTER COLUMN addon_id DROP DEFAULT;
ALTER TABLE addon_subscriptions ALTER COLUMN addon_price_id DROP DEFAULT;
ALTER TABLE addon_subscriptions ALTER COLUMN subscription_name DROP DEFAULT;

-- `?externalSubscriptionId=` finds the parents by the provider's id whatever the provider.
CREATE INDEX IF NOT EXISTS subscriptions_by_external_id ON subscriptions (organization_id, external_id);
