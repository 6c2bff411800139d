package httpapi_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/eventstore"
)

// carTooSmall is the field error of a group larger than the car it books, by language.
var carTooSmall = map[string]string{
	"en": "This car cannot seat your whole group. Choose a larger car.",
	"ar": "هذه السيارة لا تتسع لكل المسافرين. اختر سيارة أكبر.",
}

// fieldErrors posts body to path in lang and returns the answer's status and errors by field.
func fieldErrors(t *testing.T, a *apptest.App, method, path, token, lang string, body any) (int, map[string][]string, string) {
	t.Helper()
	r := a.Do(apptest.Request{Method: method, Path: path, Token: token, Body: body, Header: map[string]string{"Accept-Language": lang}})
	var answer struct {
		Errors map[string][]string `json:"errors"`
	}
	if r.Status == http.StatusUnprocessableEntity {
		r.JSON(t, &answer)
	}
	return r.Status, answer.Errors, string(r.Body)
}

// A security tester paid for 50 travellers in a four-seat sedan: the seats were checked only when a
// driver was assigned. Checkout now refuses a group larger than the car (422 on travellers, in the
// request's language) before a car is held, and takes a group the car seats.
func TestACheckoutForAGroupLargerThanItsCarIsRefusedOnTheGroupSize(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 2) // the world's plan is a four-seat sedan
	u := w.traveller(t)
	for _, c := range []struct {
		lang       string
		travellers int
	}{{"en", 6}, {"ar", 6}, {"en", 50}, {"ar", 5}} {
		body := w.checkoutBody(u)
		body["travellers"] = c.travellers
		status, errs, raw := fieldErrors(t, w.a, http.MethodPost, "/api/orders", u.Token, c.lang, body)
		if status != http.StatusUnprocessableEntity || len(errs["travellers"]) != 1 || errs["travellers"][0] != carTooSmall[c.lang] {
			t.Fatalf("%d travellers in a four-seat car (%s): %d %s", c.travellers, c.lang, status, raw)
		}
	}
	if n := w.ordersOf(t, u); n != 0 {
		t.Fatalf("refused groups left %d orders", n)
	}
	body := w.checkoutBody(u)
	body["travellers"] = 4
	if r := w.a.Post("/api/orders", u.Token, body); r.Status != http.StatusCreated {
		t.Fatalf("four travellers in a four-seat car: %d %s", r.Status, r.Body)
	}
}

// A tester booked a group of 0 and staff read "Group size 0" on the order and in its CSV: a group
// size given must be 1–50, in the request's language; left out, it is simply not given.
func TestACheckoutGivingAGroupOfNoTravellersIsRefusedOnTheGroupSize(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 2)
	u := w.traveller(t)
	outOfRange := map[string]string{"en": "Enter between 1 and 50 travellers.", "ar": "أدخل عدد مسافرين بين ١ و٥٠."}
	for _, lang := range []string{"en", "ar"} {
		body := w.checkoutBody(u)
		body["travellers"] = 0
		status, errs, raw := fieldErrors(t, w.a, http.MethodPost, "/api/orders", u.Token, lang, body)
		if status != http.StatusUnprocessableEntity || len(errs["travellers"]) != 1 || errs["travellers"][0] != outOfRange[lang] {
			t.Fatalf("a group of 0 (%s): %d %s", lang, status, raw)
		}
	}
	if n := w.ordersOf(t, u); n != 0 {
		t.Fatalf("a refused group left %d orders", n)
	}
	body := w.checkoutBody(u)
	delete(body, "travellers")
	if r := w.a.Post("/api/orders", u.Token, body); r.Status != http.StatusCreated {
		t.Fatalf("a group size left out: %d %s", r.Status, r.Body)
	}
}

// An enquiry asks for a car too: one too small for its group is refused on the group size, named as
// the enquiry names its fields.
func TestAnEnquiryForAGroupLargerThanItsCarIsRefusedOnTheGroupSize(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	program := w.program(t)
	label := map[string]string{"en": "Group size: ", "ar": "عدد المسافرين: "}
	for _, lang := range []string{"en", "ar"} {
		form := w.guestForm("layla-" + lang + "@example.com")
		form["program_id"], form["travellers"] = program.String(), 6
		status, errs, raw := fieldErrors(t, w.a, http.MethodPost, "/api/enquiries", "", lang, form)
		if status != http.StatusUnprocessableEntity || len(errs["travellers"]) != 1 || errs["travellers"][0] != label[lang]+carTooSmall[lang] {
			t.Fatalf("an enquiry for six in a four-seat car (%s): %d %s", lang, status, raw)
		}
	}
	form := w.guestForm("layla@example.com")
	form["program_id"] = program.String() // four travellers
	if r := w.a.Post("/api/enquiries", "", form); r.Status != http.StatusCreated {
		t.Fatalf("an enquiry for four in a four-seat car: %d %s", r.Status, r.Body)
	}
}

// A traveller's change keeps their group: a car too small for it is refused on the rate plan, in the
// quote the change form shows and in the change itself.
func TestAnExchangeToACarTooSmallForTheGroupIsRefusedOnTheRatePlan(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 3)
	coupe := uuid.New()
	w.catalogueDo(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.a.Catalogue.RatePlans.Create(ctx, cat.CreateRatePlan{ID: coupe, Fields: cat.RatePlanFields{
			Name: cat.Text{En: "Coupe", Ar: "كوبيه"}, Seats: 2, PricePerKm: money.New(1500, money.EGP), WaitingPerHour: money.New(6000, money.EGP), Active: true,
		}}, m)
		return r.Position, err
	})
	u := w.traveller(t)
	body := w.checkoutBody(u)
	body["travellers"] = 3
	r := w.a.Post("/api/orders", u.Token, body)
	var placed placedAnswer
	if r.Status != http.StatusCreated {
		t.Fatalf("checkout for three: %d %s", r.Status, r.Body)
	}
	r.JSON(t, &placed)
	payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
	orderID := placed.Data.OrderID
	eventually(t, "the order confirmed", func() (bool, string) {
		o := w.order(t, u.Token, orderID)
		return o.Data.Actions.Exchange, o.Data.Status
	})
	for _, lang := range []string{"en", "ar"} {
		change := map[string]string{"date": w.date, "time": "11:00", "rate_plan_id": coupe.String()}
		status, errs, raw := fieldErrors(t, w.a, http.MethodGet, "/api/orders/"+orderID+"/exchange/quote?date="+w.date+"&time=11:00&rate_plan_id="+coupe.String(), u.Token, lang, nil)
		if status != http.StatusUnprocessableEntity || len(errs["rate_plan_id"]) != 1 || errs["rate_plan_id"][0] != carTooSmall[lang] {
			t.Fatalf("the quote of a coupe for three (%s): %d %s", lang, status, raw)
		}
		status, errs, raw = fieldErrors(t, w.a, http.MethodPost, "/api/orders/"+orderID+"/exchange", u.Token, lang, change)
		if status != http.StatusUnprocessableEntity || len(errs["rate_plan_id"]) != 1 || errs["rate_plan_id"][0] != carTooSmall[lang] {
			t.Fatalf("a change to a coupe for three (%s): %d %s", lang, status, raw)
		}
	}
}
