package payments

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// SandboxSecret returns the deployment's sandbox signing secret (table payment_secrets), creating
// it on first use, so every process of one deployment signs and verifies with the same key and a
// restart keeps the links already handed out valid.
func SandboxSecret(ctx context.Context, pool *pgxpool.Pool) ([]byte, error) {
	candidate := make([]byte, 32)
	if _, err := rand.Read(candidate); err != nil {
		return nil, fmt.Errorf("payments: sandbox secret: %w", err)
	}
	// Two processes starting together: the second's INSERT waits for the first and does nothing,
	// and its SELECT, on the statement's older snapshot, cannot see the row yet; the next
	// statement can.
	for attempt := 0; ; attempt++ {
		var got []byte
		err := pool.QueryRow(ctx, `
		WITH ins AS (INSERT INTO payment_secrets (name, secret) VALUES ('sandbox', $1) ON CONFLICT (name) DO NOTHING RETURNING secret)
		SELECT secret FROM ins UNION ALL SELECT secret FROM payment_secrets WHERE name = 'sandbox' AND NOT EXISTS (SELECT 1 FROM ins)`,
			candidate).Scan(&got)
		switch {
		case errors.Is(err, pgx.ErrNoRows) && attempt < 2:
			continue
		case err != nil:
			return nil, fmt.Errorf("payments: sandbox secret: %w", err)
		case len(got) == 0:
			return nil, errors.New("payments: sandbox secret: an empty secret is stored")
		}
		return got, nil
	}
}
