package orders

import (
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/gorilla/mux"

	apporders "mishwar/commands/orders"
	"mishwar/domain/enquiry"
	"mishwar/domain/order"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// enquiryRequest is the enquiry form: the checkout's fields, a program, or the destinations of a
// visitor's itinerary.
type enquiryRequest struct {
	orderRequest
	DestinationIDs []httpx.FlexString `json:"destination_ids"`
}

// submitEnquiry answers POST /api/enquiries: a request for a quote, about a program, a visitor's
// itinerary or the signed-in traveller's cart.
func (h *Handler) submitEnquiry(w http.ResponseWriter, r *http.Request) {
	var req enquiryRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeEnquiryError(w, r, err)
		return
	}
	contact, confirm := req.contact()
	ids := make([]string, len(req.DestinationIDs))
	for i, id := range req.DestinationIDs {
		ids[i] = string(id)
	}
	sub, err := h.app.Commands.SubmitEnquiry(r.Context(), apporders.EnquiryInput{
		UserID: userID(r), Lang: lang(r), ProgramID: string(req.ProgramID), DestinationIDs: ids,
		Contact: contact, EmailConfirmation: confirm, TermsAgreed: bool(req.Terms), Date: req.Date, Time: req.Time,
		RatePlanID: req.ratePlan(), DisplayCurrency: req.currency(), Start: req.Start.point(), End: req.End.point(),
	}, httpx.Meta(r))
	if err == nil {
		err = h.waitForOrders(r.Context(), sub.Position)
	}
	if err != nil {
		writeEnquiryError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"message": i18n.T(httpx.Lang(r), "orders.enquiry_under_review"),
		"data": map[string]any{"trip_number": sub.TripNumber, "status": "submitted", "about": sub.About}})
}

// enquiryTimes answers GET /api/enquiries/pickup-times?date=YYYY-MM-DD with what the enquiry form
// would send: program=, else destination_ids= (comma-separated), else the signed-in traveller's
// cart; start= and end= the pickup points chosen. The pickup times of that day at which that trip
// fits one day, in the shape of /api/orders/pickup-times; open to visitors, who are rate-limited.
func (h *Handler) enquiryTimes(w http.ResponseWriter, r *http.Request) {
	about := enquiryAbout(r)
	pt, err := h.app.Queries.EnquiryTimes.Handle(r.Context(), apporders.EnquiryTimesQuery{
		UserID: about.UserID, ClientIP: about.ClientIP, Date: r.URL.Query().Get("date"), ProgramID: about.ProgramID,
		DestinationIDs: about.DestinationIDs, Start: about.Start, End: about.End,
	})
	if err != nil {
		writeEnquiryError(w, r, err)
		return
	}
	writePickupTimes(w, r, pt, nil)
}

// enquiryCalendar answers GET /api/enquiries/calendar?from=YYYY-MM-DD&days=N with what the enquiry
// form would send (as /api/enquiries/pickup-times): the calendar of that trip, a day available only
// when one of the times /api/enquiries/pickup-times would offer fits it. Open to visitors, who are
// rate-limited (one look-up a calendar).
func (h *Handler) enquiryCalendar(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	cal, err := h.app.Queries.EnquiryCalendar.Handle(r.Context(), apporders.EnquiryCalendarQuery{EnquiryAbout: enquiryAbout(r), From: q.Get("from"), Days: q.Get("days")})
	if err != nil {
		writeEnquiryError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": cal})
}

// enquiryAbout reads what an enquiry form asks about from the query: program=, else destination_ids=
// (comma-separated, or repeated), else the signed-in traveller's cart; start= and end= the pickup
// points chosen.
func enquiryAbout(r *http.Request) apporders.EnquiryAbout {
	q := r.URL.Query()
	var ids []string
	for _, list := range q["destination_ids"] {
		for _, id := range strings.Split(list, ",") {
			if id = strings.TrimSpace(id); id != "" {
				ids = append(ids, id)
			}
		}
	}
	point := func(id string) *apporders.PointRequest {
		if id = strings.TrimSpace(id); id == "" {
			return nil
		}
		return &apporders.PointRequest{PickupPointID: id}
	}
	return apporders.EnquiryAbout{UserID: userID(r), ClientIP: httpx.ClientIP(r), ProgramID: q.Get("program"), DestinationIDs: ids,
		Start: point(q.Get("start")), End: point(q.Get("end"))}
}

type payEnquiryRequest struct {
	Email string `json:"email"`
	// Token is the secret of the enquiry's link (its e-mails carry it).
	Token string `json:"token"`
}

// payEnquiry answers POST /api/enquiries/{id}/pay: a quoted enquiry becomes an order with a payment
// page, for whoever holds its link's secret, its owner signed in, or whoever knows its e-mail.
func (h *Handler) payEnquiry(w http.ResponseWriter, r *http.Request) {
	var req payEnquiryRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	var p apporders.Placed
	var err error
	if req.Token != "" {
		p, err = h.app.Commands.PayEnquiryByLink(r.Context(), mux.Vars(r)["id"], req.Token, httpx.Meta(r))
	} else {
		p, err = h.app.Commands.PayEnquiryLink(r.Context(), mux.Vars(r)["id"], req.Email, httpx.Meta(r))
	}
	h.payAnswer(w, r, p, err, string(order.StatusAwaitingPayment))
}

type enquiryLinkRequest struct {
	Token string `json:"token"`
}

// enquiryByLink answers POST /api/enquiries/{id}/view: the enquiry its link's secret opens (status,
// trip, quote, group size and comments; no contact), for a traveller with or without an account. A
// POST, like /tripstatus, so the secret stays out of addresses and logs. A signed-in traveller whose
// account has the e-mail a visitor's enquiry was sent from gets it in their account
// (Commands.AttachEnquiry: the link, mailed to that address, proves it theirs; the account's e-mail
// alone is not verified and proves nothing).
func (h *Handler) enquiryByLink(w http.ResponseWriter, r *http.Request) {
	var req enquiryLinkRequest
	if err := httpx.DecodeBody(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	q, err := h.app.Queries.EnquiryByLink.Handle(r.Context(), apporders.EnquiryLinkQuery{TripNumber: mux.Vars(r)["id"], Token: req.Token, ClientIP: httpx.ClientIP(r)})
	if err != nil {
		writeError(w, r, err)
		return
	}
	if id, ok := httpx.CurrentIdentity(r); ok && id.UserID != "" && q.UserID == "" {
		_, err := h.app.Commands.AttachEnquiry(r.Context(), q.TripNumber, req.Token, id.UserID, id.Email, httpx.Meta(r))
		if err != nil && !errors.Is(err, enquiry.ErrNotYourEnquiry) {
			// The enquiry is shown all the same; it is attached the next time its link is opened.
			slog.WarnContext(r.Context(), "orders: attach an enquiry opened by its link", "trip", q.TripNumber, "err", err)
		}
	}
	j := toEnquiryJSON(q, lang(r))
	j.Travellers, j.Comments = q.Contact.Travellers, q.Contact.Comments // no contact: EnquiryByLink kept only the trip's details
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"data": j})
}

// writeEnquiryError answers an enquiry form's error: each field error names its field (English or
// Arabic), a spent rate limit is 429 with Retry-After.
func writeEnquiryError(w http.ResponseWriter, r *http.Request, err error) {
	var tooMany *apporders.TooManyAttemptsError
	if errors.As(err, &tooMany) {
		writeError(w, r, err)
		return
	}
	httpx.WriteErrorNamingFields(w, r, err, "enquiries.field.", "enquiries.field_message")
}
