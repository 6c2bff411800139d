package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/cmd/mishwar/demo"
	cat "mishwar/domain/catalogue"
	catrm "mishwar/projections/catalogue"
)

// demoApp starts the app with the demo catalogue seeded and projected.
func demoApp(t *testing.T) *apptest.App {
	t.Helper()
	return seeded(t, apptest.New(t))
}

// seeded is a with the demo catalogue, caught up.
func seeded(t *testing.T, a *apptest.App) *apptest.App {
	t.Helper()
	ctx := context.Background()
	if err := demo.Seed(ctx, a.Store, a.Catalogue, nil); err != nil {
		t.Fatal(err)
	}
	catalogueCaughtUp(t, a)
	return a
}

func catalogueCaughtUp(t *testing.T, a *apptest.App) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	head, _, err := a.Store.Head(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Projections.WaitFor(ctx, catrm.Name, head); err != nil {
		t.Fatal(err)
	}
	// On a first start the runner may still be building and swapping in the read model, and WaitFor
	// can answer early then; the home content is the seed's last write.
	for {
		if home, _, err := a.CatalogueReader.Home(ctx); err == nil && home.Hero.Title.En != "" {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatal("the catalogue read model never appeared")
		case <-time.After(20 * time.Millisecond):
		}
	}
}

type destinationList struct {
	Data []struct {
		ID       string            `json:"id"`
		Slug     string            `json:"slug"`
		Name     map[string]string `json:"name"`
		Category struct {
			Slug string `json:"slug"`
		} `json:"category"`
		Photos []struct {
			URL string `json:"url"`
		} `json:"photos"`
	} `json:"data"`
	NextCursor *string `json:"next_cursor"`
}

func TestPublicDestinationsFilterPageAndSearch(t *testing.T) {
	a := demoApp(t)

	// Load more, page by page, within one category: every destination once, then a null cursor.
	seen := map[string]bool{}
	path := "/api/destinations?category=pharaonic&limit=2"
	pages := 0
	for {
		r := a.Get(path, "")
		if r.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", path, r.Status, r.Body)
		}
		var page destinationList
		r.JSON(t, &page)
		pages++
		for _, d := range page.Data {
			if d.Category.Slug != "pharaonic" || seen[d.Slug] {
				t.Fatalf("page %d: %s (%s) again or out of the category", pages, d.Slug, d.Category.Slug)
			}
			seen[d.Slug] = true
		}
		if page.NextCursor == nil {
			break
		}
		path = "/api/destinations?category=pharaonic&limit=2&cursor=" + url.QueryEscape(*page.NextCursor)
	}
	if len(seen) != 5 || pages != 3 {
		t.Fatalf("%d pharaonic destinations over %d pages", len(seen), pages)
	}

	for q, want := range map[string]string{"sphinx": "great-sphinx", "أبو الهول": "great-sphinx", "قلعه صلاح": "citadel-of-saladin"} {
		var res destinationList
		r := a.Get("/api/destinations?q="+url.QueryEscape(q), "")
		r.JSON(t, &res)
		if r.Status != http.StatusOK || len(res.Data) == 0 || res.Data[0].Slug != want {
			t.Errorf("q=%s: %d %s", q, r.Status, r.Body)
		}
	}

	for _, bad := range []struct {
		path   string
		status int
	}{
		{"/api/destinations?category=no-such-category", 404},
		{"/api/destinations?cursor=garbage", 422},
		{"/api/destinations?limit=ten", 422},
		{"/api/destinations/no-such-place", 404},
		{"/api/destinations/6f1c1f34-2f0e-4a8b-9a55-0b1b8f1f0001", 404},
		{"/api/programs/no-such-program", 404},
		{"/api/categories/nowhere", 404},
		{"/api/search?q=", 422},
	} {
		if r := a.Get(bad.path, ""); r.Status != bad.status {
			t.Errorf("%s: %d %s, want %d", bad.path, r.Status, r.Body, bad.status)
		}
	}
	if r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/programs/no-such-program"}); !strings.Contains(string(r.Body), "Program not found") {
		t.Errorf("message %s", r.Body)
	}
	// -5 is a number: the message says what kind of number is wanted.
	if r := a.Get("/api/destinations?limit=-5", ""); r.Status != 422 || r.Map(t)["message"] != "Enter a whole number, 0 or more." {
		t.Errorf("limit=-5: %d %s", r.Status, r.Body)
	}
}

func TestPublicDetailByIDOrSlugInTheAskedLanguage(t *testing.T) {
	a := demoApp(t)
	id := demo.ID(cat.DestinationStream, "cairo-tower")
	for _, ref := range []string{id.String(), "cairo-tower"} {
		r := a.Get("/api/destinations/"+ref, "")
		if r.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", ref, r.Status, r.Body)
		}
		m := r.Map(t)["data"].(map[string]any)
		if m["id"] != id.String() || m["name"].(map[string]any)["ar"] != "برج القاهرة" {
			t.Fatalf("%s: %v", ref, m)
		}
	}
	r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/destinations/cairo-tower", Header: map[string]string{"lang": "ar"}})
	m := r.Map(t)["data"].(map[string]any)
	if m["name"] != "برج القاهرة" || m["category"].(map[string]any)["name"] != "النيل والحدائق" {
		t.Fatalf("Arabic only: %v", m)
	}
	r = a.Get("/api/programs/full-day-cairo-ride?lang=en", "")
	p := r.Map(t)["data"].(map[string]any)
	if p["name"] != "Full-day ride: car and driver for 8 hours" || p["hours"] != float64(8) || len(p["destinations"].([]any)) != 4 {
		t.Fatalf("program: %v", p)
	}
}

func TestPublicListsAndSingletons(t *testing.T) {
	a := demoApp(t)
	counts := map[string]int{}
	for path, min := range map[string]int{"/api/categories": 6, "/api/programs": 6, "/api/rates": 3, "/api/pickup-points": 8, "/api/countries": 20, "/api/offers": 1, "/api/currencies": 3} {
		r := a.Get(path, "")
		if r.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", path, r.Status, r.Body)
		}
		n := len(r.Map(t)["data"].([]any))
		counts[path] = n
		if n < min {
			t.Errorf("%s: %d items, want at least %d", path, n, min)
		}
	}
	home := a.Get("/api/home", "").Map(t)["data"].(map[string]any)
	if home["whatsapp_url"] != "https://wa.me/201001234567" || len(home["faq"].([]any)) < 5 || home["most_visited"].(map[string]any)["slug"] != "giza-pyramids" ||
		home["full_day_program"].(map[string]any)["hours"] != float64(8) || len(home["top_programs"].([]any)) < 3 {
		t.Fatalf("home: %v", home)
	}
	hours := a.Get("/api/opening-hours", "").Map(t)["data"].(map[string]any)
	if len(hours["weekly"].([]any)) != 5 || fmt.Sprint(hours["closed_days"]) != "[0 6]" {
		t.Fatalf("hours: %v", hours)
	}
	pts := a.Get("/api/pickup-points", "").Map(t)
	if pts["default_id"] != demo.ID(cat.PickupPointStream, "tahrir-square").String() {
		t.Fatalf("default pickup point %v", pts["default_id"])
	}
	s := a.Get("/api/search?q="+url.QueryEscape("أهرامات"), "").Map(t)["data"].(map[string]any)
	if len(s["destinations"].([]any)) == 0 || len(s["programs"].([]any)) == 0 {
		t.Fatalf("search: %v", s)
	}
}

func adminDestination(name, ar string) map[string]any {
	return map[string]any{
		"category_id":       demo.ID(cat.CategoryStream, "nile-parks").String(),
		"name":              map[string]string{"en": name, "ar": ar},
		"short_description": map[string]string{"en": "Gardens on Gezira island.", "ar": "حدائق في جزيرة الزمالك."},
		"lat":               30.0508, "lng": 31.2218,
		"visit_minutes": 45,
		"opening_hours": []map[string]any{{"day": 1, "open": "08:00", "close": "20:00"}},
		"published":     true,
	}
}

func TestAdminWritesAreGuardedValidatedAndShowInTheirHistory(t *testing.T) {
	a := demoApp(t)
	admin := a.AdminToken(t)
	user := a.UserToken(t)

	body := adminDestination("Fish Garden", "حديقة الأسماك")
	if r := a.Post("/api/admin/destinations", "", body); r.Status != http.StatusUnauthorized {
		t.Fatalf("visitor: %d", r.Status)
	}
	if r := a.Post("/api/admin/destinations", user, body); r.Status != http.StatusForbidden {
		t.Fatalf("traveller: %d", r.Status)
	}
	if r := a.Get("/api/admin/destinations", user); r.Status != http.StatusForbidden {
		t.Fatalf("traveller list: %d", r.Status)
	}

	bad := adminDestination("", "حديقة الأسماك")
	bad["lat"] = 25.7
	bad["category_id"] = "6f1c1f34-2f0e-4a8b-9a55-0b1b8f1f0001"
	r := a.Post("/api/admin/destinations", admin, bad)
	errs := r.Map(t)["errors"].(map[string]any)
	if r.Status != http.StatusUnprocessableEntity || errs["name.en"] == nil || errs["lat"] == nil || errs["slug"] == nil {
		t.Fatalf("invalid create: %d %s", r.Status, r.Body)
	}
	// A name whose link name is taken, no slug typed: the name is the field to change.
	dup := adminDestination("Cairo Tower", "برج القاهرة")
	r = a.Post("/api/admin/destinations", admin, dup)
	if errs := r.Map(t)["errors"].(map[string]any); r.Status != http.StatusUnprocessableEntity || errs["name"] == nil || errs["slug"] != nil {
		t.Fatalf("a taken name: %d %s", r.Status, r.Body)
	}
	// A slug typed, taken, is the slug's error.
	dup["slug"] = "cairo-tower"
	r = a.Post("/api/admin/destinations", admin, dup)
	if r.Status != http.StatusUnprocessableEntity || r.Map(t)["errors"].(map[string]any)["slug"] == nil {
		t.Fatalf("a taken slug: %d %s", r.Status, r.Body)
	}
	r = a.Post("/api/admin/destinations", admin, adminDestination("Gezira Garden", "حديقة الجزيرة"))
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	created := r.Map(t)["data"].(map[string]any)
	id := created["id"].(string)
	if created["slug"] != "gezira-garden" || created["version"] != float64(0) {
		t.Fatalf("created %v", created)
	}
	if r := a.Get("/api/destinations/gezira-garden", ""); r.Status != http.StatusOK {
		t.Fatalf("public read after create: %d", r.Status)
	}

	edit := adminDestination("Fish Garden", "حديقة الأسماك")
	edit["slug"] = "fish-garden"
	edit["visit_minutes"] = 60
	r = a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/destinations/" + id, Token: admin, Body: edit, Header: map[string]string{"If-Match": `"5"`}})
	if r.Status != http.StatusConflict {
		t.Fatalf("stale If-Match: %d %s", r.Status, r.Body)
	}
	r = a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/destinations/" + id, Token: admin, Body: edit, Header: map[string]string{"If-Match": `"0"`}})
	if r.Status != http.StatusOK || r.Map(t)["data"].(map[string]any)["slug"] != "fish-garden" {
		t.Fatalf("edit: %d %s", r.Status, r.Body)
	}
	if r := a.Get("/api/destinations/gezira-garden", ""); r.Status != http.StatusNotFound {
		t.Fatalf("old slug still answers: %d", r.Status)
	}

	r = a.Delete("/api/admin/destinations/"+id, admin)
	if r.Status != http.StatusOK || r.Map(t)["data"].(map[string]any)["archived"] != true {
		t.Fatalf("archive: %d %s", r.Status, r.Body)
	}
	if r := a.Get("/api/destinations/fish-garden", ""); r.Status != http.StatusNotFound {
		t.Fatalf("archived destination is public: %d", r.Status)
	}
	list := a.Get("/api/admin/destinations?status=archived&q=fish", admin).Map(t)
	if list["total"] != float64(1) {
		t.Fatalf("archived list %v", list)
	}

	// Archiving a destination a program visits says so.
	pyramids := demo.ID(cat.DestinationStream, "giza-pyramids").String()
	r = a.Delete("/api/admin/destinations/"+pyramids, admin)
	if used := r.Map(t)["used_by_programs"].([]any); len(used) < 2 {
		t.Fatalf("archive of a referenced destination: %s", r.Body)
	}
	a.Post("/api/admin/destinations/"+pyramids+"/restore", admin, nil)

	hist := a.Get("/api/admin/destinations/"+id+"/history", admin)
	var h struct {
		Data []struct {
			Action  string `json:"action"`
			Actor   struct{ ID, Role string }
			Changes []struct{ Field string }
		} `json:"data"`
	}
	hist.JSON(t, &h)
	if len(h.Data) != 3 || h.Data[0].Action != "archived" || h.Data[1].Action != "updated" || h.Data[2].Action != "created" || h.Data[0].Actor.Role != "admin" {
		t.Fatalf("history %s", hist.Body)
	}
	changed := map[string]bool{}
	for _, c := range h.Data[1].Changes {
		changed[c.Field] = true
	}
	if !changed["slug"] || !changed["visit_minutes"] || !changed["name"] || len(changed) != 3 {
		t.Fatalf("update changes %v", changed)
	}
	if r := a.Get("/api/admin/destinations/6f1c1f34-2f0e-4a8b-9a55-0b1b8f1f0001/history", admin); r.Status != http.StatusNotFound {
		t.Fatalf("history of nothing: %d", r.Status)
	}
}

func TestAdminMoneyFieldsAcceptPounds(t *testing.T) {
	a := demoApp(t)
	admin := a.AdminToken(t)
	r := a.Post("/api/admin/rate-plans", admin, map[string]any{
		"name": map[string]string{"en": "Electric", "ar": "كهربائية"}, "seats": 4,
		"price_per_km": "16.50", "waiting_per_hour": 130, "active": true,
	})
	if r.Status != http.StatusCreated {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	d := r.Map(t)["data"].(map[string]any)
	if d["price_per_km"].(map[string]any)["minor"] != float64(1650) || d["waiting_per_hour"].(map[string]any)["minor"] != float64(13000) {
		t.Fatalf("%v", d)
	}
	r = a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/currency-rates", Token: admin, Body: map[string]any{"rates": map[string]float64{"USD": 0.02, "SAR": 0.075}}})
	if r.Status != http.StatusOK {
		t.Fatalf("rates: %d %s", r.Status, r.Body)
	}
	cur := a.Get("/api/currencies", "").Map(t)["data"].([]any)
	if cur[1].(map[string]any)["rate"] != 0.02 {
		t.Fatalf("currencies %v", cur)
	}
	r = a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/currency-rates", Token: admin, Body: map[string]any{"rates": map[string]float64{"USD": 48.5}}})
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("inverted rate: %d %s", r.Status, r.Body)
	}
}

func TestCatalogueSEOHeadsAndSitemap(t *testing.T) {
	a := demoApp(t)
	seo := a.CatalogueSEO()
	seo.PublicURL = func() string { return "https://mishwar.example" }
	ctx := context.Background()
	head := func(path, lang string) (string, int, bool) {
		return seo.RenderHead(ctx, httptest.NewRequest(http.MethodGet, path, nil), lang)
	}
	h, status, ok := head("/destination?id=cairo-tower", "en")
	for _, want := range []string{
		"<title>Cairo Tower — Mishwar</title>",
		`<link rel="canonical" href="https://mishwar.example/destination?id=cairo-tower">`,
		`hreflang="ar" href="https://mishwar.example/destination?id=cairo-tower&amp;lang=ar"`,
		`<meta property="og:image" content="https://mishwar.example/art/tower/cairo-tower.svg">`,
		// The photo the page opens with, from where the app shows it.
		`<link rel="preload" href="/art/tower/cairo-tower.svg" as="image">`,
		`"@type":"TouristAttraction"`, `"latitude":30.0459`,
	} {
		if !ok || status != 200 || !strings.Contains(h, want) {
			t.Errorf("destination head lacks %s:\n%s", want, h)
		}
	}
	h, status, ok = head("/program/full-day-cairo-ride", "ar")
	for _, want := range []string{"<title>رحلة اليوم الكامل: سيارة وسائق لمدة ٨ ساعات — مشوار</title>", `"@type":"TouristTrip"`, `"price":"3200.00"`, `"priceCurrency":"EGP"`} {
		if !ok || status != 200 || !strings.Contains(h, want) {
			t.Errorf("program head lacks %s:\n%s", want, h)
		}
	}
	if h, status, ok = head("/categories?category=islamic", "en"); !ok || status != 200 || !strings.Contains(h, `"@type":"CollectionPage"`) {
		t.Errorf("category head %d %s", status, h)
	}
	if _, status, ok = head("/destination?id=atlantis", "en"); !ok || status != 404 {
		t.Errorf("unknown destination: %d %v", status, ok)
	}
	if _, _, ok = head("/rates", "en"); ok {
		t.Error("the catalogue answered for a page it does not own")
	}
	urls, err := seo.SitemapURLs(ctx)
	if err != nil || len(urls) < 32+8+6 {
		t.Fatalf("sitemap: %d urls, %v", len(urls), err)
	}
}

// The home page's first paint, written before the app has run, carries the picture the operator
// uploaded for it (the app shows it in the same place), and the drawing's screen while there is none.
func TestTheHomePagesFirstScreenCarriesTheOperatorsPicture(t *testing.T) {
	a := demoApp(t)
	seo := a.CatalogueSEO()
	ctx := context.Background()
	screen := func() (string, map[string]string) {
		t.Helper()
		name, slots, err := seo.ScreenSlots(ctx, httptest.NewRequest(http.MethodGet, "/", nil), "home", "ar")
		if err != nil {
			t.Fatal(err)
		}
		return name, slots
	}
	if name, slots := screen(); name != "home" || slots["photo"] != "" {
		t.Fatalf("without a picture: %s %v", name, slots)
	}
	admin := a.AdminToken(t)
	var home struct {
		Data map[string]any `json:"data"`
	}
	a.Get("/api/admin/home", admin).JSON(t, &home)
	hero, _ := home.Data["hero"].(map[string]any)
	if hero == nil {
		hero = map[string]any{}
	}
	hero["image"] = "/art/tower/cairo-tower.svg"
	home.Data["hero"] = hero
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/home", Token: admin, Body: home.Data}); r.Status != http.StatusOK {
		t.Fatalf("home content with a picture: %d %s", r.Status, r.Body)
	}
	eventually(t, "the home screen with its picture", func() (bool, string) {
		name, slots := screen()
		return name == "home-photo" && slots["photo"] == "/art/tower/cairo-tower.svg", fmt.Sprint(name, slots)
	})
}

func TestAdminCommandsUnderAnIdempotencyKeyRunOnce(t *testing.T) {
	a := demoApp(t)
	admin := a.AdminToken(t)
	key := map[string]string{"Idempotency-Key": "create-lotus-garden"}
	create := func(body map[string]any) apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/admin/destinations", Token: admin, Body: body, Header: key})
	}
	first := create(adminDestination("Zamalek Lotus Garden", "حديقة اللوتس"))
	if first.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", first.Status, first.Body)
	}
	again := create(adminDestination("Zamalek Lotus Garden", "حديقة اللوتس"))
	if again.Status != http.StatusCreated || again.Header.Get("Idempotent-Replayed") != "true" || string(again.Body) != string(first.Body) {
		t.Fatalf("repeat: %d %q %s", again.Status, again.Header.Get("Idempotent-Replayed"), again.Body)
	}
	if r := create(adminDestination("Aquarium Grotto", "جروتو الأسماك")); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("the key with another body: %d %s", r.Status, r.Body)
	}
	// The slug would refuse a second garden anyway; the repeat must not even try.
	gardens := 0
	for _, d := range a.Get("/api/admin/destinations?q=lotus&per_page=100", admin).Map(t)["data"].([]any) {
		if d.(map[string]any)["name"].(map[string]any)["en"] == "Zamalek Lotus Garden" {
			gardens++
		}
	}
	if gardens != 1 {
		t.Fatalf("%d lotus gardens after a repeated create, want 1", gardens)
	}

	rates := apptest.Request{Method: http.MethodPut, Path: "/api/admin/currency-rates", Token: admin,
		Body: map[string]any{"rates": map[string]float64{"USD": 0.021, "SAR": 0.077}}, Header: map[string]string{"Idempotency-Key": "rates-1"}}
	if r := a.Do(rates); r.Status != http.StatusOK {
		t.Fatalf("rates: %d %s", r.Status, r.Body)
	}
	if r := a.Do(rates); r.Status != http.StatusOK || r.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("repeated rates: %d %q", r.Status, r.Header.Get("Idempotent-Replayed"))
	}
	hist := a.Get("/api/admin/currency-rates/history", admin).Map(t)["data"].([]any)
	sets := 0
	for _, e := range hist {
		if e.(map[string]any)["actor"].(map[string]any)["role"] == "admin" {
			sets++
		}
	}
	if sets != 1 {
		t.Fatalf("the admin set the rates %d times, want once", sets)
	}
}

// Public answers are kept in memory per process; a change made through another process reaches them
// by its notice, well before the kept answer's TTL.
func TestACatalogueChangeThroughOneProcessShowsOnAnotherThatKeptTheOldAnswer(t *testing.T) {
	a := demoApp(t)
	b := a.AnotherProcess(t)
	admin := a.AdminToken(t)
	if r := b.Get("/api/destinations/gezira-garden", ""); r.Status != http.StatusNotFound {
		t.Fatalf("before: %d", r.Status)
	}
	before := b.Get("/api/destinations?limit=100", "")
	if before.Status != http.StatusOK || strings.Contains(string(before.Body), "gezira-garden") {
		t.Fatalf("list before: %d", before.Status)
	}
	if r := a.Post("/api/admin/destinations", admin, adminDestination("Gezira Garden", "حديقة الجزيرة")); r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		r := b.Get("/api/destinations?limit=100", "")
		if strings.Contains(string(r.Body), "gezira-garden") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the other process still serves the list it kept before the change")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
