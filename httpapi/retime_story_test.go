package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
	cat "mishwar/domain/catalogue"
)

// tripTimes is a trip's row as the driver's list and the board answer it.
type tripTimes struct {
	OrderID        string     `json:"order_id"`
	Status         string     `json:"status"`
	StartAt        time.Time  `json:"start_at"`
	EndAt          *time.Time `json:"end_at"`
	ReleasedReason string     `json:"released_reason"`
	ReleasedCause  *struct {
		Code    string    `json:"code"`
		Day     string    `json:"day"`
		Trip    string    `json:"trip"`
		StartAt time.Time `json:"start_at"`
		EndAt   time.Time `json:"end_at"`
	} `json:"released_cause"`
	Driver *struct {
		ID string `json:"id"`
	} `json:"driver"`
}

// Issue 14: a trip exchanged to other times on its day kept its driver's booking at the old times, so
// the overlap rule (a driver never drives two trips at once) and everything read from the driver's
// day worked on stale times. Now the booking follows the exchange; an exchange that puts the trip
// over another of the driver's trips takes it back from the driver, saying why, instead of
// double-booking them; an exchange to another day releases the driver of the old day.
func TestADriversBookedDayFollowsTheTripsExchanges(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 5)
	a := w.a
	admin, driver := a.Staff(t, "admin"), a.Staff(t, "driver")
	cairoAt := func(clock string) time.Time {
		t.Helper()
		at, err := time.ParseInLocation(time.DateOnly+" 15:04", w.date+" "+clock, cat.Cairo)
		if err != nil {
			t.Fatal(err)
		}
		return at.UTC()
	}
	paidAt := func(clock string) (apptest.Session, string) {
		t.Helper()
		u := w.traveller(t)
		return u, w.paidCheckoutAt(t, u, clock, "en")
	}
	morningUser, morning := paidAt("07:00")
	eveningUser, evening := paidAt("17:00")

	board := func() map[string]tripTimes {
		t.Helper()
		var b struct {
			Data    []tripTimes `json:"data"`
			Drivers []struct {
				ID string `json:"id"`
			} `json:"drivers"`
		}
		a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &b)
		out := map[string]tripTimes{}
		for _, tr := range b.Data {
			out[tr.OrderID] = tr
		}
		if len(b.Drivers) == 1 {
			out["driver"] = tripTimes{OrderID: b.Drivers[0].ID}
		}
		return out
	}
	eventually(t, "both paid orders on the board", func() (bool, string) {
		b := board()
		return len(b) == 3, "not yet"
	})
	driverID := board()["driver"].OrderID
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/admin/drivers/" + driverID + "/account", Token: admin.Token,
		Body: map[string]string{"email": driver.Email}}); r.Status != http.StatusOK {
		t.Fatalf("link: %d %s", r.Status, r.Body)
	}
	assign := func(id string) apptest.Response {
		return a.Post("/api/admin/trips/"+id+"/driver", admin.Token, map[string]string{"driver_id": driverID})
	}
	for _, id := range []string{morning, evening} {
		if r := assign(id); r.Status != http.StatusOK {
			t.Fatalf("assign %s: %d %s", id, r.Status, r.Body)
		}
	}
	b := board()
	// The times below assume a trip of under five hours (06:00 to 11:00 fits before 11:00).
	if b[morning].EndAt == nil || !b[morning].EndAt.Before(cairoAt("12:00")) || !b[morning].StartAt.Equal(cairoAt("07:00")) {
		t.Fatalf("the morning trip goes %s to %v, want 07:00 to before 12:00", b[morning].StartAt, b[morning].EndAt)
	}

	mine := func() map[string]tripTimes {
		t.Helper()
		var m struct {
			Data []tripTimes `json:"data"`
		}
		a.Get("/api/driver/trips?from="+w.date, driver.Token).JSON(t, &m)
		out := map[string]tripTimes{}
		for _, tr := range m.Data {
			out[tr.OrderID] = tr
		}
		return out
	}
	exchange := func(u apptest.Session, id, date, clock string) {
		t.Helper()
		r := a.Post("/api/orders/"+id+"/exchange", u.Token, map[string]string{"date": date, "time": clock})
		if r.Status != http.StatusOK || strings.Contains(string(r.Body), "payment_url\":\"http") {
			t.Fatalf("exchange %s to %s %s: %d %s, want it done at once", id, date, clock, r.Status, r.Body)
		}
	}
	dayStream := func() string {
		return string(a.Get("/api/support/streams/driverday-"+driverID+"-"+w.date, admin.Token).Body)
	}

	// 1. The morning trip moves four hours later on its day: the driver keeps it, at its new times,
	// on their list and in their day's booking.
	exchange(morningUser, morning, w.date, "11:00")
	eventually(t, "the driver's booking takes the morning trip's new times", func() (bool, string) {
		tr, ok := mine()[morning]
		day := dayStream()
		return ok && tr.StartAt.Equal(cairoAt("11:00")) && strings.Contains(day, `"type":"DriverDayRetimed"`), day
	})
	// The overlap rule works on the new times: the old morning is free, the new one is not.
	_, earlyID := paidAt("06:00")
	_, spareID := paidAt("12:00")
	eventually(t, "the two new orders on the board", func() (bool, string) { return len(board()) == 5, "not yet" })
	if r := assign(spareID); r.Status != http.StatusConflict || !strings.Contains(string(r.Body), morning) {
		t.Fatalf("a trip over the morning trip's new times: %d %s, want 409 naming %s", r.Status, r.Body, morning)
	}
	if r := assign(earlyID); r.Status != http.StatusOK {
		t.Fatalf("a trip in the morning the exchanged trip left: %d %s", r.Status, r.Body)
	}
	if r := a.Delete("/api/admin/trips/"+earlyID+"/driver", admin.Token); r.Status != http.StatusOK {
		t.Fatalf("unassign the early trip: %d %s", r.Status, r.Body)
	}

	// 2. The evening trip moves onto the morning trip's new times: the driver cannot drive both, so
	// it is taken back from them, with the reason, and waits on the board for another driver.
	exchange(eveningUser, evening, w.date, "12:00")
	eventually(t, "the evening trip is taken back from the driver, saying why", func() (bool, string) {
		tr := board()[evening]
		_, still := mine()[evening]
		return tr.Status == "unassigned" && tr.Driver == nil && !still && strings.Contains(tr.ReleasedReason, "overlap trip "+morning), tr.ReleasedReason
	})
	if tr := mine()[morning]; !tr.StartAt.Equal(cairoAt("11:00")) {
		t.Fatalf("the morning trip on the driver's list: %+v", tr)
	}
	// The reason is also data, which staff read in their language: the board, and the support
	// console's driver card.
	morningEnd := mine()[morning].EndAt
	if c := board()[evening].ReleasedCause; c == nil || morningEnd == nil || c.Code != "times_overlap" || c.Trip != morning || !c.StartAt.Equal(cairoAt("11:00")) ||
		!c.EndAt.Equal(*morningEnd) {
		t.Fatalf("the evening trip's cause: %+v, want times_overlap %s from 11:00 to %v", c, morning, morningEnd)
	}
	takenOff := func(id, lang string) string {
		t.Helper()
		var c supportCard
		a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/support/orders/" + id + "/history", Token: admin.Token, Header: map[string]string{"lang": lang}}).JSON(t, &c)
		return c.field("taken_off")
	}
	if got := takenOff(evening, "en"); !strings.HasPrefix(got, "the new times overlap trip "+morning+" (11:00–") || !strings.HasSuffix(got, " Cairo time)") {
		t.Errorf("the support card in English says %q", got)
	}
	if got := takenOff(evening, "ar"); !strings.HasPrefix(got, "المواعيد الجديدة تتداخل مع الرحلة \u2068"+morning+"\u2069 (من \u2068١١:٠٠ ص\u2069 إلى") {
		t.Errorf("the support card in Arabic says %q", got)
	}

	// 3. The morning trip moves to the next day: the driver of the old day is released.
	next, err := time.Parse(time.DateOnly, w.date)
	if err != nil {
		t.Fatal(err)
	}
	exchange(morningUser, morning, next.AddDate(0, 0, 1).Format(time.DateOnly), "10:00")
	eventually(t, "the trip moved to another day leaves the driver's list", func() (bool, string) {
		_, still := mine()[morning]
		return !still && strings.Contains(dayStream(), `"reason":"the trip moved to`), dayStream()
	})
	nextDay := next.AddDate(0, 0, 1).Format(time.DateOnly)
	var moved struct {
		Data []tripTimes `json:"data"`
	}
	a.Get("/api/admin/trips?date="+nextDay, admin.Token).JSON(t, &moved)
	if len(moved.Data) != 1 || moved.Data[0].ReleasedCause == nil || moved.Data[0].ReleasedCause.Code != "moved_to_day" || moved.Data[0].ReleasedCause.Day != nextDay ||
		moved.Data[0].ReleasedReason != "the trip moved to "+nextDay {
		t.Fatalf("the moved trip on the board of %s: %+v", nextDay, moved.Data)
	}
	if got, want := takenOff(morning, "en"), "the trip moved to "+next.AddDate(0, 0, 1).Format("Mon 2 Jan 2006"); got != want {
		t.Errorf("the support card in English says %q, want %q", got, want)
	}
	if got := takenOff(morning, "ar"); !strings.HasPrefix(got, "نُقلت الرحلة إلى ") || strings.ContainsAny(got, "0123456789") {
		t.Errorf("the support card in Arabic says %q", got)
	}
	// Their day is free again: the evening trip (now at 12:00) fits.
	if r := assign(evening); r.Status != http.StatusOK {
		t.Fatalf("the driver's day after the move: %d %s", r.Status, r.Body)
	}
}
