package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

func init() {
	authzMatrix = append(authzMatrix,
		authzRoute{Method: "GET", Route: "/api/support/orders/{id}/mail", Want: rolesOnly(200, "admin", "support"), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/support/orders/" + authzUserOrder(t, e) + "/mail"}
		}},
	)
}

// A traveller says "I never got the confirmation": support sees, beside the order, each e-mail
// Mishwar recorded about it, to whom, and whether it went — without the bodies.
func TestSupportSeesTheEmailsSentAboutAnOrder(t *testing.T) {
	w := newOrderWorld(t, 1, 1)
	a := w.a
	support := a.Staff(t, "support")
	u, orderID := w.paidOrder(t)

	type mail struct {
		To      string     `json:"to"`
		Subject string     `json:"subject"`
		Status  string     `json:"status"`
		SentAt  *time.Time `json:"sent_at"`
		Text    string     `json:"text"`
	}
	var list struct {
		Data []mail `json:"data"`
	}
	deadline := time.Now().Add(15 * time.Second)
	for {
		r := a.Get("/api/support/orders/"+orderID+"/mail", support.Token)
		if r.Status != http.StatusOK {
			t.Fatalf("order mail: %d %s", r.Status, r.Body)
		}
		r.JSON(t, &list)
		sent := 0
		for _, m := range list.Data {
			if m.Status == "sent" && m.SentAt != nil {
				sent++
			}
		}
		// Placed (awaiting payment) and paid: two e-mails, both delivered.
		if sent >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the order's e-mails never all went: %+v", list.Data)
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, m := range list.Data {
		if !strings.EqualFold(m.To, u.Email) || !strings.Contains(m.Subject, orderID) || m.Text != "" {
			t.Fatalf("an e-mail of another order or with its body: %+v", m)
		}
	}
	if r := a.Get("/api/support/orders/MSH-999999/mail", support.Token); r.Status != http.StatusNotFound {
		t.Fatalf("an order that does not exist: %d %s", r.Status, r.Body)
	}
}
