package orders

import (
	"net/http"
	"time"

	"github.com/gorilla/mux"

	apporders "mishwar/commands/orders"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/trip"
	"mishwar/httpapi/httpx"
)

// settings answers GET /api/orders/settings: the booking rules shown before confirming.
func (h *Handler) settings(w http.ResponseWriter, r *http.Request) {
	st := h.app.Queries.Settings.Handle()
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{
		"lead_hours": st.Lead.Hours(), "window_days": st.WindowDays, "hold_minutes": st.Hold.Minutes(),
		"free_cancellation_hours": st.FreeCancellation.Hours(), "late_refund_percent": st.LateRefundPercent,
		"change_cutoff_hours": st.Policy().Cancellation.ChangeCutoff().Hours(),
		"provider":            st.Provider, "time_step_minutes": st.TimeStepMinutes,
	}})
}

// calendar answers GET /api/orders/calendar?from=YYYY-MM-DD&days=N.
func (h *Handler) calendar(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	cal, err := h.app.Queries.Calendar.Handle(r.Context(), apporders.CalendarQuery{From: q.Get("from"), Days: q.Get("days")})
	if err != nil {
		writeError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": cal})
}

// cartCalendar answers GET /api/orders/calendar/cart?from=YYYY-MM-DD&days=N: the calendar of the
// signed-in traveller's cart, a day available only when one of its pickup times fits the cart.
func (h *Handler) cartCalendar(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	cal, err := h.app.Queries.CartCalendar.Handle(r.Context(), apporders.CartCalendarQuery{UserID: userID(r), From: q.Get("from"), Days: q.Get("days")})
	if err != nil {
		writeError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": cal})
}

// exchangeCalendar answers GET /api/orders/{id}/exchange/calendar?from=YYYY-MM-DD&days=N: the calendar
// of the traveller's own order's exchange, a day available only when one of the times
// /api/orders/{id}/exchange/pickup-times would offer fits the order's trip.
func (h *Handler) exchangeCalendar(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	cal, err := h.app.Queries.ExchangeCalendar.Handle(r.Context(), apporders.ExchangeCalendarQuery{OrderID: mux.Vars(r)["id"], UserID: userID(r),
		From: q.Get("from"), Days: q.Get("days")})
	if err != nil {
		writeError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": cal})
}

// pickupTimes answers GET /api/orders/pickup-times?date=YYYY-MM-DD: the pickup times of that day at
// which the signed-in traveller's cart fits one day, each with when the trip is back; when none
// does, why and what to do.
func (h *Handler) pickupTimes(w http.ResponseWriter, r *http.Request) {
	pt, err := h.app.Queries.PickupTimes.Handle(r.Context(), apporders.PickupTimesQuery{UserID: userID(r), Date: r.URL.Query().Get("date")})
	writePickupTimes(w, r, pt, err)
}

// exchangeTimes answers GET /api/orders/{id}/exchange/pickup-times?date=YYYY-MM-DD: the pickup times
// of that day to which the traveller's own order could be moved (its itinerary judged by the one-day
// rule, its own car counted free on its own day), in the shape of /api/orders/pickup-times.
func (h *Handler) exchangeTimes(w http.ResponseWriter, r *http.Request) {
	pt, err := h.app.Queries.ExchangeTimes.Handle(r.Context(), apporders.ExchangeTimesQuery{OrderID: mux.Vars(r)["id"], UserID: userID(r),
		Date: r.URL.Query().Get("date")})
	writePickupTimes(w, r, pt, err)
}

func writePickupTimes(w http.ResponseWriter, r *http.Request, pt apporders.PickupTimes, err error) {
	if err != nil {
		writeError(w, r, err)
		return
	}
	type timeJSON struct {
		Time   string    `json:"time"`
		Finish time.Time `json:"finish"`
	}
	times := make([]timeJSON, 0, len(pt.Times))
	for _, t := range pt.Times {
		times = append(times, timeJSON{Time: t.Time, Finish: t.Finish.In(cat.Cairo)})
	}
	data := map[string]any{"date": pt.Day.Date, "status": pt.Day.Status, "times": times, "time_zone": cat.Cairo.String()}
	if pt.Day.Reason != "" {
		data["reason"] = pt.Day.Reason
	}
	if v := pt.Verdict; v.Misfit != trip.FitsOneDay {
		lang := httpx.Lang(r)
		data["misfit"] = v.Misfit
		data["message"] = httpx.Say(lang, trip.KeyNoPickupTimeFits, v.Reason, v.Suggestion)
		data["suggestion"] = httpx.Say(lang, v.Suggestion.Key, v.Suggestion.Args...)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": data})
}
