package dispatch

import (
	"context"
	"sort"
	"strings"

	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
	dispatchrm "mishwar/projections/dispatch"
)

// ManifestTrips is the part of the dispatch read model the daily manifest reads.
type ManifestTrips interface {
	Board(ctx context.Context, day string) ([]dispatchrm.Trip, error)
}

// Manifest is one day's trips grouped by driver, for printing and export.
type Manifest struct {
	Day    availability.Day
	Groups []ManifestGroup
}

// ManifestGroup is one driver's trips of the day in pickup-time order; Driver is nil for the group of
// trips nobody carries yet.
type ManifestGroup struct {
	Driver *ManifestDriver
	Trips  []ManifestTrip
}

// ManifestDriver is a driver as the manifest names them, in the reader's language.
type ManifestDriver struct {
	ID      string
	Name    string
	Phone   string
	Vehicle string
	Plate   string
}

// ManifestTrip is one line of the manifest. PickupTime is the Cairo wall-clock time (HH:MM);
// CarClass is named in the reader's language.
type ManifestTrip struct {
	TripNumber string
	PickupTime string
	Pickup     string
	Stops      []string
	Traveller  string
	Phone      string
	Travellers int
	Comments   string
	CarClass   string
}

// ManifestHandler answers the printable daily manifest.
type ManifestHandler struct {
	trips ManifestTrips
	today func() string
}

// Handle returns the manifest of date (YYYY-MM-DD; empty: today in Cairo), only driverID's trips when
// driverID is not empty, names in lang. Drivers come in the order of their first pickup; the trips
// nobody carries yet come last.
func (h ManifestHandler) Handle(ctx context.Context, date, driverID, lang string) (Manifest, error) {
	day, err := boardDay(date, h.today)
	if err != nil {
		return Manifest{}, err
	}
	trips, err := h.trips.Board(ctx, string(day))
	if err != nil {
		return Manifest{}, err
	}
	sort.SliceStable(trips, func(i, j int) bool { return trips[i].StartAt.Before(trips[j].StartAt) })
	driverID = strings.TrimSpace(driverID)
	index := map[string]int{}
	var groups []ManifestGroup
	var unassigned []ManifestTrip
	for _, tr := range trips {
		line := manifestTrip(tr, lang)
		if tr.Driver == nil {
			if driverID == "" {
				unassigned = append(unassigned, line)
			}
			continue
		}
		if driverID != "" && tr.Driver.ID != driverID {
			continue
		}
		i, ok := index[tr.Driver.ID]
		if !ok {
			name := tr.Driver.Name
			if lang == "ar" && tr.Driver.NameAR != "" {
				name = tr.Driver.NameAR
			}
			i = len(groups)
			index[tr.Driver.ID] = i
			groups = append(groups, ManifestGroup{Driver: &ManifestDriver{ID: tr.Driver.ID, Name: name, Phone: tr.Driver.Phone,
				Vehicle: tr.Driver.Vehicle, Plate: tr.Driver.Plate}})
		}
		groups[i].Trips = append(groups[i].Trips, line)
	}
	if len(unassigned) > 0 {
		groups = append(groups, ManifestGroup{Trips: unassigned})
	}
	return Manifest{Day: day, Groups: groups}, nil
}

func manifestTrip(tr dispatchrm.Trip, lang string) ManifestTrip {
	class := ""
	if tr.RatePlan != nil {
		class = tr.RatePlan.Name
		if lang == "ar" && tr.RatePlan.NameAR != "" {
			class = tr.RatePlan.NameAR
		}
	}
	stops := append([]string{}, tr.Stops...)
	return ManifestTrip{TripNumber: tr.OrderID, PickupTime: tr.StartAt.In(cat.Cairo).Format("15:04"), Pickup: tr.Pickup, Stops: stops,
		Traveller: tr.Customer, Phone: tr.Phone, Travellers: tr.Travellers, Comments: tr.Comments, CarClass: class}
}
