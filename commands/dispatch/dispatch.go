// Package dispatch runs the write side of dispatching confirmed orders: an operator assigns a driver
// (booked on the driver's day stream first, so a driver never takes more trips a day than their
// record allows, whatever runs at the same time), unassigns them, links a driver to their sign-in
// account, and the driver advances the trip step by step.
//
// What a decision needs of an order and a driver is read from their own streams (the order's and the
// catalogue driver's), never from a read model, so a stale read model can never dispatch an unpaid or
// cancelled order. This package never changes an order or a catalogue record.
package dispatch

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/account"
	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
	"mishwar/eventstore"
)

// Stream categories.
const (
	TripCategory          = "dispatch"
	DriverDayCategory     = "driverday"
	DriverAccountCategory = "driveraccount"
	DriverLoginCategory   = "driverlogin"
)

// TripStream is the dispatch stream of the order with trip number orderID.
func TripStream(orderID string) string { return eventstore.StreamID(TripCategory, orderID) }

// DriverDayStream is the stream of one driver's trips on day.
func DriverDayStream(driverID string, day availability.Day) string {
	return eventstore.StreamID(DriverDayCategory, driverID+"-"+string(day))
}

// DriverAccountStream is the stream of a driver's account link.
func DriverAccountStream(driverID string) string {
	return eventstore.StreamID(DriverAccountCategory, driverID)
}

// DriverLoginStream is the stream of the claims on a driver's sign-in account (its user id).
func DriverLoginStream(userID string) string {
	return eventstore.StreamID(DriverLoginCategory, userID)
}

// Accounts finds sign-in accounts by e-mail, to link a driver to theirs (the account tables,
// adapters/accountsdb, implement it).
type Accounts interface {
	// UserByEmail returns the account with a normalised e-mail, account.ErrUserNotFound if none.
	UserByEmail(ctx context.Context, email string) (account.User, error)
	// UserByID returns the account id, account.ErrUserNotFound if none.
	UserByID(ctx context.Context, id uuid.UUID) (account.User, error)
}

// Handlers runs the dispatch commands.
type Handlers struct {
	runner   *commands.Runner
	accounts Accounts
	// startLead is how long before the pickup a driver may start a trip (MISHWAR_TRIP_START_LEAD).
	startLead time.Duration
}

// New returns the handlers, trips starting from dispatch.DefaultStartLead before their pickup.
func New(runner *commands.Runner, accounts Accounts) *Handlers {
	return &Handlers{runner: runner, accounts: accounts, startLead: dispatch.DefaultStartLead}
}

// WithStartLead sets how long before the pickup a driver may start a trip.
func (h *Handlers) WithStartLead(lead time.Duration) *Handlers {
	h.startLead = lead
	return h
}

// Outcome is where a command left the log.
type Outcome struct {
	Position eventstore.Position
	// Changed is false when the command repeated what was already so.
	Changed bool
}

// Every dispatch decision is re-checked by its decider against the state it reloads, so a concurrent
// change is retried rather than answered with 409.
var commuting = commands.Options{Commutes: true}

func actor(meta commands.Meta) dispatch.Actor {
	return dispatch.Actor{UserID: meta.Actor.UserID, Role: meta.Actor.Role}
}

// drivingActor is actor(meta) with the catalogue driver the account drives for now: the driver its
// login claim names, if that driver's account link still names the account. A link moved to another
// account leaves the old account's claim behind, and its trips go with the driver to the new one.
func (h *Handlers) drivingActor(ctx context.Context, meta commands.Meta) (dispatch.Actor, error) {
	a := actor(meta)
	if a.UserID == "" {
		return a, nil
	}
	claims, err := commands.Load[dispatch.DriverLoginEvent](ctx, h.runner, DriverLoginStream(a.UserID))
	if err != nil {
		return dispatch.Actor{}, fmt.Errorf("dispatch: driver login %s: %w", a.UserID, err)
	}
	driverID := dispatch.DriverLogin.Fold(claims.Events).DriverID()
	if driverID == "" {
		return a, nil
	}
	link, err := commands.Load[dispatch.DriverAccountEvent](ctx, h.runner, DriverAccountStream(driverID))
	if err != nil {
		return dispatch.Actor{}, fmt.Errorf("dispatch: driver account %s: %w", driverID, err)
	}
	if dispatch.DriverAccount.Fold(link.Events).UserID() == a.UserID {
		a.DriverID = driverID
	}
	return a, nil
}

// sub is the metadata of a named step of the command meta describes: its own id, derived from meta's
// (so a retried command repeats the same steps), caused by it.
func sub(meta commands.Meta, name string) commands.Meta {
	m := meta
	m.CommandID = uuid.NewSHA1(meta.CommandID, []byte(name))
	if m.CorrelationID == "" {
		m.CorrelationID = meta.CommandID.String()
	}
	m.CausationID = meta.CommandID.String()
	return m
}

// OrderFacts reads what dispatch needs of an order from the order's stream.
func (h *Handlers) OrderFacts(ctx context.Context, orderID string) (dispatch.OrderFacts, error) {
	num, ok := order.NormalizeTripNumber(orderID)
	if !ok {
		return dispatch.OrderFacts{}, order.ErrOrderNotFound
	}
	hist, err := commands.Load[order.Event](ctx, h.runner, eventstore.StreamID("order", num))
	if err != nil {
		return dispatch.OrderFacts{}, fmt.Errorf("dispatch: order %s: %w", num, err)
	}
	s := order.Decider.Fold(hist.Events)
	if !s.Exists() {
		return dispatch.OrderFacts{}, order.ErrOrderNotFound
	}
	trip := s.Trip()
	stops := make([]string, len(trip.Itinerary.Stops))
	for i, st := range trip.Itinerary.Stops {
		stops[i] = st.NameEN
	}
	facts := dispatch.OrderFacts{OrderID: num, Confirmed: s.Status() == order.StatusConfirmed, Cancelled: s.Status() == order.StatusCancelled, Day: trip.Day,
		StartAt: trip.StartAt, OwnerID: s.UserID(), Stops: stops, Travellers: s.Placed().Contact.Travellers,
		Class: dispatch.VehicleClass{ID: trip.RatePlan.ID, Name: trip.RatePlan.Name, NameAR: trip.RatePlan.NameAR, Seats: trip.RatePlan.Seats}}
	if trip.Quote.DurationMinutes > 0 {
		facts.EndAt = trip.StartAt.Add(time.Duration(trip.Quote.DurationMinutes) * time.Minute)
	}
	return facts, nil
}

// ClassSeats fills in how many seats the order's class of car has when the order did not record them
// (orders placed before trips recorded their plan's seats), from the rate plan's stream as the
// catalogue says now. The seats the order recorded are the ones it was sold with: a plan edited since
// does not change what its car must carry. A plan the catalogue no longer has leaves it unknown: only
// the group is matched then.
func (h *Handlers) ClassSeats(ctx context.Context, facts dispatch.OrderFacts) (dispatch.OrderFacts, error) {
	if facts.Class.Seats > 0 {
		return facts, nil
	}
	id, err := uuid.Parse(facts.Class.ID)
	if err != nil {
		return facts, nil
	}
	hist, err := commands.Load[cat.RatePlanEvent](ctx, h.runner, eventstore.StreamID(cat.RatePlanStream, id.String()))
	if err != nil {
		return facts, fmt.Errorf("dispatch: rate plan %s: %w", id, err)
	}
	if st := cat.RatePlan.Fold(hist.Events); st.Status != cat.StatusAbsent {
		facts.Class.Seats = st.Fields.Seats
	}
	return facts, nil
}

// Driver reads a driver's catalogue record and linked account from their streams.
func (h *Handlers) Driver(ctx context.Context, driverID string) (dispatch.Driver, error) {
	id, err := uuid.Parse(driverID)
	if err != nil {
		return dispatch.Driver{}, dispatch.ErrDriverNotFound
	}
	hist, err := commands.Load[cat.DriverEvent](ctx, h.runner, eventstore.StreamID(cat.DriverStream, id.String()))
	if err != nil {
		return dispatch.Driver{}, fmt.Errorf("dispatch: driver %s: %w", id, err)
	}
	st := cat.Driver.Fold(hist.Events)
	if st.Status == cat.StatusAbsent {
		return dispatch.Driver{}, dispatch.ErrDriverNotFound
	}
	link, err := commands.Load[dispatch.DriverAccountEvent](ctx, h.runner, DriverAccountStream(id.String()))
	if err != nil {
		return dispatch.Driver{}, fmt.Errorf("dispatch: driver account %s: %w", id, err)
	}
	d := dispatch.DriverFrom(id.String(), st.Fields, dispatch.DriverAccount.Fold(link.Events).UserID())
	if st.Status == cat.StatusArchived {
		d.Active = false
	}
	if d.AccountRole, err = h.accountRole(ctx, d.UserID); err != nil {
		return dispatch.Driver{}, err
	}
	return d, nil
}

// accountRole is the role account userID has now: a link made when it was a driver's outlives a
// change of role. "" when there is no account to ask about; a deleted account has no role left.
func (h *Handlers) accountRole(ctx context.Context, userID string) (string, error) {
	uid, err := uuid.Parse(userID)
	if err != nil || h.accounts == nil {
		return "", nil
	}
	u, err := h.accounts.UserByID(ctx, uid)
	switch {
	case errors.Is(err, account.ErrUserNotFound):
		return "none", nil
	case err != nil:
		return "", fmt.Errorf("dispatch: the account of a driver: %w", err)
	}
	return u.Role, nil
}

// Trip folds an order's dispatch stream.
func (h *Handlers) Trip(ctx context.Context, orderID string) (dispatch.TripState, int64, error) {
	hist, err := commands.Load[dispatch.TripEvent](ctx, h.runner, TripStream(orderID))
	if err != nil {
		return dispatch.TripState{}, -1, err
	}
	return dispatch.Trip.Fold(hist.Events), hist.Version, nil
}
