package distance_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"mishwar/adapters/distance"
)

var (
	tahrir   = distance.Point{Lat: 30.0444, Lng: 31.2357}
	pyramids = distance.Point{Lat: 29.9792, Lng: 31.1342}
	citadel  = distance.Point{Lat: 30.0299, Lng: 31.2611}
	khan     = distance.Point{Lat: 30.0477, Lng: 31.2623}
	alex     = distance.Point{Lat: 31.2001, Lng: 29.9187}
)

var quiet = slog.New(slog.DiscardHandler)

var cairo = func() *time.Location {
	loc, err := time.LoadLocation("Africa/Cairo")
	if err != nil {
		panic(err)
	}
	return loc
}()

func TestGreatCircle(t *testing.T) {
	cases := []struct {
		name   string
		a, b   distance.Point
		meters float64
	}{
		{"one degree along the equator", distance.Point{}, distance.Point{Lng: 1}, 111_195.08},
		{"Tahrir to the pyramids", tahrir, pyramids, 12_168.57},
		{"Cairo to Alexandria", tahrir, alex, 179_984.65},
		{"a point to itself", khan, khan, 0},
	}
	for _, c := range cases {
		if got := distance.GreatCircle(c.a, c.b); math.Abs(got-c.meters) > 0.5 {
			t.Errorf("%s: %.2f m, want %.2f m", c.name, got, c.meters)
		}
		if got, back := distance.GreatCircle(c.a, c.b), distance.GreatCircle(c.b, c.a); math.Abs(got-back) > 1e-6 {
			t.Errorf("%s: not symmetric: %v vs %v", c.name, got, back)
		}
	}
}

func flat(kmh float64) distance.SpeedTable {
	var s distance.SpeedTable
	for h := range s {
		s[h] = kmh
	}
	return s
}

func TestEstimatorLeg(t *testing.T) {
	equator := distance.Point{}
	// 0.1° of longitude at the equator is 11 119.508 m of great circle.
	east := distance.Point{Lng: 0.1}
	utc := time.UTC
	peaky := flat(30)
	peaky[6] = 60
	cases := []struct {
		name      string
		est       distance.Estimator
		departure time.Time
		meters    int64
		duration  time.Duration
	}{
		{
			name: "circuity stretches the straight line", est: distance.Estimator{Circuity: 1.5, Speeds: flat(30), Location: utc},
			departure: time.Date(2026, 3, 2, 12, 0, 0, 0, utc),
			meters:    16_679, duration: 2001*time.Second + 480*time.Millisecond, // 16 679 m at 30 km/h
		},
		{
			name: "a drive across an hour boundary changes speed at the hour", est: distance.Estimator{Circuity: 1.5, Speeds: peaky, Location: utc},
			departure: time.Date(2026, 3, 2, 6, 50, 0, 0, utc),
			// 10 min at 60 km/h = 10 000 m; the remaining 6 679 m at 30 km/h = 801.48 s
			meters: 16_679, duration: 10*time.Minute + 801*time.Second + 480*time.Millisecond,
		},
		{
			name: "the hour is read on the estimator's clock, not the departure's", est: distance.Estimator{Circuity: 1.5, Speeds: peaky, Location: time.FixedZone("UTC+2", 7200)},
			departure: time.Date(2026, 3, 2, 4, 0, 0, 0, utc), // 06:00 at UTC+2: all at 60 km/h
			meters:    16_679, duration: 1000*time.Second + 740*time.Millisecond,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			leg := c.est.Leg(equator, east, c.departure)
			if leg.Meters != c.meters || leg.Duration != c.duration.Round(time.Second) {
				t.Fatalf("leg = %d m in %v, want %d m in %v", leg.Meters, leg.Duration, c.meters, c.duration.Round(time.Second))
			}
		})
	}
}

func TestCairoDefaults(t *testing.T) {
	e := distance.NewEstimator()
	if e.Circuity != 1.35 || e.Location.String() != "Africa/Cairo" {
		t.Fatalf("defaults: circuity %v in %v", e.Circuity, e.Location)
	}
	if avg := distance.CairoSpeeds.Average(7, 22); avg < 20 || avg > 22 {
		t.Fatalf("working-day average %.2f km/h, want about 21", avg)
	}
	lull := distance.CairoSpeeds.Average(10, 15)
	for _, peak := range []float64{distance.CairoSpeeds.Average(7, 10), distance.CairoSpeeds.Average(15, 19)} {
		if slowdown := lull / peak; slowdown < 1.3 || slowdown > 1.6 {
			t.Fatalf("a peak (%.1f km/h) should be 30–60 %% slower than the midday lull (%.1f km/h)", peak, lull)
		}
	}
	// Tahrir to the pyramids: 12.17 km straight, 16.43 km of road; slower at 08:00 than at 11:00.
	rush := e.Leg(tahrir, pyramids, time.Date(2026, 3, 2, 8, 0, 0, 0, cairo))
	midday := e.Leg(tahrir, pyramids, time.Date(2026, 3, 2, 11, 0, 0, 0, cairo))
	if rush.Meters != 16_428 || rush.Duration <= midday.Duration {
		t.Fatalf("rush %v, midday %v", rush, midday)
	}
	// The first hour at 16 km/h covers 16 000 m; the last 428 m go at 09:00's 17 km/h in 90.6 s.
	if want := time.Hour + 91*time.Second; rush.Duration != want {
		t.Fatalf("08:00 drive takes %v, want %v", rush.Duration, want)
	}
}

func TestEstimatorRouteStartsEachLegAfterTheDwell(t *testing.T) {
	speeds := flat(30)
	for h := 15; h < 19; h++ {
		speeds[h] = 10
	}
	e := &distance.Estimator{Circuity: 1, Speeds: speeds, Location: time.UTC}
	a, b, c := distance.Point{}, distance.Point{Lng: 0.1}, distance.Point{Lng: 0.2}
	legs, err := e.Route(context.Background(), []distance.Waypoint{
		{Point: a}, {Point: b, Dwell: 4 * time.Hour}, {Point: c},
	}, time.Date(2026, 3, 2, 11, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	// 11 120 m at 30 km/h = 22 min 14 s; leaving b at 11:22:14 + 4 h = 15:22:14 → 10 km/h: 66 min 43 s.
	if legs[0].Duration != 22*time.Minute+14*time.Second || legs[1].Duration != 66*time.Minute+43*time.Second {
		t.Fatalf("legs = %v", legs)
	}
}

func TestParseSpeedTable(t *testing.T) {
	good := strings.Repeat("20,", 23) + "25.5"
	if tbl, err := distance.ParseSpeedTable(good); err != nil || tbl[23] != 25.5 || tbl[0] != 20 {
		t.Fatalf("%v %v", tbl, err)
	}
	for _, bad := range []string{"", strings.Repeat("20,", 23), strings.Repeat("20,", 23) + "0", strings.Repeat("20,", 23) + "fast"} {
		if _, err := distance.ParseSpeedTable(bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
}

func TestFromEnv(t *testing.T) {
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	svc, err := distance.FromEnv(env(nil), nil)
	if e, ok := svc.(*distance.Estimator); err != nil || !ok || e.Circuity != distance.DefaultCircuity || e.Speeds != distance.CairoSpeeds {
		t.Fatalf("no settings: %T %v", svc, err)
	}
	svc, err = distance.FromEnv(env(map[string]string{"MISHWAR_CIRCUITY": "1.2", "MISHWAR_SPEEDS": strings.Repeat("30,", 23) + "30"}), nil)
	if e, ok := svc.(*distance.Estimator); err != nil || !ok || e.Circuity != 1.2 || e.Speeds != flat(30) {
		t.Fatalf("estimator settings: %#v %v", svc, err)
	}
	svc, err = distance.FromEnv(env(map[string]string{"MISHWAR_OSRM_URL": "http://localhost:5000/", "MISHWAR_OSRM_DURATION_FACTOR": "1.6"}), nil)
	f, ok := svc.(distance.Fallback)
	if err != nil || !ok {
		t.Fatalf("OSRM: %T %v", svc, err)
	}
	if o := f.Primary.(*distance.OSRM); o.BaseURL != "http://localhost:5000" || o.DurationFactor != 1.6 {
		t.Fatalf("OSRM adapter %#v", o)
	}
	for _, bad := range []map[string]string{
		{"MISHWAR_CIRCUITY": "0.9"},
		{"MISHWAR_CIRCUITY": "much"},
		{"MISHWAR_SPEEDS": "30"},
		{"MISHWAR_OSRM_URL": "localhost:5000"},
		{"MISHWAR_OSRM_URL": "http://localhost:5000", "MISHWAR_OSRM_DURATION_FACTOR": "-1"},
	} {
		if svc, err := distance.FromEnv(env(bad), nil); err == nil {
			t.Errorf("%v: want an error, got %T", bad, svc)
		}
	}
}

// fakeOSRM answers the table and route services in OSRM's JSON shape, from straight-line distance
// × 1.3 at 10 m/s. It records the paths and queries it was asked.
type fakeOSRM struct {
	mu       sync.Mutex
	requests []string
	// answer, when set, replaces the computed answer.
	answer func(w http.ResponseWriter, r *http.Request) bool
}

func (f *fakeOSRM) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.requests = append(f.requests, r.URL.RequestURI())
	f.mu.Unlock()
	if f.answer != nil && f.answer(w, r) {
		return
	}
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/"), "/")
	if len(parts) != 4 || parts[1] != "v1" || parts[2] != "driving" {
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(map[string]string{"code": "InvalidUrl", "message": "URL string malformed"})
		return
	}
	var pts []distance.Point
	for _, c := range strings.Split(parts[3], ";") {
		ll := strings.Split(c, ",")
		lng, _ := strconv.ParseFloat(ll[0], 64)
		lat, _ := strconv.ParseFloat(ll[1], 64)
		pts = append(pts, distance.Point{Lat: lat, Lng: lng})
	}
	road := func(a, b distance.Point) float64 { return math.Round(distance.GreatCircle(a, b)*1.3*10) / 10 }
	w.Header().Set("Content-Type", "application/json")
	switch parts[0] {
	case "table":
		durations := make([][]float64, len(pts))
		distances := make([][]float64, len(pts))
		for i := range pts {
			durations[i] = make([]float64, len(pts))
			distances[i] = make([]float64, len(pts))
			for j := range pts {
				distances[i][j] = road(pts[i], pts[j])
				durations[i][j] = math.Round(distances[i][j]) / 10
			}
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"code": "Ok", "durations": durations, "distances": distances, "sources": []any{}, "destinations": []any{}})
	case "route":
		var legs []map[string]any
		total, totalDur := 0.0, 0.0
		for i := 1; i < len(pts); i++ {
			d := road(pts[i-1], pts[i])
			legs = append(legs, map[string]any{"distance": d, "duration": math.Round(d) / 10, "steps": []any{}, "summary": "", "weight": d})
			total += d
			totalDur += math.Round(d) / 10
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"code": "Ok", "routes": []any{map[string]any{"distance": total, "duration": totalDur, "legs": legs, "weight_name": "routability"}}, "waypoints": []any{}})
	default:
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(map[string]string{"code": "InvalidService", "message": "Service " + parts[0] + " not found!"})
	}
}

func newOSRM(t *testing.T, f *fakeOSRM) *distance.OSRM {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	o, err := distance.NewOSRM(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestServiceContract runs the same checks against every adapter.
func TestServiceContract(t *testing.T) {
	down := httptest.NewServer(http.NotFoundHandler())
	down.Close()
	unreachable, _ := distance.NewOSRM(down.URL)
	adapters := map[string]func(t *testing.T) distance.Service{
		"estimator": func(*testing.T) distance.Service { return distance.NewEstimator() },
		"osrm":      func(t *testing.T) distance.Service { return newOSRM(t, &fakeOSRM{}) },
		"fallback with the primary down": func(*testing.T) distance.Service {
			return distance.Fallback{Primary: unreachable, Secondary: distance.NewEstimator(), Log: quiet}
		},
	}
	departure := time.Date(2026, 3, 2, 9, 0, 0, 0, cairo)
	points := []distance.Point{tahrir, pyramids, citadel, khan}
	for name, make := range adapters {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			svc := make(t)
			m, err := svc.Matrix(ctx, points, departure)
			if err != nil {
				t.Fatal(err)
			}
			if len(m) != len(points) {
				t.Fatalf("%d rows for %d points", len(m), len(points))
			}
			for i := range m {
				if len(m[i]) != len(points) {
					t.Fatalf("row %d has %d columns", i, len(m[i]))
				}
				for j := range m[i] {
					leg := m[i][j]
					straight := distance.GreatCircle(points[i], points[j])
					switch {
					case i == j && leg != (distance.Leg{}):
						t.Errorf("diagonal %d is %v", i, leg)
					case i != j && (float64(leg.Meters) < straight || leg.Duration <= 0):
						t.Errorf("leg %d→%d = %v, shorter than the straight line %.0f m or instant", i, j, leg, straight)
					}
				}
			}
			// Tahrir → the pyramids is longer than Tahrir → Khan el-Khalili, by any measure.
			if m[0][1].Meters <= m[0][3].Meters || m[0][1].Duration <= m[0][3].Duration {
				t.Errorf("Tahrir→pyramids %v should exceed Tahrir→Khan %v", m[0][1], m[0][3])
			}
			route, err := svc.Route(ctx, []distance.Waypoint{{Point: tahrir}, {Point: citadel}, {Point: pyramids}, {Point: tahrir}}, departure)
			if err != nil {
				t.Fatal(err)
			}
			if len(route) != 3 {
				t.Fatalf("%d legs for 4 waypoints", len(route))
			}
			for i, pair := range [][2]int{{0, 2}, {2, 1}, {1, 0}} {
				if route[i].Meters != m[pair[0]][pair[1]].Meters {
					t.Errorf("route leg %d = %d m, matrix says %d m", i, route[i].Meters, m[pair[0]][pair[1]].Meters)
				}
			}
			if legs, err := svc.Route(ctx, []distance.Waypoint{{Point: tahrir}}, departure); err != nil || len(legs) != 0 {
				t.Errorf("a one-point route = %v, %v; want no legs", legs, err)
			}
			if _, err := svc.Matrix(ctx, []distance.Point{tahrir, {Lat: 91, Lng: 0}}, departure); !errors.Is(err, distance.ErrInvalidPoint) {
				t.Errorf("latitude 91: err = %v, want ErrInvalidPoint", err)
			}
		})
	}
}

func TestOSRMRequestsAreOSRMShaped(t *testing.T) {
	f := &fakeOSRM{}
	o := newOSRM(t, f)
	ctx := context.Background()
	if _, err := o.Matrix(ctx, []distance.Point{tahrir, pyramids}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := o.Route(ctx, []distance.Waypoint{{Point: tahrir}, {Point: pyramids}}, time.Now()); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"/table/v1/driving/31.235700,30.044400;31.134200,29.979200?annotations=duration%2Cdistance",
		"/route/v1/driving/31.235700,30.044400;31.134200,29.979200?overview=false&steps=false",
	}
	if strings.Join(f.requests, "\n") != strings.Join(want, "\n") {
		t.Fatalf("requests:\n%s\nwant:\n%s", strings.Join(f.requests, "\n"), strings.Join(want, "\n"))
	}
}

func TestOSRMDurationFactorScalesTimesOnly(t *testing.T) {
	o := newOSRM(t, &fakeOSRM{})
	plain, err := o.Matrix(context.Background(), []distance.Point{tahrir, pyramids}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	o.DurationFactor = 2
	scaled, err := o.Matrix(context.Background(), []distance.Point{tahrir, pyramids}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if scaled[0][1].Meters != plain[0][1].Meters || scaled[0][1].Duration != 2*plain[0][1].Duration {
		t.Fatalf("plain %v, scaled %v", plain[0][1], scaled[0][1])
	}
}

func TestOSRMRefusals(t *testing.T) {
	reply := func(status int, body string) func(http.ResponseWriter, *http.Request) bool {
		return func(w http.ResponseWriter, _ *http.Request) bool {
			w.WriteHeader(status)
			_, _ = w.Write([]byte(body))
			return true
		}
	}
	cases := []struct {
		name      string
		answer    func(http.ResponseWriter, *http.Request) bool
		noRoute   bool
		osrmError bool
	}{
		{"NoRoute", reply(400, `{"code":"NoRoute","message":"Impossible route between points"}`), true, true},
		{"a null cell in the table", reply(200, `{"code":"Ok","durations":[[0,null],[5,0]],"distances":[[0,null],[50,0]],"routes":[]}`), true, false},
		{"TooBig", reply(400, `{"code":"TooBig","message":"Too many table coordinates"}`), false, true},
		{"a proxy's HTML error page", reply(502, `<html>Bad Gateway</html>`), false, false},
		{"a table of the wrong size", reply(200, `{"code":"Ok","durations":[[0]],"distances":[[0]]}`), false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := newOSRM(t, &fakeOSRM{answer: c.answer})
			_, err := o.Matrix(context.Background(), []distance.Point{tahrir, pyramids}, time.Now())
			if err == nil {
				t.Fatal("want an error")
			}
			var oe *distance.OSRMError
			if errors.Is(err, distance.ErrNoRoute) != c.noRoute || errors.As(err, &oe) != c.osrmError {
				t.Fatalf("err = %v: no route %v, OSRM error %v", err, errors.Is(err, distance.ErrNoRoute), errors.As(err, &oe))
			}
		})
	}
}

func TestFallbackAnswersFromTheSecondaryOnlyWhenThePrimaryFails(t *testing.T) {
	calls := 0
	f := &fakeOSRM{answer: func(w http.ResponseWriter, _ *http.Request) bool {
		calls++
		if calls == 1 {
			return false // the first request is answered normally
		}
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(`{"code":"Busy","message":"try later"}`))
		return true
	}}
	est := distance.NewEstimator()
	fb := distance.Fallback{Primary: newOSRM(t, f), Secondary: est, Log: quiet}
	ctx := context.Background()
	dep := time.Date(2026, 3, 2, 9, 0, 0, 0, cairo)
	first, err := fb.Matrix(ctx, []distance.Point{tahrir, pyramids}, dep)
	if err != nil {
		t.Fatal(err)
	}
	second, err := fb.Matrix(ctx, []distance.Point{tahrir, pyramids}, dep)
	if err != nil {
		t.Fatal(err)
	}
	wantOSRM := int64(math.Round(distance.GreatCircle(tahrir, pyramids) * 1.3))
	if first[0][1].Meters != wantOSRM || second[0][1] != est.Leg(tahrir, pyramids, dep) {
		t.Fatalf("first %v (want OSRM's %d m), second %v (want the estimator's)", first[0][1], wantOSRM, second[0][1])
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := fb.Route(cancelled, []distance.Waypoint{{Point: tahrir}, {Point: pyramids}}, dep); err == nil {
		t.Fatal("a cancelled request must not fall back")
	}
}
