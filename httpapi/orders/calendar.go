package orders

import (
	"net/http"

	apporders "mishwar/commands/orders"
	"mishwar/httpapi/httpx"
)

// settings answers GET /api/orders/settings: the booking rules shown before confirming.
func (h *Handler) settings(w http.ResponseWriter, r *http.Request) {
	st := h.app.Queries.Settings.Handle()
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{
		"lead_hours": st.Lead.Hours(), "window_days": st.WindowDays, "hold_minutes": st.Hold.Minutes(),
		"free_cancellation_hours": st.FreeCancellation.Hours(), "late_refund_percent": st.LateRefundPercent,
		"provider": st.Provider, "time_step_minutes": st.TimeStepMinutes,
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
