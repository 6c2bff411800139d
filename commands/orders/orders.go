// Package orders is the orders application: checkout (a car held on the day's availability stream,
// then the order placed), payment sessions with the provider and its verified notices, unpaid holds
// expiring, cancelling, refunding, exchanging, enquiries, and the reads around them (the traveller's
// orders, the trip status lookup, the booking calendar, the admin's lists and the payments audit).
// Application (app.go) is everything the HTTP layer (httpapi/orders) may call: Commands, the
// handlers here, one file per command, and Queries, one file per query, each naming the narrow
// read-model interface it needs. Each command looks up what its decision needs, lets the deciders
// in domain/order, domain/availability, domain/payment and domain/enquiry decide, and appends with
// expected versions.
//
// Whether a car is free is decided on the day's stream only, never from a read model. Steps across
// streams (hold a car, then place the order) are each idempotent and compensated on failure, so a
// retry, a replayed callback or a crash between two steps never books a car twice or loses one for
// good. The payment provider, the rate limits and the catalogue are ports declared here
// (PaymentProvider, Limiter, Catalogue, PickupPoints); this package never imports an adapter and
// never sees card data.
package orders

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/catalogue"
	"mishwar/domain/enquiry"
	"mishwar/domain/order"
	"mishwar/domain/payment"
	"mishwar/eventstore"
)

// Stream categories.
const (
	OrderCategory        = "order"
	AvailabilityCategory = "availability"
	PaymentCategory      = "payment"
	EnquiryCategory      = "enquiry"
)

// OrderStream is the stream of the order with trip number id.
func OrderStream(id string) string { return eventstore.StreamID(OrderCategory, id) }

// DayStream is the availability stream of a day.
func DayStream(day availability.Day) string {
	return eventstore.StreamID(AvailabilityCategory, string(day))
}

// PaymentStream is the stream of one payment attempt.
func PaymentStream(id string) string { return eventstore.StreamID(PaymentCategory, id) }

// EnquiryStream is the stream of the enquiry with trip number id.
func EnquiryStream(id string) string { return eventstore.StreamID(EnquiryCategory, id) }

// Refusals of this layer (the deciders have their own).
var (
	// ErrPaymentUnavailable: the provider could not open a session; the order stays and can be paid later.
	ErrPaymentUnavailable = &domain.Error{Kind: domain.KindConflict, Key: "payments.unavailable"}
	// ErrNoticeMismatch: a verified notice names a payment that belongs to another provider session.
	ErrNoticeMismatch = domain.Invalid("payments.notice_mismatch")
	// ErrBusy: every attempt at a fresh trip number collided (astronomically unlikely).
	ErrBusy = domain.Conflict("common.concurrent_change")
)

// Catalogue is what ordering looks up in the catalogue.
type Catalogue interface {
	// DayCapacity is how many trips can start on day: the active drivers working that weekday times
	// their trips per day.
	DayCapacity(ctx context.Context, day availability.Day) (int, error)
	// ServiceHours are when pickups can be booked: the opening hours, without national holidays.
	ServiceHours(ctx context.Context) (catalogue.BusinessHours, error)
}

// Handlers runs the commands of orders, payments, availability and enquiries.
type Handlers struct {
	runner    *commands.Runner
	catalogue Catalogue
	pricer    Pricer
	provider  PaymentProvider
	settings  Settings
	publicURL func() string
	log       *slog.Logger
	// pickupPoints, limiter and holds serve the HTTP-facing commands (resolving a form's points,
	// bounding guesses, the staff's hold expiry).
	pickupPoints PickupPoints
	limiter      Limiter
	holds        Holds
	// offers finds the offer a promo code names (nil: no code applies).
	offers Offers
	// outcomeWait bounds how long a command waits for the provider's answer to what it ordered (a
	// session's page, a refund) before answering that it is in progress.
	outcomeWait time.Duration
	// orphanUseGrace is how long a promo code's use may wait for its order (see reclaimOrphanUses).
	orphanUseGrace time.Duration
}

// Config is what New needs.
type Config struct {
	Runner    *commands.Runner
	Catalogue Catalogue
	Pricer    Pricer
	Provider  PaymentProvider
	Settings  Settings
	// PublicURL is the site's address, for payment pages' return and callback URLs.
	PublicURL func() string
	Logger    *slog.Logger
	// PickupPoints finds the pickup points a form names (nil: only places of one's own).
	PickupPoints PickupPoints
	// Limiter bounds guesses on enquiry payment links (nil: unbounded, for tests).
	Limiter Limiter
	// Holds lists the lapsed holds the staff's "expire holds" settles (see HoldsFrom).
	Holds Holds
	// Offers finds the offer a promo code names (nil: every code is unknown).
	Offers Offers
	// OutcomeWait bounds how long "pay now", checkout and refunds wait for the provider's answer,
	// which a job worker records (default DefaultOutcomeWait; the answer then says it is pending).
	OutcomeWait time.Duration
	// OrphanUseGrace is how long, on the wall clock, a promo code's use counted for an order not (yet)
	// placed holds its place before it is given back (default orphanGrace: placing follows within
	// milliseconds unless the process died in between).
	OrphanUseGrace time.Duration
}

// DefaultOutcomeWait is how long a command waits for the provider's answer by default: long enough
// for a provider that answers, short enough for a traveller who waits.
const DefaultOutcomeWait = 5 * time.Second

// New returns the handlers.
func New(c Config) *Handlers {
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.OutcomeWait <= 0 {
		c.OutcomeWait = DefaultOutcomeWait
	}
	if c.OrphanUseGrace <= 0 {
		c.OrphanUseGrace = orphanGrace
	}
	return &Handlers{runner: c.Runner, catalogue: c.Catalogue, pricer: c.Pricer, provider: c.Provider,
		settings: c.Settings, publicURL: c.PublicURL, log: c.Logger,
		pickupPoints: c.PickupPoints, limiter: c.Limiter, holds: c.Holds, offers: c.Offers, outcomeWait: c.OutcomeWait,
		orphanUseGrace: c.OrphanUseGrace}
}

// Settings exposes the booking rules (for the calendar and the rules shown before confirming).
func (h *Handlers) Settings() Settings { return h.settings }

// Provider is the payment provider in use.
func (h *Handlers) Provider() PaymentProvider { return h.provider }

// ownOrder loads the order tripNumber names for the traveller userID. Someone else's order does not
// exist for them (the same ErrOrderNotFound as for an unknown number, so strangers learn nothing);
// staff reach every order through the staff commands.
func (h *Handlers) ownOrder(ctx context.Context, tripNumber, userID string) (order.State, error) {
	num, ok := order.NormalizeTripNumber(tripNumber)
	if !ok {
		return order.State{}, order.ErrOrderNotFound
	}
	s, _, err := h.LoadOrder(ctx, num)
	if err != nil {
		return s, err
	}
	if userID == "" || s.UserID() != userID {
		return order.State{}, order.ErrOrderNotFound
	}
	return s, nil
}

// anyOrder loads the order tripNumber names, for staff.
func (h *Handlers) anyOrder(ctx context.Context, tripNumber string) (order.State, error) {
	num, ok := order.NormalizeTripNumber(tripNumber)
	if !ok {
		return order.State{}, order.ErrOrderNotFound
	}
	s, _, err := h.LoadOrder(ctx, num)
	return s, err
}

func (h *Handlers) now() time.Time { return h.runner.Now() }

// Every command on these streams is re-decided after a concurrent change: the deciders re-check
// capacity, statuses and amounts against the new state, and repeated command ids are recognised.
var commuting = commands.Options{Commutes: true}

func execOrder(ctx context.Context, h *Handlers, id string, cmd order.Command, meta commands.Meta) (commands.Result[order.Event], error) {
	return commands.Execute(ctx, h.runner, order.Decider, OrderStream(id), cmd, meta, commuting)
}

func execDay(ctx context.Context, h *Handlers, day availability.Day, cmd availability.Command, meta commands.Meta) (commands.Result[availability.Event], error) {
	return commands.Execute(ctx, h.runner, availability.Decider, DayStream(day), cmd, meta, commuting)
}

func execPayment(ctx context.Context, h *Handlers, id string, cmd payment.Command, meta commands.Meta) (commands.Result[payment.Event], error) {
	return commands.Execute(ctx, h.runner, payment.Decider, PaymentStream(id), cmd, meta, commuting)
}

func execEnquiry(ctx context.Context, h *Handlers, id string, cmd enquiry.Command, meta commands.Meta) (commands.Result[enquiry.Event], error) {
	return commands.Execute(ctx, h.runner, enquiry.Decider, EnquiryStream(id), cmd, meta, commuting)
}

// LoadOrder folds an order's stream; an order that does not exist wraps order.ErrOrderNotFound.
func (h *Handlers) LoadOrder(ctx context.Context, id string) (order.State, int64, error) {
	hist, err := commands.Load[order.Event](ctx, h.runner, OrderStream(id))
	if err != nil {
		return order.State{}, -1, err
	}
	s := order.Decider.Fold(hist.Events)
	if !s.Exists() {
		return s, -1, order.ErrOrderNotFound
	}
	return s, hist.Version, nil
}

func loadPayment(ctx context.Context, h *Handlers, id string) (payment.State, error) {
	hist, err := commands.Load[payment.Event](ctx, h.runner, PaymentStream(id))
	if err != nil {
		return payment.State{}, err
	}
	return payment.Decider.Fold(hist.Events), nil
}

// derived returns the id named name under base: the same base and name always give the same id, so a
// step repeated by a retry is recognised as the same command.
func derived(base uuid.UUID, name string) uuid.UUID { return uuid.NewSHA1(base, []byte(name)) }

// sub returns meta for a step named name of the command meta describes: its own command id, derived
// from meta's, caused by it and in its correlation.
func sub(meta commands.Meta, name string) commands.Meta {
	m := meta
	m.CommandID = derived(meta.CommandID, name)
	if m.CorrelationID == "" {
		m.CorrelationID = meta.CommandID.String()
	}
	m.CausationID = meta.CommandID.String()
	return m
}

// systemMeta is the metadata of a step Mishwar takes on its own (expiry, a provider's notice).
func systemMeta(id uuid.UUID, correlation string) commands.Meta {
	return commands.Meta{CommandID: id, Actor: commands.Actor{UserID: "system", Role: "system"}, CorrelationID: correlation}
}

func wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("orders: %s: %w", what, err)
}

func maxPosition(a, b eventstore.Position) eventstore.Position {
	if a.Less(b) {
		return b
	}
	return a
}
