package distance

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// OSRM asks an OSRM server (http://project-osrm.org) for road distances and driving times: the
// table service for matrices and the route service for routes. OSRM's car profile knows no traffic,
// so its times can be scaled by DurationFactor (1 keeps them as answered); departure is ignored.
type OSRM struct {
	// BaseURL is the server's address, e.g. http://localhost:5000 (MISHWAR_OSRM_URL).
	BaseURL string
	// Profile is the routing profile in the URL; "driving" when empty.
	Profile string
	// DurationFactor multiplies every answered duration; 0 means 1.
	DurationFactor float64
	Client         *http.Client
}

// NewOSRM returns an adapter for the server at baseURL with a 5-second timeout per request.
func NewOSRM(baseURL string) (*OSRM, error) {
	u, err := url.Parse(baseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("distance: OSRM URL %q must be an http(s) address", baseURL)
	}
	return &OSRM{BaseURL: strings.TrimRight(baseURL, "/"), Client: &http.Client{Timeout: 5 * time.Second}}, nil
}

// OSRMError is a refusal answered by the server (a code other than "Ok").
type OSRMError struct {
	Status  int
	Code    string
	Message string
}

func (e *OSRMError) Error() string {
	return fmt.Sprintf("distance: OSRM answered %d %s: %s", e.Status, e.Code, e.Message)
}

// Unwrap makes OSRM's NoRoute and NoTable codes match ErrNoRoute.
func (e *OSRMError) Unwrap() error {
	if e.Code == "NoRoute" || e.Code == "NoTable" || e.Code == "NoSegment" {
		return ErrNoRoute
	}
	return nil
}

type osrmTable struct {
	Durations [][]*float64 `json:"durations"`
	Distances [][]*float64 `json:"distances"`
}

type osrmRoute struct {
	Routes []struct {
		Distance float64 `json:"distance"`
		Duration float64 `json:"duration"`
		Legs     []struct {
			Distance float64 `json:"distance"`
			Duration float64 `json:"duration"`
		} `json:"legs"`
	} `json:"routes"`
}

// Matrix implements Service with GET /table/v1/{profile}/{coordinates}?annotations=duration,distance.
func (o *OSRM) Matrix(ctx context.Context, points []Point, _ time.Time) ([][]Leg, error) {
	if err := checkPoints(points); err != nil {
		return nil, err
	}
	if len(points) == 0 {
		return [][]Leg{}, nil
	}
	if len(points) == 1 {
		return [][]Leg{{{}}}, nil
	}
	var body osrmTable
	if err := o.get(ctx, "table", points, url.Values{"annotations": {"duration,distance"}}, &body); err != nil {
		return nil, err
	}
	if len(body.Durations) != len(points) || len(body.Distances) != len(points) {
		return nil, fmt.Errorf("distance: OSRM table has %d×? durations and %d×? distances for %d points", len(body.Durations), len(body.Distances), len(points))
	}
	legs := make([][]Leg, len(points))
	for i := range points {
		if len(body.Durations[i]) != len(points) || len(body.Distances[i]) != len(points) {
			return nil, fmt.Errorf("distance: OSRM table row %d has the wrong length", i)
		}
		legs[i] = make([]Leg, len(points))
		for j := range points {
			if i == j {
				continue
			}
			du, di := body.Durations[i][j], body.Distances[i][j]
			if du == nil || di == nil {
				return nil, fmt.Errorf("%w: OSRM table has no value from #%d to #%d", ErrNoRoute, i, j)
			}
			legs[i][j] = o.leg(*di, *du)
		}
	}
	return legs, nil
}

// Route implements Service with GET /route/v1/{profile}/{coordinates}?overview=false.
func (o *OSRM) Route(ctx context.Context, waypoints []Waypoint, _ time.Time) ([]Leg, error) {
	points := waypointPoints(waypoints)
	if err := checkPoints(points); err != nil {
		return nil, err
	}
	if len(points) < 2 {
		return nil, nil
	}
	var body osrmRoute
	if err := o.get(ctx, "route", points, url.Values{"overview": {"false"}, "steps": {"false"}}, &body); err != nil {
		return nil, err
	}
	if len(body.Routes) == 0 {
		return nil, fmt.Errorf("%w: OSRM answered no route", ErrNoRoute)
	}
	r := body.Routes[0]
	if len(r.Legs) != len(points)-1 {
		return nil, fmt.Errorf("distance: OSRM route has %d legs for %d waypoints", len(r.Legs), len(points))
	}
	legs := make([]Leg, len(r.Legs))
	for i, l := range r.Legs {
		legs[i] = o.leg(l.Distance, l.Duration)
	}
	return legs, nil
}

func (o *OSRM) leg(meters, seconds float64) Leg {
	f := o.DurationFactor
	if f <= 0 {
		f = 1
	}
	return Leg{
		Meters:   int64(math.Round(meters)),
		Duration: time.Duration(math.Round(seconds*f)) * time.Second,
	}
}

// get calls service for points and decodes the answer into out. OSRM takes "lng,lat" pairs joined by
// semicolons, longitude first.
func (o *OSRM) get(ctx context.Context, service string, points []Point, q url.Values, out any) error {
	coords := make([]string, len(points))
	for i, p := range points {
		coords[i] = strconv.FormatFloat(p.Lng, 'f', 6, 64) + "," + strconv.FormatFloat(p.Lat, 'f', 6, 64)
	}
	profile := o.Profile
	if profile == "" {
		profile = "driving"
	}
	u := o.BaseURL + "/" + service + "/v1/" + url.PathEscape(profile) + "/" + strings.Join(coords, ";") + "?" + q.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return fmt.Errorf("distance: OSRM %s: %w", service, err)
	}
	client := o.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("distance: OSRM %s: %w", service, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("distance: OSRM %s: read: %w", service, err)
	}
	var status struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal(raw, &status); err != nil {
		return fmt.Errorf("distance: OSRM %s answered %d with no JSON: %w", service, resp.StatusCode, err)
	}
	if resp.StatusCode != http.StatusOK || status.Code != "Ok" {
		return &OSRMError{Status: resp.StatusCode, Code: status.Code, Message: status.Message}
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("distance: OSRM %s: decode: %w", service, err)
	}
	return nil
}
