package payments_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"mishwar/adapters/payments"
)

// A browser that comes Back to the page of a payment already settled goes on to its result page: the
// card form is not shown again.
func TestTheSandboxPageOfASettledPaymentSendsBackToItsResult(t *testing.T) {
	for _, tt := range []struct {
		settled, want string
		status        int
	}{
		{"", "", http.StatusOK},
		{payments.OutcomeSucceeded, "status=success", http.StatusSeeOther},
		{payments.OutcomeFailed, "status=failure", http.StatusSeeOther},
	} {
		t.Run("settled "+tt.settled, func(t *testing.T) {
			sb, srv, _ := newSandbox(t, time.Now)
			var asked string
			sb.SettledBy(func(_ context.Context, paymentID string) string {
				asked = paymentID
				return tt.settled
			})
			s := session(t, sb, srv, time.Now().Add(30*time.Minute))
			resp, err := noRedirects().Get(s.RedirectURL)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tt.status || asked != "pay-1" || !strings.Contains(resp.Header.Get("Location"), tt.want) {
				t.Fatalf("status %d location %q (asked about %q)", resp.StatusCode, resp.Header.Get("Location"), asked)
			}
		})
	}
}
