-- +goose Up
-- The catalogue read model searches names and descriptions with LIKE '%word%' (Arabic and English,
-- folded in Go); a trigram index makes that fast. pg_trgm is a trusted extension: a database owner
-- may create it without being a superuser. The catalogue's tables are created by its projection.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- +goose Down
-- Other features may come to rely on the extension; leaving it in place is harmless.
SELECT 1;
