package payments_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"mishwar/adapters/payments"
	"mishwar/domain/payment"
	"mishwar/internal/pgtest"
)

// A session the shop closed (its order cancelled, its change given up) can no longer be paid on the
// sandbox's page, in any process of the deployment: the card is refused with a page that says why,
// no notice is sent, and closing it again (a retried job) changes nothing.
func TestASandboxSessionClosedByTheShopRefusesTheCard(t *testing.T) {
	t.Parallel()
	ledgers := map[string]func(t *testing.T) payments.RefundLedger{
		"in memory":  func(*testing.T) payments.RefundLedger { return &payments.MemoryLedger{} },
		"postgresql": func(t *testing.T) payments.RefundLedger { return payments.PostgresLedger{Pool: pgtest.NewDatabase(t)} },
	}
	for name, ledger := range ledgers {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			kept := ledger(t)
			var notices atomic.Int32
			mux := http.NewServeMux()
			mux.HandleFunc("POST /callback", func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.Copy(io.Discard, r.Body)
				notices.Add(1)
			})
			srv := httptest.NewServer(mux)
			t.Cleanup(srv.Close)
			sandbox := func() *payments.Sandbox {
				sb, err := payments.NewSandbox(payments.SandboxConfig{Secret: []byte("0123456789abcdef0123456789abcdef"), PublicURL: srv.URL, Ledger: kept})
				if err != nil {
					t.Fatal(err)
				}
				return sb
			}
			one, two := sandbox(), sandbox()
			mux.Handle(two.PagePath(), two)
			sess := session(t, one, srv, time.Now().Add(time.Hour))
			ctx := context.Background()
			for range 2 {
				if err := one.ExpireSession(ctx, payment.CloseRequest{PaymentID: "pay-1", ProviderSessionID: sess.ProviderSessionID,
					Reason: payment.CloseOrderCancelled, Key: "close-1"}); err != nil {
					t.Fatalf("close: %v", err)
				}
			}

			resp := pay(t, sess.RedirectURL, card(payments.CardSuccess))
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != http.StatusGone || !strings.Contains(string(body), "This payment is no longer open: the order was cancelled") {
				t.Fatalf("paying a closed session: %d %s", resp.StatusCode, body)
			}
			page, err := http.Get(sess.RedirectURL)
			if err != nil {
				t.Fatal(err)
			}
			body, _ = io.ReadAll(page.Body)
			page.Body.Close()
			if page.StatusCode != http.StatusGone || strings.Contains(string(body), `name="card_number"`) {
				t.Fatalf("the page of a closed session: %d %s", page.StatusCode, body)
			}
			if n := notices.Load(); n != 0 {
				t.Fatalf("%d notices sent for a closed session", n)
			}
		})
	}
}
