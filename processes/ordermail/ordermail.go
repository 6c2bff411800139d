// Package ordermail is the process manager that sends the traveller's e-mails about orders and
// enquiries: order received, payment confirmed or failed, cancellation, refund asked for, refund, a
// change waiting for its payment, a change made, a change given up unpaid, driver
// assigned (from the trip's dispatch stream), trip completed (with the invitation to rate the trip), enquiry received, quote, enquiry declined. For each such event of the global log it queues one e-mail in
// the outbox (the Outbox port), in the transaction that moves its checkpoint, keyed by the event, so
// a mail is queued exactly once: a batch delivered twice or a restart queues nothing new.
//
// It is not a read model and is never replayed: rebuilding the orders read model sends nothing. It
// knows an order's state before and after an event by folding the order's own stream (domain/order's
// Evolve), never from a read model. Every stream it folds is read by Prepare, before the batch's
// transaction begins (processes.Preparer): its handlers read nothing from the store. It must never
// send mail itself: the outbox's worker does that, outside any transaction.
package ordermail

import (
	"context"
	"fmt"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	cat "mishwar/domain/catalogue"
	"mishwar/domain/dispatch"
	"mishwar/domain/enquiry"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/domain/review"
	"mishwar/eventstore"
	"mishwar/internal/i18n"
	"mishwar/processes"
)

// Name is the process's checkpoint name.
const Name = "ordermail"

// Handover is the consumer that queued these e-mails before this process existed (the orders read
// model): on its first run the process starts at that one's checkpoint, so no e-mail is queued twice
// or skipped. Keys are those the read model used, so the two never queue one e-mail twice even while
// an older release still runs beside this one.
const Handover = "orders"

// Mail is an e-mail to one traveller, every string already in their language.
type Mail struct {
	// Key identifies the cause: one e-mail per key, ever ("orders:<stream>:<version>:<kind>").
	Key        string
	Lang       i18n.Lang
	To, ToName string
	Subject    string
	Heading    string
	Greeting   string
	Paragraphs []string
	// Action is the mail's one button (optional).
	Action *Action
}

// Action is a link shown as a button.
type Action struct{ Label, URL string }

// Outbox records an e-mail for delivery inside tx, once per Key: recording a key again records
// nothing. Implemented over adapters/mail by the composition root.
type Outbox interface {
	Enqueue(ctx context.Context, tx pgx.Tx, m Mail) error
}

// Process queues the order and enquiry e-mails.
type Process struct {
	registry  *eventstore.Registry
	store     eventstore.Store
	outbox    Outbox
	publicURL func() string
}

// New returns the process. registry decodes (commands/orders.RegisterEvents); store is read, before
// each batch's transaction (Prepare), for the order's or enquiry's events before the one handled, the
// order a driver was assigned to and a completed trip's review; publicURL builds the links in the
// e-mails.
func New(registry *eventstore.Registry, store eventstore.Store, outbox Outbox, publicURL func() string) *Process {
	if publicURL == nil {
		publicURL = func() string { return "" }
	}
	return &Process{registry: registry, store: store, outbox: outbox, publicURL: publicURL}
}

var _ processes.Process = (*Process)(nil)

func (*Process) Name() string { return Name }

func (*Process) Streams() []string { return []string{"order", "enquiry", "dispatch"} }

func (p *Process) Handlers() []processes.Handler {
	return []processes.Handler{
		processes.On(onOrder[order.OrderPlaced](p)),
		processes.On(onOrder[order.PaymentReceived](p)),
		processes.On(onOrder[order.PaymentAccepted](p)),
		processes.On(onOrder[order.PaymentFailed](p)),
		processes.On(onOrder[order.OrderCancelled](p)),
		processes.On(onOrder[order.RefundRequested](p)),
		processes.On(onOrder[order.RefundIssued](p)),
		processes.On(onOrder[order.ExchangeRequested](p)),
		processes.On(onOrder[order.OrderExchanged](p)),
		processes.On(onOrder[order.ExchangeAbandoned](p)),
		processes.On(onOrder[order.OrderCompleted](p)),
		processes.On(onEnquiry[enquiry.EnquirySubmitted](p)),
		processes.On(onEnquiry[enquiry.EnquiryQuoted](p)),
		processes.On(onEnquiry[enquiry.EnquiryDeclined](p)),
		processes.On(p.onDriverAssigned),
		processes.On(p.onTripHandedOver),
	}
}

var _ processes.Preparer = (*Process)(nil)

// Prepare reads, before the batch's transaction, every stream the batch's handlers fold (they read
// nothing themselves):
//   - the stream of each order or enquiry event past its stream's first, for the state before it
//     (fold): fixed once the event is in the log;
//   - the order of each trip assigned a driver, as it stands (onDriverAssigned);
//   - the review stream of each completed order, as it stands (mayInvite).
//
// Each stream is read once per batch, however many of its events the batch holds.
func (p *Process) Prepare(ctx context.Context, batch []eventstore.RecordedEvent) (context.Context, error) {
	own := map[string]bool{}
	for _, h := range p.Handlers() {
		if name, ok := p.registry.Name(reflect.Zero(h.Type).Interface()); ok {
			own[name] = true
		}
	}
	assigned, _ := p.registry.Name(dispatch.DriverAssigned{})
	handedOver, _ := p.registry.Name(dispatch.TripHandedOver{})
	completed, _ := p.registry.Name(order.OrderCompleted{})
	delete(own, assigned) // their streams are the trip's; what they need is the order's
	delete(own, handedOver)
	ctx, err := processes.ReadHistories(ctx, p.store, batch, func(rec eventstore.RecordedEvent) bool {
		return own[rec.Type] && rec.Version > 0 // a stream's first event has no history to fold
	})
	if err != nil {
		return ctx, fmt.Errorf("ordermail: %w", err)
	}
	var others []string
	for _, rec := range batch {
		switch rec.Type {
		case assigned:
			v, err := p.registry.Decode(rec)
			if err != nil {
				continue // the handler's decoding reports it
			}
			if a, ok := v.(dispatch.DriverAssigned); ok {
				others = append(others, orderStream(a.OrderID))
			}
		case handedOver:
			v, err := p.registry.Decode(rec)
			if err != nil {
				continue // the handler's decoding reports it
			}
			if h, ok := v.(dispatch.TripHandedOver); ok {
				others = append(others, orderStream(h.OrderID))
			}
		case completed:
			others = append(others, reviewStream(rec.StreamID))
		}
	}
	if ctx, err = processes.ReadStreams(ctx, p.store, others...); err != nil {
		return ctx, fmt.Errorf("ordermail: %w", err)
	}
	return ctx, nil
}

// orderStream is the stream of the order with id.
func orderStream(id string) string { return eventstore.StreamID("order", id) }

// reviewStream is the review stream of the order whose stream is orderStream (domain/review: one per
// trip, named by its order's id).
func reviewStream(orderStream string) string {
	_, id, _ := eventstore.SplitStreamID(orderStream)
	return eventstore.StreamID(review.StreamCategory, id)
}

// onDriverAssigned tells the traveller who drives them: name, car, plate and the class booked. The
// order (who, which language, when) is its own stream, folded as it stood when Prepare read it; a
// guest's order is mailed too. A driver assigned again after being taken off is a new driver: another
// e-mail.
//
// The order is read at a moment, before the transaction, as it was read at a moment inside it before
// (through the pool, outside the transaction's snapshot): an order cancelled by then gets no mail; one
// cancelled after the read gets it, and then its cancellation's own mail.
func (p *Process) onDriverAssigned(ctx context.Context, tx pgx.Tx, e processes.Event[dispatch.DriverAssigned]) error {
	o, err := p.tripsOrder(ctx, e.Data.OrderID)
	if err != nil || o.Status() == order.StatusCancelled || o.Placed().Contact.Email == "" {
		return err
	}
	m := p.driverMail(o, e.Data.Driver, "driver_assigned", e.Envelope)
	if err := p.outbox.Enqueue(ctx, tx, m); err != nil {
		return fmt.Errorf("ordermail: queue %q: %w", m.Key, err)
	}
	return nil
}

// onTripHandedOver tells the traveller that their trip, on the road, goes on with another driver:
// the new name, car, plate and phone, which the traveller waiting at the pickup needs to find them.
func (p *Process) onTripHandedOver(ctx context.Context, tx pgx.Tx, e processes.Event[dispatch.TripHandedOver]) error {
	o, err := p.tripsOrder(ctx, e.Data.OrderID)
	if err != nil || o.Status() == order.StatusCancelled || o.Placed().Contact.Email == "" {
		return err
	}
	m := p.driverMail(o, e.Data.Driver, "driver_changed", e.Envelope)
	if err := p.outbox.Enqueue(ctx, tx, m); err != nil {
		return fmt.Errorf("ordermail: queue %q: %w", m.Key, err)
	}
	return nil
}

// tripsOrder folds the order of a trip's event, as Prepare read its stream.
func (p *Process) tripsOrder(ctx context.Context, orderID string) (order.State, error) {
	stream := orderStream(orderID)
	history, err := processes.StreamAsRead(ctx, stream)
	if err != nil {
		return order.State{}, fmt.Errorf("ordermail: %w", err)
	}
	if len(history) == 0 {
		// A trip whose order has no events is a broken log: stop visibly rather than mail no one.
		return order.State{}, fmt.Errorf("ordermail: read %s: %w", stream, eventstore.ErrStreamNotFound)
	}
	var o order.State
	for _, rec := range history {
		v, err := p.registry.Decode(rec)
		if err != nil {
			return order.State{}, fmt.Errorf("ordermail: decode %s@%d: %w", rec.StreamID, rec.Version, err)
		}
		ev, ok := v.(order.Event)
		if !ok {
			return order.State{}, fmt.Errorf("ordermail: %s@%d: unexpected %T", rec.StreamID, rec.Version, v)
		}
		o = order.Evolve(o, ev)
	}
	return o, nil
}

// driverMail is the "your driver" e-mail (kind driver_assigned, or driver_changed for a trip handed
// over on the road), in the traveller's language.
func (p *Process) driverMail(o order.State, d dispatch.Driver, kind string, env processes.Envelope) Mail {
	placed := o.Placed()
	r := recipient{number: o.ID(), userID: o.UserID(), lang: placed.Lang, contact: placed.Contact}
	l := lang(r.lang)
	start := o.Trip().StartAt
	name, class := d.NameIn(string(l)), o.Trip().RatePlan.Name
	if l == i18n.Ar && o.Trip().RatePlan.NameAR != "" {
		class = o.Trip().RatePlan.NameAR
	}
	mailKind := "driver"
	if kind != "driver_assigned" {
		mailKind = kind
	}
	return compose(r, env, mailKind, Mail{
		Subject: i18n.T(l, "mail."+kind+".subject", r.number),
		Heading: i18n.T(l, "mail."+kind+".heading"),
		Paragraphs: []string{
			i18n.T(l, "mail."+kind+".body", name, dayIn(l, start), clockIn(l, start)),
			i18n.T(l, "mail.driver_assigned.car", d.VehicleIn(string(l)), i18n.Digits(l, d.Plate), class, d.Phone),
		},
		Action: &Action{Label: i18n.T(l, "mail.action.follow_trip"), URL: p.orderLink(r)},
	})
}

func onOrder[E order.Event](p *Process) func(context.Context, pgx.Tx, processes.Event[E]) error {
	return func(ctx context.Context, tx pgx.Tx, e processes.Event[E]) error {
		var before order.State
		if _, placed := any(e.Data).(order.OrderPlaced); !placed {
			var err error
			if before, err = fold(ctx, p, e.Envelope, order.State{}, order.Evolve); err != nil {
				return err
			}
		}
		after := order.Evolve(before, e.Data)
		invite := false
		if _, completed := any(e.Data).(order.OrderCompleted); completed {
			var err error
			if invite, err = p.mayInvite(ctx, after, e.Envelope); err != nil {
				return err
			}
		}
		for _, m := range p.orderMails(before, after, e.Data, e.Envelope, invite) {
			if err := p.outbox.Enqueue(ctx, tx, m); err != nil {
				return fmt.Errorf("ordermail: queue %q: %w", m.Key, err)
			}
		}
		return nil
	}
}

// mayInvite says whether the "trip completed" e-mail invites the traveller to rate the trip: only when
// they may rate it now (domain/review's rule: their own account's completed trip, within the review
// window; a guest has no order page to review from) and have not already. Whether they have is the
// trip's review stream, read from the log (never a read model): a traveller who rated the trip before
// this process got to its completion is not asked again.
//
// Prepare read the review stream before the batch's transaction began, and that is as right as
// reading it inside: the store reads through the pool, on another connection and outside the
// transaction's snapshot, so either way the answer is the stream at one moment, and a review may land
// between that moment and the commit. Such a review (the window is a little wider now: the rest of
// Prepare and the transaction) still gets the invitation; its button opens the order page at #rate,
// which shows the review already sent, and a second one is refused (review.ErrAlreadyReviewed). Only
// the review stream's own decider could close that window, and one needless sentence in an e-mail is
// not worth holding it for. Reading before keeps short the xid every gap-safe reader of the log waits
// for.
func (p *Process) mayInvite(ctx context.Context, o order.State, env processes.Envelope) (bool, error) {
	facts := review.OrderFacts{OrderID: o.ID(), Exists: o.Exists(), OwnerID: o.UserID(),
		Completed: o.Status() == order.StatusCompleted, CompletedAt: o.CompletedAt()}
	if review.CanReview(facts, o.UserID(), env.RecordedAt) != nil {
		return false, nil
	}
	reviews, err := processes.StreamAsRead(ctx, reviewStream(env.StreamID))
	if err != nil {
		return false, fmt.Errorf("ordermail: %w", err)
	}
	return len(reviews) == 0, nil
}

func onEnquiry[E enquiry.Event](p *Process) func(context.Context, pgx.Tx, processes.Event[E]) error {
	return func(ctx context.Context, tx pgx.Tx, e processes.Event[E]) error {
		before, err := fold(ctx, p, e.Envelope, enquiry.State{}, enquiry.Evolve)
		if err != nil {
			return err
		}
		after := enquiry.Evolve(before, e.Data)
		for _, m := range p.enquiryMails(after, e.Data, e.Envelope) {
			if err := p.outbox.Enqueue(ctx, tx, m); err != nil {
				return fmt.Errorf("ordermail: queue %q: %w", m.Key, err)
			}
		}
		return nil
	}
}

// fold returns the state of env's stream just before env's event: its earlier events (read by
// Prepare), folded.
func fold[S any, E any](ctx context.Context, p *Process, env processes.Envelope, s S, evolve func(S, E) S) (S, error) {
	if env.Version == 0 {
		return s, nil
	}
	history, err := processes.HistoryBefore(ctx, env)
	if err != nil {
		return s, fmt.Errorf("ordermail: %w", err)
	}
	for _, rec := range history {
		v, err := p.registry.Decode(rec)
		if err != nil {
			return s, fmt.Errorf("ordermail: decode %s@%d: %w", rec.StreamID, rec.Version, err)
		}
		ev, ok := v.(E)
		if !ok {
			return s, fmt.Errorf("ordermail: %s@%d: unexpected %T", rec.StreamID, rec.Version, v)
		}
		s = evolve(s, ev)
	}
	return s, nil
}

func lang(l string) i18n.Lang {
	if l == "ar" {
		return i18n.Ar
	}
	return i18n.En
}

// FormatMoney writes an amount the way the e-mails show it in l: "1,500.00 EGP" in English and, as
// the web app writes it on an Arabic page, "١٬٥٠٠٫٠٠ ج.م" in Arabic (one numeral system per e-mail).
func FormatMoney(l i18n.Lang, m money.Money) string {
	minor := m.Minor
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	group, point, currency := ",", ".", string(m.Currency)
	if l == i18n.Ar {
		group, point = "٬", "٫"
		if c, ok := arabicCurrency[m.Currency]; ok {
			currency = c
		}
	}
	whole := strconv.FormatInt(minor/100, 10)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(group)
		}
		b.WriteRune(r)
	}
	return i18n.Digits(l, fmt.Sprintf("%s%s%s%02d", sign, b.String(), point, minor%100)) + " " + currency
}

// arabicCurrency are the currencies' Arabic symbols (the web app's, without the closing dot that
// would double a sentence's full stop).
var arabicCurrency = map[money.Currency]string{money.EGP: "ج.م", money.SAR: "ر.س", money.USD: "US$"}

// dayIn and clockIn write t's Cairo date ("Wednesday 18 November 2026") and time of day ("09:30",
// "٩:٣٠ ص") in l's language and digits.
func dayIn(l i18n.Lang, t time.Time) string { return i18n.LongDate(l, t.In(cat.Cairo)) }

func clockIn(l i18n.Lang, t time.Time) string {
	t = t.In(cat.Cairo)
	return i18n.ClockOf(l, t.Hour(), t.Minute())
}

// recipient is who an order's or enquiry's e-mails go to.
type recipient struct {
	number  string // the order id or trip number
	userID  string
	lang    string
	contact order.Contact
}

func (p *Process) orderLink(r recipient) string {
	if r.userID != "" {
		return p.publicURL() + "/account/order/" + url.PathEscape(r.number)
	}
	return p.publicURL() + "/tripstatus?trip=" + url.QueryEscape(r.number)
}

func compose(r recipient, env processes.Envelope, kind string, m Mail) Mail {
	l := lang(r.lang)
	m.Greeting = i18n.T(l, "mail.greeting", r.contact.FirstName)
	m.Lang, m.To = l, r.contact.Email
	m.ToName = strings.TrimSpace(r.contact.FirstName + " " + r.contact.LastName)
	m.Key = fmt.Sprintf("orders:%s:%d:%s", env.StreamID, env.Version, kind)
	return m
}

// staleCompletion is how long after a trip ended its completion may be recorded and still send the
// "trip completed" e-mail.
const staleCompletion = 24 * time.Hour

// orderMails are the e-mails an order event sends, in the traveller's language.
// invite: an OrderCompleted's e-mail asks the traveller to rate the trip (see mayInvite).
func (p *Process) orderMails(before, after order.State, e order.Event, env processes.Envelope, invite bool) []Mail {
	placed := after.Placed()
	r := recipient{number: after.ID(), userID: after.UserID(), lang: placed.Lang, contact: placed.Contact}
	l := lang(r.lang)
	start := after.Trip().StartAt
	date, clock := dayIn(l, start), clockIn(l, start)
	view := &Action{Label: i18n.T(l, "mail.action.view_order"), URL: p.orderLink(r)}
	switch ev := e.(type) {
	case order.OrderPlaced:
		if ev.Source == order.SourceEnquiry {
			return nil
		}
		return []Mail{compose(r, env, "received", Mail{
			Subject: i18n.T(l, "mail.order_received.subject", r.number),
			Heading: i18n.T(l, "mail.order_received.heading"),
			Paragraphs: withoutEmpty(
				i18n.T(l, "mail.order_received.body", date, clock, clockIn(l, after.HoldUntil())),
				promoLine(l, after),
				i18n.T(l, "mail.order.total", FormatMoney(l, after.Price())),
				groupLine(l, placed.Contact), commentsLine(l, placed.Contact),
			),
			Action: view,
		})}
	case order.PaymentReceived:
		if !ev.Confirms || before.Status() == order.StatusConfirmed {
			return nil
		}
		return []Mail{compose(r, env, "confirmed", confirmedMail(l, r, after, ev.Amount, date, clock, view))}
	case order.PaymentAccepted:
		// Staff accepted a payment that differed from what was asked (the rest paid in cash, say):
		// for the traveller that is the moment the trip is confirmed.
		if !ev.Confirms || before.Status() == order.StatusConfirmed {
			return nil
		}
		return []Mail{compose(r, env, "confirmed", confirmedMail(l, r, after, ev.Amount, date, clock, view))}
	case order.PaymentFailed:
		if before.Status() != order.StatusAwaitingPayment || after.Status() != order.StatusPaymentFailed {
			return nil
		}
		return []Mail{compose(r, env, "failed", Mail{
			Subject:    i18n.T(l, "mail.payment_failed.subject", r.number),
			Heading:    i18n.T(l, "orders.payment_not_processed"),
			Paragraphs: []string{i18n.T(l, "mail.payment_failed.body")},
			// The failure page's "Try again" pays this same order again, never a new one.
			Action: &Action{Label: i18n.T(l, "mail.action.try_again"), URL: p.publicURL() + "/payments/" + url.PathEscape(r.number) + "?result=failure"},
		})}
	case order.OrderCancelled:
		var body string
		if ev.InitiatedBy == order.InitiatedByBusiness {
			// Ours to cancel (no driver, a fault of ours): everything paid goes back, however late.
			body = i18n.T(l, "mail.order_cancelled.body_business", date)
			switch earlier := before.Refunded(); {
			case ev.RefundDue.Minor > 0 && earlier.Minor > 0:
				// "Everything you paid" beside less than was paid read as a mistake: the refunds made
				// before are named with it.
				body += " " + i18n.T(l, "mail.order_cancelled.refund_all_rest", FormatMoney(l, ev.RefundDue), FormatMoney(l, earlier))
			case ev.RefundDue.Minor > 0:
				body += " " + i18n.T(l, "mail.order_cancelled.refund_all", FormatMoney(l, ev.RefundDue))
			}
		} else {
			body = i18n.T(l, "mail.order_cancelled.body", date)
			switch share := lateShare(l, ev, after.Cancellation()); {
			case ev.RefundDue.Minor > 0:
				body += " " + i18n.T(l, "mail.order_cancelled.refund", FormatMoney(l, ev.RefundDue)) + share
			case share != "" && ev.Kept.Minor > 0:
				// Late, after refunds that already gave back more than the policy's share (a goodwill
				// refund): a mail that only said "cancelled" left the traveller asking where the rest went.
				body += " " + i18n.T(l, "mail.order_cancelled.nothing_back", FormatMoney(l, ev.Kept)) + share
			}
		}
		return []Mail{compose(r, env, "cancelled", Mail{
			Subject: i18n.T(l, "mail.order_cancelled.subject", r.number), Heading: i18n.T(l, "mail.order_cancelled.heading"),
			Paragraphs: []string{body}, Action: view,
		})}
	case order.RefundRequested:
		// The request is staff's to answer: the traveller is told it arrived, for how much and
		// with the words they gave, so they need not ask again.
		return []Mail{compose(r, env, "refund_requested", Mail{
			Subject: i18n.T(l, "mail.refund_requested.subject", r.number), Heading: i18n.T(l, "mail.refund_requested.heading"),
			Paragraphs: withoutEmpty(i18n.T(l, "mail.refund_requested.body", FormatMoney(l, ev.Amount)), yourWords(l, ev.Reason)), Action: view,
		})}
	case order.RefundIssued:
		return []Mail{compose(r, env, "refunded", Mail{
			Subject: i18n.T(l, "mail.refund_issued.subject", r.number), Heading: i18n.T(l, "mail.refund_issued.heading"),
			Paragraphs: []string{i18n.T(l, "mail.refund_issued.body", FormatMoney(l, ev.Amount), refundReason(l, ev.Reason))}, Action: view,
		})}
	case order.ExchangeRequested:
		// A dearer change waits for its difference: the traveller hears what it changes and what to
		// pay by when now, not only on the order page. The button opens the order page, whose "Pay now"
		// pays the change's open payment.
		return []Mail{compose(r, env, "exchange_requested", Mail{
			Subject: i18n.T(l, "mail.exchange_requested.subject", r.number), Heading: i18n.T(l, "mail.exchange_requested.heading"),
			Paragraphs: changeWaitingLines(l, after, ev),
			Action:     &Action{Label: i18n.T(l, "mail.action.pay"), URL: p.orderLink(r)},
		})}
	case order.ExchangeAbandoned:
		// Unpaid in time or its payment declined: the traveller told "pay before" learns the change
		// was not made. Given up with the order's cancellation, that cancellation's mail says it all.
		if ev.Reason != "expired" && ev.Reason != "payment_failed" {
			return nil
		}
		paras := []string{i18n.T(l, "mail.exchange_abandoned."+ev.Reason), i18n.T(l, "mail.exchange_abandoned.stays", date, clock)}
		if after.UserID() != "" && after.Status() == order.StatusConfirmed && after.Cancellation().Changeable(start, env.RecordedAt) {
			paras = append(paras, i18n.T(l, "mail.exchange_abandoned.again"))
		}
		return []Mail{compose(r, env, "exchange_abandoned", Mail{
			Subject: i18n.T(l, "mail.exchange_abandoned.subject", r.number), Heading: i18n.T(l, "mail.exchange_abandoned.heading"),
			Paragraphs: paras, Action: view,
		})}
	case order.OrderExchanged:
		return []Mail{compose(r, env, "exchanged", Mail{
			Subject: i18n.T(l, "mail.order_exchanged.subject", r.number), Heading: i18n.T(l, "mail.order_exchanged.heading"),
			Paragraphs: withoutEmpty(append(exchangedLines(l, ev, date, clock, after.Price()), promoLine(l, after))...), Action: view,
		})}
	case order.OrderCompleted:
		if env.RecordedAt.Sub(ev.CompletedAt) > staleCompletion {
			// Recorded long after the trip ended: the order ↔ trip process catching up with trips
			// driven before it existed. A thank-you weeks late would only puzzle.
			return nil
		}
		// One e-mail per completion: the thanks, and (for a trip the traveller may still rate) the
		// invitation to rate it, whose button opens the order page with its review form. Same key as
		// the thanks always had, so no release sends two.
		done := Mail{
			Subject: i18n.T(l, "mail.order_completed.subject", r.number), Heading: i18n.T(l, "mail.order_completed.heading"),
			Paragraphs: []string{i18n.T(l, "mail.order_completed.body", date)}, Action: view,
		}
		if invite {
			done.Paragraphs = append(done.Paragraphs, i18n.T(l, "mail.order_completed.rate"))
			// #rate lands on the order page's review form (webapp's RateTrip).
			done.Action = &Action{Label: i18n.T(l, "mail.action.rate_trip"), URL: p.orderLink(r) + "#rate"}
		}
		return []Mail{compose(r, env, "completed", done)}
	}
	return nil
}

// changeWaitingLines say what a change waiting for its payment would change — as the order page's
// "Change waiting for payment" card does, only what differs from the booked trip (domain/order's
// ChangeOf): the new date and time, the new rate plan, the new itinerary — then the difference to pay
// with the new total, and the time to pay by. o is the order with the change waiting (its trip still
// the booked one).
func changeWaitingLines(l i18n.Lang, o order.State, ev order.ExchangeRequested) []string {
	booked, to := o.Trip(), ev.To
	lines := []string{i18n.T(l, "mail.exchange_requested.body", dayIn(l, booked.StartAt), clockIn(l, booked.StartAt))}
	change := order.ChangeOf(booked, to)
	if change.When {
		lines = append(lines, i18n.T(l, "mail.exchange_requested.when", dayIn(l, to.StartAt), clockIn(l, to.StartAt)))
	}
	if change.RatePlan {
		lines = append(lines, i18n.T(l, "mail.exchange_requested.rate_plan", planIn(l, to.RatePlan), planIn(l, booked.RatePlan)))
	}
	if change.Itinerary {
		lines = append(lines, i18n.T(l, "mail.exchange_requested.itinerary", routeIn(l, to.Itinerary)))
	}
	total := money.New(o.Price().Minor+ev.Difference.Minor, ev.Difference.Currency)
	return append(lines, i18n.T(l, "mail.exchange_requested.to_pay", FormatMoney(l, ev.Difference), FormatMoney(l, total),
		dayIn(l, ev.HoldUntil), clockIn(l, ev.HoldUntil)))
}

// routeIn writes an itinerary as the order page does: its places in l (English where no Arabic name
// was recorded), from the start through the stops to the end, with the arrow pointing the way the
// line reads (" → ", " ← " right to left).
func routeIn(l i18n.Lang, it order.Itinerary) string {
	name := func(en, ar string) string {
		if l == i18n.Ar && ar != "" {
			return ar
		}
		return en
	}
	places := []string{name(it.Start.Name, it.Start.NameAR)}
	for _, s := range it.Stops {
		places = append(places, name(s.NameEN, s.NameAR))
	}
	places = append(places, name(it.End.Name, it.End.NameAR))
	arrow := " → "
	if l == i18n.Ar {
		arrow = " ← "
	}
	return strings.Join(withoutEmpty(places...), arrow)
}

// exchangedLines say what a change of trip changed — its time, its car (the rate plan, named in l),
// both, or else its itinerary — with the new total, and which way the difference went: paid for the
// change, or to be refunded. date and clock are the trip's start now.
func exchangedLines(l i18n.Lang, ev order.OrderExchanged, date, clock string, total money.Money) []string {
	change := order.ChangeOf(ev.From, ev.To)
	carChanged := change.RatePlan
	var lines []string
	switch {
	case change.When:
		lines = append(lines, i18n.T(l, "mail.order_exchanged.body", date, clock, FormatMoney(l, total)))
	case carChanged:
		lines = append(lines, i18n.T(l, "mail.order_exchanged.car_body", date, clock, FormatMoney(l, total)))
	default:
		lines = append(lines, i18n.T(l, "mail.order_exchanged.itinerary_body", date, clock, FormatMoney(l, total)))
	}
	if carChanged {
		lines = append(lines, i18n.T(l, "mail.order_exchanged.car", planIn(l, ev.To.RatePlan), planIn(l, ev.From.RatePlan)))
	}
	switch d := ev.Difference.Minor; {
	case d > 0:
		lines = append(lines, i18n.T(l, "mail.order_exchanged.paid", FormatMoney(l, ev.Difference)))
	case d < 0:
		lines = append(lines, i18n.T(l, "mail.order_exchanged.refund", FormatMoney(l, money.New(-d, ev.Difference.Currency))))
	}
	return lines
}

// planIn is a rate plan's name in l (its English one when it has no Arabic one).
func planIn(l i18n.Lang, p order.RatePlan) string {
	if l == i18n.Ar && p.NameAR != "" {
		return p.NameAR
	}
	return p.Name
}

// lateShare says, after a late cancellation's refund, that the policy keeps a share of the price (the
// rest of the share the cancellation recorded) and refunds the rest of what was paid, and why: " Our
// cancellation policy keeps 50% of the trip's price when it is cancelled less than 24 hours before it
// starts, and refunds the rest of what you paid." ("" for a free cancellation, the business's or one
// under way, whose refund is all that was paid or staff's own decision).
func lateShare(l i18n.Lang, ev order.OrderCancelled, policy order.Cancellation) string {
	if ev.Free || ev.Underway || ev.RefundBasisPoints <= 0 || ev.RefundBasisPoints >= 10000 {
		return ""
	}
	share := percentIn(l, 10000-ev.RefundBasisPoints)
	if hours := int64(policy.FreeBefore / time.Hour); hours > 0 {
		return " " + i18n.T(l, "mail.order_cancelled.late_share", share, i18n.Count(l, "mail.unit.hour", hours))
	}
	return " " + i18n.T(l, "mail.order_cancelled.share", share)
}

// percentIn says basis points as a percentage in l: "50%", "12.5%", "٥٠٪".
func percentIn(l i18n.Lang, basisPoints int64) string {
	s := strconv.FormatFloat(float64(basisPoints)/100, 'f', -1, 64)
	if l == i18n.Ar {
		return i18n.Digits(l, strings.ReplaceAll(s, ".", "٫")) + "٪"
	}
	return s + "%"
}

// yourWords quotes the traveller's own reason back to them ("" for none).
func yourWords(l i18n.Lang, reason string) string {
	if strings.TrimSpace(reason) == "" {
		return ""
	}
	return i18n.T(l, "mail.refund_requested.reason", reason)
}

// confirmedMail tells the traveller their trip is booked and what was paid for it.
func confirmedMail(l i18n.Lang, r recipient, s order.State, paid money.Money, date, clock string, view *Action) Mail {
	return Mail{
		Subject:    i18n.T(l, "mail.payment_confirmed.subject", r.number),
		Heading:    i18n.T(l, "mail.payment_confirmed.heading"),
		Paragraphs: withoutEmpty(i18n.T(l, "mail.payment_confirmed.body", FormatMoney(l, paid), date, clock), promoLine(l, s), groupLine(l, s.Placed().Contact), commentsLine(l, s.Placed().Contact)),
		Action:     view,
	}
}

// promoLine is the discount line of an order placed with a promo code (the discount OrderPlaced
// recorded, as it applies to the order's trip now): the code, what it took off and the price before
// it; "" for an order without one.
func promoLine(l i18n.Lang, s order.State) string {
	d := s.Promo()
	if d == nil || d.AmountOff.Minor == 0 {
		return ""
	}
	return i18n.T(l, "mail.order.promo", d.Code, FormatMoney(l, d.AmountOff), FormatMoney(l, d.PriceBefore))
}

// groupLine says the group size the traveller gave, in l's plural form ("Group: 4 travellers.",
// "المجموعة: ٤ مسافرين."); "" when none was given (orders placed before checkout asked).
func groupLine(l i18n.Lang, c order.Contact) string {
	if c.Travellers <= 0 {
		return ""
	}
	return i18n.T(l, "mail.order.group", i18n.Count(l, "mail.unit.traveller", int64(c.Travellers)))
}

// commentsLine quotes the traveller's own comments back to them, as they wrote them: their line
// breaks kept (the mail's layout keeps a paragraph's lines and escapes its text); "" for none.
func commentsLine(l i18n.Lang, c order.Contact) string {
	comments := strings.TrimSpace(strings.ReplaceAll(c.Comments, "\r\n", "\n"))
	if comments == "" {
		return ""
	}
	return i18n.T(l, "mail.order.comments", comments)
}

func withoutEmpty(paragraphs ...string) []string {
	out := paragraphs[:0]
	for _, p := range paragraphs {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// enquiryLink is the enquiry's own page, opened by its link's secret without an account ("" for an
// enquiry recorded before links had one).
func (p *Process) enquiryLink(sub enquiry.EnquirySubmitted) string {
	if sub.LinkToken == "" {
		return ""
	}
	return p.publicURL() + "/enquiry/" + url.PathEscape(sub.TripNumber) + "?key=" + url.QueryEscape(sub.LinkToken)
}

// aboutProgram names the program an enquiry is about in the language code, as one paragraph (none
// for an itinerary). An enquiry recorded before the Arabic name was names it in English.
func aboutProgram(sub enquiry.EnquirySubmitted, code string) []string {
	it := sub.Trip.Itinerary
	if it.ProgramID == "" || it.ProgramName == "" {
		return nil
	}
	return []string{i18n.T(lang(code), "mail.enquiry.program", it.ProgramNameIn(code))}
}

// enquiryMails are the e-mails an enquiry event sends.
func (p *Process) enquiryMails(q enquiry.State, e enquiry.Event, env processes.Envelope) []Mail {
	sub := q.Submitted()
	r := recipient{number: sub.TripNumber, lang: sub.Lang, contact: sub.Contact}
	l := lang(r.lang)
	switch ev := e.(type) {
	case enquiry.EnquirySubmitted:
		action := &Action{Label: i18n.T(l, "mail.action.trip_status"), URL: p.publicURL() + "/tripstatus?trip=" + url.QueryEscape(r.number)}
		if link := p.enquiryLink(sub); link != "" {
			action = &Action{Label: i18n.T(l, "mail.action.view_enquiry"), URL: link}
		}
		return []Mail{compose(r, env, "enquiry", Mail{
			Subject: i18n.T(l, "mail.enquiry_received.subject", r.number), Heading: i18n.T(l, "mail.enquiry_received.heading"),
			Paragraphs: withoutEmpty(append(aboutProgram(sub, r.lang), i18n.T(l, "orders.enquiry_under_review"), i18n.T(l, "mail.enquiry_received.body", r.number), groupLine(l, sub.Contact), commentsLine(l, sub.Contact))...),
			Action:     action,
		})}
	case enquiry.EnquiryQuoted:
		start := q.Trip().StartAt.In(cat.Cairo)
		if q.Trip().StartAt.IsZero() {
			start = ev.StartAt.In(cat.Cairo)
		}
		paras := append(aboutProgram(sub, r.lang), i18n.T(l, "mail.enquiry_quoted.body", dayIn(l, start), clockIn(l, start), FormatMoney(l, ev.Amount),
			dayIn(l, ev.ValidUntil)+" "+clockIn(l, ev.ValidUntil)))
		if ev.Note != "" {
			paras = append(paras, ev.Note)
		}
		pay := p.enquiryLink(sub)
		if pay == "" {
			pay = p.publicURL() + "/payments/" + url.PathEscape(r.number)
		}
		return []Mail{compose(r, env, "quote", Mail{
			Subject: i18n.T(l, "mail.enquiry_quoted.subject", r.number), Heading: i18n.T(l, "mail.enquiry_quoted.heading"),
			Paragraphs: paras,
			Action:     &Action{Label: i18n.T(l, "mail.action.pay"), URL: pay},
		})}
	case enquiry.EnquiryDeclined:
		return []Mail{compose(r, env, "declined", Mail{
			Subject: i18n.T(l, "mail.enquiry_declined.subject", r.number), Heading: i18n.T(l, "mail.enquiry_declined.heading"),
			Paragraphs: []string{i18n.T(l, "mail.enquiry_declined.body")},
		})}
	}
	return nil
}

// refundReason says why a refund was made, in l: a reason the order recorded as a code (a
// cancellation, a change) in words, and staff's own reason as they wrote it.
func refundReason(l i18n.Lang, reason string) string {
	if key := "mail.refund_reason." + reason; i18n.Has(key) {
		return i18n.T(l, key)
	}
	return reason
}
