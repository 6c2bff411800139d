package catalogue_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/commands"
	catcmd "mishwar/commands/catalogue"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/pgtest"
	"mishwar/projections"
	catrm "mishwar/projections/catalogue"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// env runs catalogue commands against a real store and applies the log to the read model on sync.
type env struct {
	t        *testing.T
	pool     *pgxpool.Pool
	store    *postgres.Store
	cmd      *catcmd.Handlers
	proj     *catrm.Projection
	reader   *catrm.Reader
	position eventstore.Position
}

func newEnv(t *testing.T) *env {
	t.Helper()
	pool := pgtest.NewDatabase(t)
	store := postgres.New(pool)
	reg := eventstore.NewRegistry()
	catcmd.RegisterEvents(reg)
	e := &env{t: t, pool: pool, store: store, cmd: catcmd.New(commands.NewRunner(store, reg)), proj: catrm.New(reg), reader: catrm.NewReader(pool)}
	if err := projections.EnsureSchema(context.Background(), pool, store, e.proj); err != nil {
		t.Fatal(err)
	}
	return e
}

// sync feeds everything appended since the last sync to the projection, as the runner would.
func (e *env) sync() {
	e.t.Helper()
	ctx := context.Background()
	for {
		batch, err := e.store.ReadAll(ctx, e.position, 100)
		if err != nil {
			e.t.Fatal(err)
		}
		if len(batch) == 0 {
			return
		}
		if _, err := projections.ApplyBatch(ctx, e.pool, e.proj, batch); err != nil {
			e.t.Fatal(err)
		}
		e.position = batch[len(batch)-1].Position
	}
}

func meta() commands.Meta { return commands.NewMeta(commands.Actor{UserID: "admin-7", Role: "admin"}) }

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func category(t *testing.T, e *env, en, ar string) uuid.UUID {
	id := uuid.New()
	must[catcmd.Result[cat.CategoryFields]](t)(e.cmd.Categories.Create(context.Background(), cat.CreateCategory{ID: id, Fields: cat.CategoryFields{Name: cat.Text{En: en, Ar: ar}}}, meta()))
	return id
}

func dest(categoryID uuid.UUID, en, ar string, order int) cat.DestinationFields {
	return cat.DestinationFields{
		CategoryID: categoryID, Name: cat.Text{En: en, Ar: ar},
		ShortDescription: cat.Text{En: en + " in Cairo", Ar: ar + " في القاهرة"},
		Lat:              30.04, Lng: 31.23, VisitMinutes: 60, Published: true, DisplayOrder: order,
	}
}

func createDest(t *testing.T, e *env, f cat.DestinationFields) uuid.UUID {
	id := uuid.New()
	must[catcmd.Result[cat.DestinationFields]](t)(e.cmd.Destinations.Create(context.Background(), cat.CreateDestination{ID: id, Fields: f}, meta()))
	return id
}

func names(ds []catrm.Destination) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.Name.En
	}
	return out
}

func TestDestinationEventsShapeTheRows(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	islamic := category(t, e, "Islamic Cairo", "القاهرة الإسلامية")
	f := dest(islamic, "Ibn Tulun Mosque", "مسجد أحمد بن طولون", 1)
	id := createDest(t, e, f)
	e.sync()

	d, err := e.reader.Destination(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if d.Slug != "ibn-tulun-mosque" || d.Name.Ar != "مسجد أحمد بن طولون" || d.CategoryID != islamic || !d.Visible() || d.Version != 0 {
		t.Fatalf("created: %+v", d)
	}
	bySlug, err := e.reader.DestinationByRef(ctx, "Ibn-Tulun-Mosque")
	if err != nil || bySlug.ID != id {
		t.Fatalf("by slug: %v %v", err, bySlug.ID)
	}
	byID, err := e.reader.DestinationByRef(ctx, id.String())
	if err != nil || byID.ID != id {
		t.Fatalf("by id: %v", err)
	}

	f.VisitMinutes, f.Published = 90, false
	must[catcmd.Result[cat.DestinationFields]](t)(e.cmd.Destinations.Update(ctx, cat.UpdateDestination{ID: id, Fields: f}, meta()))
	e.sync()
	d = must[catrm.Destination](t)(e.reader.Destination(ctx, id))
	if d.VisitMinutes != 90 || d.Visible() || d.Version != 1 {
		t.Fatalf("updated: %+v", d)
	}
	page := must[catrm.Page[catrm.Destination]](t)(e.reader.PublishedDestinations(ctx, catrm.DestinationQuery{}))
	if len(page.Data) != 0 {
		t.Fatalf("an unpublished destination is listed: %v", names(page.Data))
	}

	f.Published = true
	must[catcmd.Result[cat.DestinationFields]](t)(e.cmd.Destinations.Update(ctx, cat.UpdateDestination{ID: id, Fields: f}, meta()))
	must[catcmd.Result[cat.DestinationFields]](t)(e.cmd.Destinations.Archive(ctx, id, meta()))
	e.sync()
	d = must[catrm.Destination](t)(e.reader.Destination(ctx, id))
	if !d.Archived || d.Visible() {
		t.Fatalf("archived: %+v", d.Meta)
	}
	if page := must[catrm.Page[catrm.Destination]](t)(e.reader.PublishedDestinations(ctx, catrm.DestinationQuery{})); len(page.Data) != 0 {
		t.Fatal("an archived destination is listed")
	}
	archived := must[catrm.AdminPage](t)(e.reader.AdminList(ctx, catrm.KindDestination, catrm.AdminQuery{Status: "archived"}))
	if archived.Total != 1 {
		t.Fatalf("admin archive list: %+v", archived)
	}

	must[catcmd.Result[cat.DestinationFields]](t)(e.cmd.Destinations.Restore(ctx, id, meta()))
	e.sync()
	if page := must[catrm.Page[catrm.Destination]](t)(e.reader.PublishedDestinations(ctx, catrm.DestinationQuery{})); len(page.Data) != 1 {
		t.Fatal("a restored destination is not listed")
	}

	if _, err := e.reader.Destination(ctx, uuid.New()); !errors.Is(err, cat.ErrDestinationNotFound) {
		t.Fatalf("unknown id: %v", err)
	}
	if _, err := e.reader.DestinationByRef(ctx, "no-such-place"); !errors.Is(err, cat.ErrDestinationNotFound) {
		t.Fatalf("unknown slug: %v", err)
	}
}

func TestPublishedDestinationsFilterSearchAndPage(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	pharaonic := category(t, e, "Pharaonic", "فرعوني")
	islamic := category(t, e, "Islamic Cairo", "القاهرة الإسلامية")
	giza := createDest(t, e, dest(pharaonic, "Pyramids of Giza", "أهرامات الجيزة", 1))
	createDest(t, e, dest(pharaonic, "Saqqara", "سقارة", 2))
	createDest(t, e, dest(pharaonic, "Memphis", "ميت رهينة", 3))
	createDest(t, e, dest(islamic, "Al-Azhar Mosque", "الجامع الأزهر", 1))
	createDest(t, e, dest(islamic, "Citadel of Saladin", "قلعة صلاح الدين", 2))
	e.sync()

	page := must[catrm.Page[catrm.Destination]](t)(e.reader.PublishedDestinations(ctx, catrm.DestinationQuery{CategoryID: pharaonic, Limit: 2}))
	if !slices.Equal(names(page.Data), []string{"Pyramids of Giza", "Saqqara"}) || page.NextCursor == nil {
		t.Fatalf("first page %v %v", names(page.Data), page.NextCursor)
	}
	page = must[catrm.Page[catrm.Destination]](t)(e.reader.PublishedDestinations(ctx, catrm.DestinationQuery{CategoryID: pharaonic, Limit: 2, Cursor: *page.NextCursor}))
	if !slices.Equal(names(page.Data), []string{"Memphis"}) || page.NextCursor != nil {
		t.Fatalf("second page %v %v", names(page.Data), page.NextCursor)
	}
	all := must[catrm.Page[catrm.Destination]](t)(e.reader.PublishedDestinations(ctx, catrm.DestinationQuery{}))
	if !slices.Equal(names(all.Data), []string{"Al-Azhar Mosque", "Pyramids of Giza", "Citadel of Saladin", "Saqqara", "Memphis"}) {
		t.Fatalf("display order, then name: %v", names(all.Data))
	}
	if _, err := e.reader.PublishedDestinations(ctx, catrm.DestinationQuery{Cursor: "not-a-cursor"}); !errors.Is(err, catrm.ErrInvalidCursor) {
		t.Fatalf("bad cursor: %v", err)
	}

	for q, want := range map[string][]string{
		"pyramids":        {"Pyramids of Giza"},
		"GIZA pyr":        {"Pyramids of Giza"},
		"اهرامات":         {"Pyramids of Giza"},   // typed without the hamza
		"الأَزْهَر":       {"Al-Azhar Mosque"},    // typed with diacritics
		"قلعه":            {"Citadel of Saladin"}, // ta marbuta typed as ha
		"mosque azhar":    {"Al-Azhar Mosque"},
		"in cairo":        {"Al-Azhar Mosque", "Pyramids of Giza", "Citadel of Saladin", "Saqqara", "Memphis"},
		"nothing-matches": {},
	} {
		got := must[catrm.Page[catrm.Destination]](t)(e.reader.PublishedDestinations(ctx, catrm.DestinationQuery{Q: q}))
		if !slices.Equal(names(got.Data), want) {
			t.Errorf("q=%q: got %v, want %v", q, names(got.Data), want)
		}
	}

	got := must[[]catrm.Destination](t)(e.reader.Destinations(ctx, []uuid.UUID{uuid.New(), giza}))
	if len(got) != 1 || got[0].ID != giza {
		t.Fatalf("by ids: %v", names(got))
	}
	counts := must[map[uuid.UUID]int](t)(e.reader.CategoryCounts(ctx))
	if counts[pharaonic] != 3 || counts[islamic] != 2 {
		t.Fatalf("counts %v", counts)
	}
}

func TestProgramsRatePlansAndTheRest(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	c := category(t, e, "Pharaonic", "فرعوني")
	a, b := createDest(t, e, dest(c, "Saqqara", "سقارة", 1)), createDest(t, e, dest(c, "Dahshur", "دهشور", 2))
	prog := uuid.New()
	pf := cat.ProgramFields{Name: cat.Text{En: "Pyramid fields", Ar: "حقول الأهرامات"}, ShortDescription: cat.Text{En: "Saqqara and Dahshur", Ar: "سقارة ودهشور"},
		DestinationIDs: []uuid.UUID{b, a}, Hours: 6, Price: money.New(180000, money.EGP), Published: true, Top: true}
	must[catcmd.Result[cat.ProgramFields]](t)(e.cmd.Programs.Create(ctx, cat.CreateProgram{ID: prog, Fields: pf}, meta()))

	active, inactive := uuid.New(), uuid.New()
	plan := cat.RatePlanFields{Name: cat.Text{En: "Sedan", Ar: "سيدان"}, Seats: 4, PricePerKm: money.New(1400, money.EGP), WaitingPerHour: money.New(9000, money.EGP), Active: true}
	must[catcmd.Result[cat.RatePlanFields]](t)(e.cmd.RatePlans.Create(ctx, cat.CreateRatePlan{ID: active, Fields: plan}, meta()))
	plan.Name, plan.Active = cat.Text{En: "Old van", Ar: "فان قديم"}, false
	must[catcmd.Result[cat.RatePlanFields]](t)(e.cmd.RatePlans.Create(ctx, cat.CreateRatePlan{ID: inactive, Fields: plan}, meta()))

	driver := uuid.New()
	must[catcmd.Result[cat.DriverFields]](t)(e.cmd.Drivers.Create(ctx, cat.CreateDriver{ID: driver, Fields: cat.DriverFields{
		Name: cat.Text{En: "Karim", Ar: "كريم"}, Phone: "+201001112223", Licence: "L-1", Vehicle: cat.Text{En: "Hyundai Elantra", Ar: "هيونداي إلنترا"},
		Seats: 4, WorkingDays: []time.Weekday{time.Sunday, time.Monday}, Active: true}}, meta()))

	point := uuid.New()
	must[catcmd.Result[cat.PickupPointFields]](t)(e.cmd.PickupPoints.Create(ctx, cat.CreatePickupPoint{ID: point, Fields: cat.PickupPointFields{
		Name: cat.Text{En: "Ramses Station", Ar: "محطة رمسيس"}, Kind: cat.PickupStation, Lat: 30.0626, Lng: 31.2470, Active: true}}, meta()))
	must[commands.Result[cat.SettingsEvent]](t)(e.cmd.Settings(ctx, cat.SetDefaultPickupPoint{PickupPointID: point}, meta()))
	must[commands.Result[cat.SettingsEvent]](t)(e.cmd.Settings(ctx, cat.SetOpeningHours{Hours: cat.WeeklyHours{{Day: time.Monday, Open: "09:00", Close: "22:00"}}}, meta()))
	must[commands.Result[cat.SettingsEvent]](t)(e.cmd.Settings(ctx, cat.AddHoliday{Holiday: cat.Holiday{Date: "2026-10-06", Name: cat.Text{En: "Armed Forces Day", Ar: "عيد القوات المسلحة"}}}, meta()))
	must[commands.Result[cat.SettingsEvent]](t)(e.cmd.Settings(ctx, cat.AddHoliday{Holiday: cat.Holiday{Date: "2026-01-07", Name: cat.Text{En: "Coptic Christmas", Ar: "عيد الميلاد المجيد"}}}, meta()))
	must[commands.Result[cat.SettingsEvent]](t)(e.cmd.Settings(ctx, cat.RemoveHoliday{Date: "2026-10-06"}, meta()))
	rates := []money.Rate{money.RateFromFloat(money.USD, 0.0205), money.RateFromFloat(money.SAR, 0.0769)}
	must[commands.Result[cat.CurrencyRatesSet]](t)(e.cmd.SetCurrencyRates(ctx, cat.SetCurrencyRates{Rates: rates}, meta()))
	must[commands.Result[cat.HomeContentUpdated]](t)(e.cmd.UpdateHomeContent(ctx, cat.UpdateHomeContent{Content: cat.HomeContent{
		Hero: cat.Hero{Title: cat.Text{En: "Cairo, your way", Ar: "القاهرة على طريقتك"}}, WhatsApp: "+201001234567"}}, meta()))
	e.sync()

	p := must[catrm.Program](t)(e.reader.Program(ctx, prog))
	if !slices.Equal(p.DestinationIDs, []uuid.UUID{b, a}) || p.Price != money.New(180000, money.EGP) || p.Hours != 6 {
		t.Fatalf("program %+v", p)
	}
	if top := must[[]catrm.Program](t)(e.reader.PublishedPrograms(ctx, catrm.ProgramQuery{TopOnly: true})); len(top) != 1 {
		t.Fatalf("top programs %d", len(top))
	}
	if visiting := must[[]catrm.Program](t)(e.reader.PublishedPrograms(ctx, catrm.ProgramQuery{Visiting: a})); len(visiting) != 1 {
		t.Fatal("program visiting Saqqara not found")
	}
	if found := must[[]catrm.Program](t)(e.reader.PublishedPrograms(ctx, catrm.ProgramQuery{Q: "دهشور"})); len(found) != 1 {
		t.Fatal("program not found by its Arabic description")
	}
	if _, err := e.reader.Program(ctx, uuid.New()); !errors.Is(err, cat.ErrProgramNotFound) {
		t.Fatalf("unknown program: %v", err)
	}

	plans := must[[]catrm.RatePlan](t)(e.reader.ActiveRatePlans(ctx))
	if len(plans) != 1 || plans[0].ID != active || plans[0].PricePerKm != money.New(1400, money.EGP) {
		t.Fatalf("active plans %+v", plans)
	}
	drivers := must[[]catrm.Driver](t)(e.reader.ActiveDrivers(ctx))
	if len(drivers) != 1 || drivers[0].TripsPerDay != 1 || !drivers[0].WorksOn(time.Monday) {
		t.Fatalf("drivers %+v", drivers)
	}
	def := must[catrm.PickupPoint](t)(e.reader.DefaultPickupPoint(ctx))
	if def.ID != point {
		t.Fatalf("default point %v", def.ID)
	}
	hours := must[cat.BusinessHours](t)(e.reader.OpeningHours(ctx))
	if len(hours.Weekly) != 1 || len(hours.Holidays) != 1 || hours.Holidays[0].Date != "2026-01-07" {
		t.Fatalf("hours %+v", hours)
	}
	gotRates, setAt, err := e.reader.CurrencyRates(ctx)
	if err != nil || !slices.Equal(gotRates, rates) || setAt.IsZero() {
		t.Fatalf("rates %v %v %v", gotRates, setAt, err)
	}
	home, _, err := e.reader.Home(ctx)
	if err != nil || home.WhatsApp != "+201001234567" {
		t.Fatalf("home %v %+v", err, home)
	}

	// Archiving the default pickup point leaves no default.
	must[catcmd.Result[cat.PickupPointFields]](t)(e.cmd.PickupPoints.Archive(ctx, point, meta()))
	e.sync()
	if _, err := e.reader.DefaultPickupPoint(ctx); !errors.Is(err, catrm.ErrNoDefaultPickupPoint) {
		t.Fatalf("archived default: %v", err)
	}
	if empty := must[bool](t)(e.reader.Empty(ctx)); empty {
		t.Fatal("a full catalogue is empty")
	}
}

func TestAdminListSortsSearchesAndPages(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	if empty := must[bool](t)(e.reader.Empty(ctx)); !empty {
		t.Fatal("a new catalogue is not empty")
	}
	for _, n := range []struct{ en, ar string }{{"Egypt", "مصر"}, {"Saudi Arabia", "السعودية"}, {"United Kingdom", "المملكة المتحدة"}, {"Germany", "ألمانيا"}} {
		code := map[string]string{"Egypt": "EG", "Saudi Arabia": "SA", "United Kingdom": "GB", "Germany": "DE"}[n.en]
		must[catcmd.Result[cat.CountryFields]](t)(e.cmd.Countries.Create(ctx, cat.CreateCountry{ID: uuid.New(), Fields: cat.CountryFields{
			Code: code, Name: cat.Text{En: n.en, Ar: n.ar}, DialCode: "+1", Active: true}}, meta()))
	}
	e.sync()
	countryNames := func(p catrm.AdminPage) []string {
		var out []string
		for _, v := range p.Data {
			out = append(out, v.(catrm.Country).Name.En)
		}
		return out
	}
	p := must[catrm.AdminPage](t)(e.reader.AdminList(ctx, catrm.KindCountry, catrm.AdminQuery{Sort: "name", Desc: true, PerPage: 3}))
	if p.Total != 4 || !slices.Equal(countryNames(p), []string{"United Kingdom", "Saudi Arabia", "Germany"}) {
		t.Fatalf("page 1: %d %v", p.Total, countryNames(p))
	}
	p = must[catrm.AdminPage](t)(e.reader.AdminList(ctx, catrm.KindCountry, catrm.AdminQuery{Sort: "name", Desc: true, PerPage: 3, Page: 2}))
	if !slices.Equal(countryNames(p), []string{"Egypt"}) {
		t.Fatalf("page 2: %v", countryNames(p))
	}
	p = must[catrm.AdminPage](t)(e.reader.AdminList(ctx, catrm.KindCountry, catrm.AdminQuery{Page: 9}))
	if p.Total != 4 || len(p.Data) != 0 {
		t.Fatalf("past the end: %+v", p)
	}
	p = must[catrm.AdminPage](t)(e.reader.AdminList(ctx, catrm.KindCountry, catrm.AdminQuery{Q: "المانيا"}))
	if !slices.Equal(countryNames(p), []string{"Germany"}) {
		t.Fatalf("Arabic search: %v", countryNames(p))
	}
	if _, err := e.reader.AdminList(ctx, catrm.KindCountry, catrm.AdminQuery{Sort: "price; DROP TABLE"}); err == nil {
		t.Fatal("an unknown sort was accepted")
	}
	if _, err := e.reader.AdminList(ctx, "spaceship", catrm.AdminQuery{}); !errors.Is(err, catrm.ErrUnknownKind) {
		t.Fatalf("unknown kind: %v", err)
	}
	got := must[catrm.Country](t)(e.reader.CountryByCode(ctx, "eg"))
	if got.DialCode != "+1" {
		t.Fatalf("by code: %+v", got)
	}
}
