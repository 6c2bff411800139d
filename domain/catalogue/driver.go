package catalogue

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"mishwar/domain"
)

// DriverFields describe a driver and the car they drive.
type DriverFields struct {
	Name    Text   `json:"name"`
	Phone   string `json:"phone"`
	Licence string `json:"licence"`
	Vehicle Text   `json:"vehicle"`
	Plate   string `json:"plate"`
	Seats   int    `json:"seats"`
	// WorkingDays are the weekdays the driver takes trips (0 = Sunday).
	WorkingDays []time.Weekday `json:"working_days"`
	// TripsPerDay is how many trips the driver takes on a working day (a full-day trip is one).
	TripsPerDay int  `json:"trips_per_day"`
	Active      bool `json:"active"`
}

// Normalized trims, sorts the working days and defaults trips per day to one.
func (f DriverFields) Normalized() DriverFields {
	f.Name, f.Vehicle = f.Name.trimmed(), f.Vehicle.trimmed()
	f.Phone = normalizedPhone(f.Phone)
	f.Licence, f.Plate = strings.TrimSpace(f.Licence), strings.TrimSpace(f.Plate)
	f.WorkingDays = slices.Clone(f.WorkingDays)
	slices.Sort(f.WorkingDays)
	if f.TripsPerDay == 0 {
		f.TripsPerDay = 1
	}
	return f
}

// Validate checks the rules of a driver.
func (f DriverFields) Validate() error {
	var c validator
	c.text("name", f.Name, true, maxName)
	c.phone("phone", f.Phone, true)
	c.plain("licence", f.Licence, true, 40)
	c.text("vehicle", f.Vehicle, true, maxName)
	c.plain("plate", f.Plate, false, 20)
	c.intRange("seats", f.Seats, 1, 50)
	if len(f.WorkingDays) == 0 {
		c.add("working_days", keyRequired)
	}
	for i, d := range f.WorkingDays {
		if d < time.Sunday || d > time.Saturday {
			c.add(fmt.Sprintf("working_days.%d", i), keyInvalidDay)
		} else if i > 0 && f.WorkingDays[i-1] == d {
			c.add(fmt.Sprintf("working_days.%d", i), keyDuplicateDay)
		}
	}
	c.intRange("trips_per_day", f.TripsPerDay, 1, 6)
	return c.err()
}

// WorksOn reports whether the driver is active and works on weekday d.
func (f DriverFields) WorksOn(d time.Weekday) bool {
	return f.Active && slices.Contains(f.WorkingDays, d)
}

var (
	DriverRefusals    = refusalsFor("driver")
	Driver            = NewEntityDecider[DriverFields](DriverRefusals)
	ErrDriverNotFound = DriverRefusals.NotFound
)

type (
	DriverState    = State[DriverFields]
	DriverCommand  = Command[DriverFields]
	DriverEvent    = Event[DriverFields]
	CreateDriver   = Create[DriverFields]
	UpdateDriver   = Update[DriverFields]
	ArchiveDriver  = Archive[DriverFields]
	RestoreDriver  = Restore[DriverFields]
	DriverCreated  = Created[DriverFields]
	DriverUpdated  = Updated[DriverFields]
	DriverArchived = Archived[DriverFields]
	DriverRestored = Restored[DriverFields]
)

// KeyDriverHasTrips refuses to archive or take off a driver who still carries trips (ConflictWith:
// how many, and their trip numbers).
const KeyDriverHasTrips = "catalogue.driver_has_trips"

// ErrDriverHasTrips matches the refusal with errors.Is.
var ErrDriverHasTrips = domain.Conflict(KeyDriverHasTrips)

// DriverTrip is a trip a driver carries that has not ended yet: its trip number and Cairo day.
type DriverTrip struct {
	TripNumber string
	Day        time.Time
}

// CheckDriverChange refuses a change that would leave trips the driver carries without them: the
// driver archived (next nil) or made inactive while carrying any, or a working day dropped on which
// they carry one. The operator assigns those trips to someone else first; a trip must never lose its
// driver silently.
func CheckDriverChange(next *DriverFields, trips []DriverTrip) error {
	var stranded []string
	for _, t := range trips {
		if next == nil || !next.Active || !slices.Contains(next.WorkingDays, t.Day.Weekday()) {
			stranded = append(stranded, t.TripNumber)
		}
	}
	if len(stranded) == 0 {
		return nil
	}
	return domain.ConflictWith(KeyDriverHasTrips, len(stranded), strings.Join(stranded, ", "))
}
