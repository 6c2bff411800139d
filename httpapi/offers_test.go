package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/cmd/mishwar/app/apptest"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
)

// The site advertises an offer only when a traveller can use it from there (catalogue.OfferFields.
// Advertised): GET /api/offers lists an offer with a public promo code with that code, leaves out
// one whose code is handed out privately, and lists one without a code as before.

type listedOffer struct {
	ID             string `json:"id"`
	PromoCode      string `json:"promo_code"`
	NeedsPromoCode bool   `json:"needs_promo_code"`
}

func listedOffers(t *testing.T, a *apptest.App) map[string]listedOffer {
	t.Helper()
	r := a.Get("/api/offers", "")
	if r.Status != http.StatusOK {
		t.Fatalf("GET /api/offers: %d %s", r.Status, r.Body)
	}
	var body struct{ Data []listedOffer }
	r.JSON(t, &body)
	got := map[string]listedOffer{}
	for _, o := range body.Data {
		got[o.ID] = o
	}
	return got
}

func adminOffer(t *testing.T, a *apptest.App, token, title, code string, private *bool) (string, map[string]any) {
	t.Helper()
	today := time.Now().In(cat.Cairo)
	body := map[string]any{
		"title": map[string]string{"en": title, "ar": "عرض"}, "kind": "percent", "percent_basis_points": 1000, "promo_code": code,
		"valid_from": today.AddDate(0, 0, -1).Format(time.DateOnly), "valid_until": today.AddDate(0, 1, 0).Format(time.DateOnly),
		"applies_to": "all", "active": true,
	}
	if private != nil {
		body["code_private"] = *private
	}
	r := a.Post("/api/admin/offers", token, body)
	if r.Status != http.StatusCreated {
		t.Fatalf("create %s: %d %s", title, r.Status, r.Body)
	}
	var created struct{ Data map[string]any }
	r.JSON(t, &created)
	id, _ := created.Data["id"].(string)
	return id, created.Data
}

func TestTheSiteListsAnOfferWithItsPublicCodeAndLeavesOutOneWhoseCodeIsHandedOutPrivately(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	admin := a.AdminToken(t)
	yes, no := true, false

	public, publicData := adminOffer(t, a, admin, "Winter in Cairo", "winter10", &no)
	private, privateData := adminOffer(t, a, admin, "For our guides", "GUIDES20", &yes)
	plain, _ := adminOffer(t, a, admin, "Spring", "", nil)
	unsaid, unsaidData := adminOffer(t, a, admin, "Welcome", "WELCOME5", nil)

	// The admin API answers what was saved; a client that does not send the field gets a public code.
	if publicData["code_private"] != false || privateData["code_private"] != true || unsaidData["code_private"] != false {
		t.Fatalf("admin answers: public %v, private %v, unsaid %v", publicData["code_private"], privateData["code_private"], unsaidData["code_private"])
	}
	if r := a.Get("/api/admin/offers/"+private, admin); r.Status != http.StatusOK || !json.Valid(r.Body) || !containsJSON(t, r.Body, "code_private", true) {
		t.Fatalf("admin GET private offer: %d %s", r.Status, r.Body)
	}

	got := listedOffers(t, a)
	if o, ok := got[public]; !ok || o.PromoCode != "WINTER10" || !o.NeedsPromoCode {
		t.Fatalf("the public offer is listed with its code: %+v (listed %v)", o, ok)
	}
	if o, ok := got[unsaid]; !ok || o.PromoCode != "WELCOME5" {
		t.Fatalf("an offer saved without the field shows its code: %+v (listed %v)", o, ok)
	}
	if o, ok := got[private]; ok {
		t.Fatalf("an offer whose code is handed out privately is not advertised: %+v", o)
	}
	if o, ok := got[plain]; !ok || o.PromoCode != "" || o.NeedsPromoCode {
		t.Fatalf("an offer without a code is listed as before: %+v (listed %v)", o, ok)
	}

	// Made private later, the offer leaves the site.
	r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/offers/" + public, Token: admin, Body: map[string]any{
		"title": map[string]string{"en": "Winter in Cairo", "ar": "عرض"}, "kind": "percent", "percent_basis_points": 1000, "promo_code": "WINTER10",
		"valid_from": publicData["valid_from"], "valid_until": publicData["valid_until"], "applies_to": "all", "active": true, "code_private": true,
	}})
	if r.Status != http.StatusOK || !containsJSON(t, r.Body, "code_private", true) {
		t.Fatalf("made private: %d %s", r.Status, r.Body)
	}
	if _, ok := listedOffers(t, a)[public]; ok {
		t.Fatal("an offer made private is still advertised")
	}
}

func TestAnOfferRecordedBeforeCodePrivateIsListedWithItsCode(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	today := time.Now().In(cat.Cairo)
	id := uuid.New()
	// An OfferCreated as written before the field existed: no code_private.
	data, err := json.Marshal(map[string]any{"id": id, "fields": map[string]any{
		"title": map[string]string{"en": "Old winter", "ar": "شتاء"}, "description": map[string]string{"en": "", "ar": ""}, "kind": "percent",
		"percent_basis_points": 1000, "amount": map[string]any{"minor": 0, "currency": ""}, "promo_code": "OLDWINTER",
		"valid_from": today.AddDate(0, 0, -1).Format(time.DateOnly), "valid_until": today.AddDate(0, 1, 0).Format(time.DateOnly),
		"applies_to": "all", "program_ids": nil, "rate_plan_ids": nil, "active": true, "limit_per_customer": 0, "limit_total": 0,
	}})
	if err != nil {
		t.Fatal(err)
	}
	var outcome string
	var txID, position int64
	if err := a.Pool.QueryRow(ctx, `SELECT outcome, tx_id::text::bigint, "position" FROM eventstore_append($1, -1, ARRAY[$2::uuid], ARRAY['OfferCreated'], ARRAY[1],
		ARRAY[$3::jsonb], ARRAY['{}'::jsonb])`, cat.OfferStream+"-"+id.String(), uuid.New(), string(data)).Scan(&outcome, &txID, &position); err != nil || outcome != "appended" {
		t.Fatalf("append an old offer: %v %s", err, outcome)
	}
	if _, err := a.Pool.Exec(ctx, `SELECT pg_notify('eventstore_appended', '')`); err != nil {
		t.Fatal(err)
	}
	if err := a.Projections.WaitFor(ctx, "catalogue", eventstore.Position{Commit: uint64(txID), Prepare: uint64(position)}); err != nil {
		t.Fatal(err)
	}
	if o, ok := listedOffers(t, a)[id.String()]; !ok || o.PromoCode != "OLDWINTER" {
		t.Fatalf("the old offer reads as public: %+v (listed %v)", o, ok)
	}
	if r := a.Get("/api/admin/offers/"+id.String(), a.AdminToken(t)); r.Status != http.StatusOK || !containsJSON(t, r.Body, "code_private", false) {
		t.Fatalf("admin GET old offer: %d %s", r.Status, r.Body)
	}
}

// containsJSON reports whether the answer's data has key set to want.
func containsJSON(t *testing.T, body []byte, key string, want any) bool {
	t.Helper()
	var v struct{ Data map[string]any }
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	return v.Data[key] == want
}

func TestTheDemoOffersShowTheirCodesOnTheSite(t *testing.T) {
	t.Parallel()
	a := demoApp(t)
	codes := map[string]bool{}
	for _, o := range listedOffers(t, a) {
		if o.NeedsPromoCode && o.PromoCode == "" {
			t.Fatalf("a demo offer asks for a code it does not show: %+v", o)
		}
		codes[o.PromoCode] = true
	}
	if !codes["MISHWAR5"] {
		t.Fatalf("the welcome offer's code is not on the site: %v", codes)
	}
}
