package httpapi_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/commands"
	cat "mishwar/domain/catalogue"
)

// Promo codes end to end (domain/order, promo.go): a published offer is listed on the site with its
// (public) code, the code is applied at checkout before paying, the order is placed and paid at the price
// after the discount, and a code that cannot be used says why in the traveller's language.

func init() {
	authzMatrix = append(authzMatrix, authzRoute{Method: "GET", Route: "/api/orders/promo", Want: signedIn(http.StatusUnprocessableEntity),
		Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			// No such code: every signed-in caller hears so; a visitor must sign in first.
			return authzCall{Path: "/api/orders/promo?code=NOSUCHCODE&rate_plan_id=x&date=2026-12-01&time=10:00"}
		}})
}

// offer creates an active 10% offer behind code, valid from from to until (Cairo dates).
func (w *orderWorld) offer(t *testing.T, code, from, until string, perCustomer, total int) uuid.UUID {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	id := uuid.New()
	res, err := w.a.Catalogue.Offers.Create(ctx, cat.CreateOffer{ID: id, Fields: cat.OfferFields{
		Title: cat.Text{En: "Winter " + code, Ar: "شتاء " + code}, Description: cat.Text{En: "Ten off", Ar: "خصم عشرة"},
		Kind: cat.DiscountPercent, PercentBasisPoints: 1000, PromoCode: code, ValidFrom: from, ValidUntil: until,
		AppliesTo: cat.AppliesToAll, Active: true, LimitPerCustomer: perCustomer, LimitTotal: total,
	}}, commands.NewMeta(commands.Actor{UserID: "admin", Role: "admin"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.a.Projections.WaitFor(ctx, "catalogue", res.Position); err != nil {
		t.Fatal(err)
	}
	return id
}

type promoAnswer struct {
	Data struct {
		Code        string                `json:"code"`
		Percent     float64               `json:"percent"`
		AmountOff   struct{ Minor int64 } `json:"amount_off"`
		PriceBefore struct{ Minor int64 } `json:"price_before"`
		PriceAfter  struct{ Minor int64 } `json:"price_after"`
		Prices      []struct{ Currency string }
	} `json:"data"`
	Message string `json:"message"`
}

func (w *orderWorld) promo(t *testing.T, u apptest.Session, code, lang string) (int, promoAnswer) {
	t.Helper()
	q := url.Values{"code": {code}, "rate_plan_id": {w.plan.String()}, "date": {w.date}, "time": {"10:00"}}
	r := w.a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/orders/promo?" + q.Encode(), Token: u.Token, Header: map[string]string{"lang": lang}})
	var a promoAnswer
	r.JSON(t, &a)
	return r.Status, a
}

func TestAPromoCodeAppliedAtCheckoutIsPaidAtItsDiscountedPrice(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	today := time.Now().In(cat.Cairo)
	w.offer(t, "WINTER10", today.AddDate(0, 0, -1).Format(time.DateOnly), today.AddDate(0, 1, 0).Format(time.DateOnly), 1, 0)
	u := w.traveller(t)

	// The site lists the offer with its code, for the traveller to type at checkout.
	list := w.a.Get("/api/offers", "")
	if list.Status != http.StatusOK || !strings.Contains(string(list.Body), "Winter WINTER10") || !strings.Contains(string(list.Body), `"needs_promo_code":true`) ||
		!strings.Contains(string(list.Body), `"promo_code":"WINTER10"`) {
		t.Fatalf("offers: %d %s", list.Status, list.Body)
	}

	status, quote := w.promo(t, u, "winter10", "en")
	if status != http.StatusOK || quote.Data.Code != "WINTER10" || quote.Data.Percent != 10 || quote.Data.PriceBefore.Minor <= 0 ||
		quote.Data.AmountOff.Minor*10 != quote.Data.PriceBefore.Minor || quote.Data.PriceAfter.Minor != quote.Data.PriceBefore.Minor-quote.Data.AmountOff.Minor ||
		len(quote.Data.Prices) != 3 {
		t.Fatalf("promo quote: %d %+v", status, quote)
	}

	body := w.checkoutBody(u)
	body["promo_code"] = "winter10"
	r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders", Token: u.Token, Body: body})
	var placed placedAnswer
	if r.Status != http.StatusCreated {
		t.Fatalf("checkout: %d %s", r.Status, r.Body)
	}
	r.JSON(t, &placed)
	o := w.a.Get("/api/orders/"+placed.Data.OrderID, u.Token)
	if !strings.Contains(string(o.Body), `"promo":{"code":"WINTER10"`) {
		t.Fatalf("order shows no discount: %s", o.Body)
	}
	if got := w.order(t, u.Token, placed.Data.OrderID); got.Data.Total.Minor != quote.Data.PriceAfter.Minor {
		t.Fatalf("order total %d, want the discounted %d", got.Data.Total.Minor, quote.Data.PriceAfter.Minor)
	}
	// Once per customer, counted from the order being placed: the same traveller hears so before
	// paying for another, in Arabic too.
	status, again := w.promo(t, u, "WINTER10", "ar")
	if status != http.StatusConflict || again.Message != "لقد استخدمت رمز الخصم هذا بالعدد الأقصى المسموح به." {
		t.Fatalf("a second use: %d %q", status, again.Message)
	}
	back := payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
	if back.Query().Get("result") != "success" {
		t.Fatalf("redirected to %s", back)
	}
	if got := w.order(t, u.Token, placed.Data.OrderID); got.Data.Status != "confirmed" || got.Data.Paid.Minor != quote.Data.PriceAfter.Minor {
		t.Fatalf("after paying: %+v", got.Data)
	}

}

func TestACodeThatCannotBeUsedSaysWhyInTheTravellersLanguage(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	today := time.Now().In(cat.Cairo)
	w.offer(t, "AUTUMN", today.AddDate(0, -2, 0).Format(time.DateOnly), today.AddDate(0, 0, -1).Format(time.DateOnly), 0, 0)
	w.offer(t, "SPRING", today.AddDate(0, 1, 0).Format(time.DateOnly), today.AddDate(0, 2, 0).Format(time.DateOnly), 0, 0)
	u := w.traveller(t)
	for _, c := range []struct{ code, lang, message string }{
		{"AUTUMN", "en", "This promo code has expired."},
		{"AUTUMN", "ar", "انتهت صلاحية رمز الخصم هذا."},
		{"SPRING", "en", "This promo code is not valid yet."},
		{"NOSUCH", "en", "We do not know this promo code. Check how it is spelled."},
	} {
		if status, a := w.promo(t, u, c.code, c.lang); status != http.StatusUnprocessableEntity || a.Message != c.message {
			t.Fatalf("%s in %s: %d %q", c.code, c.lang, status, a.Message)
		}
	}
	// Checkout refuses it on the promo field, holding nothing.
	body := w.checkoutBody(u)
	body["promo_code"] = "AUTUMN"
	r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders", Token: u.Token, Body: body})
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), `"promo_code":["This promo code has expired."]`) {
		t.Fatalf("checkout with an expired code: %d %s", r.Status, r.Body)
	}
}
