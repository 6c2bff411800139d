package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// A staff refund with only a reason, on an order that owes nothing back, asks for the amount; an
// amount beyond any refund says it is too large, not that it has too many decimals.
func TestAStaffRefundSaysAnAmountIsRequiredAndAHugeOneIsTooLarge(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	id := paidCheckout(t, w, u)
	admin := w.a.Staff(t, "admin")
	path := "/api/admin/orders/" + id + "/refund"

	r := w.a.Post(path, admin.Token, map[string]any{"reason": "goodwill"})
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "Enter the amount to refund") {
		t.Fatalf("without an amount: %d %s", r.Status, r.Body)
	}
	r = w.a.Post(path, admin.Token, map[string]any{"reason": "x", "amount": 1e308})
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "larger than what is left to refund") {
		t.Fatalf("1e308: %d %s", r.Status, r.Body)
	}
	if o := adminOrder(t, w, admin.Token, id); o.Data.Refunded.Minor != 0 || len(o.Data.Refunds) != 0 {
		t.Fatalf("refused refunds sent money back: %+v", o.Data)
	}
}

// Staff cancelling a paid order say whether the business cancels or the traveller asked; the order
// shows beforehand what each would refund.
func TestStaffCancellingAPaidOrderSayWhoItIsFor(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	id := paidCheckout(t, w, u)
	admin := w.a.Staff(t, "admin")

	var before struct {
		Data struct {
			Paid         struct{ Minor int64 } `json:"paid"`
			Cancellation struct {
				Refund           struct{ Minor int64 } `json:"refund"`
				RefundByBusiness struct{ Minor int64 } `json:"refund_by_business"`
			} `json:"cancellation"`
		} `json:"data"`
	}
	w.a.Get("/api/admin/orders/"+id, admin.Token).JSON(t, &before)
	if c := before.Data.Cancellation; c.RefundByBusiness.Minor != before.Data.Paid.Minor || c.Refund.Minor != before.Data.Paid.Minor {
		t.Fatalf("offered %+v of %d paid", c, before.Data.Paid.Minor)
	}

	r := w.a.Post("/api/admin/orders/"+id+"/cancel", admin.Token, map[string]any{"reason": "No driver available, our fault"})
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "initiated_by") {
		t.Fatalf("without saying who cancels: %d %s", r.Status, r.Body)
	}
	r = w.a.Post("/api/admin/orders/"+id+"/cancel", admin.Token, map[string]any{"reason": "No driver available, our fault", "initiated_by": "driver"})
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "Say who is cancelling") {
		t.Fatalf("an unknown side: %d %s", r.Status, r.Body)
	}
	r = w.a.Post("/api/admin/orders/"+id+"/cancel", admin.Token, map[string]any{"reason": "No driver available, our fault", "initiated_by": "business"})
	var out struct {
		Refunded      struct{ Minor int64 } `json:"refunded"`
		RefundPending struct{ Minor int64 } `json:"refund_pending"`
	}
	r.JSON(t, &out)
	if r.Status != http.StatusOK || out.Refunded.Minor+out.RefundPending.Minor != before.Data.Paid.Minor {
		t.Fatalf("the business cancelling: %d %s", r.Status, r.Body)
	}
}
