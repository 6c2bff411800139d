package payments_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"mishwar/adapters/payments"
	"mishwar/domain/money"
	"mishwar/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// The sandbox honours refund ids the way a real provider honours idempotency keys: the same id again
// (a retried job, a crash after the provider said yes) answers the first refund and refunds nothing
// more, even asked by many at once and by another process; the same id for another refund is refused.
func TestTheSandboxRefundsOncePerRefundID(t *testing.T) {
	t.Parallel()
	ledgers := map[string]func(t *testing.T) payments.RefundLedger{
		"in memory":  func(*testing.T) payments.RefundLedger { return &payments.MemoryLedger{} },
		"postgresql": func(t *testing.T) payments.RefundLedger { return payments.PostgresLedger{Pool: pgtest.NewDatabase(t)} },
	}
	for name, ledger := range ledgers {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			kept := ledger(t)
			sandbox := func() *payments.Sandbox {
				sb, err := payments.NewSandbox(payments.SandboxConfig{Secret: []byte("0123456789abcdef0123456789abcdef"), Ledger: kept})
				if err != nil {
					t.Fatal(err)
				}
				return sb
			}
			// Two processes of one deployment share the ledger.
			one, two := sandbox(), sandbox()
			ctx := context.Background()
			req := payments.RefundRequest{RefundID: "r1", PaymentID: "pay-1", ProviderRef: "txn", Amount: money.New(5000, money.EGP)}
			var wg sync.WaitGroup
			refs := make([]string, 20)
			errs := make([]error, 20)
			for i := range refs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					sb := one
					if i%2 == 1 {
						sb = two
					}
					res, err := sb.Refund(ctx, req)
					refs[i], errs[i] = res.ProviderRef, err
				}()
			}
			wg.Wait()
			for i := range refs {
				if errs[i] != nil || refs[i] == "" || refs[i] != refs[0] {
					t.Fatalf("refund %d: %q %v (first %q)", i, refs[i], errs[i], refs[0])
				}
			}
			if _, err := one.Refund(ctx, payments.RefundRequest{RefundID: "r1", PaymentID: "pay-1", Amount: money.New(9999, money.EGP)}); !errors.Is(err, payments.ErrRefused) {
				t.Fatalf("the same id for another amount: %v", err)
			}
			if _, err := one.Refund(ctx, payments.RefundRequest{RefundID: "r2", PaymentID: "pay-1", Amount: money.New(1000, money.EGP)}); err != nil {
				t.Fatal(err)
			}
			list, err := two.Refunds(ctx, "pay-1")
			if err != nil {
				t.Fatal(err)
			}
			if len(list) != 2 || list[0].Amount.Minor+list[1].Amount.Minor != 6000 {
				t.Fatalf("refunds made: %+v", list)
			}
			if _, err := one.Refund(ctx, payments.RefundRequest{RefundID: "", PaymentID: "pay-1", Amount: money.New(1, money.EGP)}); !errors.Is(err, payments.ErrRefused) {
				t.Fatalf("a refund without an id: %v", err)
			}
		})
	}
}
