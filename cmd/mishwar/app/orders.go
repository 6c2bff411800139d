package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"mishwar/adapters/payments"
	"mishwar/adapters/ratelimit"
	orderscmd "mishwar/commands/orders"
	"mishwar/domain"
	"mishwar/httpapi"
	"mishwar/httpapi/live"
	httporders "mishwar/httpapi/orders"
	"mishwar/processes/ordertrip"
	catrm "mishwar/projections/catalogue"
	ordersrm "mishwar/projections/orders"
)

// wireOrders builds checkout, payments and enquiries: the booking settings (MISHWAR_BOOKING_*,
// MISHWAR_PAYMENT_HOLD, MISHWAR_CANCELLATION_*), the payment provider (MISHWAR_PAYMENTS and its keys,
// see adapters/payments), the orders application (commands/orders) with the cart's trip calculation,
// the catalogue, the orders read model and the rate limits, its HTTP feature (httpapi/orders, with
// the sandbox's test card page), the payment-hold expiry job and the live room of a trip (joined
// with its trip number and e-mail).
func (a *App) wireOrders(ctx context.Context, d *httpapi.Deps) error {
	settings, err := orderscmd.SettingsFromEnv(os.Getenv)
	if err != nil {
		return fmt.Errorf("app: orders: %w", err)
	}
	settings.UnpaidHoldsPerCustomer, settings.UnpaidHoldsPerAddress = a.Config.UnpaidHoldsPerCustomer, a.Config.UnpaidHoldsPerAddress
	// The payments package's errors say "payments:" and name the variable.
	pcfg, err := payments.ConfigFromEnv(os.Getenv)
	if err != nil {
		return fmt.Errorf("app: %w", err)
	}
	var secret []byte
	if pcfg.Provider == "sandbox" && pcfg.SandboxSecret == "" {
		if secret, err = payments.SandboxSecret(ctx, a.Pool); err != nil {
			return fmt.Errorf("app: %w", err)
		}
	}
	publicURL := func() string { return a.Config.PublicURL }
	pcfg.SandboxLedger = payments.PostgresLedger{Pool: a.Pool}
	provider, sandbox, err := payments.New(pcfg, secret, publicURL, a.Log)
	if err != nil {
		return fmt.Errorf("app: %w", err)
	}
	quoter, err := a.quoter()
	if err != nil {
		return fmt.Errorf("app: orders: %w", err)
	}
	catReader := catrm.NewReader(a.Pool)
	pricer := &orderscmd.CartPricer{Carts: a.Commands, Catalogue: catReader, Quoter: quoter}
	reader := ordersrm.NewReader(a.Pool)
	limits := rateLimits{ratelimit.NewLimiter(a.Pool)}
	catalogue := orderscmd.CatalogueReader{Reader: catReader}
	handlers := orderscmd.New(orderscmd.Config{Runner: a.Commands, Catalogue: catalogue,
		Pricer: pricer, Provider: provider, Settings: settings, PublicURL: publicURL, Logger: a.Log,
		PickupPoints: catalogue, Limiter: limits, Holds: orderscmd.HoldsFrom(reader), Offers: catalogue})
	application := orderscmd.NewApplication(handlers, reader, catalogue)
	a.handleJobs(ordertrip.JobRecordTripStep, recordTripStep(handlers))
	a.orderJobs(handlers)
	idem := a.idempotency
	feature := httporders.Config{App: application, ReadModels: a.Projections, Idempotency: idem}
	if sandbox != nil {
		feature.Sandbox, feature.SandboxPath = sandbox, sandbox.PagePath()
		sandbox.SettledBy(handlers.PaymentSettled)
	}
	d.Features = append(d.Features, httporders.New(feature))
	d.Features = append(d.Features, a.dashboard(reader, catalogue))
	a.loops = append(a.loops, loop{name: "payment hold expiry", run: func(ctx context.Context) error {
		return handlers.RunHoldExpiry(ctx, orderscmd.HoldsFrom(reader), idem)
	}})
	a.liveJoins["trip"] = tripJoin(application.Queries.TripStatus)
	return nil
}

// rateLimits answers the orders' rate-limit port with adapters/ratelimit.
type rateLimits struct{ limiter *ratelimit.Limiter }

func (l rateLimits) Take(ctx context.Context, rule orderscmd.LimitRule, key string) error {
	err := l.limiter.Take(ctx, ratelimit.Rule{Name: rule.Name, Limit: rule.Limit, Period: rule.Period}, key)
	var spent *ratelimit.RateLimitError
	if errors.As(err, &spent) {
		return &orderscmd.TooManyAttemptsError{After: spent.After}
	}
	return err
}

// errTripJoin is the one refusal of a trip room join, whichever part was wrong.
var errTripJoin = domain.Forbidden("orders.trip_not_found")

// tripJoin lets a socket into a trip's room when it proves the trip number and the e-mail:
// {"kind":"trip","tripNumber":"MSH-7K3Q9P","email":"a@b.example"}.
func tripJoin(trips orderscmd.TripStatusHandler) live.Authorize {
	return func(ctx context.Context, j live.Joiner, args json.RawMessage) (string, error) {
		var req struct {
			TripNumber string `json:"tripNumber"`
			TripNum2   string `json:"trip_number"`
			Email      string `json:"email"`
		}
		if err := json.Unmarshal(args, &req); err != nil {
			return "", errTripJoin
		}
		num := req.TripNumber
		if num == "" {
			num = req.TripNum2
		}
		c := orderscmd.JoinClient{IP: j.IP}
		if j.Identity != nil {
			c.SessionID = j.Identity.SessionID
		}
		room, err := trips.Room(ctx, num, req.Email, c)
		if err != nil {
			return "", errTripJoin
		}
		return room, nil
	}
}
