package httpapi_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
)

// program publishes a program of the world's sights.
func (w *orderWorld) program(t *testing.T) uuid.UUID {
	t.Helper()
	ctx := context.Background()
	id := uuid.New()
	res, err := w.a.Catalogue.Programs.Create(ctx, cat.CreateProgram{ID: id, Fields: cat.ProgramFields{
		Name: cat.Text{En: "Giza day", Ar: "يوم الجيزة"}, ShortDescription: cat.Text{En: "A day", Ar: "يوم"},
		DestinationIDs: w.sights, Hours: 8, Price: money.New(150000, money.EGP), Published: true,
	}}, commands.NewMeta(commands.Actor{UserID: "admin", Role: "admin"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.a.Projections.WaitFor(ctx, "catalogue", res.Position); err != nil {
		t.Fatal(err)
	}
	return id
}

// guestForm is a visitor's whole enquiry form, without an account.
func (w *orderWorld) guestForm(email string) map[string]any {
	return map[string]any{"first_name": "Layla", "last_name": "Hassan", "email": email, "confirm_email": email,
		"phone": "+201001234567", "country": "EG", "terms": true, "date": w.date, "time": "10:00", "travellers": 4,
		"comments": "Two children", "rate_plan_id": w.plan.String(), "start": map[string]string{"pickup_point_id": w.hotel.String()}}
}

type submittedAnswer struct {
	Message string `json:"message"`
	Data    struct {
		TripNumber string `json:"trip_number"`
		Status     string `json:"status"`
		About      string `json:"about"`
	} `json:"data"`
}

var enquiryLinkRE = regexp.MustCompile(`/enquiry/(MSH-[0-9A-Z]+)\?key=([A-Za-z0-9_-]+)`)

// enquiryLink waits for the e-mail to `to` whose subject holds subject and returns the enquiry link's
// trip number and secret as the traveller receives them.
func enquiryLink(t *testing.T, a *apptest.App, to, subject string) (number, key string) {
	t.Helper()
	admin := a.AdminToken(t)
	eventually(t, "the e-mail "+subject, func() (bool, string) {
		var box struct {
			Data []struct {
				ID      string `json:"id"`
				Subject string `json:"subject"`
			} `json:"data"`
		}
		r := a.Get("/api/admin/mailbox?to="+url.QueryEscape(to), admin)
		r.JSON(t, &box)
		for _, m := range box.Data {
			if strings.Contains(m.Subject, subject) {
				text, _ := a.SentMail(t, m.ID)
				if got := enquiryLinkRE.FindStringSubmatch(text); got != nil {
					number, key = got[1], got[2]
					return true, ""
				}
				return false, text
			}
		}
		return false, string(r.Body)
	})
	return number, key
}

func TestAVisitorEnquiresAboutAProgramAndPaysTheQuoteByItsLink(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	program := w.program(t)
	email := apptest.UniqueEmail("layla")
	form := w.guestForm(email)
	form["program_id"] = program.String()
	r := w.a.Post("/api/enquiries", "", form)
	var sub submittedAnswer
	if r.Status != http.StatusCreated {
		t.Fatalf("a visitor's enquiry: %d %s", r.Status, r.Body)
	}
	r.JSON(t, &sub)
	if sub.Data.TripNumber == "" || sub.Data.About != "program" || sub.Message == "" {
		t.Fatalf("the confirmation: %s", r.Body)
	}

	// The confirmation e-mail carries the enquiry's link; the admin mailbox hides its secret.
	number, key := enquiryLink(t, w.a, email, sub.Data.TripNumber)
	if number != sub.Data.TripNumber || len(key) < 43 {
		t.Fatalf("the link: %s %q", number, key)
	}
	admin := w.a.AdminToken(t)
	if box := w.a.Get("/api/admin/mailbox?to="+url.QueryEscape(email), admin); strings.Contains(string(box.Body), key) {
		t.Fatal("the admin mailbox shows the link's secret")
	}
	// Nor does support's reading of the enquiry's events.
	support := w.a.Staff(t, "support")
	if r := w.a.Get("/api/support/streams/enquiry-"+number, support.Token); r.Status != http.StatusOK || strings.Contains(string(r.Body), key) ||
		!strings.Contains(string(r.Body), `"link_token":"(hidden)"`) {
		t.Fatalf("support's event viewer: %d, shows the link's secret or no sign of it: %s", r.Status, r.Body)
	}

	// Staff see it as any other enquiry: about the program, from a guest, with the group size.
	list := w.a.Get("/api/admin/enquiries", admin)
	var staff struct {
		Data []struct {
			TripNumber string `json:"trip_number"`
			About      string `json:"about"`
			Guest      bool   `json:"guest"`
			Trip       struct {
				ProgramID string `json:"program_id"`
			} `json:"trip"`
			Contact struct {
				Travellers int    `json:"travellers"`
				Comments   string `json:"comments"`
			} `json:"contact"`
		} `json:"data"`
	}
	list.JSON(t, &staff)
	if len(staff.Data) != 1 || staff.Data[0].TripNumber != number || staff.Data[0].About != "program" || !staff.Data[0].Guest ||
		staff.Data[0].Contact.Travellers != 4 || staff.Data[0].Contact.Comments != "Two children" {
		t.Fatalf("the staff's enquiries: %s", list.Body)
	}

	// The program is named in the reader's language, on the staff screen and on the enquiry's page.
	for _, c := range []struct{ lang, name string }{{"en", "Giza day"}, {"ar", "يوم الجيزة"}} {
		h := map[string]string{"Accept-Language": c.lang}
		var named struct {
			Data []struct {
				Trip struct {
					Program string `json:"program"`
				} `json:"trip"`
			} `json:"data"`
		}
		ls := w.a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/admin/enquiries", Token: admin, Header: h})
		ls.JSON(t, &named)
		if len(named.Data) != 1 || named.Data[0].Trip.Program != c.name {
			t.Fatalf("the staff's enquiries in %s name the program: %s", c.lang, ls.Body)
		}
		v := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/enquiries/" + number + "/view", Body: map[string]string{"token": key}, Header: h})
		if v.Status != http.StatusOK || !strings.Contains(string(v.Body), `"program":"`+c.name+`"`) {
			t.Fatalf("the enquiry's page in %s names the program: %d %s", c.lang, v.Status, v.Body)
		}
	}

	// Before the quote the link shows the enquiry under review and has nothing to pay. It shows the
	// group size and the traveller's comments, which are about the trip, and no way to reach them.
	if v := w.a.Post("/api/enquiries/"+number+"/view", "", map[string]string{"token": key}); v.Status != http.StatusOK || !strings.Contains(string(v.Body), `"status":"submitted"`) || strings.Contains(string(v.Body), "+201001234567") {
		t.Fatalf("the link before the quote: %d %s", v.Status, v.Body)
	} else if body := string(v.Body); !strings.Contains(body, `"travellers":4`) || !strings.Contains(body, `"comments":"Two children"`) || strings.Contains(body, email) || strings.Contains(body, `"country"`) {
		t.Fatalf("the link shows no group size and comments, or a way to reach the traveller: %s", body)
	}
	if p := w.a.Post("/api/enquiries/"+number+"/pay", "", map[string]string{"token": key}); p.Status != http.StatusConflict {
		t.Fatalf("paying before the quote: %d %s", p.Status, p.Body)
	}
	if q := w.a.Post("/api/admin/enquiries/"+number+"/quote", admin, map[string]any{"amount": 1600, "note": "tickets included"}); q.Status != http.StatusOK {
		t.Fatalf("quote: %d %s", q.Status, q.Body)
	}
	quotedNumber, quotedKey := enquiryLink(t, w.a, email, "Your quote for")
	if quotedNumber != number || quotedKey != key {
		t.Fatalf("the quote's link %s %s is not the enquiry's", quotedNumber, quotedKey)
	}
	if v := w.a.Post("/api/enquiries/"+number+"/view", "", map[string]string{"token": key}); v.Status != http.StatusOK || !strings.Contains(string(v.Body), `"minor":160000`) {
		t.Fatalf("the link after the quote: %d %s", v.Status, v.Body)
	}

	// The visitor pays from the link, with no account and no e-mail typed, and comes back to the
	// payment's own page, never a sign-in page.
	p := w.a.Post("/api/enquiries/"+strings.ToLower(number)+"/pay", "", map[string]string{"token": key})
	if p.Status != http.StatusOK {
		t.Fatalf("pay by link: %d %s", p.Status, p.Body)
	}
	var pay placedAnswer
	p.JSON(t, &pay)
	back := payOnSandbox(t, pay.PaymentURL, payments.CardSuccess)
	if back.Query().Get("result") != "success" || back.Path != "/payments/"+number {
		t.Fatalf("back at %s", back)
	}
	ts := w.a.Post("/api/tripstatus", "", map[string]string{"trip_number": number, "email": email})
	if ts.Status != http.StatusOK || !strings.Contains(string(ts.Body), `"status":"confirmed"`) || !strings.Contains(string(ts.Body), `"minor":160000`) {
		t.Fatalf("trip status: %d %s", ts.Status, ts.Body)
	}
}

func TestAWrongOrForgedEnquiryLinkIsRefused(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	program := w.program(t)
	email := apptest.UniqueEmail("forged")
	form := w.guestForm(email)
	form["program_id"] = program.String()
	var sub submittedAnswer
	w.a.Post("/api/enquiries", "", form).JSON(t, &sub)
	other := w.guestForm(apptest.UniqueEmail("other"))
	other["program_id"] = program.String()
	var sub2 submittedAnswer
	w.a.Post("/api/enquiries", "", other).JSON(t, &sub2)
	admin := w.a.AdminToken(t)
	for _, n := range []string{sub.Data.TripNumber, sub2.Data.TripNumber} {
		if q := w.a.Post("/api/admin/enquiries/"+n+"/quote", admin, map[string]any{"amount": 1600}); q.Status != http.StatusOK {
			t.Fatalf("quote %s: %d %s", n, q.Status, q.Body)
		}
	}
	_, key := enquiryLink(t, w.a, email, sub.Data.TripNumber)
	_, otherKey := enquiryLink(t, w.a, other["email"].(string), sub2.Data.TripNumber)

	unknown := w.a.Post("/api/enquiries/MSH-222222/pay", "", map[string]string{"token": key})
	for name, token := range map[string]string{
		"another enquiry's secret": otherKey,
		"a forged secret":          strings.Repeat("A", len(key)),
		"the secret cut short":     key[:len(key)-1],
		"the secret with a change": key[:len(key)-1] + map[bool]string{true: "B", false: "A"}[key[len(key)-1] == 'A'],
	} {
		for _, path := range []string{"/pay", "/view"} {
			r := w.a.Post("/api/enquiries/"+sub.Data.TripNumber+path, "", map[string]string{"token": token})
			if r.Status != http.StatusNotFound || string(r.Body) != string(unknown.Body) {
				t.Fatalf("%s on %s: %d %s (an unknown number: %s)", name, path, r.Status, r.Body, unknown.Body)
			}
		}
	}
	// Nine wrong guesses were made above (eight secrets, one unknown number): the tenth is answered,
	// the eleventh from this address is refused.
	if r := w.a.Post("/api/enquiries/"+sub.Data.TripNumber+"/view", "", map[string]string{"token": "guess"}); r.Status != http.StatusNotFound {
		t.Fatalf("the tenth wrong secret: %d %s", r.Status, r.Body)
	}
	if r := w.a.Post("/api/enquiries/"+sub.Data.TripNumber+"/view", "", map[string]string{"token": "guess"}); r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Fatalf("the eleventh wrong secret: %d %s", r.Status, r.Body)
	}
	// The right secret still opens the link (it spends no guess).
	if r := w.a.Post("/api/enquiries/"+sub.Data.TripNumber+"/view", "", map[string]string{"token": key}); r.Status != http.StatusOK {
		t.Fatalf("the right secret after the guesses: %d %s", r.Status, r.Body)
	}
}

func TestAVisitorEnquiresAboutAnItineraryOfTheirOwn(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	form := w.guestForm(apptest.UniqueEmail("itin"))
	delete(form, "date")
	delete(form, "time")
	form["destination_ids"] = []string{w.sights[1].String(), w.sights[0].String()}
	r := w.a.Post("/api/enquiries", "", form)
	var sub submittedAnswer
	if r.Status != http.StatusCreated {
		t.Fatalf("an itinerary's enquiry: %d %s", r.Status, r.Body)
	}
	r.JSON(t, &sub)
	if sub.Data.About != "itinerary" {
		t.Fatalf("about %q", sub.Data.About)
	}
	list := w.a.Get("/api/admin/enquiries", w.a.AdminToken(t))
	body := string(list.Body)
	if !strings.Contains(body, `"about":"itinerary"`) || strings.Index(body, "Museum") > strings.Index(body, "Pyramids") || !strings.Contains(body, "Nile Hotel") {
		t.Fatalf("the staff's enquiries: %s", body)
	}

	// Without a program or an itinerary a visitor is told what to choose, not to sign in.
	delete(form, "destination_ids")
	r = w.a.Post("/api/enquiries", "", form)
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "Destinations: Choose a program") {
		t.Fatalf("an enquiry about nothing: %d %s", r.Status, r.Body)
	}
	form["destination_ids"] = []string{w.sights[0].String(), "not-a-destination"}
	r = w.a.Post("/api/enquiries", "", form)
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), `"destination_ids.1"`) {
		t.Fatalf("an unknown destination: %d %s", r.Status, r.Body)
	}
}

func TestAnEnquirysFieldErrorsNameTheirFieldInBothLanguages(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	program := w.program(t)
	bad := map[string]any{"program_id": program.String(), "email": "not-an-email", "confirm_email": "x@example.com", "phone": "12",
		"travellers": 99, "rate_plan_id": w.plan.String(), "date": w.date, "time": "10:00", "start": map[string]string{"pickup_point_id": w.hotel.String()}}
	for lang, want := range map[string]map[string]string{
		"en": {"first_name": "First name: This field is required.", "email": "E-mail: ", "email_confirmation": "Confirm e-mail: ",
			"phone": "Phone: ", "travellers": "Group size: ", "terms": "Terms: "},
		"ar": {"first_name": "الاسم الأول: هذا الحقل مطلوب.", "email": "البريد الإلكتروني: ", "phone": "الهاتف: ", "travellers": "عدد المسافرين: ", "terms": "الشروط: "},
	} {
		r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/enquiries", Body: bad, Header: map[string]string{"Accept-Language": lang}})
		var answer struct {
			Errors map[string][]string `json:"errors"`
		}
		if r.Status != http.StatusUnprocessableEntity {
			t.Fatalf("%s: %d %s", lang, r.Status, r.Body)
		}
		r.JSON(t, &answer)
		for field, prefix := range want {
			if msgs := answer.Errors[field]; len(msgs) == 0 || !strings.HasPrefix(msgs[0], prefix) {
				t.Errorf("%s %s: %q, want it to start %q", lang, field, msgs, prefix)
			}
		}
	}
}

func TestAVisitorsEnquiriesAreBoundedPerEmailAndPerAddress(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	program := w.program(t)
	send := func(email string) apptest.Response {
		form := w.guestForm(email)
		form["program_id"] = program.String()
		delete(form, "date")
		delete(form, "time")
		return w.a.Post("/api/enquiries", "", form)
	}
	one := apptest.UniqueEmail("bounded")
	for i := 0; i < 5; i++ {
		if r := send(one); r.Status != http.StatusCreated {
			t.Fatalf("enquiry %d: %d %s", i+1, r.Status, r.Body)
		}
	}
	if r := send(strings.ToUpper(one)); r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Fatalf("the sixth enquiry to one e-mail: %d %s", r.Status, r.Body)
	}
	if r := send(apptest.UniqueEmail("another")); r.Status != http.StatusCreated {
		t.Fatalf("another e-mail from the same address: %d %s", r.Status, r.Body)
	}
	// A form with a broken rule spends none of the e-mail's budget, but the address's: 7 so far.
	for i := 0; i < 13; i++ {
		if r := w.a.Post("/api/enquiries", "", map[string]any{"program_id": program.String()}); r.Status != http.StatusUnprocessableEntity {
			t.Fatalf("an empty form: %d %s", r.Status, r.Body)
		}
	}
	if r := send(apptest.UniqueEmail("third")); r.Status != http.StatusTooManyRequests {
		t.Fatalf("the 21st enquiry from one address in an hour: %d %s", r.Status, r.Body)
	}
	// A signed-in traveller is bounded by their account, not here.
	u := w.traveller(t)
	form := w.guestForm(u.Email)
	form["program_id"] = program.String()
	if r := w.a.Post("/api/enquiries", u.Token, form); r.Status != http.StatusCreated {
		t.Fatalf("a signed-in traveller from the same address: %d %s", r.Status, r.Body)
	}
}

func TestAnEnquiryNamesItsProgramByIdOrSlugAndRecordsTheId(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	program := w.program(t)
	var page struct {
		Data struct {
			Slug string `json:"slug"`
		} `json:"data"`
	}
	w.a.Get("/api/programs/"+program.String(), "").JSON(t, &page)
	if page.Data.Slug == "" {
		t.Fatal("the program has no slug")
	}
	form := w.guestForm(apptest.UniqueEmail("nour"))
	form["program_id"] = page.Data.Slug
	if r := w.a.Post("/api/enquiries", "", form); r.Status != http.StatusCreated {
		t.Fatalf("an enquiry naming the program by its slug: %d %s", r.Status, r.Body)
	}
	var staff struct {
		Data []struct {
			Trip struct {
				ProgramID string `json:"program_id"`
			} `json:"trip"`
		} `json:"data"`
	}
	w.a.Get("/api/admin/enquiries", w.a.AdminToken(t)).JSON(t, &staff)
	if len(staff.Data) != 1 || staff.Data[0].Trip.ProgramID != program.String() {
		t.Fatalf("the enquiry records %+v, want the program's id %s", staff.Data, program)
	}
	form = w.guestForm(apptest.UniqueEmail("nour"))
	form["program_id"] = "no-such-program"
	if r := w.a.Post("/api/enquiries", "", form); r.Status != http.StatusNotFound {
		t.Fatalf("an unknown program: %d %s, want 404", r.Status, r.Body)
	}
}

// A value of the wrong kind is keyed by the field as the body names it — the enquiry's request embeds
// the order's, whose Go type name the decoder would otherwise put in front ("orderRequest.first_name").
func TestAnEnquirysWrongKindOfValueIsKeyedByItsJSONFieldInBothLanguages(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	for lang, want := range map[string]string{"en": "This field takes text.", "ar": "هذا الحقل يقبل نصًا."} {
		r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/enquiries", Body: map[string]any{"first_name": 123},
			Header: map[string]string{"Accept-Language": lang}})
		var answer struct {
			Errors map[string][]string `json:"errors"`
		}
		if r.Status != http.StatusUnprocessableEntity {
			t.Fatalf("%s: %d %s", lang, r.Status, r.Body)
		}
		r.JSON(t, &answer)
		if msgs := answer.Errors["first_name"]; len(msgs) != 1 || !strings.Contains(msgs[0], want) || len(answer.Errors) != 1 {
			t.Errorf("%s: errors %q, want only first_name saying %q", lang, answer.Errors, want)
		}
	}
}
