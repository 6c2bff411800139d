package catalogue_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	catcmd "mishwar/commands/catalogue"
	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type env struct {
	store    *postgres.Store
	runner   *commands.Runner
	handlers *catcmd.Handlers
}

func newEnv(t *testing.T) env {
	t.Helper()
	pool := pgtest.NewDatabase(t)
	store := postgres.New(pool)
	reg := eventstore.NewRegistry()
	catcmd.RegisterEvents(reg)
	runner := commands.NewRunner(store, reg)
	runner.Now = func() time.Time { return time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC) }
	return env{store: store, runner: runner, handlers: catcmd.New(runner)}
}

var admin = commands.Actor{UserID: "admin-1", Role: "admin"}

func destination(slug string) cat.DestinationFields {
	return cat.DestinationFields{
		Slug: slug, CategoryID: uuid.New(),
		Name:             cat.Text{En: "Cairo Tower", Ar: "برج القاهرة"},
		ShortDescription: cat.Text{En: "A lotus of concrete on Gezira.", Ar: "زهرة لوتس من الخرسانة في الجزيرة."},
		Lat:              30.0459, Lng: 31.2243, VisitMinutes: 60, Published: true,
	}
}

func fieldErr(t *testing.T, err error, field, key string) {
	t.Helper()
	var ve *domain.ValidationError
	if !errors.As(err, &ve) || !slices.Contains(ve.Fields[field], key) {
		t.Fatalf("got %v, want %s=%s", err, field, key)
	}
}

func TestCreateRecordsTheEventWithItsActor(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	id := uuid.New()
	meta := commands.NewMeta(admin)
	res, err := e.handlers.Destinations.Create(ctx, cat.CreateDestination{ID: id, Fields: destination("cairo-tower")}, meta)
	if err != nil {
		t.Fatal(err)
	}
	if res.Version != 0 || len(res.Events) != 1 {
		t.Fatalf("result %+v", res)
	}
	recs, err := e.store.ReadStream(ctx, "destination-"+id.String(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || recs[0].Type != "DestinationCreated" || recs[0].Metadata.ActorID != "admin-1" || recs[0].Metadata.CommandID != meta.CommandID.String() {
		t.Fatalf("recorded %+v", recs)
	}
	again, err := e.handlers.Destinations.Create(ctx, cat.CreateDestination{ID: id, Fields: destination("cairo-tower")}, meta)
	if err != nil || !again.Repeated {
		t.Fatalf("repeat: %v %+v", err, again)
	}
	if recs, _ := e.store.ReadStream(ctx, "destination-"+id.String(), 0); len(recs) != 1 {
		t.Fatalf("a repeated command appended: %d events", len(recs))
	}
}

func TestSlugsAreUniquePerKind(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	first, second := uuid.New(), uuid.New()
	if _, err := e.handlers.Destinations.Create(ctx, cat.CreateDestination{ID: first, Fields: destination("cairo-tower")}, commands.NewMeta(admin)); err != nil {
		t.Fatal(err)
	}
	_, err := e.handlers.Destinations.Create(ctx, cat.CreateDestination{ID: second, Fields: destination("cairo-tower")}, commands.NewMeta(admin))
	fieldErr(t, err, "slug", catcmd.ErrKeyUsed)
	if _, err := e.store.ReadStream(ctx, "destination-"+second.String(), 0); !errors.Is(err, eventstore.ErrStreamNotFound) {
		t.Fatalf("the refused destination was written: %v", err)
	}

	// A category may share a destination's slug: keys are per kind.
	cf := cat.CategoryFields{Slug: "cairo-tower", Name: cat.Text{En: "Towers", Ar: "أبراج"}}
	if _, err := e.handlers.Categories.Create(ctx, cat.CreateCategory{ID: uuid.New(), Fields: cf}, commands.NewMeta(admin)); err != nil {
		t.Fatalf("category with a destination's slug: %v", err)
	}

	// Moving the first destination to a new slug frees the old one.
	moved := destination("el-borg")
	if _, err := e.handlers.Destinations.Update(ctx, cat.UpdateDestination{ID: first, Fields: moved}, commands.NewMeta(admin)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.handlers.Destinations.Create(ctx, cat.CreateDestination{ID: second, Fields: destination("cairo-tower")}, commands.NewMeta(admin)); err != nil {
		t.Fatalf("the freed slug: %v", err)
	}
	third := uuid.New()
	_, err = e.handlers.Destinations.Create(ctx, cat.CreateDestination{ID: third, Fields: destination("el-borg")}, commands.NewMeta(admin))
	fieldErr(t, err, "slug", catcmd.ErrKeyUsed)
}

// A name whose link name (made from it, none typed) is another entry's is the name's error: the
// operator typed no slug to change.
func TestANameWhoseMadeUpLinkNameIsTakenIsTheNamesError(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	first := destination("")
	first.Name = cat.Text{En: "Baron Empain Palace", Ar: "قصر البارون إمبان"}
	if _, err := e.handlers.Destinations.Create(ctx, cat.CreateDestination{ID: uuid.New(), Fields: first}, commands.NewMeta(admin)); err != nil {
		t.Fatal(err)
	}
	_, err := e.handlers.Destinations.Create(ctx, cat.CreateDestination{ID: uuid.New(), Fields: first}, commands.NewMeta(admin))
	fieldErr(t, err, "name", catcmd.ErrDerivedKeyUsed)
	var v *domain.ValidationError
	if errors.As(err, &v) && len(v.Fields["slug"]) > 0 {
		t.Fatalf("the empty slug was blamed too: %v", v.Fields)
	}
	// A slug typed, taken, is still the slug's error.
	typed := first
	typed.Slug = "baron-empain-palace"
	_, err = e.handlers.Destinations.Create(ctx, cat.CreateDestination{ID: uuid.New(), Fields: typed}, commands.NewMeta(admin))
	fieldErr(t, err, "slug", catcmd.ErrKeyUsed)
}

func TestRefusedCommandsLeaveNoClaimBehind(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	ghost := uuid.New()
	_, err := e.handlers.Destinations.Update(ctx, cat.UpdateDestination{ID: ghost, Fields: destination("ghost")}, commands.NewMeta(admin))
	if !errors.Is(err, cat.ErrDestinationNotFound) {
		t.Fatalf("update of a missing destination: %v", err)
	}
	broken := destination("ghost")
	broken.VisitMinutes = 0
	_, err = e.handlers.Destinations.Create(ctx, cat.CreateDestination{ID: uuid.New(), Fields: broken}, commands.NewMeta(admin))
	fieldErr(t, err, "visit_minutes", "catalogue.out_of_range")
	if _, err := e.handlers.Destinations.Create(ctx, cat.CreateDestination{ID: uuid.New(), Fields: destination("ghost")}, commands.NewMeta(admin)); err != nil {
		t.Fatalf("the slug was left claimed: %v", err)
	}
}

func TestArchiveAndRestore(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	id := uuid.New()
	plan := cat.RatePlanFields{Name: cat.Text{En: "Sedan", Ar: "سيدان"}, Seats: 4,
		PricePerKm: money.New(1500, money.EGP), WaitingPerHour: money.New(10000, money.EGP), Active: true}
	if _, err := e.handlers.RatePlans.Create(ctx, cat.CreateRatePlan{ID: id, Fields: plan}, commands.NewMeta(admin)); err != nil {
		t.Fatal(err)
	}
	for _, step := range []func() (catcmd.Result[cat.RatePlanFields], error){
		func() (catcmd.Result[cat.RatePlanFields], error) {
			return e.handlers.RatePlans.Archive(ctx, id, commands.NewMeta(admin))
		},
		func() (catcmd.Result[cat.RatePlanFields], error) {
			return e.handlers.RatePlans.Archive(ctx, id, commands.NewMeta(admin))
		},
		func() (catcmd.Result[cat.RatePlanFields], error) {
			return e.handlers.RatePlans.Restore(ctx, id, commands.NewMeta(admin))
		},
	} {
		if _, err := step(); err != nil {
			t.Fatal(err)
		}
	}
	state, hist, err := e.handlers.RatePlans.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, r := range hist.Recorded {
		types = append(types, r.Type)
	}
	if state.Status != cat.StatusActive || !slices.Equal(types, []string{"RatePlanCreated", "RatePlanArchived", "RatePlanRestored"}) {
		t.Fatalf("state %v, events %v", state.Status, types)
	}
	if _, err := e.handlers.RatePlans.Archive(ctx, uuid.New(), commands.NewMeta(admin)); !errors.Is(err, cat.ErrRatePlanNotFound) {
		t.Fatalf("archive of a missing plan: %v", err)
	}
}

func TestSingletons(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	home := cat.HomeContent{Hero: cat.Hero{Title: cat.Text{En: "Cairo, your way", Ar: "القاهرة على طريقتك"}}}
	if _, err := e.handlers.UpdateHomeContent(ctx, cat.UpdateHomeContent{Content: home}, commands.NewMeta(admin)); err != nil {
		t.Fatal(err)
	}
	hs, _, err := e.handlers.HomeContent(ctx)
	if err != nil || !hs.Set || hs.Content.Hero.Title.En != "Cairo, your way" {
		t.Fatalf("home %v %+v", err, hs)
	}
	if _, err := e.handlers.Settings(ctx, cat.AddHoliday{Holiday: cat.Holiday{Date: "2026-07-23", Name: cat.Text{En: "Revolution Day", Ar: "عيد الثورة"}}}, commands.NewMeta(admin)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.handlers.Settings(ctx, cat.SetOpeningHours{Hours: cat.WeeklyHours{{Day: time.Monday, Open: "09:00", Close: "22:00"}}}, commands.NewMeta(admin)); err != nil {
		t.Fatal(err)
	}
	ss, _, err := e.handlers.LoadSettings(ctx)
	if err != nil || len(ss.Holidays) != 1 || len(ss.Hours) != 1 {
		t.Fatalf("settings %v %+v", err, ss)
	}
	rates := []money.Rate{money.RateFromFloat(money.USD, 0.0205), money.RateFromFloat(money.SAR, 0.0769)}
	res, err := e.handlers.SetCurrencyRates(ctx, cat.SetCurrencyRates{Rates: rates}, commands.NewMeta(admin))
	if err != nil || len(res.Events) != 1 || !res.Events[0].SetAt.Equal(e.runner.Now()) {
		t.Fatalf("rates %v %+v", err, res)
	}
}

func TestACreateRetriedUnderOneCommandIDFindsItsEntity(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	app := catcmd.NewApplication(catcmd.Config{Handlers: e.handlers})
	// The command id an Idempotency-Key stands for: the same on every retry of the request.
	meta := commands.NewMeta(admin)
	cmd := catcmd.CreateEntity[cat.CategoryFields]{Fields: cat.CategoryFields{Slug: "gardens", Name: cat.Text{En: "Gardens", Ar: "حدائق"}}}
	first, err := app.Commands.Categories.Create.Handle(ctx, cmd, meta)
	if err != nil {
		t.Fatal(err)
	}
	again, err := app.Commands.Categories.Create.Handle(ctx, cmd, meta)
	if err != nil || again.ID != first.ID {
		t.Fatalf("retry: %v, id %s then %s", err, first.ID, again.ID)
	}
	if recs, _ := e.store.ReadStream(ctx, "category-"+first.ID.String(), 0); len(recs) != 1 {
		t.Fatalf("the retry appended: %d events", len(recs))
	}
	other, err := app.Commands.Categories.Create.Handle(ctx, catcmd.CreateEntity[cat.CategoryFields]{Fields: cat.CategoryFields{Slug: "towers", Name: cat.Text{En: "Towers", Ar: "أبراج"}}}, commands.NewMeta(admin))
	if err != nil || other.ID == first.ID {
		t.Fatalf("another command: %v, id %s", err, other.ID)
	}
}

// The settings' history names the default pickup point staff chose, not its id.
func TestTheSettingsHistoryNamesTheDefaultPickupPoint(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	point := uuid.New()
	if _, err := e.handlers.PickupPoints.Create(ctx, cat.CreatePickupPoint{ID: point, Fields: cat.PickupPointFields{
		Name: cat.Text{En: "Nile Hotel", Ar: "فندق النيل"}, Kind: cat.PickupHotel, Lat: 30.045, Lng: 31.232, Active: true,
	}}, commands.NewMeta(admin)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.handlers.Settings(ctx, cat.SetDefaultPickupPoint{PickupPointID: point}, commands.NewMeta(admin)); err != nil {
		t.Fatal(err)
	}
	app := catcmd.NewApplication(catcmd.Config{Handlers: e.handlers})
	history, err := app.Queries.Admin.SettingsHistory.Handle(ctx)
	if err != nil || len(history) != 1 || len(history[0].Changes) != 1 {
		t.Fatalf("history %+v %v", history, err)
	}
	if c := history[0].Changes[0]; c.From != nil || c.To != (cat.Text{En: "Nile Hotel", Ar: "فندق النيل"}) {
		t.Fatalf("the change reads %+v", c)
	}
}
