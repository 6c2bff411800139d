package dispatch

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"mime"
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
	TripNumber string   `json:"trip_number"`
	PickupTime string   `json:"pickup_time"`
	Pickup     string   `json:"pickup"`
	Stops      []string `json:"stops"`
	Traveller  string   `json:"traveller"`
	Phone      string   `json:"phone"`
	Travellers int      `json:"travellers"`
	Comments   string   `json:"comments"`
	CarClass   string   `json:"car_class"`
}

// manifest answers the day's trips by driver, as JSON or (?format=csv or Accept: text/csv) as CSV.
func (h *Handler) manifest(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	m, err := h.app.Queries.Manifest.Handle(r.Context(), q.Get("date"), q.Get("driver"), string(httpx.Lang(r)))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if wantsCSV(r) {
		writeManifestCSV(w, m)
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

func wantsCSV(r *http.Request) bool {
	if f := r.URL.Query().Get("format"); f != "" {
		return strings.EqualFold(f, "csv")
	}
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		if mt, _, err := mime.ParseMediaType(strings.TrimSpace(part)); err == nil && mt == "text/csv" {
			return true
		}
	}
	return false
}

// manifestHeader names the CSV columns; the times are Cairo time.
var manifestHeader = []string{"driver", "driver_phone", "car", "plate", "trip_number", "pickup_time_cairo", "pickup",
	"stops", "traveller", "phone", "group_size", "comments", "car_class"}

// writeManifestCSV writes one row per trip: RFC 4180, CRLF, UTF-8 with a byte order mark so
// spreadsheets read Arabic right, and every cell that a spreadsheet would take for a formula made text.
func writeManifestCSV(w http.ResponseWriter, m appdispatch.Manifest) {
	var buf bytes.Buffer
	buf.WriteString("\ufeff")
	cw := csv.NewWriter(&buf)
	cw.UseCRLF = true
	_ = cw.Write(manifestHeader)
	for _, g := range m.Groups {
		d := appdispatch.ManifestDriver{}
		if g.Driver != nil {
			d = *g.Driver
		}
		for _, t := range g.Trips {
			row := []string{d.Name, d.Phone, d.Vehicle, d.Plate, t.TripNumber, t.PickupTime, t.Pickup, strings.Join(t.Stops, " → "),
				t.Traveller, t.Phone, strconv.Itoa(t.Travellers), t.Comments, t.CarClass}
			for i := range row {
				row[i] = safeCell(row[i])
			}
			_ = cw.Write(row)
		}
	}
	cw.Flush()
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="manifest-%s.csv"`, m.Day))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
}

// safeCell puts an apostrophe before a cell a spreadsheet would run as a formula (= + - @, and a
// leading tab or carriage return that hides one).
func safeCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
