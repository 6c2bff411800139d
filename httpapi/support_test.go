package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
)

type supportHits struct {
	Data []struct {
		ID          string `json:"id"`
		Status      string `json:"status"`
		StatusLabel string `json:"status_label"`
		Customer    string `json:"customer"`
		Phone       string `json:"phone"`
	} `json:"data"`
	Total int `json:"total"`
}

type supportField struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Value string `json:"value"`
}

type supportHistory struct {
	Data struct {
		Version int64          `json:"version"`
		Card    []supportField `json:"card"`
		Events  []struct {
			Type      string         `json:"type"`
			TypeLabel string         `json:"type_label"`
			Summary   string         `json:"summary"`
			Fields    []supportField `json:"fields"`
			Actor     struct {
				Name  string `json:"name"`
				Role  string `json:"role"`
				Label string `json:"label"`
			} `json:"actor"`
		} `json:"events"`
	} `json:"data"`
}

func fieldsByKey(fs []supportField) map[string]string {
	out := map[string]string{}
	for _, f := range fs {
		out[f.Key] = f.Value
	}
	return out
}

// placeAs checks a traveller's cart out under the contact's first and last name and phone.
func (w *orderWorld) placeAs(t *testing.T, first, last, phone string) (apptest.Session, placedAnswer) {
	t.Helper()
	u := w.traveller(t)
	body := w.checkoutBody(u)
	body["first_name"], body["last_name"], body["phone"] = first, last, phone
	r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders", Token: u.Token, Body: body})
	if r.Status != http.StatusCreated {
		t.Fatalf("checkout as %s %s: %d %s", first, last, r.Status, r.Body)
	}
	var p placedAnswer
	r.JSON(t, &p)
	return u, p
}

func TestSupportFindsOrdersByAnyPartOfANamePhoneEmailOrTripNumber(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 2)
	a := w.a
	support := a.Staff(t, "support")
	mona, placed := w.placeAs(t, "Mona", "Abdelrahman", "1001234567")
	_, other := w.placeAs(t, "Karim", "الشَّرقاوي", "1119876543")
	monaID, otherID := placed.Data.OrderID, other.Data.OrderID

	search := func(q, lang string) (apptest.Response, supportHits) {
		t.Helper()
		r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/support/orders?q=" + url.QueryEscape(q), Token: support.Token,
			Header: map[string]string{"lang": lang}})
		var hits supportHits
		if r.Status == http.StatusOK {
			r.JSON(t, &hits)
		}
		return r, hits
	}
	for q, want := range map[string]string{
		"ELRAH":                     monaID,  // a fragment of a last name, any case
		"mona abdel":                monaID,  // first name and part of the last
		"شرقاوي":                    otherID, // an Arabic last name typed without its shadda and article
		"1001234567":                monaID,  // the phone as typed
		"+20 100 123 4567":          monaID,  // the phone with its country code and spaces
		"٠١١١٩٨٧":                   otherID, // part of a phone in Arabic-Indic digits
		mona.Email:                  monaID,
		monaID:                      monaID,
		strings.ToLower(monaID[4:]): monaID, // the trip number without its prefix, in lower case
	} {
		r, hits := search(q, "en")
		if r.Status != http.StatusOK || hits.Total != 1 || len(hits.Data) != 1 || hits.Data[0].ID != want {
			t.Fatalf("search %q: %d %s", q, r.Status, r.Body)
		}
	}
	if _, hits := search("zzqx", "en"); hits.Total != 0 || len(hits.Data) != 0 {
		t.Fatalf("a query nobody matches: %+v", hits)
	}
	_, hits := search("abdelrahman", "ar")
	if len(hits.Data) != 1 || hits.Data[0].StatusLabel != "بانتظار الدفع" || hits.Data[0].Customer != "Mona Abdelrahman" || hits.Data[0].Phone == "" {
		t.Fatalf("a hit in Arabic: %+v", hits)
	}

	// Bad input is refused in words, in the request's language.
	for _, c := range []struct{ q, lang, says string }{
		{"", "en", "Type part of a name"},
		{"  -- ", "ar", "اكتب جزءًا من اسم"},
		{strings.Repeat("a", 101), "en", "at most 100 characters"},
		{strings.Repeat("a", 101), "ar", "١٠٠ حرف"},
	} {
		r, _ := search(c.q, c.lang)
		if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), c.says) {
			t.Fatalf("search %q in %s: %d %s", c.q, c.lang, r.Status, r.Body)
		}
	}
	// Travellers and drivers are not staff.
	if r := a.Get("/api/support/orders?q=mona", mona.Token); r.Status != http.StatusForbidden && r.Status != http.StatusUnauthorized {
		t.Fatalf("a traveller searches: %d", r.Status)
	}
}

func TestSupportReadsAnOrderAsACardAndEachEventAsAChange(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	a := w.a
	support := a.Staff(t, "support")
	_, placed := w.placeAs(t, "Mona", "Abdelrahman", "1001234567")
	payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
	id := placed.Data.OrderID

	history := func(lang string) supportHistory {
		t.Helper()
		r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/support/orders/" + id + "/history", Token: support.Token,
			Header: map[string]string{"lang": lang}})
		if r.Status != http.StatusOK {
			t.Fatalf("history in %s: %d %s", lang, r.Status, r.Body)
		}
		var h supportHistory
		r.JSON(t, &h)
		return h
	}

	en := history("en")
	card := fieldsByKey(en.Data.Card)
	for key, want := range map[string]*regexp.Regexp{
		"status":            regexp.MustCompile(`^Confirmed$`),
		"trip_number":       regexp.MustCompile(`^` + id + `$`),
		"traveller":         regexp.MustCompile(`^Mona Abdelrahman$`),
		"account":           regexp.MustCompile(`^Mona Zaki \(Traveller\)$`),
		"phone":             regexp.MustCompile(`1001234567$`),
		"pickup":            regexp.MustCompile(`^Nile Hotel$`),
		"stops":             regexp.MustCompile(`^(Pyramids → Museum|Museum → Pyramids)$`),
		"start":             regexp.MustCompile(`^\w{3} \d{1,2} \w{3} \d{4}, 10:00 Cairo time$`),
		"duration":          regexp.MustCompile(`^(\d+ days? )?(\d+ hours?)?( ?\d+ minutes?)?$`),
		"rate_plan":         regexp.MustCompile(`^Sedan$`),
		"price":             regexp.MustCompile(`^EGP [\d,]+\.\d\d$`),
		"paid":              regexp.MustCompile(`^EGP [\d,]+\.\d\d$`),
		"free_cancellation": regexp.MustCompile(`^Free up to 24 hours before the start$`),
		"late_refund":       regexp.MustCompile(`^\d+(\.\d+)?% of the price is kept, the rest of what was paid refunded$`),
	} {
		if !want.MatchString(card[key]) {
			t.Errorf("card %s: %q, want %s", key, card[key], want)
		}
	}
	if card["paid"] != card["price"] || card["paid"] == "EGP 0.00" {
		t.Errorf("paid %q of a price of %q", card["paid"], card["price"])
	}
	if raw, _ := json.Marshal(en.Data.Card); strings.Contains(string(raw), "86400000000000") {
		t.Errorf("the card says a duration in nanoseconds: %+v", en.Data.Card)
	}

	// Each event in words, with who did it and the card after it: placing leaves nothing paid,
	// the payment changes the status and what was paid.
	if len(en.Data.Events) != int(en.Data.Version)+1 {
		t.Fatalf("%d events for version %d", len(en.Data.Events), en.Data.Version)
	}
	first := en.Data.Events[0]
	if first.Type != "OrderPlaced" || first.TypeLabel != "Order placed" || !strings.HasPrefix(first.Summary, "Placed the order for ") ||
		!strings.Contains(first.Summary, "Cairo time") || first.Actor.Label != "Mona Zaki (Traveller)" {
		t.Fatalf("the first event: %+v", first)
	}
	before := fieldsByKey(first.Fields)
	if before["status"] != "Awaiting payment" || before["paid"] != "EGP 0.00" || before["hold_until"] == "" {
		t.Fatalf("the card after placing: %+v", first.Fields)
	}
	var received bool
	for _, e := range en.Data.Events {
		if e.Type == "PaymentReceived" {
			received = true
			after := fieldsByKey(e.Fields)
			if after["status"] != "Confirmed" || after["paid"] != card["price"] || after["hold_until"] != "" ||
				!strings.HasPrefix(e.Summary, "Received "+card["price"]) || e.TypeLabel != "Payment received" {
				t.Fatalf("the payment: %+v", e)
			}
		}
	}
	if !received {
		t.Fatalf("no payment in %+v", en.Data.Events)
	}

	// The same card in Arabic, with Arabic-Indic digits.
	ar := fieldsByKey(history("ar").Data.Card)
	for key, want := range map[string]*regexp.Regexp{
		"status":            regexp.MustCompile(`^مؤكد$`),
		"account":           regexp.MustCompile(`^Mona Zaki \(مسافر\)$`),
		"pickup":            regexp.MustCompile(`^فندق النيل$`),
		"start":             regexp.MustCompile(`^\p{Arabic}+ [٠-٩]{1,2} \p{Arabic}+ [٠-٩]{4}، ١٠:٠٠ ص بتوقيت القاهرة$`),
		"price":             regexp.MustCompile(`^[٠-٩٬]+٫[٠-٩]{2} ج\.م$`),
		"free_cancellation": regexp.MustCompile(`^مجاني حتى ٢٤ ساعة قبل البدء$`),
		"rate_plan":         regexp.MustCompile(`^سيدان$`),
	} {
		if !want.MatchString(ar[key]) {
			t.Errorf("Arabic card %s: %q, want %s", key, ar[key], want)
		}
	}
}
