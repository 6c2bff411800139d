package orders

import (
	"net/http"

	"github.com/gorilla/mux"

	apporders "mishwar/commands/orders"
	"mishwar/httpapi/httpx"
)

type staffChangeRequest struct {
	Date   string `json:"date"`
	Time   string `json:"time"`
	Reason string `json:"reason"`
	// KeepPrice: a dearer start goes ahead at the order's price (a goodwill waiver); otherwise the
	// traveller is e-mailed a link to pay the difference.
	KeepPrice bool `json:"keep_price"`
}

// adminExchange answers POST /api/admin/orders/{id}/exchange: staff move a paid order's date and/or
// time for the traveller (date, time, reason, keep_price). The answer is the order as staff see it,
// what a cheaper start refunded, and awaiting_payment when a dearer one waits for the traveller.
func (h *Handler) adminExchange(w http.ResponseWriter, r *http.Request) {
	var req staffChangeRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	out, err := h.app.Commands.ChangeOrderAsStaff(r.Context(), apporders.StaffChangeInput{OrderID: mux.Vars(r)["id"], Actor: actor(r),
		Date: req.Date, Time: req.Time, Reason: req.Reason, KeepPrice: req.KeepPrice}, httpx.Meta(r))
	if err == nil {
		err = h.waitForOrders(r.Context(), out.Position)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	o, err := h.app.Queries.StaffOrder.Handle(r.Context(), out.OrderID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	answer := refundExtra(out)
	answer["data"] = toOrderJSON(o, lang(r))
	answer["awaiting_payment"] = out.PaymentURL != ""
	httpx.WriteJSON(w, http.StatusOK, answer)
}

// adminExchangeQuote answers GET /api/admin/orders/{id}/exchange/quote?date&time: what moving the
// order there would cost before staff confirm: the new trip, its total, the difference (negative:
// refunded), what keeping the price would waive, and whether the traveller's own cut-off has passed.
func (h *Handler) adminExchangeQuote(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	x, err := h.app.Commands.QuoteStaffChange(r.Context(), apporders.StaffChangeInput{OrderID: mux.Vars(r)["id"], Actor: actor(r),
		Date: q.Get("date"), Time: q.Get("time")})
	if err != nil {
		writeError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": map[string]any{
		"trip": toTrip(x.Trip, lang(r)), "total": toMoney(x.Total), "difference": toMoney(x.Difference),
		"waivable": toMoney(x.Waivable), "refundable": toMoney(x.Refundable), "past_traveller_cutoff": x.PastTravellerCutoff,
	}})
}

// adminExchangeCalendar answers GET /api/admin/orders/{id}/exchange/calendar?from&days: the days the
// order could be moved to, as the traveller's exchange calendar judges them, for any order.
func (h *Handler) adminExchangeCalendar(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	cal, err := h.app.Queries.ExchangeCalendar.Handle(r.Context(), apporders.ExchangeCalendarQuery{OrderID: mux.Vars(r)["id"], Staff: true,
		From: q.Get("from"), Days: q.Get("days")})
	if err != nil {
		writeError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": cal})
}

// adminExchangeTimes answers GET /api/admin/orders/{id}/exchange/pickup-times?date: the times of that
// day (office hours, the one-day rule) the order could be moved to, for any order.
func (h *Handler) adminExchangeTimes(w http.ResponseWriter, r *http.Request) {
	pt, err := h.app.Queries.ExchangeTimes.Handle(r.Context(), apporders.ExchangeTimesQuery{OrderID: mux.Vars(r)["id"], Staff: true,
		Date: r.URL.Query().Get("date")})
	writePickupTimes(w, r, pt, err)
}
