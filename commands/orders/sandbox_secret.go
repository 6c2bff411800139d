package orders

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// SandboxSecret returns the deployment's sandbox signing secret, creating it on first use.
func SandboxSecret(ctx context.Context, pool *pgxpool.Pool) ([]byte, error) {
	secret := uuid.New()
	more := uuid.New()
	candidate := append(secret[:], more[:]...)
	var got []byte
	err := pool.QueryRow(ctx, `
		WITH ins AS (INSERT INTO payment_secrets (name, secret) VALUES ('sandbox', $1) ON CONFLICT (name) DO NOTHING RETURNING secret)
		SELECT secret FROM ins UNION ALL SELECT secret FROM payment_secrets WHERE name = 'sandbox' AND NOT EXISTS (SELECT 1 FROM ins)`,
		candidate).Scan(&got)
	if errors.Is(err, pgx.ErrNoRows) || len(got) == 0 {
		return nil, fmt.Errorf("orders: sandbox secret: none stored")
	}
	if err != nil {
		return nil, fmt.Errorf("orders: sandbox secret: %w", err)
	}
	return got, nil
}
