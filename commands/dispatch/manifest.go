package dispatch

import (
	"context"
	"errors"
	"sort"
	"strings"

	"github.com/google/uuid"

	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
	catrm "mishwar/projections/catalogue"
	dispatchrm "mishwar/projections/dispatch"
)

// PickupPoints finds a catalogue pickup point (whatever its state), for its street address.
type PickupPoints interface {
	PickupPoint(ctx context.Context, id uuid.UUID) (catrm.PickupPoint, error)
}

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

// ManifestTrip is one line of the manifest. PickupTime (and EndTime, "" when not known) is the Cairo
// wall-clock time (HH:MM); places and CarClass are named in the reader's language (English where the
// order recorded no Arabic name). PickupAddress is the pickup point's street address ("" for a place
// of the traveller's own); End is where the trip ends.
type ManifestTrip struct {
	TripNumber    string
	PickupTime    string
	EndTime       string
	Pickup        string
	PickupAddress string
	Stops         []string
	End           string
	Traveller     string
	Phone         string
	Travellers    int
	Comments      string
	CarClass      string
}

// ManifestHandler answers the printable daily manifest.
type ManifestHandler struct {
	trips  ManifestTrips
	points PickupPoints
	today  func() string
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
	addresses, err := h.addresses(ctx, trips, lang)
	if err != nil {
		return Manifest{}, err
	}
	index := map[string]int{}
	var groups []ManifestGroup
	var unassigned []ManifestTrip
	for _, tr := range trips {
		line := manifestTrip(tr, lang)
		line.PickupAddress = addresses[tr.PickupPointID]
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
			i = len(groups)
			index[tr.Driver.ID] = i
			groups = append(groups, ManifestGroup{Driver: &ManifestDriver{ID: tr.Driver.ID, Name: tr.Driver.NameIn(string(lang)), Phone: tr.Driver.Phone,
				Vehicle: tr.Driver.VehicleIn(string(lang)), Plate: tr.Driver.Plate}})
		}
		groups[i].Trips = append(groups[i].Trips, line)
	}
	if len(unassigned) > 0 {
		groups = append(groups, ManifestGroup{Trips: unassigned})
	}
	return Manifest{Day: day, Groups: groups}, nil
}

// addresses are the street addresses, in lang, of the pickup points the trips start at, by id. A
// point the catalogue no longer has has none.
func (h ManifestHandler) addresses(ctx context.Context, trips []dispatchrm.Trip, lang string) (map[string]string, error) {
	out := map[string]string{}
	if h.points == nil {
		return out, nil
	}
	for _, tr := range trips {
		if _, done := out[tr.PickupPointID]; done || tr.PickupPointID == "" {
			continue
		}
		id, err := uuid.Parse(tr.PickupPointID)
		if err != nil {
			out[tr.PickupPointID] = ""
			continue
		}
		p, err := h.points.PickupPoint(ctx, id)
		if errors.Is(err, cat.ErrPickupPointNotFound) {
			out[tr.PickupPointID] = ""
			continue
		}
		if err != nil {
			return nil, err
		}
		out[tr.PickupPointID] = p.Address.In(lang)
	}
	return out, nil
}

// inLang is the Arabic name on an Arabic page when there is one, else the English.
func inLang(lang, en, ar string) string {
	if lang == "ar" && ar != "" {
		return ar
	}
	return en
}

func manifestTrip(tr dispatchrm.Trip, lang string) ManifestTrip {
	class := ""
	if tr.RatePlan != nil {
		class = inLang(lang, tr.RatePlan.Name, tr.RatePlan.NameAR)
	}
	stops := make([]string, len(tr.Stops))
	for i, name := range tr.Stops {
		ar := ""
		if i < len(tr.StopsAR) {
			ar = tr.StopsAR[i]
		}
		stops[i] = inLang(lang, name, ar)
	}
	end := ""
	if tr.EndAt != nil {
		end = tr.EndAt.In(cat.Cairo).Format("15:04")
	}
	return ManifestTrip{TripNumber: tr.OrderID, PickupTime: tr.StartAt.In(cat.Cairo).Format("15:04"), EndTime: end, Pickup: inLang(lang, tr.Pickup, tr.PickupAR),
		Stops: stops, End: inLang(lang, tr.End, tr.EndAR), Traveller: tr.Customer, Phone: tr.Phone, Travellers: tr.Travellers, Comments: tr.Comments, CarClass: class}
}
