package order_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/domain/order"
)

var (
	cairo = catalogue.Cairo
	// now is a Monday morning in Cairo.
	now     = time.Date(2026, 11, 16, 10, 0, 0, 0, cairo)
	startAt = time.Date(2026, 11, 20, 9, 30, 0, 0, cairo) // Friday 9:30
	policy  = order.Policy{
		Lead: 12 * time.Hour, WindowDays: 180, Hold: 30 * time.Minute,
		Cancellation: order.Cancellation{FreeBefore: 24 * time.Hour, LateRefundBasisPoints: 5000},
	}
	hours = catalogue.BusinessHours{Weekly: catalogue.WeeklyHours{
		{Day: time.Monday, Open: "09:00", Close: "22:00"}, {Day: time.Tuesday, Open: "09:00", Close: "22:00"},
		{Day: time.Wednesday, Open: "09:00", Close: "22:00"}, {Day: time.Thursday, Open: "09:00", Close: "22:00"},
		{Day: time.Friday, Open: "09:00", Close: "22:00"},
	}}
	price = money.New(150000, money.EGP)
)

const (
	orderID = "MSH-7K3Q9P"
	owner   = "user-1"
)

func trip(start time.Time, total int64) order.Trip {
	return order.Trip{
		StartAt: start.UTC(),
		Day:     availability.DayOf(start.In(cairo)),
		Itinerary: order.Itinerary{
			Start: order.Point{Name: "Tahrir Square", Lat: 30.0444, Lng: 31.2357},
			End:   order.Point{Name: "Tahrir Square", Lat: 30.0444, Lng: 31.2357},
			Stops: []order.Stop{
				{DestinationID: "d1", NameEN: "Giza Pyramids", Lat: 29.9792, Lng: 31.1342, VisitMinutes: 120},
				{DestinationID: "d2", NameEN: "Egyptian Museum", Lat: 30.0478, Lng: 31.2336, VisitMinutes: 90},
			},
		},
		RatePlan: order.RatePlan{ID: "rp1", Name: "Sedan", PerKm: money.New(1200, money.EGP), WaitingPerHour: money.New(5000, money.EGP)},
		Quote:    order.Quote{DistanceMeters: 42000, DurationMinutes: 95, WaitingMinutes: 210, Total: money.New(total, money.EGP)},
	}
}

func withPlan(t order.Trip, planID string) order.Trip {
	t.RatePlan.ID = planID
	return t
}

var contact = order.Contact{FirstName: "Mona", LastName: "Hassan", Email: "mona@example.com", Phone: "+20 100 123 4567", Country: "EG"}

func place() order.PlaceOrder {
	return order.PlaceOrder{
		OrderID: orderID, UserID: owner, Lang: "en", Source: order.SourceCart,
		Contact: contact, EmailConfirmation: "Mona@Example.com", TermsAgreed: true,
		Trip:  trip(startAt, price.Minor),
		Rates: []money.Rate{money.RateFromFloat(money.USD, 0.0205)}, DisplayCurrency: money.USD,
		Reservation: "res-1", Policy: policy, ServiceHours: hours,
	}
}

func placed() order.OrderPlaced {
	return order.OrderPlaced{
		OrderID: orderID, UserID: owner, Lang: "en", Source: order.SourceCart, Contact: contact,
		Trip: trip(startAt, price.Minor), Rates: []money.Rate{money.RateFromFloat(money.USD, 0.0205)},
		DisplayCurrency: money.USD, Reservation: "res-1", HoldUntil: now.Add(30 * time.Minute).UTC(),
		Cancellation: policy.Cancellation, PlacedAt: now.UTC(),
	}
}

func requested(id string) order.PaymentRequested {
	return order.PaymentRequested{PaymentID: id, Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price,
		RedirectURL: "/pay/sandbox/" + id, ExpiresAt: now.Add(30 * time.Minute).UTC()}
}

func received(id string, amount money.Money) order.PaymentReceived {
	return order.PaymentReceived{PaymentID: id, Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref-" + id, Amount: amount, Confirms: true}
}

var paidOrder = []order.Event{placed(), requested("p1"), received("p1", price)}

func with(events []order.Event, more ...order.Event) []order.Event {
	return append(append([]order.Event(nil), events...), more...)
}

func fieldErr(fields map[string][]string) error { return &domain.ValidationError{Fields: fields} }

type tc struct {
	name    string
	given   []order.Event
	when    order.Command
	at      time.Time
	then    []order.Event
	wantErr error
}

func run(t *testing.T, tests []tc) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			at := tt.at
			if at.IsZero() {
				at = now
			}
			got, err := order.Decider.Decide(order.Decider.Fold(tt.given), tt.when, at)
			checkErr(t, err, tt.wantErr)
			if len(got) != len(tt.then) || (len(got) > 0 && !reflect.DeepEqual(got, tt.then)) {
				t.Fatalf("events:\n got %#v\nwant %#v", got, tt.then)
			}
		})
	}
}

func checkErr(t *testing.T, got, want error) {
	t.Helper()
	var wantV *domain.ValidationError
	if errors.As(want, &wantV) {
		var gotV *domain.ValidationError
		if !errors.As(got, &gotV) || !reflect.DeepEqual(gotV.Fields, wantV.Fields) {
			t.Fatalf("error = %v, want %v", got, want)
		}
		return
	}
	if !errors.Is(got, want) {
		t.Fatalf("error = %v, want %v", got, want)
	}
}

func TestPlaceOrder(t *testing.T) {
	modified := func(f func(*order.PlaceOrder)) order.PlaceOrder { c := place(); f(&c); return c }
	oneStop := trip(startAt, price.Minor)
	oneStop.Itinerary.Stops = oneStop.Itinerary.Stops[:1]
	run(t, []tc{
		{name: "a valid order is placed with everything its price depends on", when: place(), then: []order.Event{placed()}},
		{name: "a trip number already used is refused", given: []order.Event{placed()}, when: place(), wantErr: order.ErrTripNumberTaken},
		{name: "a malformed trip number is refused", when: modified(func(c *order.PlaceOrder) { c.OrderID = "MSH-0O1IL" }), wantErr: order.ErrInvalidOrder},
		{name: "an order without a reservation is refused", when: modified(func(c *order.PlaceOrder) { c.Reservation = "" }), wantErr: order.ErrInvalidOrder},
		{
			name: "every missing contact detail is reported by field",
			when: modified(func(c *order.PlaceOrder) { c.Contact = order.Contact{}; c.EmailConfirmation = "" }),
			wantErr: fieldErr(map[string][]string{
				"first_name": {order.KeyRequired}, "last_name": {order.KeyRequired}, "email": {order.KeyRequired},
				"email_confirmation": {order.KeyRequired}, "phone": {order.KeyRequired}, "country": {order.KeyRequired},
			}),
		},
		{
			name:    "a country not on the list is refused",
			when:    modified(func(c *order.PlaceOrder) { c.Contact.Country = "Narnia" }),
			wantErr: fieldErr(map[string][]string{"country": {order.KeyCountryInvalid}}),
		},
		{
			name:    "e-mails that do not match are refused",
			when:    modified(func(c *order.PlaceOrder) { c.EmailConfirmation = "other@example.com" }),
			wantErr: fieldErr(map[string][]string{"email_confirmation": {order.KeyEmailsMustMatch}}),
		},
		{
			name: "a malformed e-mail and phone are refused",
			when: modified(func(c *order.PlaceOrder) {
				c.Contact.Email, c.EmailConfirmation, c.Contact.Phone = "mona.example.com", "mona.example.com", "call me"
			}),
			wantErr: fieldErr(map[string][]string{"email": {order.KeyEmailInvalid}, "phone": {order.KeyPhoneInvalid}}),
		},
		{
			name: "the group size is recorded for the driver",
			when: modified(func(c *order.PlaceOrder) { c.Contact.Travellers = 3 }),
			then: []order.Event{func() order.OrderPlaced { p := placed(); p.Contact.Travellers = 3; return p }()},
		},
		{
			name:    "a group larger than any car is refused",
			when:    modified(func(c *order.PlaceOrder) { c.Contact.Travellers = order.MaxTravellers + 1 }),
			wantErr: fieldErr(map[string][]string{"travellers": {order.KeyTravellersInvalid}}),
		},
		{
			name:    "a negative group is refused",
			when:    modified(func(c *order.PlaceOrder) { c.Contact.Travellers = -1 }),
			wantErr: fieldErr(map[string][]string{"travellers": {order.KeyTravellersInvalid}}),
		},
		{
			name:    "terms must be agreed",
			when:    modified(func(c *order.PlaceOrder) { c.TermsAgreed = false }),
			wantErr: fieldErr(map[string][]string{"terms": {order.KeyTermsRequired}}),
		},
		{
			name:    "one destination is not enough",
			when:    modified(func(c *order.PlaceOrder) { c.Trip = oneStop }),
			wantErr: fieldErr(map[string][]string{"destinations": {order.KeyMoreDestinations}}),
		},
		{
			name:    "a pickup point and a rate plan are required",
			when:    modified(func(c *order.PlaceOrder) { c.Trip.Itinerary.Start = order.Point{}; c.Trip.RatePlan.ID = "" }),
			wantErr: fieldErr(map[string][]string{"pickup": {order.KeyPickupRequired}, "rate_plan_id": {order.KeyRateRequired}}),
		},
		{
			name:    "a start sooner than the lead time is refused",
			when:    modified(func(c *order.PlaceOrder) { c.Trip = trip(now.Add(11*time.Hour), price.Minor) }),
			wantErr: fieldErr(map[string][]string{"time": {order.KeyTooSoon}}),
		},
		{
			name:    "a start on a day already past is refused on its date as past, not as too soon",
			when:    modified(func(c *order.PlaceOrder) { c.Trip = trip(time.Date(2026, 11, 1, 10, 0, 0, 0, cairo), price.Minor) }),
			wantErr: fieldErr(map[string][]string{"date": {order.KeyDatePast}}),
		},
		{
			name:    "a start earlier today is refused on its time as past",
			when:    modified(func(c *order.PlaceOrder) { c.Trip = trip(now.Add(-time.Hour), price.Minor) }),
			wantErr: fieldErr(map[string][]string{"time": {order.KeyTimePast}}),
		},
		{
			name:    "a start beyond the booking window is out of range",
			when:    modified(func(c *order.PlaceOrder) { c.Trip = trip(time.Date(2027, 5, 17, 10, 0, 0, 0, cairo), price.Minor) }),
			wantErr: fieldErr(map[string][]string{"date": {order.KeyDateOutOfRange}}),
		},
		{
			name:    "a start on a day without service hours is refused on its date",
			when:    modified(func(c *order.PlaceOrder) { c.Trip = trip(time.Date(2026, 11, 21, 10, 0, 0, 0, cairo), price.Minor) }),
			wantErr: fieldErr(map[string][]string{"date": {order.KeyClosedDay}}),
		},
		{
			name:    "a start outside the service hours of an open day is refused on its time",
			when:    modified(func(c *order.PlaceOrder) { c.Trip = trip(time.Date(2026, 11, 20, 22, 30, 0, 0, cairo), price.Minor) }),
			wantErr: fieldErr(map[string][]string{"time": {order.KeyOutsideServiceHours}}),
		},
		{
			name:    "a day that is not the start's Cairo date is refused",
			when:    modified(func(c *order.PlaceOrder) { c.Trip.Day = "2026-11-21" }),
			wantErr: order.ErrInvalidOrder,
		},
		{
			name:    "an unpriced trip is refused",
			when:    modified(func(c *order.PlaceOrder) { c.Trip.Quote.Total = money.New(0, money.EGP) }),
			wantErr: order.ErrInvalidOrder,
		},
		{name: "other commands on an order that does not exist are refused", when: order.ExpireOrder{}, wantErr: order.ErrOrderNotFound},
	})
}

func TestPayments(t *testing.T) {
	afterHold := now.Add(31 * time.Minute)
	run(t, []tc{
		{name: "a payment is requested for the order's price", given: []order.Event{placed()}, when: order.RequestPayment{
			PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, RedirectURL: "/pay/sandbox/p1", ExpiresAt: now.Add(30 * time.Minute),
		}, then: []order.Event{requested("p1")}},
		{name: "requesting the same payment twice does nothing", given: []order.Event{placed(), requested("p1")}, when: order.RequestPayment{
			PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, RedirectURL: "/pay/sandbox/p1",
		}},
		{name: "a payment for another amount is refused", given: []order.Event{placed()}, when: order.RequestPayment{
			PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: money.New(1, money.EGP), RedirectURL: "/x",
		}, wantErr: order.ErrInvalidAmount},
		{name: "a payment after the hold lapsed is refused", given: []order.Event{placed()}, at: afterHold, when: order.RequestPayment{
			PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, RedirectURL: "/x",
		}, wantErr: order.ErrHoldLapsed},
		{name: "a paid order takes no new payment", given: paidOrder, when: order.RequestPayment{
			PaymentID: "p2", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, RedirectURL: "/x",
		}, wantErr: order.ErrNotAwaitingPayment},
		{name: "a captured payment confirms the order", given: []order.Event{placed(), requested("p1")},
			when: order.RecordPayment{PaymentID: "p1", Provider: "sandbox", ProviderRef: "ref-p1", Amount: price},
			then: []order.Event{received("p1", price)}},
		{name: "a replayed payment changes nothing", given: paidOrder,
			when: order.RecordPayment{PaymentID: "p1", Provider: "sandbox", ProviderRef: "ref-p1", Amount: price}},
		{name: "a payment the order never asked for is refused", given: []order.Event{placed()},
			when: order.RecordPayment{PaymentID: "zz", Amount: price}, wantErr: order.ErrPaymentNotFound},
		{name: "a declined payment fails the order", given: []order.Event{placed(), requested("p1")},
			when: order.RecordPaymentFailure{PaymentID: "p1", Reason: "card_declined"},
			then: []order.Event{order.PaymentFailed{PaymentID: "p1", Purpose: order.PurposeOrder, Reason: "card_declined"}}},
		{name: "a failure after a success changes nothing on the order", given: paidOrder,
			when: order.RecordPaymentFailure{PaymentID: "p1", Reason: "card_declined"}},
		{name: "a repeated failure changes nothing", given: []order.Event{placed(), requested("p1"), order.PaymentFailed{PaymentID: "p1", Purpose: order.PurposeOrder, Reason: "x"}},
			when: order.RecordPaymentFailure{PaymentID: "p1", Reason: "x"}},
		{name: "a success after the order expired needs the car booked again first",
			given: []order.Event{placed(), requested("p1"), order.OrderExpired{Reservation: "res-1", HeldUntil: placed().HoldUntil}},
			when:  order.RecordPayment{PaymentID: "p1", Provider: "sandbox", ProviderRef: "ref-p1", Amount: price}, wantErr: order.ErrCapacityCheckNeeded},
		{name: "a late success confirms the order when the car was booked again",
			given: []order.Event{placed(), requested("p1"), order.OrderExpired{Reservation: "res-1", HeldUntil: placed().HoldUntil}},
			when:  order.RecordPayment{PaymentID: "p1", Provider: "sandbox", ProviderRef: "ref-p1", Amount: price, Capacity: order.CapacityKept},
			then: []order.Event{order.PaymentReceived{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref-p1",
				Amount: price, Late: true, Confirms: true}}},
		{name: "a late success on a full day is kept for an operator to refund",
			given: []order.Event{placed(), requested("p1"), order.PaymentFailed{PaymentID: "p1", Purpose: order.PurposeOrder, Reason: "x"}},
			when:  order.RecordPayment{PaymentID: "p1", Provider: "sandbox", ProviderRef: "ref-p1", Amount: price, Capacity: order.CapacityLost},
			then: []order.Event{
				order.PaymentReceived{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref-p1", Amount: price, Late: true},
				order.OrderNeedsAttention{Reason: order.AttentionPaidWithoutCapacity, PaymentID: "p1", Amount: price},
			}},
		{name: "a second payment of a paid order needs attention", given: with(paidOrder, requested("p2")),
			when: order.RecordPayment{PaymentID: "p2", Provider: "sandbox", ProviderRef: "ref-p2", Amount: price},
			then: []order.Event{
				order.PaymentReceived{PaymentID: "p2", Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref-p2", Amount: price},
				order.OrderNeedsAttention{Reason: order.AttentionDuplicatePayment, PaymentID: "p2", Amount: price},
			}},
	})
}

func TestExpireOrder(t *testing.T) {
	afterHold := now.Add(30 * time.Minute)
	run(t, []tc{
		{name: "an unpaid order expires when its hold lapses", given: []order.Event{placed(), requested("p1")}, at: afterHold,
			when: order.ExpireOrder{}, then: []order.Event{order.OrderExpired{Reservation: "res-1", HeldUntil: placed().HoldUntil}}},
		{name: "an unpaid order within its hold does not expire", given: []order.Event{placed()}, at: now.Add(29 * time.Minute), when: order.ExpireOrder{}},
		{name: "a paid order never expires", given: paidOrder, at: afterHold.Add(time.Hour), when: order.ExpireOrder{}},
		{name: "an expired order expires once", given: []order.Event{placed(), order.OrderExpired{Reservation: "res-1"}}, at: afterHold, when: order.ExpireOrder{}},
	})
}

func TestCancelOrder(t *testing.T) {
	cancelled := func(free bool, bp, due int64) order.OrderCancelled {
		kept := int64(0)
		if !free {
			kept = price.Minor - due
		}
		return order.OrderCancelled{Reason: "plans changed", ByUserID: owner, Free: free, RefundBasisPoints: bp, RefundDue: money.New(due, money.EGP),
			Kept: egp(kept), Reservation: "res-1", InitiatedBy: order.InitiatedByTraveller}
	}
	me := order.Actor{UserID: owner}
	run(t, []tc{
		{name: "cancelling well before the start refunds everything", given: paidOrder,
			when: order.CancelOrder{Actor: me, Reason: "plans changed"}, then: []order.Event{cancelled(true, 10000, price.Minor)}},
		{name: "cancelling exactly at the free window still refunds everything", given: paidOrder, at: startAt.Add(-24 * time.Hour),
			when: order.CancelOrder{Actor: me, Reason: "plans changed"}, then: []order.Event{cancelled(true, 10000, price.Minor)}},
		{name: "cancelling inside the window refunds the policy's share", given: paidOrder, at: startAt.Add(-23 * time.Hour),
			when: order.CancelOrder{Actor: me, Reason: "plans changed"}, then: []order.Event{cancelled(false, 5000, price.Minor/2)}},
		{name: "a trip that started cannot be cancelled", given: paidOrder, at: startAt,
			when: order.CancelOrder{Actor: me}, wantErr: order.ErrTooLateToCancel},
		{name: "an unpaid order is cancelled with nothing to refund", given: []order.Event{placed()},
			when: order.CancelOrder{Actor: me, Reason: "plans changed"}, then: []order.Event{cancelled(true, 10000, 0)}},
		{name: "someone else's order cannot be cancelled", given: paidOrder,
			when: order.CancelOrder{Actor: order.Actor{UserID: "intruder"}}, wantErr: order.ErrNotYourOrder},
		{name: "staff can cancel any order", given: paidOrder,
			when: order.CancelOrder{Actor: order.Actor{UserID: "admin", Staff: true}, Reason: "no driver", InitiatedBy: order.InitiatedByBusiness},
			then: []order.Event{order.OrderCancelled{Reason: "no driver", ByStaff: true, Free: true, RefundBasisPoints: 10000, RefundDue: price, Kept: egp(0), Reservation: "res-1",
				InitiatedBy: order.InitiatedByBusiness}}},
		{name: "staff cancelling a paid trip say why", given: paidOrder,
			when:    order.CancelOrder{Actor: order.Actor{UserID: "admin", Staff: true}, Reason: " ", InitiatedBy: order.InitiatedByBusiness},
			wantErr: fieldErr(map[string][]string{"reason": {order.KeyReasonRequired}})},
		{name: "staff may cancel an unpaid hold without a reason", given: []order.Event{placed()},
			when: order.CancelOrder{Actor: order.Actor{UserID: "admin", Staff: true}},
			then: []order.Event{order.OrderCancelled{ByStaff: true, Free: true, RefundBasisPoints: 10000, RefundDue: money.New(0, money.EGP), Kept: egp(0), Reservation: "res-1"}}},
		{name: "a cancelled order cannot be cancelled again", given: with(paidOrder, cancelled(true, 10000, price.Minor)),
			when: order.CancelOrder{Actor: me}, wantErr: order.ErrNotCancellable},
		{name: "an expired order cannot be cancelled", given: []order.Event{placed(), order.OrderExpired{}},
			when: order.CancelOrder{Actor: me}, wantErr: order.ErrNotCancellable},
	})
}

func TestRefunds(t *testing.T) {
	me := order.Actor{UserID: owner}
	admin := order.Actor{UserID: "admin", Staff: true}
	half := money.New(price.Minor/2, money.EGP)
	run(t, []tc{
		{name: "the traveller can ask for part of the money back", given: paidOrder,
			when: order.RequestRefund{Actor: me, Reason: "driver late", Amount: half},
			then: []order.Event{order.RefundRequested{Reason: "driver late", Amount: half, ByUserID: owner}}},
		{name: "a refund request needs a reason", given: paidOrder, when: order.RequestRefund{Actor: me, Amount: half},
			wantErr: fieldErr(map[string][]string{"reason": {order.KeyReasonRequired}})},
		{name: "a second refund request waits for the first to be answered",
			given:   with(paidOrder, order.RefundRequested{Reason: "driver late", Amount: half, ByUserID: owner}),
			when:    order.RequestRefund{Actor: me, Reason: "driver late", Amount: half},
			wantErr: order.ErrRefundAlreadyRequested},
		{name: "a refund on its way answers the request, and the traveller may ask again for what is left",
			given: with(paidOrder, order.RefundRequested{Reason: "driver late", Amount: half, ByUserID: owner},
				order.RefundOrdered{RefundID: "r1", PaymentID: "p1", Amount: egp(1000), Reason: "goodwill", ByUserID: "admin", ByStaff: true}),
			when: order.RequestRefund{Actor: me, Reason: "still late", Amount: half},
			then: []order.Event{order.RefundRequested{Reason: "still late", Amount: half, ByUserID: owner}}},
		{name: "a cancellation settles the open request, and the traveller may ask again for what it kept",
			given: with(paidOrder, order.RefundRequested{Reason: "driver late", Amount: half, ByUserID: owner},
				order.OrderCancelled{Reason: "plans changed", ByUserID: owner, RefundBasisPoints: 5000, RefundDue: half, Reservation: "res-1"}),
			when: order.RequestRefund{Actor: me, Reason: "please", Amount: egp(1000)},
			then: []order.Event{order.RefundRequested{Reason: "please", Amount: egp(1000), ByUserID: owner}}},
		{name: "a refund request's reason is kept within its limit", given: paidOrder,
			when:    order.RequestRefund{Actor: me, Reason: strings.Repeat("ع", domain.MaxReasonLength+1), Amount: half},
			wantErr: fieldErr(map[string][]string{"reason": {domain.KeyReasonTooLong}})},
		{name: "a staff refund's reason is kept within its limit", given: paidOrder,
			when:    order.OrderRefund{RefundID: "r1", Amount: half, Reason: strings.Repeat("a", domain.MaxReasonLength+1), Actor: admin},
			wantErr: fieldErr(map[string][]string{"reason": {domain.KeyReasonTooLong}})},
		{name: "a cancellation's reason is kept within its limit", given: paidOrder,
			when:    order.CancelOrder{Actor: me, Reason: strings.Repeat("a", domain.MaxReasonLength+1)},
			wantErr: fieldErr(map[string][]string{"reason": {domain.KeyReasonTooLong}})},
		{name: "a refund request cannot exceed what was paid", given: paidOrder,
			when: order.RequestRefund{Actor: me, Reason: "x", Amount: money.New(price.Minor+1, money.EGP)}, wantErr: order.ErrRefundTooLarge},
		{name: "an unpaid order has nothing to refund", given: []order.Event{placed()},
			when: order.RequestRefund{Actor: me, Reason: "x", Amount: half}, wantErr: order.ErrNothingToRefund},
		{name: "a partial refund is issued with its amount and reason", given: paidOrder,
			when: order.IssueRefund{RefundID: "r1", PaymentID: "p1", Amount: half, Reason: "goodwill", ProviderRef: "rf", Actor: admin},
			then: []order.Event{order.RefundIssued{RefundID: "r1", PaymentID: "p1", Amount: half, Reason: "goodwill", ProviderRef: "rf", ByUserID: "admin"}}},
		{name: "issuing the same refund twice does nothing",
			given: with(paidOrder, order.RefundIssued{RefundID: "r1", PaymentID: "p1", Amount: half, Reason: "goodwill"}),
			when:  order.IssueRefund{RefundID: "r1", PaymentID: "p1", Amount: half, Reason: "goodwill", Actor: admin}},
		{name: "refunds never add up to more than the payment",
			given:   with(paidOrder, order.RefundIssued{RefundID: "r1", PaymentID: "p1", Amount: half, Reason: "goodwill"}),
			when:    order.IssueRefund{RefundID: "r2", PaymentID: "p1", Amount: money.New(half.Minor+1, money.EGP), Reason: "more", Actor: admin},
			wantErr: order.ErrRefundTooLarge},
		{name: "a refund needs a reason", given: paidOrder,
			when: order.IssueRefund{RefundID: "r1", PaymentID: "p1", Amount: half, Actor: admin}, wantErr: fieldErr(map[string][]string{"reason": {order.KeyReasonRequired}})},
		{name: "a refund the provider refused needs attention", given: paidOrder,
			when: order.RecordRefundFailure{RefundID: "r1", Amount: half, Reason: "provider down"},
			then: []order.Event{order.RefundFailed{RefundID: "r1", Amount: half, Reason: "provider down"},
				order.OrderNeedsAttention{Reason: order.AttentionRefundFailed, Amount: half}}},
	})
}

func TestExchangeOrder(t *testing.T) {
	me := order.Actor{UserID: owner}
	later := time.Date(2026, 11, 25, 11, 0, 0, 0, cairo)
	cheaper, dearer := trip(later, 120000), trip(later, 180000)
	run(t, []tc{
		{name: "a cheaper exchange happens at once and owes the difference back", given: paidOrder,
			when: order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: cheaper, NewReservation: "res-2", Policy: policy, ServiceHours: hours},
			then: []order.Event{order.OrderExchanged{ExchangeID: "x1", From: trip(startAt, price.Minor), To: cheaper,
				OldReservation: "res-1", NewReservation: "res-2", Difference: money.New(-30000, money.EGP)}}},
		{name: "a dearer exchange waits for the difference to be paid", given: paidOrder,
			when: order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: dearer, NewReservation: "res-2", Policy: policy, ServiceHours: hours},
			then: []order.Event{order.ExchangeRequested{ExchangeID: "x1", To: dearer, NewReservation: "res-2",
				Difference: money.New(30000, money.EGP), HoldUntil: now.Add(30 * time.Minute).UTC()}}},
		{name: "an exchange inside the free window is refused", given: paidOrder, at: startAt.Add(-23 * time.Hour),
			when:    order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: cheaper, NewReservation: "res-2", Policy: policy, ServiceHours: hours},
			wantErr: order.ErrTooLateToExchange},
		{name: "an unpaid order cannot be exchanged", given: []order.Event{placed()},
			when:    order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: cheaper, NewReservation: "res-2", Policy: policy, ServiceHours: hours},
			wantErr: order.ErrNotExchangeable},
		{name: "an exchange to a time outside the service hours is refused", given: paidOrder,
			when:    order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: trip(time.Date(2026, 11, 25, 23, 0, 0, 0, cairo), 120000), NewReservation: "res-2", Policy: policy, ServiceHours: hours},
			wantErr: fieldErr(map[string][]string{"time": {order.KeyOutsideServiceHours}})},
		{name: "an exchange to the trip the order already has is refused", given: paidOrder,
			when:    order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: trip(startAt, price.Minor), NewReservation: "res-1", Policy: policy, ServiceHours: hours},
			wantErr: order.ErrExchangeUnchanged},
		{name: "the same trip at a new price is still no change", given: paidOrder,
			when:    order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: trip(startAt, 120000), NewReservation: "res-1", Policy: policy, ServiceHours: hours},
			wantErr: order.ErrExchangeUnchanged},
		{name: "staff cannot record an unchanged exchange either", given: paidOrder,
			when:    order.ExchangeOrder{ExchangeID: "x1", Actor: order.Actor{UserID: "admin", Staff: true}, To: trip(startAt, price.Minor), NewReservation: "res-1", Policy: policy, ServiceHours: hours},
			wantErr: order.ErrExchangeUnchanged},
		{name: "another rate plan at the same time is a change", given: paidOrder,
			when: order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: withPlan(trip(startAt, 120000), "rp2"), NewReservation: "res-1", Policy: policy, ServiceHours: hours},
			then: []order.Event{order.OrderExchanged{ExchangeID: "x1", From: trip(startAt, price.Minor), To: withPlan(trip(startAt, 120000), "rp2"),
				OldReservation: "res-1", NewReservation: "res-1", Difference: money.New(-30000, money.EGP)}}},
		{name: "a second exchange waits for the first", given: with(paidOrder, order.ExchangeRequested{ExchangeID: "x1", To: dearer, NewReservation: "res-2", Difference: money.New(30000, money.EGP), HoldUntil: now.Add(time.Hour)}),
			when:    order.ExchangeOrder{ExchangeID: "x2", Actor: me, To: cheaper, NewReservation: "res-3", Policy: policy, ServiceHours: hours},
			wantErr: order.ErrExchangePending},
		{name: "paying the difference completes the exchange",
			given: with(paidOrder,
				order.ExchangeRequested{ExchangeID: "x1", To: dearer, NewReservation: "res-2", Difference: money.New(30000, money.EGP), HoldUntil: now.Add(time.Hour)},
				order.PaymentRequested{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox", Amount: money.New(30000, money.EGP), RedirectURL: "/x"}),
			when: order.RecordPayment{PaymentID: "p2", Provider: "sandbox", ProviderRef: "ref-p2", Amount: money.New(30000, money.EGP)},
			then: []order.Event{
				order.PaymentReceived{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox", ProviderRef: "ref-p2", Amount: money.New(30000, money.EGP)},
				order.OrderExchanged{ExchangeID: "x1", From: trip(startAt, price.Minor), To: dearer, OldReservation: "res-1", NewReservation: "res-2", Difference: money.New(30000, money.EGP)},
			}},
		{name: "a failed difference payment abandons the exchange",
			given: with(paidOrder,
				order.ExchangeRequested{ExchangeID: "x1", To: dearer, NewReservation: "res-2", Difference: money.New(30000, money.EGP), HoldUntil: now.Add(time.Hour)},
				order.PaymentRequested{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox", Amount: money.New(30000, money.EGP), RedirectURL: "/x"}),
			when: order.RecordPaymentFailure{PaymentID: "p2", Reason: "card_declined"},
			then: []order.Event{
				order.PaymentFailed{PaymentID: "p2", Purpose: order.PurposeExchange, Reason: "card_declined"},
				order.ExchangeAbandoned{ExchangeID: "x1", NewReservation: "res-2", Day: dearer.Day, Reason: "payment_failed"},
			}},
		{name: "an unpaid exchange lapses with its hold",
			given: with(paidOrder, order.ExchangeRequested{ExchangeID: "x1", To: dearer, NewReservation: "res-2", Difference: money.New(30000, money.EGP), HoldUntil: now.Add(time.Hour)}),
			at:    now.Add(time.Hour), when: order.ExpireOrder{},
			then: []order.Event{order.ExchangeAbandoned{ExchangeID: "x1", NewReservation: "res-2", Day: dearer.Day, Reason: "expired"}}},
	})
}

func TestMoneyOwedFollowsTheHistory(t *testing.T) {
	half := money.New(price.Minor/2, money.EGP)
	tests := []struct {
		name      string
		events    []order.Event
		owed      int64
		attention bool
	}{
		{"a paid order owes nothing", paidOrder, 0, false},
		{"a free cancellation owes everything until refunded",
			with(paidOrder, order.OrderCancelled{Free: true, RefundBasisPoints: 10000, RefundDue: price}), price.Minor, true},
		{"the refund settles the cancellation",
			with(paidOrder, order.OrderCancelled{Free: true, RefundDue: price}, order.RefundIssued{RefundID: "r", PaymentID: "p1", Amount: price}), 0, false},
		{"a late cancellation owes the policy's share",
			with(paidOrder, order.OrderCancelled{RefundBasisPoints: 5000, RefundDue: half}), half.Minor, true},
		{"a payment without a car owes everything",
			[]order.Event{placed(), requested("p1"), order.OrderExpired{},
				order.PaymentReceived{PaymentID: "p1", Purpose: order.PurposeOrder, Amount: price, Late: true},
				order.OrderNeedsAttention{Reason: order.AttentionPaidWithoutCapacity}}, price.Minor, true},
		{"a cheaper exchange owes the difference",
			with(paidOrder, order.OrderExchanged{ExchangeID: "x", To: trip(startAt, 100000), NewReservation: "res-2", Difference: money.New(-50000, money.EGP)}), 50000, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := order.Decider.Fold(tt.events)
			if s.Owed().Minor != tt.owed || s.NeedsAttention() != tt.attention {
				t.Fatalf("owed %d attention %v, want %d %v", s.Owed().Minor, s.NeedsAttention(), tt.owed, tt.attention)
			}
			if parts, ok := s.PlanRefund(s.Owed()); tt.owed > 0 && (!ok || len(parts) != 1 || parts[0].PaymentID != "p1") {
				t.Fatalf("refund plan %v %v", parts, ok)
			}
		})
	}
}

func TestTripNumbers(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		n := order.TripNumberFrom([8]byte{byte(i), byte(i >> 8), 3, 4, 5, 6, 7, 8})
		norm, ok := order.NormalizeTripNumber(n)
		if !ok || norm != n || len(n) != 10 {
			t.Fatalf("%q is not a well-formed trip number", n)
		}
		seen[n] = true
	}
	if len(seen) != 1000 {
		t.Fatalf("%d distinct numbers from 1000 seeds", len(seen))
	}
	for in, want := range map[string]string{"msh-7k3q9p": "MSH-7K3Q9P", " 7K3 Q9P ": "MSH-7K3Q9P", "MSH7K3Q9P": "MSH-7K3Q9P"} {
		if got, ok := order.NormalizeTripNumber(in); !ok || got != want {
			t.Errorf("NormalizeTripNumber(%q) = %q, %v", in, got, ok)
		}
	}
	for _, bad := range []string{"MSH-7K3Q9", "MSH-0K3Q9P", "MSH-IK3Q9P", "", "MSH-7K3Q9PP"} {
		if _, ok := order.NormalizeTripNumber(bad); ok {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestDaysInRange(t *testing.T) {
	evening := time.Date(2026, 11, 16, 13, 0, 0, 0, cairo)
	if policy.InRange("2026-11-16", evening) {
		t.Error("today is in range at 13:00, when the lead time reaches past midnight")
	}
	for day, want := range map[availability.Day]bool{
		"2026-11-15": false, // yesterday
		"2026-11-16": true,  // today: a start from 22:00 on meets the 12-hour lead
		"2026-11-17": true,
		"2027-05-15": true, // today + 180 days
		"2027-05-16": false,
	} {
		if got := policy.InRange(day, now); got != want {
			t.Errorf("InRange(%s) = %v, want %v", day, got, want)
		}
	}
}

func TestContactLimitsCountCharactersNotBytes(t *testing.T) {
	valid := order.Contact{FirstName: "منى", LastName: "زكي", Email: "mona@example.com", Phone: "+201001234567", Country: "EG"}
	check := func(c order.Contact) map[string][]string {
		v := &domain.ValidationError{}
		order.ValidateContact(v, c, c.Email)
		return v.Fields
	}
	c := valid
	c.Comments = strings.Repeat("ع", 2000) // 4,000 bytes
	c.FirstName = strings.Repeat("م", 100)
	if f := check(c); len(f) != 0 {
		t.Fatalf("2,000 Arabic characters of comments and a 100-letter name were refused: %v", f)
	}
	c.Comments = strings.Repeat("ع", 2001)
	c.FirstName = valid.FirstName
	c.LastName = strings.Repeat("ز", 101)
	f := check(c)
	if len(f["comments"]) != 1 || len(f["last_name"]) != 1 || len(f["first_name"]) != 0 {
		t.Fatalf("too long comments and last name: %v", f)
	}
}

// A refund larger than what is left says how much is left: 100 asked after 400 of 452.20 went back.
func TestARefundTooLargeSaysHowMuchIsLeftToRefund(t *testing.T) {
	paid := money.New(45220, money.EGP)
	given := []order.Event{placed(), requested("p1"), received("p1", paid),
		order.RefundIssued{RefundID: "r1", PaymentID: "p1", Amount: money.New(40000, money.EGP), Reason: "goodwill"}}
	left := money.New(5220, money.EGP)
	admin := order.Actor{UserID: "admin", Staff: true}
	for name, cmd := range map[string]order.Command{
		"asked for":    order.RequestRefund{Actor: order.Actor{UserID: owner}, Reason: "x", Amount: money.New(10000, money.EGP)},
		"from payment": order.IssueRefund{RefundID: "r2", PaymentID: "p1", Amount: money.New(10000, money.EGP), Reason: "more", Actor: admin},
	} {
		_, err := order.Decider.Decide(order.Decider.Fold(given), cmd, now)
		var de *domain.Error
		if !errors.Is(err, order.ErrRefundTooLarge) || !errors.As(err, &de) || len(de.Args) != 1 || de.Args[0] != left {
			t.Errorf("%s: %#v, want ErrRefundTooLarge saying %v is left", name, err, left)
		}
	}
}

func TestAnOrdersListIsFilteredByAStatusAnOrderCanHave(t *testing.T) {
	for _, s := range []string{"", "awaiting_payment", "confirmed", "payment_failed", "expired", "cancelled", "completed"} {
		if err := order.CheckStatusFilter(s); err != nil {
			t.Errorf("given the filter %q, then it is accepted; got %v", s, err)
		}
	}
	for _, s := range []string{"bogus", "Confirmed", "paid", " confirmed"} {
		var ve *domain.ValidationError
		if err := order.CheckStatusFilter(s); !errors.As(err, &ve) || len(ve.Fields["status"]) != 1 {
			t.Errorf("given the filter %q, then it is the status field's error; got %v", s, err)
		}
	}
}

// The contact is greeted by name in mails to an address nobody confirmed: a name is a name, not a
// message of the sender's own.
func TestAContactsNameIsWrittenAsNamesAre(t *testing.T) {
	base := order.Contact{FirstName: "Mona", LastName: "El-Sayed", Email: "m@example.com", Phone: "+201001234567", Country: "EG"}
	for _, c := range []struct {
		first, last string
		field       string
	}{
		{"منى", "زكي", ""},
		{"Jean-Luc", "O'Neil", ""},
		{"Card charged twice! Refund: evil.example/r", "Go", "first_name"},
		{"Mona", "<a href=x>", "last_name"},
		{"Mona", "Zaki\r\nBcc: x@example.com", "last_name"},
	} {
		contact := base
		contact.FirstName, contact.LastName = c.first, c.last
		v := &domain.ValidationError{}
		order.ValidateContact(v, contact, contact.Email)
		switch {
		case c.field == "" && v.Err() != nil:
			t.Errorf("given the name %q %q, then it is accepted; got %v", c.first, c.last, v.Fields)
		case c.field != "" && (len(v.Fields) != 1 || len(v.Fields[c.field]) != 1 || v.Fields[c.field][0] != domain.KeyNameInvalid):
			t.Errorf("given the name %q %q, then %s is refused as not a name; got %v", c.first, c.last, c.field, v.Fields)
		}
	}
}

func TestAnOrderIsShownInACurrencyTheSiteShowsPricesIn(t *testing.T) {
	for c, ok := range map[money.Currency]bool{"": true, money.EGP: true, money.USD: true, money.SAR: true, "XYZ": false, "egp": false} {
		v := &domain.ValidationError{}
		order.ValidateDisplayCurrency(v, c)
		if got := v.Err() == nil; got != ok {
			t.Errorf("given the display currency %q, then accepted %v; want %v (%v)", c, got, ok, v.Fields)
		}
	}
}
