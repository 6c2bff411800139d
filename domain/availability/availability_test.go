package availability_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"mishwar/domain/availability"
	"mishwar/domain/domaintest"
)

var (
	now   = time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	until = now.Add(30 * time.Minute)
	day   = availability.Day("2026-12-01")
)

func reserved(res, order string, capacity, held int) availability.CapacityReserved {
	return availability.CapacityReserved{Reservation: res, OrderID: order, Day: day, Capacity: capacity, Held: held, HeldUntil: until}
}

func TestDecide(t *testing.T) {
	tests := []struct {
		name    string
		given   []availability.Event
		when    availability.Command
		then    []availability.Event
		wantErr error
	}{
		{
			name: "the first reservation of a day holds a car",
			when: availability.ReserveCapacity{Reservation: "r1", OrderID: "MSH-AAAAAA", Day: day, Capacity: 3, HoldUntil: until},
			then: []availability.Event{reserved("r1", "MSH-AAAAAA", 3, 1)},
		},
		{
			name:  "the last free car can be reserved",
			given: []availability.Event{reserved("r1", "o1", 3, 1), reserved("r2", "o2", 3, 2)},
			when:  availability.ReserveCapacity{Reservation: "r3", OrderID: "o3", Day: day, Capacity: 3, HoldUntil: until},
			then:  []availability.Event{reserved("r3", "o3", 3, 3)},
		},
		{
			name:    "a full day refuses another reservation",
			given:   []availability.Event{reserved("r1", "o1", 2, 1), reserved("r2", "o2", 2, 2)},
			when:    availability.ReserveCapacity{Reservation: "r3", OrderID: "o3", Day: day, Capacity: 2, HoldUntil: until},
			wantErr: availability.ErrDateFullyBooked,
		},
		{
			name:    "a day whose capacity dropped below what is held refuses",
			given:   []availability.Event{reserved("r1", "o1", 3, 1), reserved("r2", "o2", 3, 2)},
			when:    availability.ReserveCapacity{Reservation: "r3", OrderID: "o3", Day: day, Capacity: 1, HoldUntil: until},
			wantErr: availability.ErrDateFullyBooked,
		},
		{
			name:    "a day with no drivers is fully booked",
			when:    availability.ReserveCapacity{Reservation: "r1", OrderID: "o1", Day: day, Capacity: 0, HoldUntil: until},
			wantErr: availability.ErrDateFullyBooked,
		},
		{
			name:  "reserving the same reservation again does nothing",
			given: []availability.Event{reserved("r1", "o1", 1, 1)},
			when:  availability.ReserveCapacity{Reservation: "r1", OrderID: "o1", Day: day, Capacity: 1, HoldUntil: until},
		},
		{
			name: "a released reservation id cannot be reserved again",
			given: []availability.Event{reserved("r1", "o1", 1, 1),
				availability.ReservationReleased{Reservation: "r1", OrderID: "o1", Day: day, Reason: availability.ReasonExpired}},
			when:    availability.ReserveCapacity{Reservation: "r1", OrderID: "o1", Day: day, Capacity: 1, HoldUntil: until},
			wantErr: availability.ErrReservationReleased,
		},
		{
			name: "a released car can be reserved by someone else",
			given: []availability.Event{reserved("r1", "o1", 1, 1),
				availability.ReservationReleased{Reservation: "r1", OrderID: "o1", Day: day, Reason: availability.ReasonPaymentFailed}},
			when: availability.ReserveCapacity{Reservation: "r2", OrderID: "o2", Day: day, Capacity: 1, HoldUntil: until},
			then: []availability.Event{reserved("r2", "o2", 1, 1)},
		},
		{
			name:    "a reservation without an id is refused",
			when:    availability.ReserveCapacity{OrderID: "o1", Day: day, Capacity: 1},
			wantErr: availability.ErrInvalidReservation,
		},
		{
			name:    "a reservation for another day on this day's stream is refused",
			given:   []availability.Event{reserved("r1", "o1", 3, 1)},
			when:    availability.ReserveCapacity{Reservation: "r2", OrderID: "o2", Day: "2026-12-02", Capacity: 3},
			wantErr: availability.ErrInvalidReservation,
		},
		{
			name:  "confirming a hold books the car",
			given: []availability.Event{reserved("r1", "o1", 1, 1)},
			when:  availability.ConfirmReservation{Reservation: "r1", Capacity: 1},
			then:  []availability.Event{availability.ReservationConfirmed{Reservation: "r1", OrderID: "o1", Day: day}},
		},
		{
			name: "confirming twice does nothing",
			given: []availability.Event{reserved("r1", "o1", 1, 1),
				availability.ReservationConfirmed{Reservation: "r1", OrderID: "o1", Day: day}},
			when: availability.ConfirmReservation{Reservation: "r1", Capacity: 1},
		},
		{
			name: "confirming a lapsed hold reserves again when a car is free",
			given: []availability.Event{reserved("r1", "o1", 2, 1),
				availability.ReservationReleased{Reservation: "r1", OrderID: "o1", Day: day, Reason: availability.ReasonExpired}},
			when: availability.ConfirmReservation{Reservation: "r1", Capacity: 2},
			then: []availability.Event{
				availability.CapacityReserved{Reservation: "r1", OrderID: "o1", Day: day, Capacity: 2, Held: 1},
				availability.ReservationConfirmed{Reservation: "r1", OrderID: "o1", Day: day},
			},
		},
		{
			name: "confirming a lapsed hold on a day that filled up meanwhile is refused",
			given: []availability.Event{reserved("r1", "o1", 1, 1),
				availability.ReservationReleased{Reservation: "r1", OrderID: "o1", Day: day, Reason: availability.ReasonExpired},
				reserved("r2", "o2", 1, 1)},
			when:    availability.ConfirmReservation{Reservation: "r1", Capacity: 1},
			wantErr: availability.ErrDateFullyBooked,
		},
		{
			name:    "confirming an unknown reservation is refused",
			when:    availability.ConfirmReservation{Reservation: "nope", Capacity: 1},
			wantErr: availability.ErrReservationNotFound,
		},
		{
			name:  "releasing a hold frees the car",
			given: []availability.Event{reserved("r1", "o1", 1, 1)},
			when:  availability.ReleaseReservation{Reservation: "r1", Reason: availability.ReasonPaymentFailed, OnlyIfHeld: true},
			then:  []availability.Event{availability.ReservationReleased{Reservation: "r1", OrderID: "o1", Day: day, Reason: availability.ReasonPaymentFailed}},
		},
		{
			name: "an expiry never frees a confirmed car",
			given: []availability.Event{reserved("r1", "o1", 1, 1),
				availability.ReservationConfirmed{Reservation: "r1", OrderID: "o1", Day: day}},
			when: availability.ReleaseReservation{Reservation: "r1", Reason: availability.ReasonExpired, OnlyIfHeld: true},
		},
		{
			name: "a cancellation frees a confirmed car",
			given: []availability.Event{reserved("r1", "o1", 1, 1),
				availability.ReservationConfirmed{Reservation: "r1", OrderID: "o1", Day: day}},
			when: availability.ReleaseReservation{Reservation: "r1", Reason: availability.ReasonCancelled},
			then: []availability.Event{availability.ReservationReleased{Reservation: "r1", OrderID: "o1", Day: day, Reason: availability.ReasonCancelled}},
		},
		{
			name: "releasing twice does nothing",
			given: []availability.Event{reserved("r1", "o1", 1, 1),
				availability.ReservationReleased{Reservation: "r1", OrderID: "o1", Day: day, Reason: availability.ReasonExpired}},
			when: availability.ReleaseReservation{Reservation: "r1", Reason: availability.ReasonExpired},
		},
		{
			name: "releasing a reservation that was never made does nothing",
			when: availability.ReleaseReservation{Reservation: "r9", Reason: availability.ReasonPlacingFailed},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			state := availability.Decider.Fold(tt.given)
			got, err := availability.Decider.Decide(state, tt.when, now)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("error = %v, want %v", err, tt.wantErr)
			}
			if len(got) != len(tt.then) || (len(got) > 0 && !reflect.DeepEqual(got, tt.then)) {
				t.Fatalf("events:\n got %#v\nwant %#v", got, tt.then)
			}
		})
	}
}

func TestTakenNeverPassesCapacityOrDropsBelowZero(t *testing.T) {
	s := availability.Decider.Initial()
	apply := func(cmd availability.Command) error {
		evs, err := availability.Decide(s, cmd, now)
		for _, e := range evs {
			s = availability.Evolve(s, e)
		}
		return err
	}
	const capacity = 3
	full := 0
	for i := 0; i < 10; i++ {
		err := apply(availability.ReserveCapacity{Reservation: string(rune('a' + i)), OrderID: "o", Day: day, Capacity: capacity})
		if errors.Is(err, availability.ErrDateFullyBooked) {
			full++
		} else if err != nil {
			t.Fatal(err)
		}
		if s.Taken() > capacity {
			t.Fatalf("taken %d > capacity %d", s.Taken(), capacity)
		}
	}
	if full != 7 {
		t.Fatalf("%d refusals, want 7", full)
	}
	for i := 0; i < 10; i++ {
		for j := 0; j < 2; j++ {
			if err := apply(availability.ReleaseReservation{Reservation: string(rune('a' + i)), Reason: availability.ReasonExpired}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if s.Taken() != 0 {
		t.Fatalf("taken %d after releasing everything twice, want 0", s.Taken())
	}
}

func TestParseDay(t *testing.T) {
	if _, err := availability.ParseDay("2026-02-30"); err == nil {
		t.Fatal("2026-02-30 accepted")
	}
	d, err := availability.ParseDay("2026-12-01")
	if err != nil || d != day {
		t.Fatalf("ParseDay = %q, %v", d, err)
	}
}

func TestADayStateIsNeverChangedByWhatIsDecidedOrEvolvedFromIt(t *testing.T) {
	events := []availability.Event{
		reserved("r1", "o1", 3, 1), reserved("r2", "o2", 3, 2),
		availability.ReservationConfirmed{Reservation: "r1", OrderID: "o1", Day: day},
		availability.ReservationReleased{Reservation: "r2", OrderID: "o2", Day: day, Reason: "expired"},
		reserved("r3", "o3", 3, 2),
	}
	cmds := []availability.Command{
		availability.ReserveCapacity{Reservation: "r4", OrderID: "o4", Day: day, Capacity: 3, HoldUntil: until},
		availability.ConfirmReservation{Reservation: "r3", Capacity: 3},
		availability.ConfirmReservation{Reservation: "r2", Capacity: 3},
		availability.ReleaseReservation{Reservation: "r1", Reason: "cancelled"},
		availability.ReleaseReservation{Reservation: "r3", Reason: "expired", OnlyIfHeld: true},
	}
	domaintest.CheckStatesShareNothing(t, availability.Decider, events, cmds)
}
