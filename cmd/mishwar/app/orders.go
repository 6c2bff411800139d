package app

import (
	"context"
	"encoding/json"
	"fmt"
	appdashboard "mishwar/commands/dashboard"
	"mishwar/httpapi/dashboard"
	"os"
	"strings"

	"mishwar/adapters/idempotency"
	"mishwar/adapters/payments"
	"mishwar/adapters/ratelimit"
	orderscmd "mishwar/commands/orders"
	"mishwar/domain"
	"mishwar/httpapi"
	"mishwar/httpapi/httpx"
	cartrm "mishwar/projections/cart"
	catrm "mishwar/projections/catalogue"
	ordersrm "mishwar/projections/orders"
)

// wireOrders builds checkout, payments and enquiries: the booking settings (MISHWAR_BOOKING_*,
// MISHWAR_PAYMENT_HOLD, MISHWAR_CANCELLATION_*), the payment provider (MISHWAR_PAYMENTS and its keys,
// see adapters/payments), the command handlers with the cart's trip calculation, the orders reader,
// the payment-hold expiry job and the live room of a trip (joined with its trip number and e-mail).
func (a *App) wireOrders(ctx context.Context, d *httpapi.Deps) error {
	settings, err := orderscmd.SettingsFromEnv(os.Getenv)
	if err != nil {
		return fmt.Errorf("app: orders: %w", err)
	}
	pcfg, err := payments.ConfigFromEnv(os.Getenv)
	if err != nil {
		return fmt.Errorf("app: payments: %w", err)
	}
	var secret []byte
	if pcfg.Provider == "sandbox" && pcfg.SandboxSecret == "" {
		if secret, err = orderscmd.SandboxSecret(ctx, a.Pool); err != nil {
			return fmt.Errorf("app: payments: %w", err)
		}
	}
	publicURL := func() string { return a.Config.PublicURL }
	provider, sandbox, err := payments.New(pcfg, secret, publicURL, a.Log)
	if err != nil {
		return fmt.Errorf("app: payments: %w", err)
	}
	quoter, err := a.quoter()
	if err != nil {
		return fmt.Errorf("app: orders: %w", err)
	}
	catReader := catrm.NewReader(a.Pool)
	pricer := &orderscmd.CartPricer{Carts: cartrm.NewReader(a.Pool), Catalogue: catReader, Quoter: quoter}
	handlers := orderscmd.New(orderscmd.Config{Runner: a.Commands, Catalogue: orderscmd.CatalogueReader{Reader: catReader},
		Pricer: pricer, Provider: provider, Settings: settings, PublicURL: publicURL, Logger: a.Log})
	reader := ordersrm.NewReader(a.Pool)
	limiter := ratelimit.NewLimiter(a.Pool)
	deps := &httpapi.OrdersDeps{Commands: handlers, Reader: reader, Catalogue: catReader, Limiter: limiter}
	if sandbox != nil {
		deps.Sandbox, deps.SandboxPath = sandbox, sandbox.PagePath()
	}
	d.Orders = deps
	d.Features = append(d.Features, dashboard.New(appdashboard.New(reader, nil)))
	idem := idempotency.New(a.Pool)
	a.jobs = append(a.jobs, job{name: "payment hold expiry", run: func(ctx context.Context) error {
		return handlers.RunHoldExpiry(ctx, httpapi.HoldsFromReader(reader), idem)
	}})
	a.liveJoins["trip"] = tripJoin(reader, limiter)
	return nil
}

// errTripJoin is the one refusal of a trip room join, whichever part was wrong.
var errTripJoin = domain.Forbidden("orders.trip_not_found")

// tripJoin lets a socket into a trip's room when it proves the trip number and the e-mail:
// {"kind":"trip","tripNumber":"MSH-7K3Q9P","email":"a@b.example"}.
func tripJoin(reader *ordersrm.Reader, limiter *ratelimit.Limiter) func(ctx context.Context, id *httpx.Identity, args json.RawMessage) (string, error) {
	return func(ctx context.Context, id *httpx.Identity, args json.RawMessage) (string, error) {
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
		// Guessing e-mails for one trip number is bounded like the trip status lookup.
		if err := limiter.Take(ctx, ratelimit.Rule{Name: "tripjoin", Limit: 10, Period: httpapi.TripStatusRule.Period}, strings.ToUpper(strings.TrimSpace(num))); err != nil {
			return "", errTripJoin
		}
		ts, err := reader.LookupTrip(ctx, num, req.Email)
		if err != nil {
			return "", errTripJoin
		}
		return ordersrm.TripRoom(ts.TripNumber), nil
	}
}
