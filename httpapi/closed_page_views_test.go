package httpapi_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
)

type closedPaymentAnswer struct {
	Data struct {
		PaymentURL string `json:"payment_url"`
		Payments   []struct {
			ID     string `json:"id"`
			Status string `json:"status"`
			Closed *struct {
				At      time.Time `json:"at"`
				Outcome string    `json:"outcome"`
				Why     string    `json:"why"`
			} `json:"closed"`
		} `json:"payments"`
	} `json:"data"`
	Payments []auditPayment `json:"payments"`
}

type auditPayment struct {
	PaymentID    string     `json:"payment_id"`
	Status       string     `json:"status"`
	ClosedAt     *time.Time `json:"closed_at"`
	CloseOutcome string     `json:"close_outcome"`
	CloseWhy     string     `json:"close_why"`
}

// Once a cancelled order's payment page is closed (PaymentSessionClosed, recorded by a job), every
// staff view says so, when and why: the admin's order (its payment and its payments audit), the
// payments audit, and support's history, in English and Arabic with the time on Cairo's clock; and no
// view offers the closed link.
func TestStaffViewsSayACancelledOrdersPaymentPageWasClosedWhenAndWhy(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	_, placed := w.checkout(t, u, "")
	if placed.PaymentURL == "" {
		t.Fatal("no payment page")
	}
	id := placed.Data.OrderID
	if r := w.a.Post("/api/orders/"+id+"/cancel", u.Token, map[string]string{"reason": "plans changed"}); r.Status != http.StatusOK {
		t.Fatalf("cancelling the unpaid order: %d %s", r.Status, r.Body)
	}
	admin := w.a.Staff(t, "admin")

	var o closedPaymentAnswer
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		r := w.a.Get("/api/admin/orders/"+id, admin.Token)
		if r.Status != http.StatusOK {
			t.Fatalf("admin order: %d %s", r.Status, r.Body)
		}
		o = closedPaymentAnswer{}
		r.JSON(t, &o)
		if len(o.Data.Payments) == 1 && o.Data.Payments[0].Closed != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the admin's order never says its payment page was closed: %s", r.Body)
		}
	}
	p := o.Data.Payments[0]
	if p.Status != "closed" || p.Closed.Outcome != "closed" || p.Closed.Why != "order_cancelled" || p.Closed.At.IsZero() || o.Data.PaymentURL != "" {
		t.Fatalf("the admin's order payment %+v (close %+v), payment_url %q", p, p.Closed, o.Data.PaymentURL)
	}
	if len(o.Payments) != 1 || o.Payments[0].Status != "closed" || o.Payments[0].CloseWhy != "order_cancelled" || o.Payments[0].ClosedAt == nil ||
		!o.Payments[0].ClosedAt.Equal(p.Closed.At) {
		t.Fatalf("the admin order's payments audit %+v", o.Payments)
	}

	var audit struct {
		Data []auditPayment `json:"data"`
	}
	if r := w.a.Get("/api/admin/payments?order="+url.QueryEscape(id), admin.Token); r.Status != http.StatusOK {
		t.Fatalf("payments audit: %d %s", r.Status, r.Body)
	} else {
		r.JSON(t, &audit)
	}
	if len(audit.Data) != 1 || audit.Data[0].Status != "closed" || audit.Data[0].CloseOutcome != "closed" || audit.Data[0].CloseWhy != "order_cancelled" {
		t.Fatalf("payments audit %+v", audit.Data)
	}

	// The traveller's order offers no link either.
	if r := w.a.Get("/api/orders/"+id, u.Token); r.Status != http.StatusOK || strings.Contains(string(r.Body), placed.PaymentURL) {
		t.Fatalf("the traveller's order still offers the closed page: %d %s", r.Status, r.Body)
	}

	support := w.a.Staff(t, "support")
	for lang, want := range map[string]*regexp.Regexp{
		"en": regexp.MustCompile(` — Payment page closed on \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} Cairo time: the order was cancelled\.$`),
		"ar": regexp.MustCompile(` — أُغلقت صفحة الدفع في .+ بتوقيت القاهرة: أُلغي الطلب\.$`),
	} {
		r := w.a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/support/orders/" + id + "/history", Token: support.Token, Header: map[string]string{"lang": lang}})
		if r.Status != http.StatusOK {
			t.Fatalf("history in %s: %d %s", lang, r.Status, r.Body)
		}
		var h struct {
			Data struct {
				Related []struct {
					Stream, Kind, Label string
				} `json:"related"`
			} `json:"data"`
		}
		r.JSON(t, &h)
		var stream string
		for _, rel := range h.Data.Related {
			if rel.Kind == "payment" {
				stream = rel.Stream
				if !want.MatchString(rel.Label) {
					t.Errorf("%s: the payment's related stream reads %q, want %s", lang, rel.Label, want)
				}
			}
		}
		if stream == "" {
			t.Fatalf("%s: no payment stream in %s", lang, r.Body)
		}
		r = w.a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/support/streams/" + url.PathEscape(stream), Token: support.Token, Header: map[string]string{"lang": lang}})
		if r.Status != http.StatusOK {
			t.Fatalf("payment stream in %s: %d %s", lang, r.Status, r.Body)
		}
		var s struct {
			Data []struct {
				Type    string `json:"type"`
				Summary string `json:"summary"`
			} `json:"data"`
		}
		r.JSON(t, &s)
		said := ""
		for _, e := range s.Data {
			if e.Type == "PaymentSessionClosed" {
				said = e.Summary
			}
		}
		if !want.MatchString(" — " + said) {
			t.Errorf("%s: the payment stream's close reads %q", lang, said)
		}
	}
}
