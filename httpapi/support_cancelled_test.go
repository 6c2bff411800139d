package httpapi_test

import (
	"net/http"
	"regexp"
	"testing"

	"mishwar/cmd/mishwar/app/apptest"
)

// Support reads on a cancelled order's card who cancelled it, when on Cairo's clock and what the
// business kept, in English and Arabic: here the business cancelled a paid order and kept nothing.
func TestSupportReadsWhoCancelledAnOrderAndWhatTheBusinessKept(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	u := w.traveller(t)
	id := paidCheckout(t, w, u)
	admin := w.a.Staff(t, "admin")
	if r := w.a.Post("/api/admin/orders/"+id+"/cancel", admin.Token, map[string]any{"reason": "No driver available, our fault", "initiated_by": "business"}); r.Status != http.StatusOK {
		t.Fatalf("the business cancelling: %d %s", r.Status, r.Body)
	}
	support := w.a.Staff(t, "support")
	for lang, want := range map[string]*regexp.Regexp{
		"en": regexp.MustCompile(`^Cancelled by the business on \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} Cairo time — the business kept EGP 0\.00$`),
		"ar": regexp.MustCompile(`^ألغته الشركة في .+ بتوقيت القاهرة — احتفظت الشركة بـ٠٫٠٠ ج\.م$`),
	} {
		r := w.a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/support/orders/" + id + "/history", Token: support.Token, Header: map[string]string{"lang": lang}})
		if r.Status != http.StatusOK {
			t.Fatalf("history in %s: %d %s", lang, r.Status, r.Body)
		}
		var h supportHistory
		r.JSON(t, &h)
		if got := fieldsByKey(h.Data.Card)["cancelled"]; !want.MatchString(got) {
			t.Errorf("%s: the card's cancellation line %q, want %s", lang, got, want)
		}
	}
}
