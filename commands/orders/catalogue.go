package orders

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"

	"mishwar/domain/availability"
	"mishwar/domain/cart"
	cat "mishwar/domain/catalogue"
	"mishwar/projections/catalogue"
)

// CatalogueReader answers Catalogue from the catalogue read model. Capacity read from a read model is
// only the ceiling a reservation is checked against; the reservation itself is decided on the day's
// stream, so a stale ceiling can refuse a booking it should allow, never book a car twice.
type CatalogueReader struct {
	Reader *catalogue.Reader
}

// DayCapacity sums the trips per day of the active drivers who work on day's weekday.
func (c CatalogueReader) DayCapacity(ctx context.Context, day availability.Day) (int, error) {
	t, err := day.Time(cat.Cairo)
	if err != nil {
		return 0, err
	}
	drivers, err := c.Reader.ActiveDrivers(ctx)
	if err != nil {
		return 0, fmt.Errorf("orders: drivers: %w", err)
	}
	return Capacity(drivers, t.Weekday()), nil
}

// WeekdayCapacity is the trips the active drivers take on each weekday (for the calendar).
func (c CatalogueReader) WeekdayCapacity(ctx context.Context) (func(time.Weekday) int, error) {
	drivers, err := c.Reader.ActiveDrivers(ctx)
	if err != nil {
		return nil, fmt.Errorf("orders: drivers: %w", err)
	}
	return func(d time.Weekday) int { return Capacity(drivers, d) }, nil
}

// PickupPoint implements PickupPoints: an active pickup point as a cart point.
func (c CatalogueReader) PickupPoint(ctx context.Context, id uuid.UUID) (cart.Point, bool, error) {
	pp, err := c.Reader.PickupPoint(ctx, id)
	if errors.Is(err, cat.ErrPickupPointNotFound) {
		return cart.Point{}, false, nil
	}
	if err != nil {
		return cart.Point{}, false, fmt.Errorf("orders: pickup point: %w", err)
	}
	if !pp.Active || pp.Archived {
		return cart.Point{}, false, nil
	}
	return cart.Point{Kind: cart.PickupPoint, PickupPointID: id.String(), Name: pp.Name.En, NameAR: pp.Name.Ar, Lat: pp.Lat, Lng: pp.Lng}, true, nil
}

// Capacity is the trips the drivers take on weekday d.
func Capacity(drivers []catalogue.Driver, d time.Weekday) int {
	n := 0
	for _, dr := range drivers {
		if !dr.Active || dr.Archived || !slices.Contains(dr.WorkingDays, d) {
			continue
		}
		n += max(dr.TripsPerDay, 1)
	}
	return n
}

// DefaultServiceHours are the opening hours the spec names (Monday to Friday, 9:00 to 22:00), used
// until the admin sets the business hours.
var DefaultServiceHours = cat.WeeklyHours{
	{Day: time.Monday, Open: "09:00", Close: "22:00"}, {Day: time.Tuesday, Open: "09:00", Close: "22:00"},
	{Day: time.Wednesday, Open: "09:00", Close: "22:00"}, {Day: time.Thursday, Open: "09:00", Close: "22:00"},
	{Day: time.Friday, Open: "09:00", Close: "22:00"},
}

// ServiceHours are the business hours with holidays; the spec's hours before the admin sets any.
func (c CatalogueReader) ServiceHours(ctx context.Context) (cat.BusinessHours, error) {
	h, err := c.Reader.OpeningHours(ctx)
	if err != nil {
		return cat.BusinessHours{}, fmt.Errorf("orders: opening hours: %w", err)
	}
	if len(h.Weekly) == 0 {
		h.Weekly = DefaultServiceHours
	}
	return h, nil
}
