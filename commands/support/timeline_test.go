package support_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/commands/support"
	"mishwar/domain/account"
	"mishwar/domain/dispatch"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/internal/i18n"
)

// log is an event store of a few streams, every event at its place in one global log.
type log struct {
	streams map[string][]eventstore.RecordedEvent
	next    uint64
}

func (l *log) ReadStream(_ context.Context, stream string, from int64) ([]eventstore.RecordedEvent, error) {
	recs := l.streams[stream]
	if len(recs) == 0 {
		return nil, eventstore.ErrStreamNotFound
	}
	return recs[from:], nil
}

func (l *log) append(t *testing.T, r *eventstore.Registry, stream string, e any, actor, role string) {
	t.Helper()
	data, err := r.Encode(uuid.New(), e, eventstore.Metadata{ActorID: actor, ActorRole: role})
	if err != nil {
		t.Fatal(err)
	}
	l.next++
	recs := l.streams[stream]
	l.streams[stream] = append(recs, eventstore.RecordedEvent{ID: data.ID, StreamID: stream, Type: data.Type, SchemaVersion: data.SchemaVersion,
		Version: int64(len(recs)), Position: eventstore.Position{Commit: l.next, Prepare: l.next}, Data: data.Data, Metadata: data.Metadata,
		RecordedAt: time.Date(2026, 12, 2, 6, 0, 0, 0, time.UTC).Add(time.Duration(l.next) * time.Minute)})
}

type accounts map[uuid.UUID]account.User

func (a accounts) UserByID(_ context.Context, id uuid.UUID) (account.User, error) {
	if u, ok := a[id]; ok {
		return u, nil
	}
	return account.User{}, account.ErrUserNotFound
}

// registry knows the events an order's story is told with, under their stored names.
func registry() *eventstore.Registry {
	r := eventstore.NewRegistry()
	eventstore.Register[order.OrderPlaced](r, "OrderPlaced", 1)
	eventstore.Register[order.PaymentRequested](r, "PaymentRequested", 1)
	eventstore.Register[order.PaymentReceived](r, "PaymentReceived", 1)
	eventstore.Register[order.TripStarted](r, "OrderTripStarted", 1)
	eventstore.Register[order.TripCompleted](r, "OrderTripCompleted", 1)
	eventstore.Register[order.OrderCompleted](r, "OrderCompleted", 1)
	eventstore.Register[dispatch.DriverAssigned](r, "DriverAssigned", 1)
	eventstore.Register[dispatch.TripHandedOver](r, "TripHandedOver", 1)
	eventstore.Register[dispatch.TripStarted](r, "TripStarted", 1)
	eventstore.Register[dispatch.TravellersPickedUp](r, "TravellersPickedUp", 1)
	eventstore.Register[dispatch.ArrivedAtStop](r, "ArrivedAtStop", 1)
	eventstore.Register[dispatch.TripCompleted](r, "TripCompleted", 1)
	return r
}

// handedOverTrip is a paid order whose trip was given to Karim, who set off and picked the
// travellers up, then handed on the road to Hany, who reached the Pyramids and ended the trip. The
// drivers' sign-in accounts are named otherwise than the catalogue names its drivers.
func handedOverTrip(t *testing.T) support.Application {
	t.Helper()
	r := registry()
	l := &log{streams: map[string][]eventstore.RecordedEvent{}}
	admin, karimAccount, hanyAccount := uuid.New(), uuid.New(), uuid.New()
	people := accounts{
		admin:        {ID: admin, FirstName: "Nadia", LastName: "Fouad", Role: account.RoleAdmin},
		karimAccount: {ID: karimAccount, FirstName: "Phone", LastName: "One", Role: account.RoleDriver},
		hanyAccount:  {ID: hanyAccount, FirstName: "Phone", LastName: "Two", Role: account.RoleDriver},
	}
	const num = "MSH-7K3Q9P"
	ord, trip := eventstore.StreamID("order", num), eventstore.StreamID("dispatch", num)
	start := time.Date(2026, 12, 2, 7, 0, 0, 0, time.UTC)
	price := money.New(77040, money.EGP)
	karim := dispatch.Driver{ID: "d1", UserID: karimAccount.String(), Name: "Karim Adel", NameAR: "كريم عادل", Vehicle: "Toyota Corolla", Plate: "ABC 123", Seats: 4}
	hany := dispatch.Driver{ID: "d2", UserID: hanyAccount.String(), Name: "Hany Saleh", NameAR: "هاني صالح", Vehicle: "Hyundai H1", Plate: "XYZ 789", Seats: 7}

	l.append(t, r, ord, order.OrderPlaced{OrderID: num, Lang: "ar", Source: order.SourceCart,
		Contact: order.Contact{FirstName: "Mona", LastName: "Hassan", Email: "mona@example.com", Phone: "+201001234567", Country: "EG"},
		Trip: order.Trip{StartAt: start, Day: "2026-12-02", Quote: order.Quote{Total: price},
			Itinerary: order.Itinerary{Start: order.Point{Name: "Tahrir"}, End: order.Point{Name: "Tahrir"},
				Stops: []order.Stop{{NameEN: "Pyramids of Giza", NameAR: "أهرامات الجيزة"}, {NameEN: "Saqqara", NameAR: "سقارة"}}}},
		DisplayCurrency: money.EGP, Reservation: "r1", HoldUntil: start, PlacedAt: start.Add(-48 * time.Hour)}, "", "user")
	l.append(t, r, ord, order.PaymentRequested{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, RedirectURL: "/pay/p1", ExpiresAt: start}, "", "user")
	l.append(t, r, ord, order.PaymentReceived{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref", Amount: price, Confirms: true}, "system", "system")
	l.append(t, r, trip, dispatch.DriverAssigned{OrderID: num, Day: "2026-12-02", StartAt: start, Stops: []string{"Pyramids of Giza", "Saqqara"}, Driver: karim, ByUserID: admin.String()}, admin.String(), account.RoleAdmin)
	l.append(t, r, trip, dispatch.TripStarted{OrderID: num, DriverID: "d1", StartedAt: start}, karimAccount.String(), account.RoleDriver)
	l.append(t, r, ord, order.TripStarted{DriverID: "d1", StartedAt: start}, "system", "system")
	l.append(t, r, trip, dispatch.TravellersPickedUp{OrderID: num, DriverID: "d1", PickedUpAt: start.Add(10 * time.Minute)}, karimAccount.String(), account.RoleDriver)
	l.append(t, r, trip, dispatch.TripHandedOver{OrderID: num, Day: "2026-12-02", FromDriverID: "d1", Driver: hany, Reason: "flat tyre on the ring road", ByUserID: admin.String()}, admin.String(), account.RoleAdmin)
	l.append(t, r, trip, dispatch.ArrivedAtStop{OrderID: num, DriverID: "d2", Stop: 1, Name: "Pyramids of Giza", ArrivedAt: start.Add(time.Hour)}, hanyAccount.String(), account.RoleDriver)
	l.append(t, r, trip, dispatch.TripCompleted{OrderID: num, DriverID: "d2", CompletedAt: start.Add(4 * time.Hour)}, hanyAccount.String(), account.RoleDriver)
	l.append(t, r, ord, order.TripCompleted{DriverID: "d2", CompletedAt: start.Add(4 * time.Hour)}, "system", "system")
	l.append(t, r, ord, order.OrderCompleted{CompletedAt: start.Add(4 * time.Hour)}, "system", "system")
	return support.New(support.Config{Events: l, Registry: r, Accounts: people})
}

// Support settles "who was driving" from the order's own history: the trip's events sit among the
// order's in the order they were recorded, each saying who did it (a driver by the name the trip
// gave them, not their phone's account) and what, in the reader's language.
func TestAnOrdersTimelineTellsItsTripWithWhoDroveEachStep(t *testing.T) {
	t.Parallel()
	app := handedOverTrip(t)
	type line struct{ part, typ, by, says string }
	for _, c := range []struct {
		lang i18n.Lang
		want []line
	}{
		{i18n.En, []line{
			{"order", "OrderPlaced", "Traveller", "Placed the order"},
			{"order", "PaymentRequested", "Traveller", "A payment page of EGP 770.40"},
			{"order", "PaymentReceived", "System", "Received EGP 770.40"},
			{"trip", "DriverAssigned", "Nadia Fouad (Admin)", "Given to Karim Adel (Toyota Corolla, plate \u2068ABC 123\u2069)"},
			{"trip", "TripStarted", "Karim Adel (Driver)", "Karim Adel set off at"},
			{"order", "OrderTripStarted", "System, after a step by Karim Adel (Driver)", "The driver set off"},
			{"trip", "TravellersPickedUp", "Karim Adel (Driver)", "The travellers were picked up"},
			{"trip", "TripHandedOver", "Nadia Fouad (Admin)", "Handed over on the road from Karim Adel to Hany Saleh (Hyundai H1, plate \u2068XYZ 789\u2069): flat tyre on the ring road"},
			{"trip", "ArrivedAtStop", "Hany Saleh (Driver)", "Arrived at stop 1, Pyramids of Giza, at"},
			{"trip", "TripCompleted", "Hany Saleh (Driver)", "The driver ended the trip"},
			{"order", "OrderTripCompleted", "System, after a step by Hany Saleh (Driver)", "The trip ended"},
			{"order", "OrderCompleted", "System, after a step by Hany Saleh (Driver)", "The order was fulfilled"},
		}},
		{i18n.Ar, []line{
			{"order", "OrderPlaced", "مسافر", "قدّم الطلب"},
			{"order", "PaymentRequested", "مسافر", "فُتحت صفحة دفع"},
			{"order", "PaymentReceived", "النظام", "استُلم"},
			{"trip", "DriverAssigned", "Nadia Fouad (مدير)", "أُسندت إلى كريم عادل"},
			{"trip", "TripStarted", "كريم عادل (سائق)", "انطلق كريم عادل في"},
			{"order", "OrderTripStarted", "النظام، بعد خطوة قام بها كريم عادل (سائق)", "انطلق السائق"},
			{"trip", "TravellersPickedUp", "كريم عادل (سائق)", "اصطُحب المسافرون"},
			{"trip", "TripHandedOver", "Nadia Fouad (مدير)", "من كريم عادل إلى هاني صالح"},
			{"trip", "ArrivedAtStop", "هاني صالح (سائق)", "الوصول إلى المحطة ١، أهرامات الجيزة، في"},
			{"trip", "TripCompleted", "هاني صالح (سائق)", "أنهى السائق الرحلة"},
			{"order", "OrderTripCompleted", "النظام، بعد خطوة قام بها هاني صالح (سائق)", "انتهت الرحلة"},
			{"order", "OrderCompleted", "النظام، بعد خطوة قام بها هاني صالح (سائق)", "اكتمل الطلب"},
		}},
	} {
		h, err := app.Queries.OrderHistory.Handle(context.Background(), "MSH-7K3Q9P", "", c.lang)
		if err != nil {
			t.Fatal(err)
		}
		if len(h.Events) != 6 {
			t.Fatalf("%s: %d order events, want the order's 6 only", c.lang, len(h.Events))
		}
		if len(h.Timeline) != len(c.want) {
			t.Fatalf("%s: %d moments, want %d", c.lang, len(h.Timeline), len(c.want))
		}
		for i, w := range c.want {
			m := h.Timeline[i]
			part := map[bool]string{false: "order", true: "trip"}[m.Trip]
			if part != w.part || m.Record.Type != w.typ || m.Actor.Label != w.by || !strings.Contains(m.Summary, w.says) {
				t.Errorf("%s, moment %d: %s %s by %q: %q; want %s %s by %q saying %q", c.lang, i, part, m.Record.Type, m.Actor.Label, m.Summary, w.part, w.typ, w.by, w.says)
			}
			if strings.Contains(m.Summary, "Pyramids") && c.lang == i18n.Ar {
				t.Errorf("ar, moment %d names a stop in English: %q", i, m.Summary)
			}
		}
	}
}

// Replay stays by the order's versions: each trip event counts as happened from the order's first
// event recorded after it, which is where the driver card at that version starts counting it too;
// after the order's last event, at the end of the slider.
func TestReplayCountsATripEventFromTheOrdersNextVersion(t *testing.T) {
	t.Parallel()
	app := handedOverTrip(t)
	h, err := app.Queries.OrderHistory.Handle(context.Background(), "MSH-7K3Q9P", "", i18n.En)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range h.Timeline {
		got = append(got, m.Record.Type+"@"+string(rune('0'+m.From)))
	}
	want := "OrderPlaced@0 PaymentRequested@1 PaymentReceived@2 DriverAssigned@3 TripStarted@3 OrderTripStarted@3 TravellersPickedUp@4 TripHandedOver@4 ArrivedAtStop@4 TripCompleted@4 OrderTripCompleted@4 OrderCompleted@5"
	if strings.Join(got, " ") != want {
		t.Fatalf("replay counts:\n %s\nwant\n %s", strings.Join(got, " "), want)
	}
	for _, c := range []struct {
		at, driver string
	}{
		{"2", "No driver yet"}, // paid: nobody given the trip yet
		{"3", "Karim Adel"},    // the order's "trip started": Karim had set off
		{"4", "Hany Saleh"},    // the trip ended: Hany had taken over
		{"", "Hany Saleh"},     // now
	} {
		h, err := app.Queries.OrderHistory.Handle(context.Background(), "MSH-7K3Q9P", c.at, i18n.En)
		if err != nil {
			t.Fatal(err)
		}
		if h.Driver[0].Value != c.driver {
			t.Errorf("driver at %q: %q, want %q", c.at, h.Driver[0].Value, c.driver)
		}
	}
}

// The streams an order continues on are named for a person, the raw id kept beside.
func TestRelatedStreamsAreNamedInWords(t *testing.T) {
	t.Parallel()
	app := handedOverTrip(t)
	for lang, want := range map[i18n.Lang][]string{
		i18n.En: {"trip dispatch-MSH-7K3Q9P The trip and its driver", "payment payment-p1 The payment of EGP 770.40 (sandbox)"},
		i18n.Ar: {"trip dispatch-MSH-7K3Q9P الرحلة وسائقها", "payment payment-p1 الدفعة بمبلغ ٧٧٠٫٤٠ ج.م (sandbox)"},
	} {
		h, err := app.Queries.OrderHistory.Handle(context.Background(), "MSH-7K3Q9P", "", lang)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range h.Related {
			got = append(got, r.Kind+" "+r.Stream+" "+r.Label)
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
}

// The trip's own stream, opened alone, names its stops in the reader's language from its order's
// itinerary: the arrival records the English name only.
func TestATripsStreamNamesItsStopsInArabic(t *testing.T) {
	t.Parallel()
	app := handedOverTrip(t)
	views, err := app.Queries.Stream.Handle(context.Background(), "dispatch-MSH-7K3Q9P", i18n.Ar)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range views {
		if v.Record.Type == "ArrivedAtStop" {
			if !strings.Contains(v.Summary, "أهرامات الجيزة") || v.Actor.Label != "هاني صالح (سائق)" {
				t.Fatalf("arrival: %q by %q", v.Summary, v.Actor.Label)
			}
			return
		}
	}
	t.Fatal("no arrival on the trip's stream")
}

func TestAStopIsNamedFromTheItinerary(t *testing.T) {
	t.Parallel()
	stops := []order.Stop{{NameEN: "Citadel", NameAR: "القلعة"}, {NameEN: "Pyramids of Giza", NameAR: "أهرامات الجيزة"}}
	for _, c := range []struct {
		name string
		lang i18n.Lang
		ev   dispatch.ArrivedAtStop
		want string
	}{
		{"Arabic by its number", i18n.Ar, dispatch.ArrivedAtStop{Stop: 2, Name: "Pyramids of Giza"}, "أهرامات الجيزة"},
		{"English as recorded", i18n.En, dispatch.ArrivedAtStop{Stop: 2, Name: "Pyramids of Giza"}, "Pyramids of Giza"},
		{"Arabic by its name when the numbers moved", i18n.Ar, dispatch.ArrivedAtStop{Stop: 1, Name: "Pyramids of Giza"}, "أهرامات الجيزة"},
		{"as recorded when the itinerary has no such stop", i18n.Ar, dispatch.ArrivedAtStop{Stop: 3, Name: "Khan el-Khalili"}, "Khan el-Khalili"},
		{"as recorded without an itinerary", i18n.Ar, dispatch.ArrivedAtStop{Stop: 1, Name: "Citadel"}, "Citadel"},
	} {
		it := stops
		if strings.HasPrefix(c.name, "as recorded without") {
			it = nil
		}
		if got := support.StopName(c.lang, c.ev, it); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
