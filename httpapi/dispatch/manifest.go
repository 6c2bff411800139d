package dispatch

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	appdispatch "mishwar/commands/dispatch"
	"mishwar/httpapi/httpx"
)

type manifestJSON struct {
	Date   string              `json:"date"`
	Groups []manifestGroupJSON `json:"groups"`
}

type manifestGroupJSON struct {
	Driver *manifestDriverJSON `json:"driver"`
	Trips  []manifestTripJSON  `json:"trips"`
}

type manifestDriverJSON struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Phone   string `json:"phone"`
	Vehicle string `json:"vehicle"`
	Plate   string `json:"plate"`
}

type manifestTripJSON struct {
	TripNumber    string   `json:"trip_number"`
	PickupTime    string   `json:"pickup_time"`
	EndTime       string   `json:"end_time"`
	Pickup        string   `json:"pickup"`
	PickupAddress string   `json:"pickup_address"`
	Stops         []string `json:"stops"`
	End           string   `json:"end"`
	Traveller     string   `json:"traveller"`
	Phone         string   `json:"phone"`
	Travellers    int      `json:"travellers"`
	Comments      string   `json:"comments"`
	CarClass      string   `json:"car_class"`
}

// manifest answers the day's trips by driver, as JSON or (?format=csv or Accept: text/csv) as CSV.
func (h *Handler) manifest(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	m, err := h.app.Queries.Manifest.Handle(r.Context(), q.Get("date"), q.Get("driver"), string(httpx.Lang(r)))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if httpx.WantsCSV(r) {
		writeManifestCSV(w, r, m)
		return
	}
	out := manifestJSON{Date: string(m.Day), Groups: make([]manifestGroupJSON, len(m.Groups))}
	for i, g := range m.Groups {
		group := manifestGroupJSON{Trips: make([]manifestTripJSON, len(g.Trips))}
		if g.Driver != nil {
			d := manifestDriverJSON(*g.Driver)
			group.Driver = &d
		}
		for j, t := range g.Trips {
			group.Trips[j] = manifestTripJSON(t)
		}
		out.Groups[i] = group
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": out})
}

// manifestHeadings name the CSV columns (i18n keys, said in the request's language); the times are
// Cairo time and say so.
var manifestHeadings = []string{"dispatch.csv.driver", "dispatch.csv.driver_phone", "dispatch.csv.car", "dispatch.csv.plate",
	"dispatch.csv.trip_number", "dispatch.csv.pickup_time", "dispatch.csv.end_time", "dispatch.csv.pickup", "dispatch.csv.pickup_address",
	"dispatch.csv.stops", "dispatch.csv.end", "dispatch.csv.traveller", "dispatch.csv.phone", "dispatch.csv.group_size",
	"dispatch.csv.comments", "dispatch.csv.car_class"}

// writeManifestCSV writes one row per trip, the stops joined by arrows.
func writeManifestCSV(w http.ResponseWriter, r *http.Request, m appdispatch.Manifest) {
	var rows [][]string
	for _, g := range m.Groups {
		d := appdispatch.ManifestDriver{}
		if g.Driver != nil {
			d = *g.Driver
		}
		for _, t := range g.Trips {
			rows = append(rows, []string{d.Name, d.Phone, d.Vehicle, d.Plate, t.TripNumber, t.PickupTime, t.EndTime, t.Pickup, t.PickupAddress,
				strings.Join(t.Stops, " → "), t.End, t.Traveller, t.Phone, strconv.Itoa(t.Travellers), t.Comments, t.CarClass})
		}
	}
	httpx.WriteCSV(w, r, fmt.Sprintf("manifest-%s.csv", m.Day), manifestHeadings, rows)
}
