package orders_test

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/adapters/jobs"
	"mishwar/adapters/payments"
	"mishwar/commands"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/payment"
	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	paymentsproc "mishwar/processes/payments"
)

// Environment of the child process of TestAWorkerKilledWithSIGKILLAfterTheProviderSaidYes.
const (
	killChildDB     = "MISHWAR_TEST_KILL_CHILD_DB"
	killChildMarker = "MISHWAR_TEST_KILL_CHILD_MARKER"
)

// hangAfterRefund lets the sandbox refund, says so in a file, and never answers: the process is
// killed there, after the provider said yes and before anything is recorded.
type hangAfterRefund struct {
	*payments.Sandbox
	marker string
}

func (h hangAfterRefund) Refund(ctx context.Context, req payment.RefundRequest) (payment.RefundResult, error) {
	res, err := h.Sandbox.Refund(ctx, req)
	if err != nil {
		return res, err
	}
	if err := os.WriteFile(h.marker, []byte(res.ProviderRef), 0o600); err != nil {
		return res, err
	}
	select {}
}

// TestKilledWorkerChild is the worker process the test below kills; it does nothing on its own.
func TestKilledWorkerChild(t *testing.T) {
	url := os.Getenv(killChildDB)
	if url == "" {
		t.Skip("the child of TestAWorkerKilledWithSIGKILLAfterTheProviderSaidYes")
	}
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	registry := eventstore.NewRegistry()
	orderscmd.RegisterEvents(registry)
	sb, err := payments.NewSandbox(payments.SandboxConfig{Secret: []byte("test-secret-test-secret"), PublicURL: "http://mishwar.test",
		Ledger: payments.PostgresLedger{Pool: pool}})
	if err != nil {
		t.Fatal(err)
	}
	h := orderscmd.New(orderscmd.Config{Runner: commands.NewRunner(postgres.New(pool), registry),
		Provider: hangAfterRefund{Sandbox: sb, marker: os.Getenv(killChildMarker)}, Settings: orderscmd.DefaultSettings(),
		PublicURL: func() string { return "http://mishwar.test" }, Logger: slog.New(slog.DiscardHandler)})
	w := &jobs.Worker{Queue: &jobs.Queue{Pool: pool}, Handlers: map[string]jobs.Handler{paymentsproc.KindRefund: orderstest.JobHandlers(h)[paymentsproc.KindRefund]},
		Lease: 2 * time.Second, Poll: 50 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)}
	_ = w.Run(ctx)
	t.Fatal("the worker stopped; it was to be killed")
}

// kill -9 between intent and outcome, for real: a worker process asks the provider for a refund the
// cancellation ordered, the provider says yes, and the process gets SIGKILL before it records
// anything. Another worker takes the job over when the dead one's lease runs out: the refund is
// recorded once, and the provider (whose ledger both processes share) refunded once.
func TestAWorkerKilledWithSIGKILLAfterTheProviderSaidYes(t *testing.T) {
	if os.Getenv(killChildDB) != "" {
		t.Skip("in the child")
	}
	t.Parallel()
	rc := newRefundCase(t, orderstest.Options{LedgerInDB: true})
	f, c, p := rc.f, rc.c, rc.p
	rc.cancel(t)

	marker := filepath.Join(t.TempDir(), "provider-said-yes")
	child := exec.Command(os.Args[0], "-test.run=^TestKilledWorkerChild$", "-test.count=1")
	child.Env = append(os.Environ(), killChildDB+"="+f.Pool.Config().ConnString(), killChildMarker+"="+marker)
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		if _, err := os.Stat(marker); err == nil {
			break
		}
		if time.Now().After(deadline) {
			_ = child.Process.Kill()
			t.Fatal("the child worker never reached the provider")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := child.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	var exit *exec.ExitError
	if err := child.Wait(); !errors.As(err, &exit) || exit.Success() {
		t.Fatalf("the child was not killed: %v", err)
	}
	if got := refundsAtProvider(t, c, p.PaymentID); len(got) != 1 {
		t.Fatalf("the provider made %d refunds before the kill", len(got))
	}
	rc.assertCancelRefundInFlight(t)

	// The restart.
	rc.restartRefundsOnce(t)
}
