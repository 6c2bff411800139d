package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
	cat "mishwar/domain/catalogue"
	"mishwar/internal/config"
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
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "initiated_by") || !strings.Contains(string(r.Body), "Say who is cancelling") {
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

// cancelledAnswer is an order's cancellation as the order's JSON says it.
type cancelledAnswer struct {
	Data struct {
		Cancellation struct {
			Refund struct{ Minor int64 } `json:"refund"`
			Keep   struct{ Minor int64 } `json:"keep"`
		} `json:"cancellation"`
		Cancelled *struct {
			RefundDue   struct{ Minor int64 }  `json:"refund_due"`
			Kept        *struct{ Minor int64 } `json:"kept"`
			InitiatedBy string                 `json:"initiated_by"`
			Free        bool                   `json:"free"`
		} `json:"cancelled"`
	} `json:"data"`
}

// A cancelled order says, to the traveller and to staff, who the cancellation was for and what the
// business kept: nothing when it cancelled, the policy's share of the price when the traveller
// cancelled late, as the order offered before.
func TestACancelledOrderSaysWhoItWasForAndWhatTheBusinessKept(t *testing.T) {
	t.Parallel()
	clock := &testClock{}
	w := seedOrderWorld(t, apptest.New(t, func(c *config.Config) { c.Clock = clock.Now }), 2, 1)
	admin := w.a.Staff(t, "admin")
	ours, theirs := w.traveller(t), w.traveller(t)
	oursID, theirsID := paidCheckout(t, w, ours), paidCheckout(t, w, theirs)

	start, err := time.ParseInLocation("2006-01-02 15:04", w.date+" 10:00", cat.Cairo)
	if err != nil {
		t.Fatal(err)
	}
	clock.Set(start.Add(-2 * time.Hour))
	var before cancelledAnswer
	w.a.Get("/api/orders/"+theirsID, theirs.Token).JSON(t, &before)
	if before.Data.Cancellation.Keep.Minor <= 0 {
		t.Fatalf("two hours before, cancelling keeps nothing: %+v", before.Data.Cancellation)
	}
	if r := w.a.Post("/api/orders/"+theirsID+"/cancel", theirs.Token, map[string]string{"reason": "plans changed"}); r.Status != http.StatusOK {
		t.Fatalf("the traveller cancelling late: %d %s", r.Status, r.Body)
	}
	if r := w.a.Post("/api/admin/orders/"+oursID+"/cancel", admin.Token, map[string]any{"reason": "No driver available, our fault", "initiated_by": "business"}); r.Status != http.StatusOK {
		t.Fatalf("the business cancelling late: %d %s", r.Status, r.Body)
	}

	for _, c := range []struct {
		id, token, path, by string
		kept, refund        int64
	}{
		{theirsID, theirs.Token, "/api/orders/", "traveller", before.Data.Cancellation.Keep.Minor, before.Data.Cancellation.Refund.Minor},
		{theirsID, admin.Token, "/api/admin/orders/", "traveller", before.Data.Cancellation.Keep.Minor, before.Data.Cancellation.Refund.Minor},
		{oursID, ours.Token, "/api/orders/", "business", 0, before.Data.Cancellation.Keep.Minor + before.Data.Cancellation.Refund.Minor},
		{oursID, admin.Token, "/api/admin/orders/", "business", 0, before.Data.Cancellation.Keep.Minor + before.Data.Cancellation.Refund.Minor},
	} {
		var after cancelledAnswer
		r := w.a.Get(c.path+c.id, c.token)
		r.JSON(t, &after)
		got := after.Data.Cancelled
		if r.Status != http.StatusOK || got == nil || got.InitiatedBy != c.by || got.Kept == nil || got.Kept.Minor != c.kept || got.RefundDue.Minor != c.refund {
			t.Fatalf("%s%s: %d %s; want initiated_by %s, kept %d, refund_due %d", c.path, c.id, r.Status, r.Body, c.by, c.kept, c.refund)
		}
	}
}
