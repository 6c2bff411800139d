package orders

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/availability"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/domain/trip"
	"mishwar/eventstore"
)

// PlaceOrderInput is a checkout submission.
type PlaceOrderInput struct {
	UserID            string
	Lang              string
	Contact           order.Contact
	EmailConfirmation string
	TermsAgreed       bool
	// Date is "YYYY-MM-DD" and Time "HH:MM", Cairo time.
	Date, Time      string
	RatePlanID      string
	DisplayCurrency money.Currency
	// Start and End replace the cart's points when set: a pickup point or a place in the service area.
	Start, End *PointRequest
	// PromoCode is the promo code typed at checkout ("": none).
	PromoCode string
}

// Placed is an order placed with its payment session.
type Placed struct {
	OrderID    string
	PaymentID  string
	PaymentURL string
	HoldUntil  time.Time
	// Status is the order's status as the payment opened (PayOwnOrder fills it in).
	Status order.Status
	// Pending: the provider has not opened the session yet (PaymentURL is empty); the order shows
	// the page once it has.
	Pending bool
	// Resumed: the checkout found the traveller's order of the same trip waiting for payment and
	// answers that order, paid as "Pay now" pays it, instead of placing another (same_trip.go).
	Resumed bool
	// Position is where the last write landed, for read-your-writes.
	Position eventstore.Position
}

// maxTripNumberAttempts bounds retries after a trip number collision (one in hundreds of millions).
const maxTripNumberAttempts = 5

// PlaceOrder holds a car on the start's day, places the order and opens its payment session. Every
// step's id derives from meta.CommandID: the HTTP layer derives that from an Idempotency-Key, so a
// retried or concurrent identical submission walks the same steps, is recognised at each one and
// answers the first result.
func (h *Handlers) PlaceOrder(ctx context.Context, in PlaceOrderInput, meta commands.Meta) (Placed, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	start, end, err := h.resolvePoints(ctx, in.Start, in.End)
	if err != nil {
		return Placed{}, err
	}
	now := h.now()
	startAt, err := trip.ParseStart(in.Date, in.Time)
	if err != nil {
		return Placed{}, order.WithFormFaults(err, in.Contact, in.EmailConfirmation, in.TermsAgreed, in.DisplayCurrency)
	}
	priced, err := h.pricer.PriceCart(ctx, CartPricing{UserID: in.UserID, StartAt: startAt, RatePlanID: in.RatePlanID, Start: start, End: end})
	if err != nil {
		return Placed{}, err
	}
	if in.RatePlanID != "" && priced.Trip.RatePlan.ID == "" {
		priced.Trip.RatePlan.ID = in.RatePlanID
		if len(priced.Trip.Itinerary.Stops) >= 2 {
			return Placed{}, rateUnavailable()
		}
	}
	hours, err := h.catalogue.ServiceHours(ctx)
	if err != nil {
		return Placed{}, err
	}
	cmd := order.PlaceOrder{
		UserID: in.UserID, Lang: in.Lang, Source: order.SourceCart,
		Contact: in.Contact, EmailConfirmation: in.EmailConfirmation, TermsAgreed: in.TermsAgreed,
		Trip: priced.Trip, Rates: priced.Rates, DisplayCurrency: in.DisplayCurrency,
		Policy: h.settings.Policy(), ServiceHours: hours,
	}
	if itin := cmd.Trip.Itinerary; itin.ProgramID != "" {
		cmd.Source = order.SourceProgram
	}
	// A trip is booked as one day with one car: one that does not fit is refused before anything
	// is held or recorded, with what to do about it (after what the form itself got wrong).
	if err := probe(cmd, now); err != nil {
		return Placed{}, err
	}
	if err := h.oneDay(priced, startAt, hours, func(starts []time.Time) ([]trip.Quote, error) {
		return h.pricer.QuoteCartAt(ctx, CartPricing{UserID: in.UserID, Start: start, End: end}, starts)
	}); err != nil {
		return Placed{}, err
	}
	return h.checkOut(ctx, cmd, in.PromoCode, meta, now)
}

// probe refuses what the decider would refuse, without a trip number or a car yet.
func probe(cmd order.PlaceOrder, now time.Time) error {
	p := cmd
	p.Reservation = "probe"
	if p.OrderID == "" {
		p.OrderID = order.TripNumberFrom([8]byte{})
	}
	_, err := order.Decide(order.State{}, p, now)
	return err
}

// place runs the steps shared by checkout orders and paid enquiries. cmd.OrderID set: that trip
// number only (an enquiry's); empty: fresh numbers derived from meta. trip is what a checkout found
// of the traveller's orders of the same trip (the zero value for an enquiry).
func (h *Handlers) place(ctx context.Context, cmd order.PlaceOrder, meta commands.Meta, now time.Time, trip sameTrip) (Placed, error) {
	// Refuse what the decider would refuse before holding a car for it.
	if err := probe(cmd, now); err != nil {
		return Placed{}, err
	}
	day := cmd.Trip.Day
	capacity, err := h.catalogue.DayCapacity(ctx, day)
	if err != nil {
		return Placed{}, err
	}
	fixed := cmd.OrderID
	for attempt := 0; attempt < maxTripNumberAttempts; attempt++ {
		tripNumber := fixed
		if tripNumber == "" {
			tripNumber = order.TripNumberFrom(seed(meta.CommandID, attempt))
		}
		placeMeta := sub(meta, fmt.Sprintf("place/%d", attempt))
		reserveMeta := sub(meta, fmt.Sprintf("reserve/%d", attempt))
		reservation := reserveMeta.CommandID.String()

		hist, err := commands.Load[order.Event](ctx, h.runner, OrderStream(tripNumber))
		if err != nil {
			return Placed{}, wrap("load order", err)
		}
		if len(hist.Recorded) > 0 {
			if hist.Recorded[0].Metadata.CommandID == placeMeta.CommandID.String() {
				// This very submission placed it before (a retry): carry on with the payment.
				return h.openOrderPayment(ctx, order.Decider.Fold(hist.Events), meta)
			}
			if fixed != "" {
				return Placed{}, order.ErrTripNumberTaken
			}
			continue
		}
		holdMeta := sub(meta, fmt.Sprintf("unpaid-hold/%d", attempt))
		if err := h.takeUnpaidHold(ctx, cmd.UserID, meta.ClientIP, tripNumber, string(day), capacity, now.Add(h.settings.Hold), trip, holdMeta); err != nil {
			return Placed{}, wrap("count the unpaid hold", err)
		}
		promoMeta := sub(meta, fmt.Sprintf("promo/%d", attempt))
		if err := h.redeemPromo(ctx, cmd, tripNumber, promoMeta); err != nil {
			h.releaseHoldOf(ctx, cmd.UserID, meta.ClientIP, tripNumber, order.HoldReleasedNotPlaced, sub(holdMeta, "compensate"))
			return Placed{}, wrap("use the promo code", err)
		}
		if _, err := execDay(ctx, h, day, availability.ReserveCapacity{
			Reservation: reservation, OrderID: tripNumber, Day: day, Capacity: capacity, HoldUntil: now.Add(h.settings.Hold),
		}, reserveMeta); err != nil {
			h.givePromoBack(ctx, cmd.Promo, tripNumber, order.PromoBackNotPlaced, sub(promoMeta, "compensate"))
			h.releaseHoldOf(ctx, cmd.UserID, meta.ClientIP, tripNumber, order.HoldReleasedNotPlaced, sub(holdMeta, "compensate"))
			return Placed{}, wrap("reserve", err)
		}
		cmd.OrderID, cmd.Reservation = tripNumber, reservation
		_, err = execOrder(ctx, h, tripNumber, cmd, placeMeta)
		if err != nil {
			h.release(ctx, day, reservation, availability.ReasonPlacingFailed, false, sub(reserveMeta, "compensate"))
			h.givePromoBack(ctx, cmd.Promo, tripNumber, order.PromoBackNotPlaced, sub(promoMeta, "compensate"))
			h.releaseHoldOf(ctx, cmd.UserID, meta.ClientIP, tripNumber, order.HoldReleasedNotPlaced, sub(holdMeta, "compensate"))
			if errors.Is(err, order.ErrTripNumberTaken) && fixed == "" {
				// This attempt's hold (released) is no other checkout of the trip.
				trip.seen = append(slices.Clone(trip.seen), tripNumber)
				continue
			}
			return Placed{}, wrap("place", err)
		}
		// The order as stored, not as decided here: a concurrent identical submission may have stored
		// its own decision first (the store then reports ours as a duplicate of it).
		s, _, err := h.LoadOrder(ctx, tripNumber)
		if err != nil {
			return Placed{}, wrap("load order", err)
		}
		return h.openOrderPayment(ctx, s, meta)
	}
	return Placed{}, ErrBusy
}

// seed derives the bytes of the attempt-th trip number of a command.
func seed(base uuid.UUID, attempt int) [8]byte {
	sum := sha256.Sum256(fmt.Appendf(base[:], "trip-number/%d", attempt))
	var b [8]byte
	copy(b[:], sum[:8])
	return b
}

// release frees a reservation, logging instead of failing: the hold-expiry job releases whatever a
// failed compensation leaves behind.
func (h *Handlers) release(ctx context.Context, day availability.Day, reservation, reason string, onlyIfHeld bool, meta commands.Meta) error {
	_, err := execDay(ctx, h, day, availability.ReleaseReservation{Reservation: reservation, Reason: reason, OnlyIfHeld: onlyIfHeld}, meta)
	return h.followUp("release a reservation", err, "day", day, "reservation", reservation, "reason", reason)
}
