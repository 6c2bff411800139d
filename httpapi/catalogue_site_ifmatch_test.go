package httpapi_test

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"mishwar/cmd/mishwar/app/apptest"
)

// Two admins open the home content's form at one version; the first saves a new subtitle, the
// second a new title over the form it loaded: the second is refused with 409 in its own language
// ("someone else changed this"), and the first admin's subtitle is kept, not overwritten.
func TestASecondAdminSavingHomeContentOverAnotherSaveIsRefusedNotOverwriting(t *testing.T) {
	t.Parallel()
	a := demoApp(t)
	admin := a.AdminToken(t)
	var loaded struct {
		Data    map[string]any `json:"data"`
		Version int64          `json:"version"`
	}
	a.Get("/api/admin/home", admin).JSON(t, &loaded)
	tag := map[string]string{"If-Match": `"` + strconv.FormatInt(loaded.Version, 10) + `"`}
	form := func() (map[string]any, map[string]any) {
		var copied struct {
			Data map[string]any `json:"data"`
		}
		a.Get("/api/admin/home", admin).JSON(t, &copied) // the content as both forms loaded it
		hero := copied.Data["hero"].(map[string]any)
		return copied.Data, hero
	}
	monaForm, monaHero := form()
	monaHero["subtitle"] = map[string]any{"en": "Subtitle by Mona", "ar": "عنوان فرعي من منى"}
	karimForm, karimHero := form()
	karimHero["title"] = map[string]any{"en": "Title by Karim", "ar": "عنوان من كريم"}

	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/home", Token: admin, Body: monaForm, Header: tag}); r.Status != http.StatusOK {
		t.Fatalf("Mona's save at the version loaded: %d %s", r.Status, r.Body)
	}
	for _, lang := range []struct{ code, says string }{{"en", "Someone else changed this"}, {"ar", "قام شخص آخر بتغيير هذا"}} {
		r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/home", Token: admin, Body: karimForm,
			Header: map[string]string{"If-Match": tag["If-Match"], "Accept-Language": lang.code}})
		if r.Status != http.StatusConflict || !strings.Contains(string(r.Body), lang.says) {
			t.Fatalf("Karim's save over Mona's (%s): %d %s; want 409 saying %q", lang.code, r.Status, r.Body, lang.says)
		}
	}
	var now struct {
		Data    map[string]any `json:"data"`
		Version int64          `json:"version"`
	}
	a.Get("/api/admin/home", admin).JSON(t, &now)
	hero := now.Data["hero"].(map[string]any)
	if sub := hero["subtitle"].(map[string]any)["en"]; sub != "Subtitle by Mona" || now.Version != loaded.Version+1 {
		t.Fatalf("home content now has subtitle %q at version %d; Mona's subtitle was overwritten", sub, now.Version)
	}
}

// The currency rates and the business settings that a form replaces (office hours, the default
// pickup point) take If-Match the same way: a version another save has moved past is a 409 in the
// caller's language and changes nothing; the version loaded saves; no If-Match saves whatever is
// there (as for the catalogue's entities); an If-Match that names no version is a 400.
func TestSiteFormsSavedOverAnotherAdminsSaveAreRefused(t *testing.T) {
	t.Parallel()
	a := demoApp(t)
	admin := a.AdminToken(t)
	week := func(close string) map[string]any {
		hours := []map[string]any{}
		for day := 0; day <= 6; day++ {
			hours = append(hours, map[string]any{"day": day, "open": "09:00", "close": close})
		}
		return map[string]any{"hours": hours}
	}
	// Two pickup points, neither the default now: choosing either changes the settings.
	current, _ := a.Get("/api/admin/settings", admin).Map(t)["data"].(map[string]any)["default_pickup_point_id"].(string)
	var points []string
	for _, p := range a.Get("/api/admin/pickup-points?per_page=100", admin).Map(t)["data"].([]any) {
		if id := p.(map[string]any)["id"].(string); id != current && p.(map[string]any)["archived"] != true {
			points = append(points, id)
		}
	}
	if len(points) < 2 {
		t.Fatalf("the demo has %d pickup points besides the default, want 2", len(points))
	}
	version := func(path string) string {
		t.Helper()
		return strconv.FormatInt(int64(a.Get(path, admin).Map(t)["data"].(map[string]any)["version"].(float64)), 10)
	}
	forms := []struct {
		name, path, versionAt string
		first, second         any
	}{
		{"currency rates", "/api/admin/currency-rates", "/api/admin/currency-rates",
			map[string]any{"rates": map[string]float64{"USD": 0.0201, "SAR": 0.0751}}, map[string]any{"rates": map[string]float64{"USD": 0.0209, "SAR": 0.0759}}},
		{"office hours", "/api/admin/settings/opening-hours", "/api/admin/settings", week("21:00"), week("23:00")},
		{"default pickup point", "/api/admin/settings/default-pickup-point", "/api/admin/settings",
			map[string]any{"pickup_point_id": points[0]}, map[string]any{"pickup_point_id": points[1]}},
	}
	for _, f := range forms {
		loaded := version(f.versionAt)
		put := func(body any, header map[string]string) apptest.Response {
			return a.Do(apptest.Request{Method: http.MethodPut, Path: f.path, Token: admin, Body: body, Header: header})
		}
		if r := put(f.first, map[string]string{"If-Match": `"` + loaded + `"`}); r.Status != http.StatusOK {
			t.Fatalf("%s at the version loaded (%s): %d %s", f.name, loaded, r.Status, r.Body)
		}
		saved := a.Get(f.versionAt, admin).Body
		for _, lang := range []struct{ code, says string }{{"en", "Someone else changed this"}, {"ar", "قام شخص آخر بتغيير هذا"}} {
			r := put(f.second, map[string]string{"If-Match": `"` + loaded + `"`, "Accept-Language": lang.code})
			if r.Status != http.StatusConflict || !strings.Contains(string(r.Body), lang.says) {
				t.Errorf("%s over another save (%s): %d; want 409 saying %q", f.name, lang.code, r.Status, lang.says)
			}
		}
		if now := a.Get(f.versionAt, admin).Body; string(now) != string(saved) {
			t.Errorf("%s refused, yet changed", f.name)
		}
		if r := put(f.second, map[string]string{"If-Match": "soon"}); r.Status != http.StatusBadRequest || !strings.Contains(string(r.Body), "If-Match must be the version you loaded") {
			t.Errorf("%s with an If-Match naming no version: %d %s", f.name, r.Status, r.Body)
		}
		if r := put(f.second, nil); r.Status != http.StatusOK {
			t.Errorf("%s without If-Match: %d %s; want saved over whatever is there", f.name, r.Status, r.Body)
		}
	}
}

// A site form loaded before anything was saved has version -1, and saves with If-Match "-1" until
// someone else saves first.
func TestASiteFormLoadedBeforeTheFirstSaveSavesAtVersionMinusOne(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	admin := a.AdminToken(t)
	if v := a.Get("/api/admin/currency-rates", admin).Map(t)["data"].(map[string]any)["version"]; v != float64(-1) {
		t.Fatalf("rates never set: version %v, want -1", v)
	}
	rates := func(usd float64) apptest.Request {
		return apptest.Request{Method: http.MethodPut, Path: "/api/admin/currency-rates", Token: admin,
			Body: map[string]any{"rates": map[string]float64{"USD": usd, "SAR": 0.075}}, Header: map[string]string{"If-Match": `"-1"`}}
	}
	if r := a.Do(rates(0.02)); r.Status != http.StatusOK {
		t.Fatalf("the first rates at -1: %d %s", r.Status, r.Body)
	}
	if r := a.Do(rates(0.021)); r.Status != http.StatusConflict {
		t.Fatalf("rates at -1 after the first were set: %d %s", r.Status, r.Body)
	}
}

// settingsVersions reads the business settings as a form loads them: the settings' version and the
// versions of the office hours and of the default pickup point, each the one its form sends.
func settingsVersions(t *testing.T, a *apptest.App, token string) (all, hours, point string) {
	t.Helper()
	data := a.Get("/api/admin/settings", token).Map(t)["data"].(map[string]any)
	v := func(key string) string {
		n, ok := data[key].(float64)
		if !ok {
			t.Fatalf("GET /api/admin/settings answers no %s: %v", key, data)
		}
		return `"` + strconv.FormatInt(int64(n), 10) + `"`
	}
	return v("version"), v("opening_hours_version"), v("default_pickup_point_version")
}

func officeWeek(close string) map[string]any {
	hours := []map[string]any{}
	for day := 0; day <= 6; day++ {
		hours = append(hours, map[string]any{"day": day, "open": "09:00", "close": close})
	}
	return map[string]any{"hours": hours}
}

// Each settings form's If-Match protects only what it replaces. Mona has the office hours and the
// default pickup point open; Karim adds a holiday: Mona's saves land (nobody touched the hours or
// the default). Karim then saves the hours and the default over the versions Mona still holds: her
// second saves are refused (409), and his are kept.
func TestAHolidayAddedMeanwhileDoesNotRefuseTheOfficeHoursOrTheDefaultPickupPoint(t *testing.T) {
	t.Parallel()
	a := demoApp(t)
	mona, karim := a.AdminToken(t), a.AdminToken(t)
	var points []string
	for _, p := range a.Get("/api/admin/pickup-points?per_page=100", mona).Map(t)["data"].([]any) {
		if p.(map[string]any)["archived"] != true {
			points = append(points, p.(map[string]any)["id"].(string))
		}
	}
	if len(points) < 3 {
		t.Fatalf("the demo has %d pickup points, want 3", len(points))
	}
	put := func(token, path string, body any, version string) apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodPut, Path: path, Token: token, Body: body, Header: map[string]string{"If-Match": version}})
	}
	_, hours, point := settingsVersions(t, a, mona)
	if r := a.Post("/api/admin/settings/holidays", karim, map[string]any{"date": "2027-04-25", "name": map[string]string{"en": "Sinai Liberation Day", "ar": "عيد تحرير سيناء"}}); r.Status != http.StatusCreated && r.Status != http.StatusOK {
		t.Fatalf("Karim's holiday: %d %s", r.Status, r.Body)
	}
	if _, h, p := settingsVersions(t, a, karim); h != hours || p != point {
		t.Fatalf("a holiday moved the hours' version %s→%s or the default's %s→%s", hours, h, point, p)
	}
	if r := put(mona, "/api/admin/settings/opening-hours", officeWeek("21:00"), hours); r.Status != http.StatusOK {
		t.Fatalf("Mona's office hours, loaded before Karim's holiday: %d %s; want 200", r.Status, r.Body)
	}
	if r := put(mona, "/api/admin/settings/default-pickup-point", map[string]any{"pickup_point_id": points[0]}, point); r.Status != http.StatusOK {
		t.Fatalf("Mona's default pickup point, loaded before Karim's holiday and her hours: %d %s; want 200", r.Status, r.Body)
	}

	_, hours, point = settingsVersions(t, a, mona)
	_, karimHours, karimPoint := settingsVersions(t, a, karim)
	if r := put(karim, "/api/admin/settings/opening-hours", officeWeek("23:00"), karimHours); r.Status != http.StatusOK {
		t.Fatalf("Karim's office hours: %d %s", r.Status, r.Body)
	}
	if r := put(karim, "/api/admin/settings/default-pickup-point", map[string]any{"pickup_point_id": points[1]}, karimPoint); r.Status != http.StatusOK {
		t.Fatalf("Karim's default pickup point: %d %s", r.Status, r.Body)
	}
	if r := put(mona, "/api/admin/settings/opening-hours", officeWeek("20:00"), hours); r.Status != http.StatusConflict || !strings.Contains(string(r.Body), "Someone else changed this") {
		t.Fatalf("Mona's office hours over Karim's: %d %s; want 409", r.Status, r.Body)
	}
	if r := put(mona, "/api/admin/settings/default-pickup-point", map[string]any{"pickup_point_id": points[2]}, point); r.Status != http.StatusConflict {
		t.Fatalf("Mona's default pickup point over Karim's: %d %s; want 409", r.Status, r.Body)
	}
	data := a.Get("/api/admin/settings", mona).Map(t)["data"].(map[string]any)
	if got := data["opening_hours"].([]any)[0].(map[string]any)["close"]; got != "23:00" || data["default_pickup_point_id"] != points[1] {
		t.Fatalf("settings now close at %v with default %v; Karim's 23:00 and %s were overwritten", got, data["default_pickup_point_id"], points[1])
	}
}

// Two admins save the office hours from one loaded version at the same moment, through one process
// or two: exactly one save lands, the other is refused (409), whatever else (a holiday) lands
// between them.
func TestTwoOfficeHoursSavesFromOneVersionAtOnceExactlyOneLands(t *testing.T) {
	t.Parallel()
	for _, processes := range []int{1, 2} {
		t.Run(strconv.Itoa(processes)+" processes", func(t *testing.T) {
			a := apptest.New(t)
			apps := []*apptest.App{a}
			if processes == 2 {
				apps = append(apps, a.AnotherProcess(t))
			}
			admin := a.AdminToken(t)
			if r := a.Post("/api/admin/settings/holidays", admin, map[string]any{"date": "2027-10-06", "name": map[string]string{"en": "Armed Forces Day", "ar": "عيد القوات المسلحة"}}); r.Status >= 300 {
				t.Fatalf("a holiday: %d %s", r.Status, r.Body)
			}
			_, hours, _ := settingsVersions(t, a, admin)
			closes := []string{"21:00", "23:00", ""}
			statuses := make([]int, 3)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i, closing := range closes {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					app := apps[i%len(apps)]
					if closing == "" { // a holiday at the same time: it must refuse neither
						statuses[i] = app.Post("/api/admin/settings/holidays", admin, map[string]any{"date": "2027-01-07", "name": map[string]string{"en": "Coptic Christmas", "ar": "عيد الميلاد المجيد"}}).Status
						return
					}
					statuses[i] = app.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/settings/opening-hours", Token: admin,
						Body: officeWeek(closing), Header: map[string]string{"If-Match": hours}}).Status
				}()
			}
			close(start)
			wg.Wait()
			if statuses[2] >= 300 {
				t.Fatalf("the holiday added meanwhile: %d", statuses[2])
			}
			winner := -1
			for i, s := range statuses[:2] {
				switch s {
				case http.StatusOK:
					if winner >= 0 {
						t.Fatalf("both office hours saves from version %s landed: %v", hours, statuses)
					}
					winner = i
				case http.StatusConflict:
				default:
					t.Fatalf("office hours save %d: %d, want 200 or 409", i, s)
				}
			}
			if winner < 0 {
				t.Fatalf("neither office hours save landed: %v", statuses)
			}
			data := a.Get("/api/admin/settings", admin).Map(t)["data"].(map[string]any)
			if got := data["opening_hours"].([]any)[0].(map[string]any)["close"]; got != closes[winner] {
				t.Fatalf("office hours close at %v; want the winner's %s", got, closes[winner])
			}
		})
	}
}
