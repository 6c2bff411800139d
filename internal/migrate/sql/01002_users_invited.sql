-- +goose Up
-- When an admin invited the account (a driver's, made with a password nobody knows); NULL for an
-- account whose holder chose its password. An invited account whose password has not changed since is
-- still waiting for its holder: inviting it again sends a new link (commands/accounts/invite_driver.go).
ALTER TABLE users ADD COLUMN invited_at timestamptz;

-- +goose Down
ALTER TABLE users DROP COLUMN invited_at;
