package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	cat "mishwar/domain/catalogue"
)

// A promo code asked about an empty cart says the cart is empty, in the traveller's language — not
// that the rate plan is unavailable, which is not what is wrong.
func TestAPromoCodeOnAnEmptyCartSaysTheCartIsEmpty(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	today := time.Now().In(cat.Cairo)
	w.offer(t, "WINTER", today.AddDate(0, 0, -1).Format(time.DateOnly), today.AddDate(0, 2, 0).Format(time.DateOnly), 0, 0)
	u := w.a.SignUp(t, "")
	for lang, want := range map[string]string{
		"en": "Your cart is empty: add the places you want to visit first.",
		"ar": "سلتك فارغة: أضف أولًا الأماكن التي تريد زيارتها.",
	} {
		if status, a := w.promo(t, u, "WINTER", lang); status != http.StatusUnprocessableEntity || a.Message != want {
			t.Errorf("%s: %d %q, want 422 %q", lang, status, a.Message, want)
		}
	}
}
