package demo_test

import (
	"context"
	"encoding/xml"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"mishwar/cmd/mishwar/demo"
	"mishwar/commands"
	catcmd "mishwar/commands/catalogue"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/pgtest"
	"mishwar/projections"
	catrm "mishwar/projections/catalogue"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// distanceKm is the great-circle distance between two points.
func distanceKm(lat1, lng1, lat2, lng2 float64) float64 {
	rad := math.Pi / 180
	dLat, dLng := (lat2-lat1)*rad, (lng2-lng1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLng/2)*math.Sin(dLng/2)
	return 6371 * 2 * math.Atan2(math.Sqrt(a), math.Sqrt(1-a))
}

func TestSeedFillsAnEmptyCatalogueOnceThroughTheCommands(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.NewDatabase(t)
	store := postgres.New(pool)
	reg := eventstore.NewRegistry()
	catcmd.RegisterEvents(reg)
	h := catcmd.New(commands.NewRunner(store, reg))
	proj := catrm.New(reg)
	reader := catrm.NewReader(pool)
	if err := projections.EnsureSchema(ctx, pool, store, proj); err != nil {
		t.Fatal(err)
	}

	if err := demo.Seed(ctx, store, h, reader.Empty); err != nil {
		t.Fatal(err)
	}
	_, count, err := store.Head(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := demo.Seed(ctx, store, h, reader.Empty); err != nil {
		t.Fatal(err)
	}
	if _, again, _ := store.Head(ctx); again != count {
		t.Fatalf("a second seed appended %d events", again-count)
	}

	var pos eventstore.Position
	for {
		batch, err := store.ReadAll(ctx, pos, 500)
		if err != nil {
			t.Fatal(err)
		}
		if len(batch) == 0 {
			break
		}
		if _, err := projections.ApplyBatch(ctx, pool, proj, batch); err != nil {
			t.Fatal(err)
		}
		pos = batch[len(batch)-1].Position
	}

	page, err := reader.PublishedDestinations(ctx, catrm.DestinationQuery{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Data) < 24 {
		t.Fatalf("%d destinations, want at least 24", len(page.Data))
	}
	// Landmarks whose positions everyone knows: the demo's coordinates must be within a few hundred
	// metres of them.
	known := map[string][2]float64{
		"giza-pyramids":          {29.9792, 31.1342},
		"egyptian-museum-tahrir": {30.0478, 31.2336},
		"cairo-tower":            {30.0459, 31.2243},
		"citadel-of-saladin":     {30.0287, 31.2599},
		"khan-el-khalili":        {30.0477, 31.2623},
	}
	seen := map[string]bool{}
	for _, d := range page.Data {
		seen[d.Slug] = true
		if k, ok := known[d.Slug]; ok {
			if km := distanceKm(d.Lat, d.Lng, k[0], k[1]); km > 0.5 {
				t.Errorf("%s is %.2f km from where it is", d.Slug, km)
			}
		}
		if d.Name.Ar == "" || d.Description.Ar == "" || d.Description.En == "" || len(d.Photos) == 0 || len(d.OpeningHours) == 0 {
			t.Errorf("%s is incomplete: %+v", d.Slug, d.DestinationFields)
		}
		// Every destination lies within 40 km of Tahrir Square: Greater Cairo.
		if km := distanceKm(d.Lat, d.Lng, 30.0444, 31.2357); km > 40 {
			t.Errorf("%s is %.0f km from Tahrir", d.Slug, km)
		}
	}
	for slug := range known {
		if !seen[slug] {
			t.Errorf("%s is missing", slug)
		}
	}

	cats, _ := reader.Categories(ctx)
	if len(cats) != 6 {
		t.Errorf("%d categories, want 6", len(cats))
	}
	progs, _ := reader.PublishedPrograms(ctx, catrm.ProgramQuery{})
	fullDay := false
	for _, p := range progs {
		if p.Hours == 8 {
			fullDay = true
		}
		for _, id := range p.DestinationIDs {
			if d, err := reader.Destination(ctx, id); err != nil || !d.Visible() {
				t.Errorf("program %s stops at a missing destination %s: %v", p.Slug, id, err)
			}
		}
	}
	if len(progs) < 6 || !fullDay {
		t.Errorf("%d programs (full day: %v)", len(progs), fullDay)
	}
	plans, _ := reader.ActiveRatePlans(ctx)
	if len(plans) != 3 {
		t.Errorf("%d rate plans, want 3", len(plans))
	}
	points, _ := reader.PickupPoints(ctx)
	kinds := map[string]int{}
	for _, p := range points {
		kinds[p.Kind]++
	}
	if kinds[cat.PickupAirport] != 3 || kinds[cat.PickupHotel] < 3 || kinds[cat.PickupStation] < 1 {
		t.Errorf("pickup points by kind: %v", kinds)
	}
	if def, err := reader.DefaultPickupPoint(ctx); err != nil || def.Name.En != "Tahrir Square" {
		t.Errorf("default pickup point: %v %v", def.Name, err)
	}
	drivers, _ := reader.ActiveDrivers(ctx)
	if len(drivers) < 4 {
		t.Errorf("%d drivers", len(drivers))
	}
	hours, _ := reader.OpeningHours(ctx)
	if len(hours.Weekly) != 5 || len(hours.Holidays) < 10 {
		t.Errorf("office hours %+v", hours)
	}
	rates, setAt, _ := reader.CurrencyRates(ctx)
	if len(rates) != 2 || setAt.IsZero() {
		t.Errorf("rates %v at %v", rates, setAt)
	}
	home, _, _ := reader.Home(ctx)
	if len(home.FAQ) < 5 || home.WhatsApp == "" || home.FullDayRide.Hours != 8 || home.Terms.Ar == "" {
		t.Errorf("home content %+v", home)
	}
	if empty, _ := reader.Empty(ctx); empty {
		t.Error("the catalogue is empty after seeding")
	}
}

func TestSeedLeavesAnAdminsCatalogueAlone(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.NewDatabase(t)
	store := postgres.New(pool)
	reg := eventstore.NewRegistry()
	catcmd.RegisterEvents(reg)
	h := catcmd.New(commands.NewRunner(store, reg))
	notEmpty := func(context.Context) (bool, error) { return false, nil }
	if err := demo.Seed(ctx, store, h, notEmpty); err != nil {
		t.Fatal(err)
	}
	if _, n, _ := store.Head(ctx); n != 0 {
		t.Fatalf("seeded %d events over an existing catalogue", n)
	}
}

func TestEveryMotifRendersWellFormedSVG(t *testing.T) {
	srv := httptest.NewServer(demo.ArtHandler())
	defer srv.Close()
	for _, m := range demo.Motifs() {
		for _, name := range []string{"a", "giza-pyramids", "cairo-tower", "x-1"} {
			res, err := http.Get(srv.URL + demo.ArtPath(m, name))
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(res.Header.Get("Cache-Control"), "max-age=31536000") {
				t.Fatalf("%s/%s: %d %v", m, name, res.StatusCode, res.Header)
			}
			dec := xml.NewDecoder(strings.NewReader(string(body)))
			for {
				if _, err := dec.Token(); err == io.EOF {
					break
				} else if err != nil {
					t.Fatalf("%s/%s: malformed SVG: %v", m, name, err)
				}
			}
		}
	}
	for _, bad := range []string{"/art/unknown/x.svg", "/art/pyramids/../x.svg", "/art/pyramids/X.svg"} {
		res, err := http.Get(srv.URL + bad)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 404 {
			t.Errorf("%s: %d", bad, res.StatusCode)
		}
	}
}
