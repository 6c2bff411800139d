package orders

import (
	"net/http"

	apporders "mishwar/commands/orders"
	"mishwar/httpapi/httpx"
)

type tripStatusRequest struct {
	TripNumber string `json:"trip_number"`
	Email      string `json:"email"`
}

// tripStatus answers POST /api/tripstatus: a trip found by its number and e-mail, nothing else.
func (h *Handler) tripStatus(w http.ResponseWriter, r *http.Request) {
	var req tripStatusRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	ts, err := h.app.Queries.TripStatus.Handle(r.Context(), apporders.TripStatusQuery{TripNumber: req.TripNumber, Email: req.Email, ClientIP: httpx.ClientIP(r)})
	if err != nil {
		writeError(w, r, err)
		return
	}
	data := map[string]any{"trip_number": ts.TripNumber, "timeline": ts.Timeline, "status": ts.Status}
	if ts.Enquiry != nil {
		data["enquiry"] = toEnquiryJSON(*ts.Enquiry, lang(r))
	}
	if ts.Order != nil {
		data["order"] = toOrderJSON(*ts.Order, lang(r))
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": data})
}
