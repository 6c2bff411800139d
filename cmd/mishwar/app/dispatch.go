package app

import (
	"mishwar/adapters/ratelimit"
	dispatchcmd "mishwar/commands/dispatch"
	"mishwar/httpapi"
	catrm "mishwar/projections/catalogue"
	dispatchrm "mishwar/projections/dispatch"
	ordersrm "mishwar/projections/orders"
)

// wireDispatch builds the trips board, the drivers' screens and trip progress, and the support
// console (event history, time travel, read-model rebuilds over every projection of the app).
func (a *App) wireDispatch(d *httpapi.Deps) error {
	orders := ordersrm.NewReader(a.Pool)
	d.Dispatch = &httpapi.DispatchDeps{
		Commands:  dispatchcmd.New(a.Commands, dispatchcmd.AccountStore{Store: a.Accounts.Store}),
		Reader:    dispatchrm.NewReader(a.Pool),
		Catalogue: catrm.NewReader(a.Pool),
		Orders:    orders,
		Limiter:   ratelimit.NewLimiter(a.Pool),
	}
	d.Support = &httpapi.SupportDeps{Registry: a.Registry, Runner: a.Commands, Orders: orders, Projections: a.projectionList}
	return nil
}
