package httpapi_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"mishwar/adapters/payments/paymobtest"
	"mishwar/cmd/mishwar/app/apptest"
)

const (
	paymobTestSecretKey  = "egy_sk_test_mishwar"
	paymobTestHMACSecret = "paymob-hmac-journey"
)

// paymobWorld is an order world whose payments go through the Paymob adapter, Paymob's API stood in
// for by paymobtest (Paymob publishes no mock).
type paymobWorld struct {
	*orderWorld
	paymob *paymobtest.Server
}

// newPaymobWorld starts the app with MISHWAR_PAYMENTS=paymob. Not parallel: the app reads its payment
// settings from the process environment.
func newPaymobWorld(t *testing.T) *paymobWorld {
	t.Helper()
	pm := paymobtest.Start(t, paymobtest.Config{SecretKey: paymobTestSecretKey, HMACSecret: paymobTestHMACSecret, IntegrationIDs: []int{4097558}})
	t.Setenv("MISHWAR_PAYMENTS", "paymob")
	t.Setenv("MISHWAR_PAYMOB_BASE_URL", pm.URL)
	t.Setenv("MISHWAR_PAYMOB_SECRET_KEY", paymobTestSecretKey)
	t.Setenv("MISHWAR_PAYMOB_PUBLIC_KEY", "egy_pk_test_mishwar")
	t.Setenv("MISHWAR_PAYMOB_HMAC_SECRET", paymobTestHMACSecret)
	t.Setenv("MISHWAR_PAYMOB_INTEGRATION_IDS", "4097558")
	return &paymobWorld{orderWorld: newOrderWorld(t, 1, 1), paymob: pm}
}

type paymobPayment struct {
	orderID, paymentID, paymentURL string
	total                          int64
	intention                      paymobtest.Intention
}

// checkoutOnPaymob places u's order and waits until the payment job has created its intention.
func (w *paymobWorld) checkoutOnPaymob(t *testing.T, u apptest.Session) paymobPayment {
	t.Helper()
	r, placed := w.checkout(t, u, "")
	if r.Status != http.StatusCreated {
		t.Fatalf("checkout: %d %s", r.Status, r.Body)
	}
	p := paymobPayment{orderID: placed.Data.OrderID, paymentURL: placed.PaymentURL}
	var o struct {
		Data struct {
			PaymentURL string                `json:"payment_url"`
			Total      struct{ Minor int64 } `json:"total"`
			Payments   []struct {
				ID       string `json:"id"`
				Provider string `json:"provider"`
			} `json:"payments"`
		} `json:"data"`
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		w.a.Get("/api/orders/"+p.orderID, u.Token).JSON(t, &o)
		if o.Data.PaymentURL != "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the intention was never created")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if len(o.Data.Payments) != 1 || o.Data.Payments[0].Provider != "paymob" {
		t.Fatalf("payments %+v", o.Data.Payments)
	}
	p.paymentURL, p.paymentID, p.total = o.Data.PaymentURL, o.Data.Payments[0].ID, o.Data.Total.Minor
	p.intention = w.paymob.IntentionFor(t, p.paymentID)
	return p
}

// transaction is the card transaction Paymob reports for the payment's intention.
func (p paymobPayment) transaction(id int64, success bool) paymobtest.Transaction {
	return paymobtest.Transaction{ID: id, OrderID: p.intention.IntentionOrderID, MerchantOrderID: p.paymentID, AmountCents: p.total, Success: success}
}

func (w *paymobWorld) processed(hmacValue string, body []byte) apptest.Response {
	return w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/payments/paymob/callback?hmac=" + url.QueryEscape(hmacValue), Body: body,
		Header: map[string]string{"Content-Type": "application/json"}})
}

// The whole order journey with MISHWAR_PAYMENTS=paymob: the intention carries the payment id as its
// special reference and the amount; the processed callback, signed per Paymob's documented field
// order, confirms the order only when its obj.order.id is the intention's order id; a wrong HMAC or a
// replay changes nothing; the browser's return (the response callback) lands on the result page; the
// cancellation's refund goes to Paymob for the transaction the callback named.
func TestAnOrderPaidThroughPaymobIsConfirmedByTheCallbackOfItsIntentionsOrder(t *testing.T) {
	w := newPaymobWorld(t)
	u := w.traveller(t)
	p := w.checkoutOnPaymob(t, u)

	in := p.intention
	if in.Amount() != p.total || in.Request["notification_url"] != w.a.URL+"/api/payments/paymob/callback" ||
		!strings.HasPrefix(in.Request["redirection_url"].(string), w.a.URL+"/api/payments/paymob/return") {
		t.Fatalf("intention %+v", in.Request)
	}
	if want := w.paymob.URL + "/unifiedcheckout/?clientSecret=" + in.ClientSecret + "&publicKey=egy_pk_test_mishwar"; p.paymentURL != want {
		t.Fatalf("payment URL %s, want %s", p.paymentURL, want)
	}

	txn := p.transaction(192036465, true)
	body, sig := paymobtest.Processed(paymobTestHMACSecret, txn)
	_, otherSig := paymobtest.Processed("not-the-hmac-secret", txn)
	for name, h := range map[string]string{"another secret": otherSig, "missing": ""} {
		if r := w.processed(h, body); r.Status != http.StatusUnauthorized {
			t.Fatalf("%s hmac: %d %s", name, r.Status, r.Body)
		}
	}
	// A transaction of another Paymob order, genuinely signed, whose unsigned merchant_order_id was
	// made to name this payment: the order ids disagree, so it is refused.
	stray := txn
	stray.ID, stray.OrderID = 192036466, in.IntentionOrderID+1000
	strayBody, straySig := paymobtest.Processed(paymobTestHMACSecret, stray)
	if r := w.processed(straySig, strayBody); r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "does not match") {
		t.Fatalf("a callback of another Paymob order: %d %s", r.Status, r.Body)
	}
	if st := w.order(t, u.Token, p.orderID).Data.Status; st != "awaiting_payment" {
		t.Fatalf("a refused callback changed the order to %s", st)
	}

	first := w.processed(sig, body)
	if first.Status != http.StatusOK || !strings.Contains(string(first.Body), `"status":"succeeded"`) || strings.Contains(string(first.Body), `"repeated":true`) {
		t.Fatalf("callback: %d %s", first.Status, first.Body)
	}
	if replay := w.processed(sig, body); replay.Status != http.StatusOK || !strings.Contains(string(replay.Body), `"repeated":true`) {
		t.Fatalf("replay: %d %s", replay.Status, replay.Body)
	}
	// The browser comes back with the same transaction as the response callback.
	q := paymobtest.Response(paymobTestHMACSecret, txn)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	back, err := client.Get(w.a.URL + "/api/payments/paymob/return?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	back.Body.Close()
	if loc := back.Header.Get("Location"); back.StatusCode != http.StatusSeeOther || loc != "/payments/"+p.orderID+"?result=success" {
		t.Fatalf("return: %d to %s", back.StatusCode, loc)
	}
	o := w.order(t, u.Token, p.orderID)
	if o.Data.Status != "confirmed" || o.Data.Paid.Minor != p.total {
		t.Fatalf("after the callback, its replay and the return: %+v", o.Data)
	}
	if got := timelineOf(t, w.orderWorld, u.Token, p.orderID); strings.Join(got, ",") != "OrderPlaced,PaymentSessionOrdered,PaymentRequested,PaymentReceived" {
		t.Fatalf("timeline %v", got)
	}

	if c := w.a.Post("/api/orders/"+p.orderID+"/cancel", u.Token, map[string]string{"reason": "plans changed"}); c.Status != http.StatusOK {
		t.Fatalf("cancel: %d %s", c.Status, c.Body)
	}
	admin := w.a.Staff(t, "admin")
	deadline := time.Now().Add(20 * time.Second)
	for {
		refunds := adminOrder(t, w.orderWorld, admin.Token, p.orderID).Data.Refunds
		if len(refunds) == 1 && refunds[0].Status == "issued" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the refund was never issued: %+v", refunds)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if rs := w.paymob.Refunds(); len(rs) != 1 || rs[0].TransactionID != txn.ID || rs[0].AmountCents != p.total {
		t.Fatalf("refunds asked of Paymob: %+v", rs)
	}
}

// A declined card reported by the processed callback fails the order and frees its car; a later
// success on the same intention (the traveller tried another card on the same page) still counts.
func TestAPaymobDeclineFailsTheOrderAndASecondCardOnTheSamePageStillPays(t *testing.T) {
	w := newPaymobWorld(t)
	u := w.traveller(t)
	p := w.checkoutOnPaymob(t, u)

	declined := p.transaction(300000001, false)
	body, sig := paymobtest.Processed(paymobTestHMACSecret, declined)
	if r := w.processed(sig, body); r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"status":"failed"`) {
		t.Fatalf("decline: %d %s", r.Status, r.Body)
	}
	if st := w.order(t, u.Token, p.orderID).Data.Status; st != "payment_failed" {
		t.Fatalf("after a decline: %s", st)
	}
	paid := p.transaction(300000002, true)
	body, sig = paymobtest.Processed(paymobTestHMACSecret, paid)
	if r := w.processed(sig, body); r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"status":"succeeded"`) {
		t.Fatalf("second card: %d %s", r.Status, r.Body)
	}
	o := adminOrder(t, w.orderWorld, w.a.AdminToken(t), p.orderID)
	if o.Data.Status != "confirmed" || o.Data.Paid.Minor != p.total || len(o.Data.Payments) != 1 || o.Data.Payments[0].Status != "received" {
		t.Fatalf("after a second card: %+v", o.Data)
	}
}
