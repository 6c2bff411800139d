package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
)

// The enquiry form's pickup times (GET /api/enquiries/pickup-times): a visitor is offered only the
// times at which the program fits one day, and POST /api/enquiries decides by the same trip and rule,
// so every time offered is accepted and a refusal's "Start by" is a time that was offered.

// programOf publishes a program of the given destinations.
func (w *orderWorld) programOf(t *testing.T, name string, ids ...uuid.UUID) uuid.UUID {
	t.Helper()
	ctx := context.Background()
	id := uuid.New()
	res, err := w.a.Catalogue.Programs.Create(ctx, cat.CreateProgram{ID: id, Fields: cat.ProgramFields{
		Name: cat.Text{En: name, Ar: "برنامج " + name}, ShortDescription: cat.Text{En: "A day", Ar: "يوم"},
		DestinationIDs: ids, Hours: 8, Price: money.New(150000, money.EGP), Published: true,
	}}, commands.NewMeta(commands.Actor{UserID: "admin", Role: "admin"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.a.Projections.WaitFor(ctx, "catalogue", res.Position); err != nil {
		t.Fatal(err)
	}
	return id
}

func (w *orderWorld) enquiryTimes(t *testing.T, query, lang string) pickupTimesAnswer {
	t.Helper()
	r := w.a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/enquiries/pickup-times?date=" + w.date + "&" + query, Header: map[string]string{"lang": lang}})
	if r.Status != http.StatusOK {
		t.Fatalf("enquiry pickup times (%s): %d %s", query, r.Status, r.Body)
	}
	var p pickupTimesAnswer
	r.JSON(t, &p)
	return p
}

func TestAVisitorsEnquiryIsOfferedOnlyThePickupTimesItsProgramFitsAndTheServerAcceptsThem(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	// A citadel that closes at 15:00 after a two-hour visit: late starts reach it closed.
	citadel := w.sight(t, "Citadel", 120, "06:00", "15:00")
	program := w.programOf(t, "Citadel day", w.sights[0], citadel)
	from := "program=" + program.String() + "&start=" + w.hotel.String()

	// A visitor reading Arabic is offered the morning only, in Cairo time.
	p := w.enquiryTimes(t, from, "ar")
	if p.Data.Status != "available" || len(p.Data.Times) == 0 || p.Data.TimeZone != "Africa/Cairo" || p.Data.Message != "" {
		t.Fatalf("pickup times: %+v", p.Data)
	}
	last := p.Data.Times[len(p.Data.Times)-1].Time
	if last >= "13:00" {
		t.Fatalf("offered up to %s: %+v", last, p.Data.Times)
	}
	lastT, _ := time.Parse("15:04", last)
	next := lastT.Add(15 * time.Minute).Format("15:04")

	enquire := func(date, clock, lang string) apptest.Response {
		form := w.guestForm(fmt.Sprintf("layla-%s@example.com", uuid.NewString()[:8]))
		form["program_id"], form["date"], form["time"] = program.String(), date, clock
		return w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/enquiries", Body: form,
			Header: map[string]string{"lang": lang, "Idempotency-Key": uuid.NewString()}})
	}
	// The first time not offered is refused, and what it suggests is the last time offered.
	r := enquire(w.date, next, "en")
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "Citadel is reached after it closes at 15:00 (Cairo time)") ||
		!strings.Contains(string(r.Body), fmt.Sprintf("Start by %s (Cairo time).", last)) {
		t.Fatalf("enquiry at %s: %d %s", next, r.Status, r.Body)
	}
	// Every time offered is accepted (the first and the last, here).
	for _, clock := range []string{p.Data.Times[0].Time, last} {
		if r := enquire(w.date, clock, "ar"); r.Status != http.StatusCreated {
			t.Fatalf("enquiry at %s, offered: %d %s", clock, r.Status, r.Body)
		}
	}

	// A day already past says so, on the date, in the visitor's language: not "book earlier".
	yesterday := time.Now().In(cat.Cairo).AddDate(0, 0, -1).Format(time.DateOnly)
	r = enquire(yesterday, "10:00", "ar")
	var refusal struct {
		Errors map[string][]string `json:"errors"`
	}
	r.JSON(t, &refusal)
	if r.Status != http.StatusUnprocessableEntity || len(refusal.Errors["date"]) == 0 || !strings.Contains(refusal.Errors["date"][0], "هذا التاريخ مضى") ||
		strings.Contains(string(r.Body), "قريب جدًا") {
		t.Fatalf("enquiry on a past day: %d %s", r.Status, r.Body)
	}

	// A program no time of the day fits: none is offered, and why and what to do are said in Arabic.
	// What to do is never to move the program's stops (they are the operator's), but another day or
	// pickup point.
	early := w.sight(t, "Early temple", 240, "06:00", "08:00")
	none := w.enquiryTimes(t, "program="+w.programOf(t, "Early day", w.sights[0], early).String(), "ar")
	if none.Data.Status != "available" || len(none.Data.Times) != 0 || none.Data.Misfit == "" || !strings.Contains(none.Data.Message, "عربي Early temple") ||
		!strings.Contains(none.Data.Message, "اختر يومًا آخر، أو نقطة التقاء أقرب إلى معالم البرنامج.") || strings.Contains(none.Data.Message, "رحلة ثانية") {
		t.Fatalf("pickup times of a program no time fits: %+v", none.Data)
	}

	// Without a program or destinations a visitor's enquiry is about nothing.
	if r := w.a.Get("/api/enquiries/pickup-times?date="+w.date, ""); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("pickup times about nothing: %d %s", r.Status, r.Body)
	}
}
