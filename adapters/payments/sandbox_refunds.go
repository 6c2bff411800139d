package payments

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/domain/money"
	"mishwar/domain/payment"
)

// The sandbox moves no money, but it keeps the refunds it "made" the way a real provider keeps them
// under their idempotency keys: a refund id asked again answers the first refund and refunds nothing
// more, and the same id with other parameters is refused (as Stripe refuses a reused key). So the
// sandbox can show that Mishwar never refunds twice.

// SandboxRefund is a refund the sandbox made.
type SandboxRefund struct {
	RefundID    string
	PaymentID   string
	Amount      money.Money
	ProviderRef string
	At          time.Time
}

// RefundLedger keeps the sandbox's refunds by refund id, and the sessions the shop closed.
type RefundLedger interface {
	// Keep records r unless a refund with its id is kept already, and returns the one kept (r or
	// the first).
	Keep(ctx context.Context, r SandboxRefund) (SandboxRefund, error)
	// Refunds lists the refunds of a payment, oldest first.
	Refunds(ctx context.Context, paymentID string) ([]SandboxRefund, error)
	// Close records that the session of paymentID was closed for reason, unless it was already;
	// the first reason stays.
	Close(ctx context.Context, paymentID, reason string, at time.Time) error
	// Closed answers why the session of paymentID was closed, or "" while it is open.
	Closed(ctx context.Context, paymentID string) (string, error)
}

// MemoryLedger keeps the refunds in the process (the default; enough for one process and tests).
type MemoryLedger struct {
	mu     sync.Mutex
	byID   map[string]SandboxRefund
	list   []SandboxRefund
	closed map[string]string
}

func (l *MemoryLedger) Close(_ context.Context, paymentID, reason string, _ time.Time) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed == nil {
		l.closed = map[string]string{}
	}
	if _, ok := l.closed[paymentID]; !ok {
		l.closed[paymentID] = reason
	}
	return nil
}

func (l *MemoryLedger) Closed(_ context.Context, paymentID string) (string, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.closed[paymentID], nil
}

func (l *MemoryLedger) Keep(_ context.Context, r SandboxRefund) (SandboxRefund, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if kept, ok := l.byID[r.RefundID]; ok {
		return kept, nil
	}
	if l.byID == nil {
		l.byID = map[string]SandboxRefund{}
	}
	l.byID[r.RefundID] = r
	l.list = append(l.list, r)
	return r, nil
}

func (l *MemoryLedger) Refunds(_ context.Context, paymentID string) ([]SandboxRefund, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []SandboxRefund
	for _, r := range l.list {
		if r.PaymentID == paymentID {
			out = append(out, r)
		}
	}
	return out, nil
}

// PostgresLedger keeps the refunds in table payment_sandbox_refunds, shared by every process of a
// deployment and kept across restarts, as a real provider keeps them.
type PostgresLedger struct {
	Pool *pgxpool.Pool
}

func (l PostgresLedger) Keep(ctx context.Context, r SandboxRefund) (SandboxRefund, error) {
	// Two processes keeping one id together: the second's INSERT waits for the first and does
	// nothing, and its SELECT, on the statement's older snapshot, may not see the row; the next
	// statement does.
	for attempt := 0; ; attempt++ {
		var kept SandboxRefund
		var minor int64
		var currency string
		err := l.Pool.QueryRow(ctx, `
		WITH ins AS (
		    INSERT INTO payment_sandbox_refunds (refund_id, payment_id, amount_minor, currency, provider_ref, created_at)
		    VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (refund_id) DO NOTHING
		    RETURNING refund_id, payment_id, amount_minor, currency, provider_ref, created_at)
		SELECT * FROM ins
		UNION ALL
		SELECT refund_id, payment_id, amount_minor, currency, provider_ref, created_at FROM payment_sandbox_refunds
		 WHERE refund_id = $1 AND NOT EXISTS (SELECT 1 FROM ins)`,
			r.RefundID, r.PaymentID, r.Amount.Minor, string(r.Amount.Currency), r.ProviderRef, r.At).
			Scan(&kept.RefundID, &kept.PaymentID, &minor, &currency, &kept.ProviderRef, &kept.At)
		switch {
		case errors.Is(err, pgx.ErrNoRows) && attempt < 2:
			continue
		case err != nil:
			return SandboxRefund{}, fmt.Errorf("payments: sandbox ledger: %w", err)
		}
		kept.Amount = money.New(minor, money.Currency(currency))
		return kept, nil
	}
}

func (l PostgresLedger) Close(ctx context.Context, paymentID, reason string, at time.Time) error {
	if _, err := l.Pool.Exec(ctx, `INSERT INTO payment_sandbox_closed_sessions (payment_id, reason, closed_at)
		VALUES ($1, $2, $3) ON CONFLICT (payment_id) DO NOTHING`, paymentID, reason, at); err != nil {
		return fmt.Errorf("payments: sandbox ledger: close %s: %w", paymentID, err)
	}
	return nil
}

func (l PostgresLedger) Closed(ctx context.Context, paymentID string) (string, error) {
	var reason string
	err := l.Pool.QueryRow(ctx, `SELECT reason FROM payment_sandbox_closed_sessions WHERE payment_id = $1`, paymentID).Scan(&reason)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("payments: sandbox ledger: %w", err)
	}
	return reason, nil
}

func (l PostgresLedger) Refunds(ctx context.Context, paymentID string) ([]SandboxRefund, error) {
	rows, err := l.Pool.Query(ctx, `SELECT refund_id, payment_id, amount_minor, currency, provider_ref, created_at
		FROM payment_sandbox_refunds WHERE payment_id = $1 ORDER BY created_at, refund_id`, paymentID)
	if err != nil {
		return nil, fmt.Errorf("payments: sandbox ledger: %w", err)
	}
	defer rows.Close()
	var out []SandboxRefund
	for rows.Next() {
		var r SandboxRefund
		var minor int64
		var currency string
		if err := rows.Scan(&r.RefundID, &r.PaymentID, &minor, &currency, &r.ProviderRef, &r.At); err != nil {
			return nil, fmt.Errorf("payments: sandbox ledger: %w", err)
		}
		r.Amount = money.New(minor, money.Currency(currency))
		out = append(out, r)
	}
	return out, rows.Err()
}

// Refund refunds in the sandbox: always accepted, kept under its refund id, so asking again with the
// same id answers the first refund (same reference) and refunds nothing more.
func (s *Sandbox) Refund(ctx context.Context, req RefundRequest) (RefundResult, error) {
	if req.RefundID == "" || req.Amount.Minor <= 0 {
		return RefundResult{}, fmt.Errorf("%w: %w: sandbox: incomplete refund", ErrProvider, ErrRefused)
	}
	sum := sha256.Sum256([]byte("refund:" + req.RefundID))
	kept, err := s.ledger.Keep(ctx, SandboxRefund{RefundID: req.RefundID, PaymentID: req.PaymentID, Amount: req.Amount,
		ProviderRef: "sbx_rf_" + hex.EncodeToString(sum[:8]), At: s.now().UTC()})
	if err != nil {
		return RefundResult{}, fmt.Errorf("%w: %w", ErrProvider, err)
	}
	if kept.PaymentID != req.PaymentID || kept.Amount != req.Amount {
		return RefundResult{}, fmt.Errorf("%w: %w: sandbox: refund %s was made with other parameters", ErrProvider, ErrRefused, req.RefundID)
	}
	return RefundResult{ProviderRef: kept.ProviderRef}, nil
}

// IdempotentRefunds: the sandbox honours refund ids as idempotency keys.
func (s *Sandbox) IdempotentRefunds() bool { return true }

// Refunds lists the refunds the sandbox made for a payment (for tests and the demo).
func (s *Sandbox) Refunds(ctx context.Context, paymentID string) ([]SandboxRefund, error) {
	return s.ledger.Refunds(ctx, paymentID)
}

// ExpireSession closes a sandbox session at the shop's request (its order cancelled, its change
// given up): its page then refuses the card with a page that says why. Closing again (the same key
// or another) keeps the first reason and changes nothing.
func (s *Sandbox) ExpireSession(ctx context.Context, req payment.CloseRequest) error {
	if req.PaymentID == "" {
		return fmt.Errorf("%w: %w: sandbox: no session to close", ErrProvider, ErrRefused)
	}
	reason := req.Reason
	if reason == "" {
		reason = payment.CloseOrderCancelled
	}
	if err := s.ledger.Close(ctx, req.PaymentID, reason, s.now().UTC()); err != nil {
		return fmt.Errorf("%w: %w", ErrProvider, err)
	}
	return nil
}
