package app

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"mishwar/adapters/accountsdb"
	"mishwar/adapters/mail"
	"mishwar/adapters/ratelimit"
	"mishwar/commands"
	cmdaccounts "mishwar/commands/accounts"
	dispatchcmd "mishwar/commands/dispatch"
	appsupport "mishwar/commands/support"
	"mishwar/domain/account"
	"mishwar/httpapi"
	httpdispatch "mishwar/httpapi/dispatch"
	httpsupport "mishwar/httpapi/support"
	"mishwar/processes/ordertrip"
	"mishwar/processes/triptimes"
	"mishwar/projections"
	catrm "mishwar/projections/catalogue"
	dispatchrm "mishwar/projections/dispatch"
	ordersrm "mishwar/projections/orders"
	"mishwar/projections/supportsearch"
)

// tripProgressRule bounds progress lookups by trip number and e-mail per client address, like the
// trip status lookup.
var tripProgressRule = account.RateRule{Name: "tripprogress", Limit: 30, Period: 10 * time.Minute}

// wireDispatch builds the trips board, the drivers' screens and trip progress, and the support
// console (event history, time travel, read-model rebuilds over every projection of the app).
func (a *App) wireDispatch(d *httpapi.Deps) error {
	orders := ordersrm.NewReader(a.Pool)
	limiter := ratelimit.NewLimiter(a.Pool)
	accounts := accountsdb.NewTables(accountsdb.NewStore(a.Pool), nil)
	trips, catalogue := dispatchrm.NewReader(a.Pool), catrm.NewReader(a.Pool)
	dispatchApp := dispatchcmd.NewApplication(dispatchcmd.Config{
		Runner:       a.Commands,
		Accounts:     accounts,
		Trips:        trips,
		Drivers:      catalogue,
		Orders:       orders,
		Week:         trips,
		PickupPoints: catalogue,
		ProgressLookups: func(ctx context.Context, clientIP string) error {
			return limiter.Take(ctx, tripProgressRule, clientIP)
		},
		Now:       a.Commands.Now,
		StartLead: a.Config.TripStartLead,
	})
	supportApp := appsupport.New(appsupport.Config{
		Events: a.Store, Registry: a.Registry, Orders: orders, Index: supportsearch.NewReader(a.Pool), Accounts: accounts,
		Rebuilds: rebuilds{a}, Logger: a.Log, Mail: mail.NewOutbox(a.Pool),
		Announce: func(ctx context.Context, topic string, payload any) error {
			return pgx.BeginFunc(ctx, a.Pool, func(tx pgx.Tx) error { return projections.Notify(ctx, tx, topic, payload) })
		},
	})
	a.handleJobs(ordertrip.JobReleaseTrip, releaseTrip(dispatchApp.Commands))
	a.handleJobs(ordertrip.JobMoveTrip, moveTrip(dispatchApp.Commands))
	a.handleJobs(triptimes.JobRetimeTrip, retimeTrip(dispatchApp.Commands))
	d.Features = append(d.Features,
		httpdispatch.New(dispatchApp, httpdispatch.Config{Idempotency: a.idempotency, ReadModels: a.Projections, Invite: driverInviter{a.Accounts}}),
		httpsupport.New(supportApp, a.idempotency),
	)
	return nil
}

// driverInviter is the accounts application's InviteDriver as the dispatch API calls it.
type driverInviter struct{ app *cmdaccounts.Application }

func (i driverInviter) InviteDriver(ctx context.Context, in httpdispatch.Invite, meta commands.Meta) (httpdispatch.Invitation, error) {
	by := cmdaccounts.Actor{Role: meta.Actor.Role, IP: meta.ClientIP}
	by.UserID, _ = uuid.Parse(meta.Actor.UserID)
	out, err := i.app.Commands.InviteDriver.Handle(ctx, cmdaccounts.InviteDriver{Email: in.Email, FirstName: in.FirstName, LastName: in.LastName, Lang: in.Lang}, by)
	if err != nil {
		return httpdispatch.Invitation{}, err
	}
	return httpdispatch.Invitation{Email: out.Email, Sent: out.Sent, ValidUntil: out.ValidUntil}, nil
}

// rebuilds are the app's read models as support rebuilds them, by name.
type rebuilds struct{ a *App }

func (r rebuilds) projection(name string) projections.Projection {
	for _, p := range r.a.projectionList {
		if p.Name() == name {
			return p
		}
	}
	return nil
}

func (r rebuilds) Rebuildable(name string) bool { return r.projection(name) != nil }

func (r rebuilds) Rebuild(ctx context.Context, name string, progress func(projections.RebuildProgress)) error {
	return projections.Rebuild(ctx, r.a.Pool, r.a.Store, r.projection(name), progress)
}
