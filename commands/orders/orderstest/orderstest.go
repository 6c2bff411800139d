// Package orderstest builds the real pieces the orders tests run on: a fresh PostgreSQL database with
// the event store, the catalogue's commands and read model, the cart, the orders commands with the
// sandbox payment provider, and the orders read model, all running. Catalogue entities are created
// through the catalogue's own commands. For tests only.
package orderstest

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"mishwar/adapters/distance"
	"mishwar/adapters/jobs"
	"mishwar/adapters/payments"
	"mishwar/commands"
	cartcmd "mishwar/commands/cart"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/pricing"
	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/internal/clocktest"
	"mishwar/processes"
	"mishwar/processes/ordereffects"
	paymentsproc "mishwar/processes/payments"
	"mishwar/projections"
	"mishwar/projections/cart/carttest"
	"mishwar/projections/catalogue"
	ordersrm "mishwar/projections/orders"
)

// Clock is a settable clock shared by the runner and the tests.
type Clock = clocktest.Clock

// Fixture is the real write and read side: event store, catalogue, cart and orders, on PostgreSQL,
// with the payments process manager (processes/payments) and a job worker performing its jobs.
type Fixture struct {
	*carttest.Fixture
	Orders  *orderscmd.Handlers
	Sandbox *payments.Sandbox
	// Provider is the provider the orders use: the sandbox, wrapped by Options.Provider if given.
	Provider orderscmd.PaymentProvider
	// Jobs is the job queue; Worker performs its jobs (running unless Options.NoWorker).
	Jobs   *jobs.Queue
	Worker *jobs.Worker
	Clock  *Clock
	Read   *ordersrm.Reader
	// ReadModels runs the orders read model.
	ReadModels *projections.Runner
	Plan       uuid.UUID
	Pickup     uuid.UUID
	Sights     []uuid.UUID
}

// Now: Monday 16 November 2026, 10:00 in Cairo.
var Now = time.Date(2026, 11, 16, 10, 0, 0, 0, cat.Cairo)

// Options tune a fixture.
type Options struct {
	// Provider wraps the sandbox (to count or break calls).
	Provider func(*payments.Sandbox) orderscmd.PaymentProvider
	// NoWorker leaves the jobs to the test (Worker is built, not run).
	NoWorker bool
	// OutcomeWait is how long commands wait for the provider's answer (default 10s).
	OutcomeWait time.Duration
	// OrphanUseGrace is how long a promo code's use waits for its order (default: the application's).
	OrphanUseGrace time.Duration
	// Settings replace the default booking settings.
	Settings *orderscmd.Settings
	// LedgerInDB keeps the sandbox's refunds in the test database (shared with other processes).
	LedgerInDB bool
}

// New starts the fixture with drivers drivers working every day, one trip each.
func New(t testing.TB, drivers int) *Fixture {
	t.Helper()
	return NewWith(t, drivers, Options{})
}

// NewWith starts the fixture with opts.
func NewWith(t testing.TB, drivers int, opts Options) *Fixture {
	t.Helper()
	f := &Fixture{Fixture: carttest.New(t), Clock: clocktest.New(Now)}
	orderscmd.RegisterEvents(f.Registry)
	f.Runner.Now = f.Clock.Now
	f.Plan = f.RatePlan(t, "Sedan", 1200, 5000, 1)
	f.Pickup = f.PickupPoint(t, "Nile Hotel", 30.045, 31.232, true)
	f.Sights = []uuid.UUID{
		f.Destination(t, carttest.Place{Name: "Pyramids", Lat: 29.9792, Lng: 31.1342, VisitMinutes: 120, Published: true, Hours: carttest.Daily("06:00", "23:00")}),
		f.Destination(t, carttest.Place{Name: "Museum", Lat: 30.0478, Lng: 31.2336, VisitMinutes: 90, Published: true, Hours: carttest.Daily("06:00", "23:00")}),
	}
	f.CurrencyRates(t, 0.0205, 0.077)
	f.SetHours(t, carttest.Daily("06:00", "23:00"))
	for i := 0; i < drivers; i++ {
		f.AddDriver(t, i, 1)
	}
	var ledger payments.RefundLedger
	if opts.LedgerInDB {
		ledger = payments.PostgresLedger{Pool: f.Pool}
	}
	sb, err := payments.NewSandbox(payments.SandboxConfig{Secret: []byte("test-secret-test-secret"), PublicURL: "http://mishwar.test", Now: f.Clock.Now, Ledger: ledger})
	if err != nil {
		t.Fatal(err)
	}
	f.Sandbox = sb
	f.Provider = sb
	if opts.Provider != nil {
		f.Provider = opts.Provider(sb)
	}
	settings := orderscmd.DefaultSettings()
	if opts.Settings != nil {
		settings = *opts.Settings
	}
	if opts.OutcomeWait == 0 {
		opts.OutcomeWait = 10 * time.Second
	}
	f.Jobs = &jobs.Queue{Pool: f.Pool}
	rm, err := projections.NewRunner(f.Pool, f.Store, projections.Config{Logger: slog.New(slog.DiscardHandler)},
		ordersrm.New(f.Registry), Process(f.Registry, paymentsproc.New(f.Jobs)), Process(f.Registry, ordereffects.New(f.Jobs)))
	if err != nil {
		t.Fatal(err)
	}
	f.ReadModels = rm
	background(t, rm.Run)
	f.Read = ordersrm.NewReader(f.Pool)
	f.Orders = orderscmd.New(orderscmd.Config{
		Runner:    f.Runner,
		Catalogue: orderscmd.CatalogueReader{Reader: f.Reader},
		Pricer: &orderscmd.CartPricer{Carts: f.Runner, Catalogue: f.Reader,
			Quoter: pricing.New(f.Reader, distance.NewEstimator(), cat.Cairo)},
		Provider:       f.Provider,
		Settings:       settings,
		OutcomeWait:    opts.OutcomeWait,
		OrphanUseGrace: opts.OrphanUseGrace,
		PublicURL:      func() string { return "http://mishwar.test" },
		Logger:         slog.New(slog.DiscardHandler),
		PickupPoints:   orderscmd.CatalogueReader{Reader: f.Reader},
		Holds:          orderscmd.HoldsFrom(f.Read),
		Offers:         orderscmd.CatalogueReader{Reader: f.Reader},
	})
	f.Worker = &jobs.Worker{Queue: f.Jobs, Handlers: JobHandlers(f.Orders), Logger: slog.New(slog.DiscardHandler),
		Poll: 100 * time.Millisecond, Backoff: func(int) time.Duration { return 50 * time.Millisecond }}
	if !opts.NoWorker {
		f.RunWorker(t, f.Worker)
	}
	return f
}

// RunWorker runs w until the test ends.
func (f *Fixture) RunWorker(t testing.TB, w *jobs.Worker) {
	background(t, w.Run)
}

// RunProcesses runs ps (see Process) in a projections runner of their own that retries quickly, until
// stop is called or the test ends. stop waits for the runner to return; it may be called again.
func (f *Fixture) RunProcesses(t testing.TB, ps ...projections.Projection) (r *projections.Runner, stop func()) {
	t.Helper()
	r, err := projections.NewRunner(f.Pool, f.Store, projections.Config{Logger: slog.New(slog.DiscardHandler),
		RetryInitialInterval: 10 * time.Millisecond, RetryMaxInterval: 50 * time.Millisecond, LeaseInterval: 50 * time.Millisecond}, ps...)
	if err != nil {
		t.Fatal(err)
	}
	return r, background(t, r.Run)
}

// background runs run until stop is called or the test ends; stop waits for run to return.
func background(t testing.TB, run func(context.Context) error) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = run(ctx)
	}()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			<-done
		})
	}
	t.Cleanup(stop)
	return stop
}

// JobHandlers are the orders' job handlers as the composition root registers them
// (cmd/mishwar/app/payments.go): the payload decoded, the work done by the application.
func JobHandlers(h *orderscmd.Handlers) map[string]jobs.Handler {
	run := func(job jobs.Job) orderscmd.Job { return orderscmd.Job{ID: job.ID, Attempts: job.Attempts} }
	return map[string]jobs.Handler{
		paymentsproc.KindRefund: func(ctx context.Context, job jobs.Job) error {
			var p paymentsproc.RefundJob
			if err := json.Unmarshal(job.Payload, &p); err != nil {
				return processes.Permanent(err)
			}
			return h.PerformRefund(ctx, run(job), p.OrderID, p.RefundID)
		},
		paymentsproc.KindOpenSession: func(ctx context.Context, job jobs.Job) error {
			var p paymentsproc.SessionJob
			if err := json.Unmarshal(job.Payload, &p); err != nil {
				return processes.Permanent(err)
			}
			return h.OpenPaymentSession(ctx, run(job), p.OrderID, p.PaymentID)
		},
		paymentsproc.KindCloseSessions: func(ctx context.Context, job jobs.Job) error {
			var p paymentsproc.CloseJob
			if err := json.Unmarshal(job.Payload, &p); err != nil {
				return processes.Permanent(err)
			}
			return h.ClosePaymentSessions(ctx, run(job), p.OrderID, p.Version)
		},
		ordereffects.JobSettleOrderEvent: func(ctx context.Context, job jobs.Job) error {
			var p ordereffects.OrderEvent
			if err := json.Unmarshal(job.Payload, &p); err != nil {
				return processes.Permanent(err)
			}
			return h.SettleOrderEvent(ctx, run(job), p.OrderID, p.Version)
		},
		ordereffects.JobSettlePayment: func(ctx context.Context, job jobs.Job) error {
			var p ordereffects.PaymentOutcome
			if err := json.Unmarshal(job.Payload, &p); err != nil {
				return processes.Permanent(err)
			}
			id, err := uuid.Parse(p.CommandID)
			if err != nil {
				id = job.ID
			}
			return h.SettlePayment(ctx, run(job), p.PaymentID, id)
		},
	}
}

// Process runs a process manager in a projections runner, as the composition root does.
func Process(registry *eventstore.Registry, p processes.Process) projections.Projection {
	var hs []projections.Handler
	for _, h := range p.Handlers() {
		hs = append(hs, projections.OnType(h.Type, func(ctx context.Context, tx pgx.Tx, env projections.Envelope, v any) error {
			return h.Handle(ctx, tx, env, v)
		}))
	}
	h := &projections.Handlers{Registry: registry, Streams: p.Streams(), Events: hs}
	if pr, ok := p.(processes.Preparer); ok {
		h.Prepare = pr.Prepare // before the batch's transaction
	}
	return projections.Process(p.Name(), h, "")
}

// SetHours sets the business hours.
func (f *Fixture) SetHours(t testing.TB, w cat.WeeklyHours) {
	t.Helper()
	ctx := context.Background()
	res, err := f.Catalogue.Settings(ctx, cat.SetOpeningHours{Hours: w}, commands.NewMeta(commands.Actor{UserID: "admin", Role: "admin"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Projections.WaitFor(ctx, catalogue.Name, res.Position); err != nil {
		t.Fatal(err)
	}
}

// AddDriver adds the n-th driver, working every day.
func (f *Fixture) AddDriver(t testing.TB, n, tripsPerDay int) {
	t.Helper()
	ctx := context.Background()
	every := []time.Weekday{time.Sunday, time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday, time.Saturday}
	res, err := f.Catalogue.Drivers.Create(ctx, cat.CreateDriver{ID: uuid.New(), Fields: cat.DriverFields{
		Name: cat.Text{En: "Driver", Ar: "سائق"}, Phone: fmt.Sprintf("+2010012345%02d", n), Licence: "L-" + uuid.NewString()[:8],
		Vehicle: cat.Text{En: "Sedan", Ar: "سيدان"}, Plate: "ABC " + uuid.NewString()[:4], Seats: 4,
		WorkingDays: every, TripsPerDay: tripsPerDay, Active: true,
	}}, commands.NewMeta(commands.Actor{UserID: "admin", Role: "admin"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Projections.WaitFor(ctx, catalogue.Name, res.Position); err != nil {
		t.Fatal(err)
	}
}

// FillCart fills user's cart with the fixture's sights and the hotel as the start.
func (f *Fixture) FillCart(t testing.TB, user string) {
	t.Helper()
	ctx := context.Background()
	meta := commands.NewMeta(commands.Actor{UserID: user, Role: "user"})
	var pos eventstore.Position
	for _, d := range f.Sights {
		_, res, err := f.Fixture.Cart.AddDestination(ctx, user, d.String(), commands.NewMeta(meta.Actor))
		if err != nil {
			t.Fatal(err)
		}
		pos = res.Position
	}
	res, err := f.Fixture.Cart.ChoosePoints(ctx, user, &cartcmd.PointChoice{PickupPointID: f.Pickup.String()}, nil, true, meta)
	if err != nil {
		t.Fatal(err)
	}
	if res.Position.Less(pos) {
		res.Position = pos
	}
	f.WaitForCart(t, res.Position)
}

// Input is a valid checkout of user's cart for date at 10:00.
func (f *Fixture) Input(user string, date string) orderscmd.PlaceOrderInput {
	return orderscmd.PlaceOrderInput{
		UserID: user, Lang: "en",
		Contact:           order.Contact{FirstName: "Mona", LastName: "Hassan", Email: "mona@example.com", Phone: "+201001234567", Country: "EG"},
		EmailConfirmation: "mona@example.com", TermsAgreed: true,
		Date: date, Time: "10:00", RatePlanID: f.Plan.String(), DisplayCurrency: money.USD,
	}
}

// UserMeta is a fresh command of user.
func UserMeta(user string) commands.Meta {
	return commands.NewMeta(commands.Actor{UserID: user, Role: "user"})
}

// Events loads a stream's events.
func Events[E any](t testing.TB, f *Fixture, stream string) []E {
	t.Helper()
	h, err := commands.Load[E](context.Background(), f.Runner, stream)
	if err != nil {
		t.Fatal(err)
	}
	return h.Events
}

// Place places user's order for date, failing the test on error. It returns once the payment
// session is open (the job opening it may take longer than a test's short outcome wait).
func (f *Fixture) Place(t testing.TB, user, date string) orderscmd.Placed {
	t.Helper()
	return f.PlaceAt(t, user, date, "10:00")
}

// PlaceAt is Place at clock (HH:MM): one traveller's orders of one day at different times are
// different trips (an order of the same trip is resumed, not placed again).
func (f *Fixture) PlaceAt(t testing.TB, user, date, clock string) orderscmd.Placed {
	t.Helper()
	in := f.Input(user, date)
	in.Time = clock
	p, err := f.Orders.PlaceOrder(context.Background(), in, UserMeta(user))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for p.Pending {
		sess, _ := f.Order(t, p.OrderID).Session(p.PaymentID)
		if !sess.Opening {
			p.PaymentURL, p.Pending = sess.URL, false
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("orderstest: the payment session of %s never opened", p.OrderID)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return p
}

// Order folds an order's stream.
func (f *Fixture) Order(t testing.TB, id string) order.State {
	t.Helper()
	s, _, err := f.Orders.LoadOrder(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Day folds a day's stream.
func (f *Fixture) Day(t testing.TB, date string) availability.State {
	t.Helper()
	return availability.Decider.Fold(Events[availability.Event](t, f, orderscmd.DayStream(availability.Day(date))))
}

// Notice is a verified notice for p's payment.
func Notice(p orderscmd.Placed, id, outcome string, amount money.Money) payments.Notice {
	n := payments.Notice{PaymentID: p.PaymentID, ProviderSessionID: p.PaymentID, NoticeID: id, Outcome: outcome, Amount: amount, ProviderRef: "txn-" + id}
	if outcome == payments.OutcomeFailed {
		n.Reason = payments.ReasonDeclined
	}
	return n
}

// Notify records n as the sandbox's, failing the test on error.
func (f *Fixture) Notify(t testing.TB, n payments.Notice) orderscmd.NoticeResult {
	t.Helper()
	r, err := f.Orders.RecordNotice(context.Background(), "sandbox", n)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// WaitForOrders waits until the orders read model has seen pos.
func (f *Fixture) WaitForOrders(t testing.TB, pos eventstore.Position) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := f.ReadModels.WaitFor(ctx, ordersrm.Name, pos); err != nil {
		t.Fatalf("orderstest: wait for the orders read model: %v", err)
	}
}
