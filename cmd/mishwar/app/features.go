package app

import (
	"context"

	cmdaccounts "mishwar/commands/accounts"
	cartcmd "mishwar/commands/cart"
	cmdcatalogue "mishwar/commands/catalogue"
	dispatchcmd "mishwar/commands/dispatch"
	notificationscmd "mishwar/commands/notifications"
	orderscmd "mishwar/commands/orders"
	reviewscmd "mishwar/commands/reviews"
	"mishwar/processes/bookedcart"
	"mishwar/processes/ordereffects"
	"mishwar/processes/ordermail"
	"mishwar/processes/ordertrip"
	paymentsproc "mishwar/processes/payments"
	"mishwar/processes/triptimes"
	cartrm "mishwar/projections/cart"
	catrm "mishwar/projections/catalogue"
	dispatchrm "mishwar/projections/dispatch"
	insightsrm "mishwar/projections/insights"
	notificationsrm "mishwar/projections/notifications"
	ordersrm "mishwar/projections/orders"
	reviewsrm "mishwar/projections/reviews"

	"mishwar/eventstore"
	"mishwar/httpapi"
	"mishwar/projections"
	"mishwar/projections/stats"
	"mishwar/projections/supportsearch"
)

// Each feature adds itself here: its event types, its read models, what its HTTP routes need, and its
// background jobs. Keep one line (or one small block) per feature.

func registerEvents(r *eventstore.Registry) {
	cmdaccounts.RegisterEvents(r)
	cmdcatalogue.RegisterEvents(r)
	cartcmd.RegisterEvents(r)
	orderscmd.RegisterEvents(r)
	dispatchcmd.RegisterEvents(r)
	notificationscmd.RegisterEvents(r)
	reviewscmd.RegisterEvents(r)
}

func (a *App) buildProjections() []projections.Projection {
	return []projections.Projection{
		stats.New(),
		catrm.New(a.Registry),
		cartrm.New(a.Registry),
		ordersrm.New(a.Registry),
		dispatchrm.New(a.Registry),
		notificationsrm.New(a.Registry),
		supportsearch.New(a.Registry),
		insightsrm.New(a.Registry),
		reviewsrm.New(a.Registry),
	}
}

// buildProcesses lists the process managers; they run beside the projections but are never rebuilt.
func (a *App) buildProcesses() []projections.Projection {
	return []projections.Projection{
		runProcess(a.Registry, ordermail.New(a.Registry, a.Store, orderMailOutbox{}, func() string { return a.Config.PublicURL }), ordermail.Handover),
		runProcess(a.Registry, ordertrip.New(a.Registry, a.Store, a.jobQueue), ""),
		runProcess(a.Registry, bookedcart.New(a.Registry, a.Store, a.jobQueue), bookedcart.Handover),
		runProcess(a.Registry, paymentsproc.New(a.jobQueue), ""),
		runProcess(a.Registry, ordereffects.New(a.jobQueue), ""),
		runProcess(a.Registry, triptimes.New(a.jobQueue), ""),
	}
}

func (a *App) wireFeatures(ctx context.Context, d *httpapi.Deps) error {
	if err := a.wireAccounts(d); err != nil {
		return err
	}
	if err := a.wireCatalogue(d); err != nil {
		return err
	}
	if err := a.wireCart(d); err != nil {
		return err
	}
	if err := a.wireOrders(ctx, d); err != nil {
		return err
	}
	if err := a.wireDispatch(d); err != nil {
		return err
	}
	a.wireTracking()
	a.wireNotifications(d)
	a.wireReviews(d)
	a.wireHealth(d)
	return nil
}

// SeedDemo fills an empty store with the demo catalogue and a demo admin (MISHWAR_DEMO=1).
func (a *App) SeedDemo(ctx context.Context) error {
	if err := a.seedDemoAdmin(ctx); err != nil {
		return err
	}
	if err := a.seedDemoCatalogue(ctx); err != nil {
		return err
	}
	return nil
}

// AddUser creates or updates an account from the command line.
func (a *App) AddUser(ctx context.Context, email, password, role, first, last string) (created bool, err error) {
	return a.Accounts.Commands.AddOrUpdateUser.Handle(ctx, email, password, role, first, last)
}
