// Package dispatch decides who drives a confirmed order and how far the trip has come. Three small
// deciders live here:
//
//   - Trip, one stream per order ("dispatch-MSH-7K3Q9P"): a driver assigned or unassigned by an
//     operator, then the trip started, the travellers picked up, each stop reached in order, and the
//     trip completed, each step by the assigned driver only, on the trip's day (window.go) and only
//     while its order goes ahead; or the trip cancelled because its order was. This is the source of
//     live trip tracking.
//   - DriverDay, one stream per driver and day ("driverday-<driver>-2026-11-18"): how many trips the
//     driver has taken that day, and which of them they run now. A driver is never booked beyond their
//     trips per day, nor runs two trips at once, because the decisions are made on this stream with
//     its expected version, never from a read model.
//   - DriverAccount, one stream per driver ("driveraccount-<driver>"): which sign-in account is the
//     driver's, so the driver's screen shows them their own trips.
//
// Nothing here does I/O or reads a clock: the order's facts, the driver's record and the time come in
// the commands and are recorded in the events, so history reads the same after the catalogue changes.
package dispatch

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/catalogue"
)

// Refusals. Keys name messages in internal/i18n (catalog_dispatch.go).
var (
	ErrOrderNotConfirmed  = domain.Conflict("dispatch.order_not_confirmed")
	ErrDriverNotFound     = domain.NotFound("dispatch.driver_not_found")
	ErrDriverNotWorking   = domain.Conflict("dispatch.driver_not_working")
	ErrDriverHasNoAccount = domain.Conflict("dispatch.driver_has_no_account")
	ErrDriverFullyBooked  = domain.Conflict("dispatch.driver_fully_booked")
	ErrAlreadyAssigned    = domain.Conflict("dispatch.already_assigned")
	ErrNotAssigned        = domain.Conflict("dispatch.not_assigned")
	ErrTripUnderway       = domain.Conflict("dispatch.trip_underway")
	ErrNotYourTrip        = domain.Forbidden("dispatch.not_your_trip")
	ErrOutOfOrder         = domain.Conflict("dispatch.out_of_order")
	ErrTripCompleted      = domain.Conflict("dispatch.trip_completed")
	ErrUnknownStep        = domain.Invalid("dispatch.unknown_step")
	ErrNoSuchStop         = domain.Invalid("dispatch.no_such_stop")
	ErrAccountNotDriver   = domain.Invalid("dispatch.account_not_driver")
	// ErrDriverAccountLapsed: the account linked to the driver is no longer a driver's.
	ErrDriverAccountLapsed = domain.Conflict("dispatch.driver_account_lapsed")
	// ErrNotUnderway: a hand-over is for a trip on the road; before it starts, the operator takes the
	// driver off and assigns another.
	ErrNotUnderway = domain.Conflict("dispatch.not_underway")
	// ErrSameDriver: the trip is handed over to the driver who has it.
	ErrSameDriver = domain.Conflict("dispatch.same_driver")
)

// KeyHandOverReasonRequired: a hand-over says why (a breakdown, an accident), for the team and a dispute.
const KeyHandOverReasonRequired = "dispatch.handover_reason_required"

// Status is where a trip is.
type Status string

const (
	StatusUnassigned Status = "unassigned"
	StatusAssigned   Status = "assigned"
	StatusStarted    Status = "started"
	StatusPickedUp   Status = "picked_up"
	StatusAtStop     Status = "at_stop"
	StatusCompleted  Status = "completed"
	// StatusCancelled: the order was cancelled and its trip taken off the road (driver released).
	StatusCancelled Status = "cancelled"
)

// OrderFacts is what dispatch needs of an order, as the order's stream says now.
type OrderFacts struct {
	OrderID string
	// Confirmed: the order is paid (confirmed) and not cancelled. Dispatch is an operator's act on a
	// confirmed order; anything else is refused.
	Confirmed bool
	// Cancelled: the order was cancelled; its trip must not start (or go on).
	Cancelled bool
	Day       availability.Day
	StartAt   time.Time
	// OwnerID is the traveller's account ("" for an order placed without one).
	OwnerID string
	Stops   []string
	// EndAt is when the trip is due back (StartAt plus the quoted duration; zero: not known).
	EndAt time.Time
	// Travellers is the group size (0: not given); Class the class of car booked.
	Travellers int
	Class      VehicleClass
}

// Driver is the driver as the catalogue described them at assignment, with their sign-in account.
type Driver struct {
	ID          string         `json:"id"`
	UserID      string         `json:"user_id"`
	Name        string         `json:"name"`
	NameAR      string         `json:"name_ar,omitempty"`
	Phone       string         `json:"phone"`
	Vehicle     string         `json:"vehicle"`
	VehicleAR   string         `json:"vehicle_ar,omitempty"`
	Plate       string         `json:"plate"`
	Seats       int            `json:"seats"`
	TripsPerDay int            `json:"trips_per_day"`
	WorkingDays []time.Weekday `json:"-"`
	Active      bool           `json:"-"`
	// AccountRole is the role the linked account has now ("" when not looked up): an account that
	// stopped being a driver's cannot take trips, though the link remains.
	AccountRole string `json:"-"`
}

// DriverFrom builds the Driver of a catalogue record and the account linked to it.
func DriverFrom(id string, f catalogue.DriverFields, userID string) Driver {
	return Driver{ID: id, UserID: userID, Name: f.Name.En, NameAR: f.Name.Ar, Phone: f.Phone, Vehicle: f.Vehicle.En, VehicleAR: f.Vehicle.Ar,
		Plate: f.Plate, Seats: f.Seats, TripsPerDay: max(f.TripsPerDay, 1), WorkingDays: f.WorkingDays, Active: f.Active}
}

// NameIn is the driver's name in lang ("ar" or "en"): the Arabic one when the catalogue has it.
func (d Driver) NameIn(lang string) string { return inLang(lang, d.Name, d.NameAR) }

// VehicleIn is the driver's car in lang, as NameIn. Assignments recorded before the car had its
// Arabic words kept name it in English.
func (d Driver) VehicleIn(lang string) string { return inLang(lang, d.Vehicle, d.VehicleAR) }

func inLang(lang, en, ar string) string {
	if lang == "ar" && ar != "" {
		return ar
	}
	return en
}

// Actor is who asks. DriverID is the catalogue driver the asking account drives for now (the
// driver's account link, read by the application), empty for anyone else: a trip belongs to its
// driver, not to whichever account was linked to the driver when the trip was assigned.
type Actor struct {
	UserID   string
	Role     string
	DriverID string
}

// SystemActor is the user id the processes act under: a trip taken back with it was taken back by
// a rule (an exchange), not by a person.
const SystemActor = "system"

// Steps a driver takes, in this order (ArriveAtStop once per stop).
const (
	StepStart    = "start"
	StepPickUp   = "pickup"
	StepArrive   = "arrive"
	StepComplete = "complete"
)

// Trip commands.
type (
	TripCommand interface{ isTripCommand() }

	// AssignDriver gives a confirmed order to a driver who works that day and whose car fits the
	// order (CheckVehicle). The caller has booked the driver's day (DriverDay) first. Override, a
	// staff member's reason, sends a car that does not fit anyway: the assignment records it.
	AssignDriver struct {
		Order    OrderFacts
		Driver   Driver
		By       Actor
		Override string
	}
	// UnassignDriver takes the trip back from its driver before it starts. DriverID, when set, takes
	// it back only from that driver: a trip with no driver, or given to another since, changes
	// nothing (a driver's day that released the trip on its own, RetimeDriverDay, sends it, with
	// the release's Cause). Reason is the operator's words, or the rule's in English beside Cause.
	UnassignDriver struct {
		By       Actor
		Reason   string
		Cause    *Cause
		DriverID string
	}
	// The driver's steps. Order is the order as its stream says now (a cancelled order's trip does
	// not go on; an exchanged order's trip goes on its new day); Lead is how long before the pickup
	// the trip may start (Window).
	StartTrip struct {
		By    Actor
		Order OrderFacts
		Lead  time.Duration
	}
	PickUpTravellers struct {
		By    Actor
		Order OrderFacts
		Lead  time.Duration
	}
	// ArriveAtStop records the driver at the Stop-th stop (1-based), the next one in order.
	ArriveAtStop struct {
		By    Actor
		Stop  int
		Order OrderFacts
		Lead  time.Duration
	}
	CompleteTrip struct {
		By    Actor
		Order OrderFacts
		Lead  time.Duration
	}
	// HandOverTrip gives a trip on the road (started, travellers on board or at a stop) to another
	// driver, who goes on from where it is: the car broke down, the driver fell ill. Reason is
	// required; the new driver must work that day and their car fit the order, or Override says why
	// it is sent anyway (as AssignDriver). The caller books the new driver's day first and frees the
	// former driver's after.
	HandOverTrip struct {
		Order    OrderFacts
		Driver   Driver
		By       Actor
		Reason   string
		Override string
	}
	// MoveTrip follows the order to another day (an exchange): the driver booked for the old day is
	// released (Cause CauseMovedToDay), for an operator to assign one who works the new day. Issued by
	// the order ↔ trip process; a trip with no driver, or moved within its day, keeps what it has.
	MoveTrip struct {
		Day    availability.Day
		Reason string
		By     Actor
	}
	// CancelTrip takes the trip of a cancelled order off the road, whatever step it is at: the
	// driver is released. Issued by the order ↔ trip process (processes/ordertrip) when the order's
	// cancellation reaches it; a trip with nothing to release (no driver, already completed or
	// cancelled) is left as it is.
	CancelTrip struct {
		OrderID string
		Reason  string
		By      Actor
	}
)

func (AssignDriver) isTripCommand()     {}
func (UnassignDriver) isTripCommand()   {}
func (StartTrip) isTripCommand()        {}
func (PickUpTravellers) isTripCommand() {}
func (ArriveAtStop) isTripCommand()     {}
func (CompleteTrip) isTripCommand()     {}
func (HandOverTrip) isTripCommand()     {}
func (MoveTrip) isTripCommand()         {}
func (CancelTrip) isTripCommand()       {}

// Trip events. Field names are the stored JSON.
type (
	TripEvent interface{ isTripEvent() }

	DriverAssigned struct {
		OrderID    string           `json:"order_id"`
		Day        availability.Day `json:"day"`
		StartAt    time.Time        `json:"start_at"`
		OwnerID    string           `json:"owner_id,omitempty"`
		Stops      []string         `json:"stops"`
		Driver     Driver           `json:"driver"`
		ByUserID   string           `json:"by_user_id"`
		AssignedAt time.Time        `json:"assigned_at"`
		// SeatsNeeded is what the order's class or group needed (0 on assignments recorded before
		// the car was matched); VehicleOverride is set when staff sent a car that did not fit.
		SeatsNeeded     int              `json:"seats_needed,omitempty"`
		VehicleOverride *VehicleOverride `json:"vehicle_override,omitempty"`
	}
	// DriverUnassigned: the trip was taken back from its driver. Reason is an operator's words or,
	// when a rule took the driver off (by SystemActor), the rule's in English with Cause beside it as
	// data (absent on events recorded before causes were).
	DriverUnassigned struct {
		OrderID      string           `json:"order_id"`
		Day          availability.Day `json:"day"`
		DriverID     string           `json:"driver_id"`
		Reason       string           `json:"reason,omitempty"`
		Cause        *Cause           `json:"cause,omitempty"`
		ByUserID     string           `json:"by_user_id"`
		UnassignedAt time.Time        `json:"unassigned_at"`
	}
	// TripHandedOver: a trip on the road went from FromDriverID to Driver, who goes on from the step
	// it had reached. Fields as DriverAssigned's.
	TripHandedOver struct {
		OrderID         string           `json:"order_id"`
		Day             availability.Day `json:"day"`
		FromDriverID    string           `json:"from_driver_id"`
		Driver          Driver           `json:"driver"`
		Reason          string           `json:"reason"`
		ByUserID        string           `json:"by_user_id"`
		HandedOverAt    time.Time        `json:"handed_over_at"`
		SeatsNeeded     int              `json:"seats_needed,omitempty"`
		VehicleOverride *VehicleOverride `json:"vehicle_override,omitempty"`
	}
	TripStarted struct {
		OrderID   string    `json:"order_id"`
		DriverID  string    `json:"driver_id"`
		StartedAt time.Time `json:"started_at"`
	}
	TravellersPickedUp struct {
		OrderID    string    `json:"order_id"`
		DriverID   string    `json:"driver_id"`
		PickedUpAt time.Time `json:"picked_up_at"`
	}
	ArrivedAtStop struct {
		OrderID   string    `json:"order_id"`
		DriverID  string    `json:"driver_id"`
		Stop      int       `json:"stop"`
		Name      string    `json:"name"`
		ArrivedAt time.Time `json:"arrived_at"`
	}
	TripCompleted struct {
		OrderID     string    `json:"order_id"`
		DriverID    string    `json:"driver_id"`
		CompletedAt time.Time `json:"completed_at"`
	}
	// TripCancelled: the order was cancelled, so its trip will not go (on); the driver is released
	// (their day is freed on its own stream). Underway says the driver had already set off.
	TripCancelled struct {
		OrderID     string           `json:"order_id"`
		Day         availability.Day `json:"day"`
		DriverID    string           `json:"driver_id"`
		Underway    bool             `json:"underway,omitempty"`
		Reason      string           `json:"reason,omitempty"`
		ByUserID    string           `json:"by_user_id"`
		CancelledAt time.Time        `json:"cancelled_at"`
	}
)

func (DriverAssigned) isTripEvent()     {}
func (DriverUnassigned) isTripEvent()   {}
func (TripHandedOver) isTripEvent()     {}
func (TripStarted) isTripEvent()        {}
func (TravellersPickedUp) isTripEvent() {}
func (ArrivedAtStop) isTripEvent()      {}
func (TripCompleted) isTripEvent()      {}
func (TripCancelled) isTripEvent()      {}

// TripState is a trip folded from its events.
type TripState struct {
	status  Status
	orderID string
	day     availability.Day
	owner   string
	stops   []string
	driver  *Driver
	// override is the car staff sent though it did not fit (nil: it fitted, or no driver).
	override *VehicleOverride
	stop     int  // the last stop reached (0: none yet)
	started  bool // the driver set off (whatever happened since)
	// completedAt is when the driver ended the trip (zero until then).
	completedAt time.Time
}

func (s TripState) Status() Status {
	if s.status == "" {
		return StatusUnassigned
	}
	return s.status
}
func (s TripState) OrderID() string        { return s.orderID }
func (s TripState) Owner() string          { return s.owner }
func (s TripState) Day() availability.Day  { return s.day }
func (s TripState) Stop() int              { return s.stop }
func (s TripState) Stops() []string        { return slices.Clone(s.stops) }
func (s TripState) Driver() (Driver, bool) { return deref(s.driver) }

// VehicleOverride is the override the driver's assignment recorded (false: the car fitted).
func (s TripState) VehicleOverride() (VehicleOverride, bool) {
	if s.override == nil {
		return VehicleOverride{}, false
	}
	return *s.override, true
}

// Started reports whether the driver has set off: from then on the traveller can no longer cancel,
// refund or change the order (domain/order), even before the order has heard of it.
func (s TripState) Started() bool { return s.started }

// CompletedAt is when the driver ended the trip; ok is false while it has not ended.
func (s TripState) CompletedAt() (at time.Time, ok bool) {
	return s.completedAt, !s.completedAt.IsZero()
}

func deref(d *Driver) (Driver, bool) {
	if d == nil {
		return Driver{}, false
	}
	return *d, true
}

// Trip is the decider of a trip's dispatch.
var Trip = domain.Decider[TripState, TripCommand, TripEvent]{
	Initial: func() TripState { return TripState{status: StatusUnassigned} },
	Decide:  DecideTrip,
	Evolve:  EvolveTrip,
}

// DecideTrip turns a trip command into events or refuses it.
func DecideTrip(s TripState, cmd TripCommand, now time.Time) ([]TripEvent, error) {
	now = now.UTC()
	switch c := cmd.(type) {
	case AssignDriver:
		return decideAssign(s, c, now)
	case UnassignDriver:
		if c.DriverID != "" && (s.driver == nil || s.driver.ID != c.DriverID) {
			return nil, nil
		}
		if s.driver == nil {
			return nil, ErrNotAssigned
		}
		if s.Status() != StatusAssigned {
			return nil, ErrTripUnderway
		}
		reason, err := domain.Reason("reason", c.Reason, "")
		if err != nil {
			return nil, err
		}
		return []TripEvent{DriverUnassigned{OrderID: s.orderID, Day: s.day, DriverID: s.driver.ID, Reason: reason, Cause: c.Cause,
			ByUserID: c.By.UserID, UnassignedAt: now}}, nil
	case HandOverTrip:
		return decideHandOver(s, c, now)
	case MoveTrip:
		if s.driver == nil || s.day == c.Day {
			return nil, nil
		}
		switch s.Status() {
		case StatusAssigned:
			return []TripEvent{DriverUnassigned{OrderID: s.orderID, Day: s.day, DriverID: s.driver.ID, Reason: c.Reason, Cause: MovedToDay(c.Day),
				ByUserID: c.By.UserID, UnassignedAt: now}}, nil
		case StatusCompleted, StatusCancelled:
			return nil, nil
		default:
			// The order refuses an exchange once the driver has set off; only a start racing the
			// exchange gets here, and staff must settle it.
			return nil, ErrTripUnderway
		}
	case StartTrip:
		if err := s.checkStep(c.By, StatusAssigned); err != nil {
			return nil, err
		}
		if err := checkOrder(c.Order); err != nil {
			return nil, err
		}
		if err := WindowOf(c.Order, c.Lead).checkStart(now); err != nil {
			return nil, err
		}
		return []TripEvent{TripStarted{OrderID: s.orderID, DriverID: s.driver.ID, StartedAt: now}}, nil
	case PickUpTravellers:
		if err := s.checkLaterStep(c.By, c.Order, c.Lead, now, StatusStarted); err != nil {
			return nil, err
		}
		return []TripEvent{TravellersPickedUp{OrderID: s.orderID, DriverID: s.driver.ID, PickedUpAt: now}}, nil
	case ArriveAtStop:
		// A stop the itinerary does not have is a bad request whatever step the trip is at: saying
		// "that step does not come next" would send the driver looking for a step to take first.
		err := s.checkLaterStep(c.By, c.Order, c.Lead, now, StatusPickedUp, StatusAtStop)
		if (err == nil || errors.Is(err, ErrOutOfOrder)) && (c.Stop < 1 || c.Stop > len(s.stops)) {
			return nil, ErrNoSuchStop
		}
		if err != nil {
			return nil, err
		}
		if c.Stop != s.stop+1 {
			return nil, ErrOutOfOrder
		}
		return []TripEvent{ArrivedAtStop{OrderID: s.orderID, DriverID: s.driver.ID, Stop: c.Stop, Name: s.stops[c.Stop-1], ArrivedAt: now}}, nil
	case CompleteTrip:
		if err := s.checkLaterStep(c.By, c.Order, c.Lead, now, StatusPickedUp, StatusAtStop); err != nil {
			return nil, err
		}
		if s.stop != len(s.stops) {
			return nil, ErrOutOfOrder
		}
		return []TripEvent{TripCompleted{OrderID: s.orderID, DriverID: s.driver.ID, CompletedAt: now}}, nil
	case CancelTrip:
		return decideCancelTrip(s, c, now), nil
	default:
		panic(fmt.Sprintf("dispatch: unknown trip command %T", cmd))
	}
}

func decideAssign(s TripState, c AssignDriver, now time.Time) ([]TripEvent, error) {
	if !c.Order.Confirmed {
		return nil, ErrOrderNotConfirmed
	}
	if err := CheckDriverWorks(c.Driver, c.Order.Day); err != nil {
		return nil, err
	}
	if s.driver != nil {
		if s.driver.ID == c.Driver.ID {
			return nil, nil // already theirs: a repeated assignment changes nothing
		}
		if s.Status() != StatusAssigned {
			return nil, ErrTripUnderway
		}
		return nil, ErrAlreadyAssigned
	}
	switch s.Status() {
	case StatusCompleted:
		return nil, ErrTripCompleted
	case StatusCancelled:
		return nil, ErrTripCancelled
	}
	override, err := vehicleOverride(c.Order, c.Driver, c.Override)
	if err != nil {
		return nil, err
	}
	return []TripEvent{DriverAssigned{OrderID: c.Order.OrderID, Day: c.Order.Day, StartAt: c.Order.StartAt.UTC(),
		OwnerID: c.Order.OwnerID, Stops: slices.Clone(c.Order.Stops), Driver: c.Driver, ByUserID: c.By.UserID, AssignedAt: now,
		SeatsNeeded: c.Order.SeatsNeeded(), VehicleOverride: override}}, nil
}

func decideHandOver(s TripState, c HandOverTrip, now time.Time) ([]TripEvent, error) {
	switch s.Status() {
	case StatusCompleted:
		return nil, ErrTripCompleted
	case StatusCancelled:
		return nil, ErrTripCancelled
	case StatusUnassigned:
		return nil, ErrNotAssigned
	case StatusAssigned:
		return nil, ErrNotUnderway
	}
	if s.driver.ID == c.Driver.ID {
		return nil, ErrSameDriver
	}
	if err := checkOrder(c.Order); err != nil {
		return nil, err
	}
	reason, err := domain.Reason("reason", c.Reason, KeyHandOverReasonRequired)
	if err != nil {
		return nil, err
	}
	if err := CheckDriverWorks(c.Driver, s.day); err != nil {
		return nil, err
	}
	override, err := vehicleOverride(c.Order, c.Driver, c.Override)
	if err != nil {
		return nil, err
	}
	return []TripEvent{TripHandedOver{OrderID: s.orderID, Day: s.day, FromDriverID: s.driver.ID, Driver: c.Driver, Reason: reason,
		ByUserID: c.By.UserID, HandedOverAt: now, SeatsNeeded: c.Order.SeatsNeeded(), VehicleOverride: override}}, nil
}

// vehicleOverride checks the driver's car fits the order: when it does not, the staff's reason
// (override) sends it anyway and is recorded; without one the misfit is refused.
func vehicleOverride(o OrderFacts, d Driver, override string) (*VehicleOverride, error) {
	misfit := CheckVehicle(o, d)
	if misfit == nil {
		return nil, nil
	}
	reason, invalid := domain.Reason("override_vehicle", override, "")
	if reason == "" {
		return nil, misfit
	}
	if invalid != nil {
		return nil, invalid
	}
	return &VehicleOverride{Reason: reason, Seats: d.Seats, Needed: o.SeatsNeeded()}, nil
}

// CheckDriverWorks refuses a driver who is inactive, has no sign-in account (or one that is no longer a
// driver's), or does not work on day.
func CheckDriverWorks(d Driver, day availability.Day) error {
	if d.UserID == "" {
		return ErrDriverHasNoAccount
	}
	if d.AccountRole != "" && mayDrive(d.AccountRole, d.UserID) != nil {
		return ErrDriverAccountLapsed
	}
	t, err := day.Time(catalogue.Cairo)
	if err != nil || !d.Active || !slices.Contains(d.WorkingDays, t.Weekday()) {
		return ErrDriverNotWorking
	}
	return nil
}

// checkStep refuses anyone but the assigned driver, and a step taken out of order.
func (s TripState) checkStep(by Actor, from ...Status) error {
	if s.Status() == StatusCancelled {
		return ErrTripCancelled
	}
	if s.driver == nil {
		return ErrNotAssigned
	}
	if by.DriverID == "" || by.DriverID != s.driver.ID {
		return ErrNotYourTrip
	}
	if s.Status() == StatusCompleted {
		return ErrTripCompleted
	}
	if !slices.Contains(from, s.Status()) {
		return ErrOutOfOrder
	}
	return nil
}

// checkLaterStep is checkStep for the steps after the start, which also need the order going ahead
// and the trip's window open.
func (s TripState) checkLaterStep(by Actor, o OrderFacts, lead time.Duration, now time.Time, from ...Status) error {
	if err := s.checkStep(by, from...); err != nil {
		return err
	}
	if err := checkOrder(o); err != nil {
		return err
	}
	return WindowOf(o, lead).checkStep(now)
}

// decideCancelTrip releases the trip of a cancelled order. A completed trip stays completed (the
// order's side settles that); a trip without a driver has nothing to release.
func decideCancelTrip(s TripState, c CancelTrip, now time.Time) []TripEvent {
	switch {
	case s.Status() == StatusCompleted, s.Status() == StatusCancelled, s.driver == nil:
		return nil
	}
	return []TripEvent{TripCancelled{OrderID: c.OrderID, Day: s.day, DriverID: s.driver.ID, Underway: s.started, Reason: c.Reason,
		ByUserID: c.By.UserID, CancelledAt: now}}
}

// EvolveTrip folds one event into the state.
func EvolveTrip(s TripState, e TripEvent) TripState {
	switch ev := e.(type) {
	case DriverAssigned:
		d := ev.Driver
		s.status, s.orderID, s.day, s.owner, s.stops, s.driver, s.stop = StatusAssigned, ev.OrderID, ev.Day, ev.OwnerID, ev.Stops, &d, 0
		s.override = nil
		if ev.VehicleOverride != nil {
			o := *ev.VehicleOverride
			s.override = &o
		}
	case DriverUnassigned:
		s.status, s.driver, s.override = StatusUnassigned, nil, nil
	case TripHandedOver:
		d := ev.Driver
		s.driver, s.override = &d, nil
		if ev.VehicleOverride != nil {
			o := *ev.VehicleOverride
			s.override = &o
		}
	case TripStarted:
		s.status, s.started = StatusStarted, true
	case TravellersPickedUp:
		s.status = StatusPickedUp
	case ArrivedAtStop:
		s.status, s.stop = StatusAtStop, ev.Stop
	case TripCompleted:
		s.status, s.completedAt = StatusCompleted, ev.CompletedAt
	case TripCancelled:
		s.status, s.driver, s.override = StatusCancelled, nil, nil
		if s.orderID == "" {
			s.orderID = ev.OrderID
		}
	default:
		panic(fmt.Sprintf("dispatch: unknown trip event %T", e))
	}
	return s
}

// StepCommand builds the driver's command for step (stop for StepArrive) on the trip of o, which may
// start lead before its pickup.
func StepCommand(step string, stop int, by Actor, o OrderFacts, lead time.Duration) (TripCommand, error) {
	switch step {
	case StepStart:
		return StartTrip{By: by, Order: o, Lead: lead}, nil
	case StepPickUp:
		return PickUpTravellers{By: by, Order: o, Lead: lead}, nil
	case StepArrive:
		return ArriveAtStop{By: by, Stop: stop, Order: o, Lead: lead}, nil
	case StepComplete:
		return CompleteTrip{By: by, Order: o, Lead: lead}, nil
	default:
		return nil, ErrUnknownStep
	}
}

// NextStep is the step the driver takes next ("" when there is none): what the driver's big button does.
func (s TripState) NextStep() (step string, stop int) { return Next(s.Status(), s.stop, len(s.stops)) }

// Next is the step that follows status, with stop stops of stops reached.
func Next(status Status, stop, stops int) (step string, nextStop int) {
	switch status {
	case StatusAssigned:
		return StepStart, 0
	case StatusStarted:
		return StepPickUp, 0
	case StatusPickedUp, StatusAtStop:
		if stop < stops {
			return StepArrive, stop + 1
		}
		return StepComplete, 0
	default:
		return "", 0
	}
}
