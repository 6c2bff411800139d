package support

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"mishwar/domain/account"
	"mishwar/domain/dispatch"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/internal/i18n"
)

// Accounts looks people up by their account id (the account tables, adapters/accountsdb).
type Accounts interface {
	UserByID(ctx context.Context, id uuid.UUID) (account.User, error)
}

// Person is someone an order or an event names: an account resolved to a name, or a role alone (the
// system, a guest).
type Person struct {
	ID string
	// Name is the account's first and last name ("" when the id is no account).
	Name string
	// Role is the account's role (or the event's actor role when there is no account).
	Role string
	// Label says the person: "Mona Haddad (Traveller)", "System".
	Label string
}

// people resolves account ids once per request.
type people struct {
	ctx      context.Context
	accounts Accounts
	lang     i18n.Lang
	seen     map[string]Person
}

func newPeople(ctx context.Context, accounts Accounts, lang i18n.Lang) *people {
	return &people{ctx: ctx, accounts: accounts, lang: lang, seen: map[string]Person{}}
}

// of says who id is; role is what the event says the person acted as ("" when it does not say).
func (p *people) of(id, role string) (Person, error) {
	key := id + "\x00" + role
	if v, ok := p.seen[key]; ok {
		return v, nil
	}
	person := Person{ID: id, Role: role}
	if uid, err := uuid.Parse(id); err == nil && p.accounts != nil {
		u, err := p.accounts.UserByID(p.ctx, uid)
		switch {
		case err == nil:
			person.Name = strings.TrimSpace(u.FirstName + " " + u.LastName)
			if person.Name == "" {
				person.Name = u.Email
			}
			person.Role = u.Role
		case errors.Is(err, account.ErrUserNotFound):
		default:
			return Person{}, fmt.Errorf("support: account %s: %w", id, err)
		}
	}
	switch {
	case person.Name != "" && person.Role != "":
		person.Label = i18n.T(p.lang, "support.person", person.Name, word(p.lang, "role", person.Role))
	case person.Name != "":
		person.Label = person.Name
	case person.Role != "":
		person.Label = word(p.lang, "role", person.Role)
	case id != "":
		person.Label = id
	default:
		person.Label = i18n.T(p.lang, "support.role.system")
	}
	p.seen[key] = person
	return person, nil
}

// Field is one line of the order's card: a key that stays the same in every language (the diff
// matches fields by it), its label and its value as a person reads them.
type Field struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Value string `json:"value"`
}

// card says an order's state field by field, leaving out what is empty.
func card(lang i18n.Lang, s order.State, who *people) ([]Field, error) {
	if !s.Exists() {
		return []Field{}, nil
	}
	var out []Field
	add := func(key, value string) {
		if value != "" {
			out = append(out, Field{Key: key, Label: i18n.T(lang, "support.field."+key), Value: value})
		}
	}
	placed := s.Placed()
	c := placed.Contact
	trip := s.Trip()
	add("status", StatusLabel(lang, s.Status()))
	add("trip_number", s.ID())
	add("traveller", strings.TrimSpace(c.FirstName+" "+c.LastName))
	add("email", s.Email())
	add("phone", c.Phone)
	if c.Travellers > 0 {
		add("group", i18n.T(lang, "support.value.group", c.Travellers))
	}
	if s.UserID() == "" {
		add("account", i18n.T(lang, "support.value.guest"))
	} else {
		owner, err := who.of(s.UserID(), "")
		if err != nil {
			return nil, err
		}
		add("account", owner.Label)
	}
	if c.Comments != "" {
		add("comments", c.Comments)
	}
	add("program", trip.Itinerary.ProgramNameIn(string(lang)))
	add("pickup", pointName(lang, trip.Itinerary.Start))
	stops := make([]string, 0, len(trip.Itinerary.Stops))
	for _, st := range trip.Itinerary.Stops {
		name := st.NameEN
		if lang == i18n.Ar && st.NameAR != "" {
			name = st.NameAR
		}
		stops = append(stops, name)
	}
	// The arrow points the way the line reads: right to left in Arabic.
	arrow := " → "
	if lang == i18n.Ar {
		arrow = " ← "
	}
	add("stops", strings.Join(stops, arrow))
	if end := pointName(lang, trip.Itinerary.End); end != "" && end != pointName(lang, trip.Itinerary.Start) {
		add("drop_off", end)
	}
	if !trip.StartAt.IsZero() {
		add("start", CairoTime(lang, trip.StartAt))
	}
	if trip.Quote.DurationMinutes > 0 {
		add("duration", Duration(lang, minutes(trip.Quote.DurationMinutes)))
	}
	if trip.Quote.DistanceMeters > 0 {
		add("distance", Distance(lang, trip.Quote.DistanceMeters))
	}
	add("rate_plan", PlanName(lang, trip.RatePlan))
	add("price", Money(lang, s.Price()))
	// The discount as it applies to the trip now (a change of plan takes it off the new price), or
	// none when the new trip is not one its offer is for.
	if d := s.Promo(); d != nil {
		add("promo", i18n.T(lang, "support.value.promo", d.Code, Money(lang, d.AmountOff)))
	} else if placed.Promo != nil {
		add("promo", i18n.T(lang, "support.value.promo_unused", placed.Promo.Code))
	}
	add("paid", Money(lang, s.Paid()))
	if s.Refunded().Minor != 0 {
		add("refunded", Money(lang, s.Refunded()))
	}
	if s.Owed().Minor != 0 {
		add("owed", Money(lang, s.Owed()))
	}
	if s.Underpaid().Minor != 0 {
		add("underpaid", Money(lang, s.Underpaid()))
	}
	if s.Status() == order.StatusAwaitingPayment && !s.HoldUntil().IsZero() {
		add("hold_until", CairoTime(lang, s.HoldUntil()))
	}
	policy := s.Cancellation()
	add("free_cancellation", i18n.T(lang, "support.value.free_before", Duration(lang, policy.FreeBefore)))
	// Late, the business keeps a share of the price, not of what was paid (order.Cancellation.Settle).
	add("late_refund", i18n.T(lang, "support.value.late_refund", Percent(lang, 10000-policy.LateRefundBasisPoints)))
	if reasons := s.AttentionReasons(); len(reasons) > 0 {
		said := make([]string, len(reasons))
		for i, r := range reasons {
			said[i] = word(lang, "reason", r)
		}
		// What was flagged stays part of the story; whether it still waits is the order's rule.
		key := "attention_settled"
		if s.NeedsAttention() {
			key = "attention"
		}
		add(key, strings.Join(said, listSep(lang)))
	}
	if s.RefundRequested() {
		add("refund_requested", i18n.T(lang, "support.value.yes"))
	}
	if x, ok := s.PendingExchange(); ok {
		add("pending_exchange", i18n.T(lang, "support.value.exchange", Change(lang, trip, x.To), Money(lang, x.Difference)))
	}
	return out, nil
}

// listSep separates the items of a list in lang.
func listSep(lang i18n.Lang) string {
	if lang == i18n.Ar {
		return "، "
	}
	return ", "
}

func minutes(n int) time.Duration { return time.Duration(n) * time.Minute }

// pointName is a start or end point's name in lang.
func pointName(lang i18n.Lang, p order.Point) string {
	if lang == i18n.Ar && p.NameAR != "" {
		return p.NameAR
	}
	return p.Name
}

// driverCard says the trip's driver line by line (their name in lang, phone, car with its seats,
// plate) and, when staff sent the car though it did not fit, what they overrode and why; a trip
// without a driver says so and, when its last driver was taken off (takenOff, nil when none was or
// one was assigned since), why, in lang for a rule's cause. A trip called off with its order
// (calledOff) had its driver released, not "no driver yet": it says so, and when.
func driverCard(lang i18n.Lang, trip dispatch.TripState, takenOff *dispatch.DriverUnassigned, calledOff *dispatch.TripCancelled) []Field {
	var out []Field
	add := func(key, value string) {
		if value != "" {
			out = append(out, Field{Key: key, Label: i18n.T(lang, "support.field."+key), Value: value})
		}
	}
	d, ok := trip.Driver()
	if !ok && calledOff != nil {
		add("driver", i18n.T(lang, "support.value.driver_released", CairoTime(lang, calledOff.CancelledAt)))
		return out
	}
	if !ok {
		add("driver", i18n.T(lang, "support.value.no_driver"))
		if takenOff != nil {
			add("taken_off", TakenOff(lang, takenOff.Reason, takenOff.Cause))
		}
		return out
	}
	add("driver", d.NameIn(string(lang)))
	add("driver_phone", d.Phone)
	if d.Seats > 0 {
		add("car", i18n.T(lang, "support.value.car", d.VehicleIn(string(lang)), Count(lang, int64(d.Seats))))
	} else {
		add("car", d.VehicleIn(string(lang)))
	}
	add("plate", d.Plate)
	if o, ok := trip.VehicleOverride(); ok {
		add("vehicle_override", i18n.T(lang, "support.value.vehicle_override", Count(lang, int64(o.Seats)), Count(lang, int64(o.Needed)), o.Reason))
	}
	return out
}

// cancellation is an order's cancellation as its event recorded it, with when it was recorded and
// what the business held just before it (for a cancellation recorded before it said what it kept).
type cancellation struct {
	event order.OrderCancelled
	at    time.Time
	held  money.Money
}

// cancelledOf is the cancellation e records at at, the order being before just before it; nil when
// e is no cancellation.
func cancelledOf(before order.State, e order.Event, at time.Time) *cancellation {
	c, ok := e.(order.OrderCancelled)
	if !ok {
		return nil
	}
	held := order.Held(before.Paid(), before.Refunded(), money.Money{})
	return &cancellation{event: c, at: at, held: held}
}

// kept is what the business kept of what the traveller paid: as the event recorded it, or, for a
// cancellation recorded before it did, what was paid, less refunded, less what it refunded.
func (c cancellation) kept() money.Money {
	if c.event.Kept.Currency != "" {
		return c.event.Kept
	}
	kept := money.New(max(c.held.Minor-c.event.RefundDue.Minor, 0), money.EGP)
	return kept
}

// cancelledBy is who a cancellation was by, said as the card's line starts: the traveller, staff at
// the traveller's request, the business, staff (an unpaid order, or one recorded before it was
// asked) or staff once the trip had started.
func (c cancellation) cancelledBy() string {
	e := c.event
	switch {
	case e.Underway:
		return "underway"
	case e.InitiatedBy == order.InitiatedByBusiness:
		return "business"
	case e.InitiatedBy == order.InitiatedByTraveller && e.ByStaff:
		return "traveller_staff"
	case e.InitiatedBy == order.InitiatedByTraveller || !e.ByStaff:
		return "traveller"
	default:
		return "staff"
	}
}

// withCancellation puts the card's cancellation line (who cancelled it, when in Cairo time, what the
// business kept) right after its status; the card as it is without one.
func withCancellation(lang i18n.Lang, fields []Field, c *cancellation) []Field {
	if c == nil {
		return fields
	}
	line := i18n.T(lang, "support.value.cancelled",
		i18n.T(lang, "support.value.cancelled_by."+c.cancelledBy()), CairoTime(lang, c.at), Money(lang, c.kept()))
	f := Field{Key: "cancelled", Label: i18n.T(lang, "support.field.cancelled"), Value: line}
	out := make([]Field, 0, len(fields)+1)
	placed := false
	for _, x := range fields {
		out = append(out, x)
		if x.Key == "status" && !placed {
			out = append(out, f)
			placed = true
		}
	}
	if !placed {
		out = append([]Field{f}, out...)
	}
	return out
}
