package payments_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"mishwar/adapters/payments"
	"mishwar/domain/money"
)

// callbackSink is the receiving side: it verifies every callback with the provider and keeps them.
type callbackSink struct {
	mu       sync.Mutex
	notices  []payments.Notice
	bodies   []string
	rejected int
}

func newSandbox(t *testing.T, now func() time.Time) (*payments.Sandbox, *httptest.Server, *callbackSink) {
	t.Helper()
	sink := &callbackSink{}
	var sb *payments.Sandbox
	mux := http.NewServeMux()
	mux.HandleFunc("POST /callback", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		n, err := sb.VerifyCallback(r, body)
		sink.mu.Lock()
		defer sink.mu.Unlock()
		if err != nil {
			sink.rejected++
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		sink.notices = append(sink.notices, n)
		sink.bodies = append(sink.bodies, string(body))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	var err error
	sb, err = payments.NewSandbox(payments.SandboxConfig{Secret: []byte("0123456789abcdef0123456789abcdef"), PublicURL: srv.URL, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle(sb.PagePath(), sb)
	return sb, srv, sink
}

func session(t *testing.T, sb *payments.Sandbox, srv *httptest.Server, expires time.Time) payments.Session {
	t.Helper()
	s, err := sb.CreateSession(context.Background(), payments.SessionRequest{
		PaymentID: "pay-1", OrderID: "MSH-7K3Q9P", Amount: money.New(150000, money.EGP), Lang: "en",
		SuccessURL: srv.URL + "/payments/MSH-7K3Q9P?status=success", FailureURL: srv.URL + "/payments/MSH-7K3Q9P?status=failure",
		CallbackURL: srv.URL + "/callback", ExpiresAt: expires,
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func noRedirects() *http.Client {
	return &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func TestSandboxPageIsMarkedAsTest(t *testing.T) {
	sb, srv, _ := newSandbox(t, time.Now)
	s := session(t, sb, srv, time.Now().Add(30*time.Minute))
	resp, err := http.Get(s.RedirectURL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "TEST MODE") || !strings.Contains(string(body), "1,500.00 EGP") || !strings.Contains(string(body), "MSH-7K3Q9P") {
		t.Fatalf("status %d, page:\n%s", resp.StatusCode, body)
	}
	if resp.Header.Get("Cache-Control") != "no-store" || resp.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("headers %v", resp.Header)
	}
}

// The Arabic page reads like the rest of the Arabic site: right to left, the amount in Arabic-Indic
// digits with the currency's Arabic symbol, no Western-digit amount or English currency code.
func TestSandboxPageInArabicWritesTheAmountAsTheArabicSiteDoes(t *testing.T) {
	sb, srv, _ := newSandbox(t, time.Now)
	s, err := sb.CreateSession(context.Background(), payments.SessionRequest{
		PaymentID: "pay-1", OrderID: "MSH-7K3Q9P", Amount: money.New(52220, money.EGP), Lang: "ar",
		SuccessURL: srv.URL + "/payments/MSH-7K3Q9P?status=success", FailureURL: srv.URL + "/payments/MSH-7K3Q9P?status=failure",
		CallbackURL: srv.URL + "/callback", ExpiresAt: time.Now().Add(30 * time.Minute),
	})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(s.RedirectURL)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	body := string(raw)
	if resp.StatusCode != 200 || !strings.Contains(body, `<html lang="ar" dir="rtl">`) {
		t.Fatalf("status %d, page:\n%s", resp.StatusCode, body)
	}
	amount := regexp.MustCompile(`data-testid="sandbox-amount"><bdi>([^<]*)</bdi>`).FindStringSubmatch(body)
	if amount == nil || amount[1] != "٥٢٢٫٢٠ ج.م" {
		t.Fatalf("amount %q, page:\n%s", amount, body)
	}
	if !strings.Contains(body, "ادفع <bdi>٥٢٢٫٢٠ ج.م</bdi>") {
		t.Errorf("the pay button does not say the Arabic amount:\n%s", body)
	}
	for _, western := range []string{"522.20", "EGP", "من 3 أرقام", "(123456 ينجح)", "الرمز هو 123456"} {
		if strings.Contains(body, western) {
			t.Errorf("the Arabic page still says %q", western)
		}
	}
}

func pay(t *testing.T, pageURL string, form url.Values) *http.Response {
	t.Helper()
	resp, err := noRedirects().PostForm(pageURL, form)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func card(number string) url.Values {
	return url.Values{"card_number": {number}, "expiry": {"12/39"}, "cvc": {"123"}, "holder": {"Mona Hassan"}}
}

func TestSandboxCards(t *testing.T) {
	tests := []struct {
		name     string
		card     string
		outcome  string
		reason   string
		redirect string
	}{
		{"the success card pays", payments.CardSuccess, payments.OutcomeSucceeded, "", "status=success"},
		{"the decline card is declined", payments.CardDeclined, payments.OutcomeFailed, payments.ReasonDeclined, "status=failure&reason=card_declined"},
		{"the insufficient funds card fails for lack of funds", payments.CardInsufficientFunds, payments.OutcomeFailed, payments.ReasonInsufficientFunds, "reason=insufficient_funds"},
		{"any other valid card is declined", "4111111111111111", payments.OutcomeFailed, payments.ReasonDeclined, "reason=card_declined"},
		{"the success card typed in Arabic-Indic digits pays", "٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢", payments.OutcomeSucceeded, "", "status=success"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sb, srv, sink := newSandbox(t, time.Now)
			s := session(t, sb, srv, time.Now().Add(30*time.Minute))
			resp := pay(t, s.RedirectURL, card(tt.card))
			if resp.StatusCode != http.StatusSeeOther || !strings.Contains(resp.Header.Get("Location"), tt.redirect) {
				t.Fatalf("status %d location %q", resp.StatusCode, resp.Header.Get("Location"))
			}
			if len(sink.notices) != 1 {
				t.Fatalf("%d callbacks, %d rejected", len(sink.notices), sink.rejected)
			}
			n := sink.notices[0]
			if n.PaymentID != "pay-1" || n.Outcome != tt.outcome || n.Reason != tt.reason || n.Amount != money.New(150000, money.EGP) || n.NoticeID == "" {
				t.Fatalf("notice %+v", n)
			}
			if strings.Contains(sink.bodies[0], tt.card) || strings.Contains(sink.bodies[0], "Mona") || strings.Contains(sink.bodies[0], "12/39") {
				t.Fatalf("card data in the callback: %s", sink.bodies[0])
			}
		})
	}
}

func TestSandboxThreeDSecureStep(t *testing.T) {
	for _, tt := range []struct {
		name, otp, outcome string
	}{
		{"the right code pays", payments.SandboxOTP, payments.OutcomeSucceeded},
		{"a wrong code fails authentication", "000000", payments.OutcomeFailed},
		{"the right code in Arabic-Indic digits pays", "١٢٣٤٥٦", payments.OutcomeSucceeded},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sb, srv, sink := newSandbox(t, time.Now)
			s := session(t, sb, srv, time.Now().Add(30*time.Minute))
			resp := pay(t, s.RedirectURL, card(payments.Card3DS))
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != 200 || len(sink.notices) != 0 {
				t.Fatalf("status %d, %d callbacks before the code", resp.StatusCode, len(sink.notices))
			}
			m := regexp.MustCompile(`name="challenge" value="([^"]+)"`).FindSubmatch(body)
			if m == nil {
				t.Fatalf("no challenge in:\n%s", body)
			}
			form := url.Values{"challenge": {string(m[1])}, "otp": {tt.otp}}
			for i := 0; i < 2; i++ { // answering twice sends the same notice twice: a replay
				resp = pay(t, s.RedirectURL+"/3ds", form)
				if resp.StatusCode != http.StatusSeeOther {
					t.Fatalf("status %d", resp.StatusCode)
				}
			}
			if len(sink.notices) != 2 || sink.notices[0].Outcome != tt.outcome || sink.notices[0].NoticeID != sink.notices[1].NoticeID {
				t.Fatalf("notices %+v", sink.notices)
			}
		})
	}
}

func TestSandboxRefusesBadInputWithoutPaying(t *testing.T) {
	sb, srv, sink := newSandbox(t, time.Now)
	s := session(t, sb, srv, time.Now().Add(30*time.Minute))
	resp := pay(t, s.RedirectURL, url.Values{"card_number": {"4242424242424241"}, "expiry": {"01/20"}, "cvc": {"1"}})
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusUnprocessableEntity || len(sink.notices) != 0 {
		t.Fatalf("status %d, %d callbacks", resp.StatusCode, len(sink.notices))
	}
	for _, msg := range []string{"valid card number", "expired", "3 or 4 digits"} {
		if !strings.Contains(string(body), msg) {
			t.Errorf("page lacks %q", msg)
		}
	}
	if strings.Contains(string(body), "4242424242424241") {
		t.Error("the page echoes the card number")
	}
}

func TestSandboxCancel(t *testing.T) {
	sb, srv, sink := newSandbox(t, time.Now)
	s := session(t, sb, srv, time.Now().Add(30*time.Minute))
	resp := pay(t, s.RedirectURL, url.Values{"cancel": {"1"}})
	if resp.StatusCode != http.StatusSeeOther || !strings.Contains(resp.Header.Get("Location"), "reason=cancelled") || len(sink.notices) != 1 || sink.notices[0].Outcome != payments.OutcomeFailed {
		t.Fatalf("status %d location %q notices %+v", resp.StatusCode, resp.Header.Get("Location"), sink.notices)
	}
}

func TestSandboxSessionsExpireAndCannotBeForged(t *testing.T) {
	sb, srv, _ := newSandbox(t, time.Now)
	expired := session(t, sb, srv, time.Now().Add(-time.Second))
	if resp := pay(t, expired.RedirectURL, card(payments.CardSuccess)); resp.StatusCode != http.StatusGone {
		t.Fatalf("expired session: status %d", resp.StatusCode)
	}
	s := session(t, sb, srv, time.Now().Add(30*time.Minute))
	forged := s.RedirectURL[:len(s.RedirectURL)-3] + "abc"
	if resp := pay(t, forged, card(payments.CardSuccess)); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("forged session: status %d", resp.StatusCode)
	}
}

func TestSandboxCallbackVerification(t *testing.T) {
	now := time.Now()
	sb, _, _ := newSandbox(t, func() time.Time { return now })
	body := []byte(`{"payment_id":"pay-1","notice_id":"n1","outcome":"succeeded","amount":{"minor":150000,"currency":"EGP"},"reference":"t1"}`)
	request := func(sig string) *http.Request {
		r := httptest.NewRequest(http.MethodPost, "/api/payments/sandbox/callback", strings.NewReader(string(body)))
		r.Header.Set(payments.SandboxSignatureHeader, sig)
		return r
	}
	good := sb.SignSandboxNotice(body)
	if n, err := sb.VerifyCallback(request(good), body); err != nil || n.PaymentID != "pay-1" || n.Outcome != payments.OutcomeSucceeded {
		t.Fatalf("good signature: %+v %v", n, err)
	}
	other, _ := payments.NewSandbox(payments.SandboxConfig{Secret: []byte("another secret, just as long...")})
	tampered := []byte(strings.Replace(string(body), "150000", "1", 1))
	cases := map[string]struct {
		sig  string
		body []byte
	}{
		"no signature":            {"", body},
		"signed with another key": {other.SignSandboxNotice(body), body},
		"tampered body":           {good, tampered},
		"garbage":                 {"t=abc,v1=zz", body},
	}
	for name, c := range cases {
		if _, err := sb.VerifyCallback(request(c.sig), c.body); !errors.Is(err, payments.ErrInvalidSignature) {
			t.Errorf("%s: err = %v, want ErrInvalidSignature", name, err)
		}
	}
	stale := func() time.Time { return now.Add(-6 * time.Minute) }
	old, _ := payments.NewSandbox(payments.SandboxConfig{Secret: []byte("0123456789abcdef0123456789abcdef"), Now: stale})
	if _, err := sb.VerifyCallback(request(old.SignSandboxNotice(body)), body); !errors.Is(err, payments.ErrInvalidSignature) {
		t.Errorf("a 6-minute-old signature: err = %v", err)
	}
}

func TestSandboxRefundReferenceIsStable(t *testing.T) {
	sb, _, _ := newSandbox(t, time.Now)
	a, err1 := sb.Refund(context.Background(), payments.RefundRequest{RefundID: "r1", Amount: money.New(100, money.EGP)})
	b, err2 := sb.Refund(context.Background(), payments.RefundRequest{RefundID: "r1", Amount: money.New(100, money.EGP)})
	if err1 != nil || err2 != nil || a.ProviderRef == "" || a != b {
		t.Fatalf("%v %v %v %v", a, b, err1, err2)
	}
}

// settledBySink tells the sandbox a payment is settled by the first notice its callback received, as
// the orders application does from the payment's stream.
func settledBySink(sb *payments.Sandbox, sink *callbackSink) {
	sb.SettledBy(func(_ context.Context, paymentID string) string {
		sink.mu.Lock()
		defer sink.mu.Unlock()
		for _, n := range sink.notices {
			if n.PaymentID == paymentID {
				return n.Outcome
			}
		}
		return ""
	})
}

// Twenty submits of one payment page at once (two tabs, Back and submit again) charge the card once;
// every other submit is sent on to the result.
func TestSandboxChargesAPaymentPageOnceHoweverOftenItIsSubmitted(t *testing.T) {
	sb, srv, sink := newSandbox(t, time.Now)
	settledBySink(sb, sink)
	s := session(t, sb, srv, time.Now().Add(30*time.Minute))
	var wg sync.WaitGroup
	locations := make([]string, 20)
	for i := range locations {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := noRedirects().PostForm(s.RedirectURL, card(payments.CardSuccess))
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
			locations[i] = resp.Header.Get("Location")
		}()
	}
	wg.Wait()
	if len(sink.notices) != 1 {
		t.Fatalf("%d charges for one page", len(sink.notices))
	}
	for i, l := range locations {
		if !strings.Contains(l, "status=success") {
			t.Fatalf("submit %d went to %q", i, l)
		}
	}
}

// A wrong one-time code fails the payment; the right code typed afterwards on the same challenge
// does not pretend it paid: the page sends it on to the failure.
func TestSandboxCodeAnsweredAgainAfterAFailureIsSentToTheFailure(t *testing.T) {
	sb, srv, sink := newSandbox(t, time.Now)
	settledBySink(sb, sink)
	s := session(t, sb, srv, time.Now().Add(30*time.Minute))
	body, _ := io.ReadAll(pay(t, s.RedirectURL, card(payments.Card3DS)).Body)
	m := regexp.MustCompile(`name="challenge" value="([^"]+)"`).FindSubmatch(body)
	if m == nil {
		t.Fatalf("no challenge in:\n%s", body)
	}
	wrong := pay(t, s.RedirectURL+"/3ds", url.Values{"challenge": {string(m[1])}, "otp": {"000000"}})
	right := pay(t, s.RedirectURL+"/3ds", url.Values{"challenge": {string(m[1])}, "otp": {payments.SandboxOTP}})
	for _, resp := range []*http.Response{wrong, right} {
		if l := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || !strings.Contains(l, "status=failure") {
			t.Fatalf("status %d location %q", resp.StatusCode, l)
		}
	}
	if len(sink.notices) != 1 || sink.notices[0].Outcome != payments.OutcomeFailed {
		t.Fatalf("notices %+v", sink.notices)
	}
}
