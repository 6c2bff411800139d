package dispatch

import (
	"context"
	"fmt"
	"strings"

	"mishwar/domain"
	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
	catrm "mishwar/projections/catalogue"
	dispatchrm "mishwar/projections/dispatch"
)

// Trips is the part of the dispatch read model the dispatch reads need.
type Trips interface {
	Board(ctx context.Context, day string) ([]dispatchrm.Trip, error)
	DriverTrips(ctx context.Context, userID, from string, limit int) ([]dispatchrm.Trip, error)
	Trip(ctx context.Context, orderID string) (dispatchrm.Trip, error)
	DriverAccounts(ctx context.Context) (map[string]dispatchrm.DriverAccount, error)
}

// ActiveDrivers lists the catalogue's active drivers.
type ActiveDrivers interface {
	ActiveDrivers(ctx context.Context) ([]catrm.Driver, error)
}

// Board is one day of the trips board: its trips and the drivers the operator may give them to.
type Board struct {
	Day     availability.Day
	Trips   []dispatchrm.Trip
	Drivers []BoardDriver
}

// BoardDriver is a driver as the board offers them for a day, names in the reader's language.
type BoardDriver struct {
	ID           string
	Name         string
	Phone        string
	Vehicle      string
	Plate        string
	TripsPerDay  int
	WorksThatDay bool
	// Trips is how many of the day's trips they carry already.
	Trips        int
	AccountEmail string
	// AccountVersion is the version of the driver's account link (-1: never linked): the If-Match of
	// linking them to an account, so that two admins' links do not silently overwrite each other.
	AccountVersion int64
}

// KeyDateInvalid is the refusal of a board date that is not YYYY-MM-DD, or not within the years a
// board can show (boardYears).
const KeyDateInvalid = "dispatch.date_invalid"

// BoardHandler answers the operator's trips board.
type BoardHandler struct {
	trips   Trips
	drivers ActiveDrivers
	today   func() string
}

// Handle returns the board of date (YYYY-MM-DD; empty: today in Cairo) with drivers named in lang.
func (h BoardHandler) Handle(ctx context.Context, date, lang string) (Board, error) {
	day, err := boardDay(date, h.today)
	if err != nil {
		return Board{}, err
	}
	trips, err := h.trips.Board(ctx, string(day))
	if err != nil {
		return Board{}, err
	}
	drivers, err := h.drivers.ActiveDrivers(ctx)
	if err != nil {
		return Board{}, err
	}
	links, err := h.trips.DriverAccounts(ctx)
	if err != nil {
		return Board{}, err
	}
	t, _ := day.Time(cat.Cairo)
	count := map[string]int{}
	for _, tr := range trips {
		if tr.Driver != nil {
			count[tr.Driver.ID]++
		}
	}
	list := make([]BoardDriver, 0, len(drivers))
	for _, d := range drivers {
		id := d.ID.String()
		version := int64(-1)
		if link, ok := links[id]; ok {
			version = link.Version
		}
		list = append(list, BoardDriver{ID: id, Name: d.Name.In(lang), Phone: d.Phone, Vehicle: d.Vehicle.In(lang), Plate: d.Plate,
			TripsPerDay: max(d.TripsPerDay, 1), WorksThatDay: d.WorksOn(t.Weekday()), Trips: count[id], AccountEmail: links[id].Email, AccountVersion: version})
	}
	return Board{Day: day, Trips: trips, Drivers: list}, nil
}

// boardDay is the day a board or manifest asks for: date (YYYY-MM-DD), or today in Cairo when empty;
// anything else is a 422 on "date".
func boardDay(date string, today func() string) (availability.Day, error) {
	date = strings.TrimSpace(date)
	if date == "" {
		date = today()
	}
	day, err := availability.ParseDay(date)
	if err == nil && !boardYears(string(day)) {
		err = fmt.Errorf("board date %s out of range", day)
	}
	if err != nil {
		v := &domain.ValidationError{}
		v.Add("date", KeyDateInvalid)
		return "", v
	}
	return day, nil
}

// boardYears reports whether a board may start on day: a week from it stays within four-digit years
// (9999-12-31 would list days of year 10000), and nothing is booked before 2000.
func boardYears(day string) bool {
	return day >= "2000-01-01" && day <= "9999-12-24"
}
