package order

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"mishwar/domain"
)

// One trip, one order: a traveller's checkout of a trip identical to one of their own orders does
// not place a second order. A traveller who pressed Back after "Continue to payment", or "Try again"
// after a declined card, and checks out again means the order they already have; two orders would
// hold two cars, and both could be paid.
//
// Identical is sameTrip, the rule an exchange uses to say "nothing would change": the same start
// (day and time), rate plan, program, start and end points and stops in order. The price is not part
// of it (the catalogue's rates may have moved; the order keeps its own).
//
// Against the traveller's orders of that trip (DecideCheckout):
//   - one confirmed (or completed): refused, ErrTripAlreadyBooked naming its trip number; another
//     time is another trip and is booked as usual;
//   - one waiting for payment (awaiting payment, or failed or lapsed and still payable: the pay-again
//     rule) with the same details (contact, comments, travellers, promo code): resumed, the answer is
//     that order paid as "Pay now" pays it;
//   - one waiting for payment with other details: refused, ErrTripWaitingWithOtherDetails naming it,
//     since resuming would drop what was changed and placing would make two orders: pay it as it is,
//     or cancel it and book again;
//   - none (cancelled, no longer payable, or none at all): a new order is placed.
//
// Two checkouts of one trip at once are settled on the customer's unpaid-holds stream (holds.go):
// the hold records the trip's key (TripKey), and a hold is refused (ErrSameTripHeld) when a hold for
// the same trip appeared that the checkout did not judge.

// Refusals of a checkout of a trip the traveller already ordered. Built with the trip number
// (TripAlreadyBooked, TripWaitingWithOtherDetails); errors.Is matches them with these sentinels.
var (
	// ErrTripAlreadyBooked: the traveller has a confirmed order for this very trip.
	ErrTripAlreadyBooked = domain.Conflict("orders.trip_already_booked")
	// ErrTripWaitingWithOtherDetails: the traveller's order for this very trip waits for payment with
	// other contact details, comments, group size or promo code.
	ErrTripWaitingWithOtherDetails = domain.Conflict("orders.trip_waiting_other_details")
	// ErrSameTripHeld: since the checkout read the customer's holds, another checkout of the same trip
	// took one; the checkout judges again.
	ErrSameTripHeld = domain.Conflict("orders.same_trip_in_flight")
)

// TripKey names a trip as sameTrip compares trips: two trips are the same trip exactly when their
// keys are equal. It is what a customer's unpaid hold records of the order's trip.
func TripKey(t Trip) string {
	var b strings.Builder
	point := func(p Point) {
		b.WriteString(p.PickupPointID)
		b.WriteByte('@')
		b.WriteString(strconv.FormatFloat(p.Lat, 'g', -1, 64))
		b.WriteByte(',')
		b.WriteString(strconv.FormatFloat(p.Lng, 'g', -1, 64))
		b.WriteByte('|')
	}
	fmt.Fprintf(&b, "%d|%q|%q|", t.StartAt.Unix(), t.RatePlan.ID, t.Itinerary.ProgramID)
	point(t.Itinerary.Start)
	point(t.Itinerary.End)
	for _, s := range t.Itinerary.Stops {
		fmt.Fprintf(&b, "%q,", s.DestinationID)
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:16])
}

// WaitsForPayment reports whether the order waits for its traveller to pay at now: awaiting payment
// with its car held, or payable again (its payment failed or its hold lapsed, and its start is still
// outside the booking lead: PayAgainRefusal).
func (s State) WaitsForPayment(now time.Time, lead time.Duration) bool {
	if s.status == StatusAwaitingPayment && now.Before(s.holdUntil) {
		return true
	}
	return s.PayAgainRefusal(now, lead) == nil
}

// TripAlreadyBooked refuses a checkout of the trip of the confirmed order tripNumber.
func TripAlreadyBooked(tripNumber string) error {
	return domain.ConflictWith(ErrTripAlreadyBooked.Key, tripNumber)
}

// TripWaitingWithOtherDetails refuses a checkout of the trip of the order tripNumber, which waits for
// payment with other details.
func TripWaitingWithOtherDetails(tripNumber string) error {
	return domain.ConflictWith(ErrTripWaitingWithOtherDetails.Key, tripNumber)
}

// DecideCheckout says what the checkout c (with the promo code typed, promoCode) does, given the
// traveller's orders mine (any of them: orders of other trips or other travellers are passed over):
// the trip number of the order it resumes, or "" to place a new order, or a refusal.
func DecideCheckout(mine []State, c PlaceOrder, promoCode string, now time.Time) (resume string, err error) {
	var waiting *State
	for i := range mine {
		s := &mine[i]
		if !s.Exists() || s.userID != c.UserID || c.UserID == "" || !sameTrip(s.trip, c.Trip) {
			continue
		}
		switch {
		case s.status == StatusConfirmed || s.status == StatusCompleted:
			return "", TripAlreadyBooked(s.id)
		case s.WaitsForPayment(now, c.Policy.Lead):
			if waiting == nil || preferred(*s, *waiting, now) {
				waiting = s
			}
		}
	}
	if waiting == nil {
		return "", nil
	}
	if !sameDetails(waiting.placed, c, promoCode) {
		return "", TripWaitingWithOtherDetails(waiting.id)
	}
	return waiting.id, nil
}

// preferred: of two orders waiting for the same trip (placed before this rule), the one with its car
// still held, else the one placed last.
func preferred(a, b State, now time.Time) bool {
	aHeld := a.status == StatusAwaitingPayment && now.Before(a.holdUntil)
	bHeld := b.status == StatusAwaitingPayment && now.Before(b.holdUntil)
	if aHeld != bHeld {
		return aHeld
	}
	return a.placed.PlacedAt.After(b.placed.PlacedAt)
}

// sameDetails reports whether the checkout asks for what the order placed records beyond its trip:
// the contact as it is kept (TrimContact), the comments, the group size and the promo code.
func sameDetails(p OrderPlaced, c PlaceOrder, promoCode string) bool {
	code := ""
	if p.Promo != nil {
		code = NormalizeCode(p.Promo.Code)
	}
	return TrimContact(c.Contact) == p.Contact && NormalizeCode(promoCode) == code
}
