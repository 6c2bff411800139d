package dispatch

import (
	"fmt"
	"slices"
	"time"

	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/catalogue"
)

// A driver runs one trip at a time: a start (or a trip on the road handed to them) while another of
// their trips runs is refused, naming the trip to finish first. Before this rule a driver could start
// their afternoon trip while still with the morning's travellers, and its traveller was told the
// driver was on the way.
const (
	KeyFinishTripFirst     = "dispatch.finish_trip_first"
	KeyDriverOnAnotherTrip = "dispatch.driver_on_another_trip"
)

// Sentinels of the refusals above (errors.Is matches them whatever trip they name).
var (
	ErrFinishTripFirst     = domain.Conflict(KeyFinishTripFirst)
	ErrDriverOnAnotherTrip = domain.Conflict(KeyDriverOnAnotherTrip)
)

// Running reports whether a trip at status is running: from its start until it is completed (the
// trip its driver must finish before starting another).
func Running(status Status) bool { return SharesPosition(status) }

// DriverDay commands.
type (
	DriverDayCommand interface{ isDriverDayCommand() }

	// BookDriverDay takes one of the driver's trips on the day for an order. TripsPerDay comes from
	// the driver's record as it is now; StartAt and EndAt are the trip's (refused when it overlaps a
	// trip the driver already carries; zero: not known, nothing to compare).
	BookDriverDay struct {
		DriverID    string
		Day         availability.Day
		OrderID     string
		TripsPerDay int
		StartAt     time.Time
		EndAt       time.Time
		// Ended are the driver's trips of the day that have ended, with when: a trip the driver
		// completed early frees them from then, whatever its planned end.
		Ended map[string]time.Time
		// OnTheRoad books a trip already under way (handed over): the driver sets off on it at once
		// (DriverSetOff), so it is refused while another of their trips runs (ErrDriverOnAnotherTrip).
		OnTheRoad bool
		// Neighbours are the driver's days before and after Day as they stand (their own streams): a
		// trip that runs past midnight occupies the driver on the next day too, so the overlap rule
		// looks at the trips of both days beside Day's own. Their ended trips are in Ended as well.
		// They are only read: what keeps two bookings at once on two days apart is the carry-over
		// (CarryOverDriverDay), decided on the next day's own stream.
		Neighbours []DriverDayState
	}
	// CarryOverDriverDay records on Day that the driver's trip of the day before (FromDay, the
	// order's) runs past midnight into it, until EndAt (CarriesOver). It is decided on Day's own
	// stream, so a booking there and the carry-over are kept apart whatever runs at the same time:
	// it is refused (ErrDriverBusy, naming the trip) when it overlaps a trip the driver carries on
	// Day, and a booking on Day is refused while a carry-over overlaps it. The caller books FromDay
	// first and gives it back when the carry-over is refused. Ended are Day's trips that have ended,
	// as BookDriverDay's. Carried over again at other times, it takes them.
	CarryOverDriverDay struct {
		DriverID string
		Day      availability.Day
		FromDay  availability.Day
		OrderID  string
		StartAt  time.Time
		EndAt    time.Time
		Ended    map[string]time.Time
	}
	// DropCarryOver: the order's trip of the day before no longer runs into this day (it was given
	// back, or retimed to be back by midnight). A day that carries none over changes nothing.
	DropCarryOver struct {
		OrderID string
	}
	// SetOff records the driver setting off on the order's trip (its start): a driver runs one trip
	// at a time, so it is refused while another of their trips that day runs (ErrFinishTripFirst,
	// naming it). A trip runs from its start (or from being handed to the driver) until it is given
	// back (released: completed trips' Ended, cancelled, handed over, unassigned). Ended are the
	// driver's trips of the day that have been completed, as BookDriverDay's.
	SetOff struct {
		DriverID string
		Day      availability.Day
		OrderID  string
		Ended    map[string]time.Time
	}
	// ReleaseDriverDay gives the order's trip back (unassigned, or the assignment failed). Cause is
	// set when a rule took the driver off the trip (the trip moved to another day): the release
	// records it beside the Reason.
	ReleaseDriverDay struct {
		OrderID string
		Reason  string
		Cause   *Cause
	}
	// RetimeDriverDay moves the order's booked trip to its new times on the same day (the order was
	// exchanged within its day, or its trip's length changed). When the new times overlap another
	// trip the driver carries that day, the driver cannot drive both: the order's booking is
	// released (DriverDayReleased, its Cause CauseTimesOverlap naming the other trip and its times,
	// its Reason saying the same in English) rather than
	// double-booked, and the caller takes the trip back from the driver for an operator to assign
	// another. An order the day does not carry, or times that did not change, change nothing.
	// The new times are compared with the driver's days before and after as well (Neighbours, as
	// BookDriverDay's); the next day's stream decides a run past midnight (CarryOverDriverDay).
	RetimeDriverDay struct {
		OrderID    string
		StartAt    time.Time
		EndAt      time.Time
		Neighbours []DriverDayState
	}
)

func (BookDriverDay) isDriverDayCommand()      {}
func (SetOff) isDriverDayCommand()             {}
func (ReleaseDriverDay) isDriverDayCommand()   {}
func (RetimeDriverDay) isDriverDayCommand()    {}
func (CarryOverDriverDay) isDriverDayCommand() {}
func (DropCarryOver) isDriverDayCommand()      {}

// DriverDay events.
type (
	DriverDayEvent interface{ isDriverDayEvent() }

	DriverDayBooked struct {
		DriverID    string           `json:"driver_id"`
		Day         availability.Day `json:"day"`
		OrderID     string           `json:"order_id"`
		TripsPerDay int              `json:"trips_per_day"`
		BookedAt    time.Time        `json:"booked_at"`
		// StartAt and EndAt are the trip's times (absent on bookings recorded before they were).
		StartAt time.Time `json:"start_at,omitzero"`
		EndAt   time.Time `json:"end_at,omitzero"`
	}
	// DriverDayReleased: the order's trip is given back. Reason says why in English; Cause, when a
	// rule released it, says it as data (absent on releases recorded before causes were).
	DriverDayReleased struct {
		DriverID   string           `json:"driver_id"`
		Day        availability.Day `json:"day"`
		OrderID    string           `json:"order_id"`
		Reason     string           `json:"reason,omitempty"`
		Cause      *Cause           `json:"cause,omitempty"`
		ReleasedAt time.Time        `json:"released_at"`
	}
	// DriverDayRetimed: the order's trip the driver carries that day now goes at other times (From*
	// are the times it was booked at; zero when the booking had none).
	DriverDayRetimed struct {
		DriverID    string           `json:"driver_id"`
		Day         availability.Day `json:"day"`
		OrderID     string           `json:"order_id"`
		FromStartAt time.Time        `json:"from_start_at,omitzero"`
		FromEndAt   time.Time        `json:"from_end_at,omitzero"`
		StartAt     time.Time        `json:"start_at"`
		EndAt       time.Time        `json:"end_at,omitzero"`
		RetimedAt   time.Time        `json:"retimed_at"`
	}
	// DriverSetOff: the driver set off on the order's trip (started it, or took it over on the road):
	// it is the trip they run until it is completed or given back.
	DriverSetOff struct {
		DriverID string           `json:"driver_id"`
		Day      availability.Day `json:"day"`
		OrderID  string           `json:"order_id"`
		SetOffAt time.Time        `json:"set_off_at"`
	}
	// DriverDayCarriedOver: the driver's trip of the day before (FromDay) runs into this day until
	// EndAt, so the driver is busy until then; it is not one of the day's own trips.
	DriverDayCarriedOver struct {
		DriverID  string           `json:"driver_id"`
		Day       availability.Day `json:"day"`
		FromDay   availability.Day `json:"from_day"`
		OrderID   string           `json:"order_id"`
		StartAt   time.Time        `json:"start_at"`
		EndAt     time.Time        `json:"end_at"`
		CarriedAt time.Time        `json:"carried_at"`
	}
	// DriverDayCarryOverDropped: the order's trip of the day before no longer runs into this day.
	DriverDayCarryOverDropped struct {
		DriverID  string           `json:"driver_id"`
		Day       availability.Day `json:"day"`
		OrderID   string           `json:"order_id"`
		DroppedAt time.Time        `json:"dropped_at"`
	}
)

func (DriverDayBooked) isDriverDayEvent()           {}
func (DriverDayReleased) isDriverDayEvent()         {}
func (DriverDayRetimed) isDriverDayEvent()          {}
func (DriverSetOff) isDriverDayEvent()              {}
func (DriverDayCarriedOver) isDriverDayEvent()      {}
func (DriverDayCarryOverDropped) isDriverDayEvent() {}

// DriverDayState is the orders a driver carries on one day, with their trips' times.
type DriverDayState struct {
	driverID string
	day      availability.Day
	orders   []string
	booked   []booking
	// carried are the trips of the day before that run into this day (DriverDayCarriedOver).
	carried []booking
	// running is the order whose trip the driver set off on and has not given back ("": none).
	running string
}

type booking struct {
	order      string
	start, end time.Time
}

// Orders are the orders the driver carries that day, in booking order.
func (s DriverDayState) Orders() []string { return slices.Clone(s.orders) }

// Running is the order whose trip the driver set off on and has not given back ("" when none); a
// trip completed since still reads as running here (its completion is on the trip's stream: see
// SetOff's Ended).
func (s DriverDayState) Running() string { return s.running }

// runningBesides is the trip the driver runs other than orderID's, unless it has ended.
func (s DriverDayState) runningBesides(orderID string, ended map[string]time.Time) (string, bool) {
	if s.running == "" || s.running == orderID {
		return "", false
	}
	if _, done := ended[s.running]; done {
		return "", false
	}
	return s.running, true
}

// NeighbourDays are the days before and after day (BookDriverDay's Neighbours): none for a day that
// is not a date.
func NeighbourDays(day availability.Day) []availability.Day {
	d, err := time.Parse(time.DateOnly, string(day))
	if err != nil {
		return nil
	}
	return []availability.Day{availability.DayOf(d.AddDate(0, 0, -1)), availability.DayOf(d.AddDate(0, 0, 1))}
}

// CarriesOver reports the day after day when a trip on day from start to end is due back after its
// midnight in Cairo (a trip of unknown length takes a minute): the day the trip is carried over to.
func CarriesOver(day availability.Day, start, end time.Time) (availability.Day, bool) {
	if start.IsZero() {
		return "", false
	}
	d, err := day.Time(catalogue.Cairo)
	if err != nil {
		return "", false
	}
	next := d.AddDate(0, 0, 1)
	if !tripEnd(start, end).After(next) {
		return "", false
	}
	return availability.DayOf(next), true
}

// DriverDay is the decider of one driver's day.
var DriverDay = domain.Decider[DriverDayState, DriverDayCommand, DriverDayEvent]{
	Initial: func() DriverDayState { return DriverDayState{} },
	Decide:  DecideDriverDay,
	Evolve:  EvolveDriverDay,
}

// DecideDriverDay books or releases one of the driver's trips of the day.
func DecideDriverDay(s DriverDayState, cmd DriverDayCommand, now time.Time) ([]DriverDayEvent, error) {
	now = now.UTC()
	switch c := cmd.(type) {
	case BookDriverDay:
		if c.OnTheRoad {
			if other, busy := s.runningBesides(c.OrderID, c.Ended); busy {
				return nil, domain.ConflictWith(KeyDriverOnAnotherTrip, other)
			}
		}
		var events []DriverDayEvent
		if !slices.Contains(s.orders, c.OrderID) {
			if len(s.orders) >= max(c.TripsPerDay, 1) {
				return nil, ErrDriverFullyBooked
			}
			if err := s.busy(c.StartAt, c.EndAt, "", c.Ended); err != nil {
				return nil, err
			}
			for _, n := range c.Neighbours {
				if err := n.busy(c.StartAt, c.EndAt, c.OrderID, c.Ended); err != nil {
					return nil, err
				}
			}
			events = append(events, DriverDayBooked{DriverID: c.DriverID, Day: c.Day, OrderID: c.OrderID, TripsPerDay: c.TripsPerDay, BookedAt: now,
				StartAt: c.StartAt.UTC(), EndAt: c.EndAt.UTC()})
		}
		if c.OnTheRoad && s.running != c.OrderID {
			events = append(events, DriverSetOff{DriverID: c.DriverID, Day: c.Day, OrderID: c.OrderID, SetOffAt: now})
		}
		return events, nil
	case SetOff:
		if s.running == c.OrderID || !slices.Contains(s.orders, c.OrderID) {
			// Set off already; or a trip the day no longer carries (given back while the start was
			// on its way: the trip refuses the start) never becomes the one running.
			return nil, nil
		}
		if other, busy := s.runningBesides(c.OrderID, c.Ended); busy {
			return nil, domain.ConflictWith(KeyFinishTripFirst, other)
		}
		return []DriverDayEvent{DriverSetOff{DriverID: c.DriverID, Day: c.Day, OrderID: c.OrderID, SetOffAt: now}}, nil
	case ReleaseDriverDay:
		if !slices.Contains(s.orders, c.OrderID) {
			return nil, nil
		}
		return []DriverDayEvent{DriverDayReleased{DriverID: s.driverID, Day: s.day, OrderID: c.OrderID, Reason: c.Reason, Cause: c.Cause, ReleasedAt: now}}, nil
	case RetimeDriverDay:
		return s.retime(c, now), nil
	case CarryOverDriverDay:
		start, end := c.StartAt.UTC(), c.EndAt.UTC()
		if i := slices.IndexFunc(s.carried, func(b booking) bool { return b.order == c.OrderID }); i >= 0 &&
			s.carried[i].start.Equal(start) && s.carried[i].end.Equal(end) {
			return nil, nil
		}
		if err := s.busy(start, end, c.OrderID, c.Ended); err != nil {
			return nil, err
		}
		return []DriverDayEvent{DriverDayCarriedOver{DriverID: c.DriverID, Day: c.Day, FromDay: c.FromDay, OrderID: c.OrderID,
			StartAt: start, EndAt: end, CarriedAt: now}}, nil
	case DropCarryOver:
		if !slices.ContainsFunc(s.carried, func(b booking) bool { return b.order == c.OrderID }) {
			return nil, nil
		}
		return []DriverDayEvent{DriverDayCarryOverDropped{DriverID: s.driverID, Day: s.day, OrderID: c.OrderID, DroppedAt: now}}, nil
	default:
		panic(fmt.Sprintf("dispatch: unknown driver day command %T", cmd))
	}
}

// retime decides RetimeDriverDay.
func (s DriverDayState) retime(c RetimeDriverDay, now time.Time) []DriverDayEvent {
	i := slices.IndexFunc(s.booked, func(b booking) bool { return b.order == c.OrderID })
	if i < 0 || c.StartAt.IsZero() {
		return nil
	}
	was := s.booked[i]
	start, end := c.StartAt.UTC(), c.EndAt.UTC()
	if was.start.Equal(start) && was.end.Equal(end) {
		return nil
	}
	for _, d := range append([]DriverDayState{s}, c.Neighbours...) {
		if cause, ok := d.Overlap(start, end, c.OrderID); ok {
			return []DriverDayEvent{DriverDayReleased{DriverID: s.driverID, Day: s.day, OrderID: c.OrderID, Reason: cause.Text(), Cause: cause, ReleasedAt: now}}
		}
	}
	return []DriverDayEvent{DriverDayRetimed{DriverID: s.driverID, Day: s.day, OrderID: c.OrderID, FromStartAt: was.start, FromEndAt: was.end,
		StartAt: start, EndAt: end, RetimedAt: now}}
}

// Overlap is the cause (CauseTimesOverlap) of order except's trip at start–end being taken off the
// driver because it overlaps another trip the driver carries on the day s (its own or carried over).
func (s DriverDayState) Overlap(start, end time.Time, except string) (*Cause, bool) {
	other, ok := s.overlapping(start.UTC(), end.UTC(), except, nil)
	if !ok {
		return nil, false
	}
	return TimesOverlap(other.order, other.start, tripEnd(other.start, other.end)), true
}

// EvolveDriverDay folds one event into the state.
func EvolveDriverDay(s DriverDayState, e DriverDayEvent) DriverDayState {
	switch ev := e.(type) {
	case DriverDayBooked:
		s.driverID, s.day = ev.DriverID, ev.Day
		s.orders = append(slices.Clone(s.orders), ev.OrderID)
		s.booked = append(slices.Clone(s.booked), booking{order: ev.OrderID, start: ev.StartAt, end: ev.EndAt})
	case DriverDayReleased:
		if s.running == ev.OrderID {
			s.running = ""
		}
		s.orders = slices.DeleteFunc(slices.Clone(s.orders), func(o string) bool { return o == ev.OrderID })
		s.booked = slices.DeleteFunc(slices.Clone(s.booked), func(b booking) bool { return b.order == ev.OrderID })
	case DriverSetOff:
		s.driverID, s.day, s.running = ev.DriverID, ev.Day, ev.OrderID
	case DriverDayRetimed:
		s.booked = slices.Clone(s.booked)
		for i, b := range s.booked {
			if b.order == ev.OrderID {
				s.booked[i] = booking{order: b.order, start: ev.StartAt, end: ev.EndAt}
			}
		}
	case DriverDayCarriedOver:
		if s.driverID == "" {
			s.driverID, s.day = ev.DriverID, ev.Day
		}
		s.carried = append(slices.DeleteFunc(slices.Clone(s.carried), func(b booking) bool { return b.order == ev.OrderID }),
			booking{order: ev.OrderID, start: ev.StartAt, end: ev.EndAt})
	case DriverDayCarryOverDropped:
		s.carried = slices.DeleteFunc(slices.Clone(s.carried), func(b booking) bool { return b.order == ev.OrderID })
	default:
		panic(fmt.Sprintf("dispatch: unknown driver day event %T", e))
	}
	return s
}
