package orders

import (
	"context"
	"strings"
	"time"

	"mishwar/domain"
	"mishwar/domain/order"
	ordersrm "mishwar/projections/orders"
)

// TripLookup is the part of the orders read model the trip status lookup needs.
type TripLookup interface {
	// LookupTrip finds a trip by number and e-mail; anything that does not match is ErrTripNotFound.
	LookupTrip(ctx context.Context, tripNumber, email string) (ordersrm.TripStatus, error)
}

// TripStatusQuery is a trip number and e-mail, from a client address.
type TripStatusQuery struct {
	TripNumber string
	Email      string
	ClientIP   string
}

// TripStatus is what proving a trip number and its e-mail shows: the order (without the whole
// contact record or any action but paying), or the enquiry before it became one, and the history.
type TripStatus struct {
	TripNumber string
	// Status is the order's status, or "enquiry_<status>" before there is an order.
	Status   string
	Order    *OrderView
	Enquiry  *Enquiry
	Timeline []TimelineEntry
}

// TripStatusHandler answers the trip status lookup, bounded per client address.
type TripStatusHandler struct {
	trips   TripLookup
	limiter Limiter
	now     func() time.Time
	// lead is the booking lead: an order can be paid again until its start is within it.
	lead time.Duration
}

// Handle looks a trip up.
func (h TripStatusHandler) Handle(ctx context.Context, q TripStatusQuery) (TripStatus, error) {
	v := &domain.ValidationError{}
	if strings.TrimSpace(q.TripNumber) == "" {
		v.Add("trip_number", order.KeyRequired)
	}
	if strings.TrimSpace(q.Email) == "" {
		v.Add("email", order.KeyRequired)
	}
	if err := v.Err(); err != nil {
		return TripStatus{}, err
	}
	if err := take(ctx, h.limiter, TripStatusRule, q.ClientIP); err != nil {
		return TripStatus{}, err
	}
	ts, err := h.trips.LookupTrip(ctx, q.TripNumber, domain.NormalizeEmail(q.Email))
	if err != nil {
		return TripStatus{}, err
	}
	out := TripStatus{TripNumber: ts.TripNumber, Timeline: ts.Timeline, Enquiry: ts.Enquiry}
	if ts.Enquiry != nil {
		out.Status = "enquiry_" + string(ts.Enquiry.Status)
	}
	if ts.Order != nil {
		o := viewOf(*ts.Order, h.now(), h.lead)
		o.Contact = order.Contact{FirstName: o.Contact.FirstName, LastName: o.Contact.LastName}
		o.Actions = Actions{Pay: o.Actions.Pay}
		o.UserID = ""
		out.Order, out.Status = &o, string(o.Status)
	}
	return out, nil
}

// JoinClient is who asks to join a trip's room: the client address of its socket and, when signed in,
// its session.
type JoinClient struct {
	IP        string
	SessionID string
}

// Room is the live room of the trip a socket proves with its number and e-mail. Guesses are bounded
// per client (its session when signed in, else its address) and per address, never per trip number;
// every refusal is the same.
func (h TripStatusHandler) Room(ctx context.Context, tripNumber, email string, c JoinClient) (string, error) {
	key := "ip:" + c.IP
	if c.SessionID != "" {
		key = "session:" + c.SessionID
	}
	if err := take(ctx, h.limiter, TripJoinRule, key); err != nil {
		return "", ErrTripNotFound
	}
	if err := take(ctx, h.limiter, TripJoinAddressRule, c.IP); err != nil {
		return "", ErrTripNotFound
	}
	ts, err := h.trips.LookupTrip(ctx, tripNumber, domain.NormalizeEmail(email))
	if err != nil {
		return "", ErrTripNotFound
	}
	return ordersrm.TripRoom(ts.TripNumber), nil
}
