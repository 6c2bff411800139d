package dashboard

import (
	"net/http"
	"strconv"
	"time"

	appdashboard "mishwar/commands/dashboard"
	"mishwar/domain/money"
	"mishwar/httpapi/httpx"
)

// TimeZone names the zone every day of the dashboard is a date in.
const TimeZone = "Africa/Cairo"

type nameJSON struct {
	En string `json:"en"`
	Ar string `json:"ar"`
}

type namedJSON struct {
	ID   string   `json:"id"`
	Name nameJSON `json:"name"`
}

type rankedJSON struct {
	namedJSON
	Bookings int `json:"bookings"`
}

type revenueJSON struct {
	Day        string         `json:"day"`
	RatePlanID string         `json:"rate_plan_id"`
	Currency   money.Currency `json:"currency"`
	Paid       float64        `json:"paid"`
	Refunded   float64        `json:"refunded"`
	Net        float64        `json:"net"`
}

type refundsJSON struct {
	Currency money.Currency `json:"currency"`
	Amount   float64        `json:"amount"`
	Count    int            `json:"count"`
}

type enquiriesJSON struct {
	appdashboard.Enquiries
	// ConversionRate is converted / submitted (0 when none were submitted).
	ConversionRate float64 `json:"conversion_rate"`
}

type insightsJSON struct {
	TimeZone        string                     `json:"time_zone"`
	Days            int                        `json:"days"`
	From            string                     `json:"from"`
	To              string                     `json:"to"`
	CapacityFrom    string                     `json:"capacity_from"`
	CapacityTo      string                     `json:"capacity_to"`
	RatePlans       []namedJSON                `json:"rate_plans"`
	Bookings        []appdashboard.DayBookings `json:"bookings"`
	Revenue         []revenueJSON              `json:"revenue"`
	Cancellations   []appdashboard.DayCount    `json:"cancellations"`
	Refunds         []refundsJSON              `json:"refunds"`
	Capacity        []appdashboard.DayCapacity `json:"capacity"`
	TopDestinations []rankedJSON               `json:"top_destinations"`
	TopPrograms     []rankedJSON               `json:"top_programs"`
	Enquiries       enquiriesJSON              `json:"enquiries"`
}

func named(n appdashboard.Named) namedJSON {
	return namedJSON{ID: n.ID, Name: nameJSON{En: n.En, Ar: n.Ar}}
}

func ranked(in []appdashboard.Ranked) []rankedJSON {
	out := make([]rankedJSON, 0, len(in))
	for _, r := range in {
		out = append(out, rankedJSON{namedJSON: named(r.Named), Bookings: r.Bookings})
	}
	return out
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func major(minor int64, c money.Currency) float64 { return money.New(minor, c).Major() }

// insights answers GET /api/admin/dashboard/insights?days=30|90 (30 without).
func (h *Handler) insights(w http.ResponseWriter, r *http.Request) {
	days := appdashboard.Periods[0]
	if s := r.URL.Query().Get("days"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			httpx.WriteError(w, r, appdashboard.ErrBadPeriod)
			return
		}
		days = n
	}
	o, err := h.app.Queries.Insights.Handle(r.Context(), days)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := insightsJSON{TimeZone: TimeZone, Days: days, From: o.From, To: o.To, CapacityFrom: o.CapacityFrom, CapacityTo: o.CapacityTo,
		RatePlans: []namedJSON{}, Bookings: orEmpty(o.Bookings), Revenue: []revenueJSON{}, Cancellations: orEmpty(o.Cancellations),
		Refunds: []refundsJSON{}, Capacity: orEmpty(o.Capacity), TopDestinations: ranked(o.TopDestinations), TopPrograms: ranked(o.TopPrograms),
		Enquiries: enquiriesJSON{Enquiries: o.Enquiries}}
	for _, p := range o.RatePlans {
		out.RatePlans = append(out.RatePlans, named(p))
	}
	for _, m := range o.Money {
		out.Revenue = append(out.Revenue, revenueJSON{Day: m.Day, RatePlanID: m.RatePlanID, Currency: m.Currency,
			Paid: major(m.Paid, m.Currency), Refunded: major(m.Refunded, m.Currency), Net: major(m.Paid-m.Refunded, m.Currency)})
	}
	for _, c := range o.Refunds {
		out.Refunds = append(out.Refunds, refundsJSON{Currency: c.Currency, Amount: major(c.Minor, c.Currency), Count: c.Count})
	}
	if o.Enquiries.Submitted > 0 {
		out.Enquiries.ConversionRate = float64(o.Enquiries.Converted) / float64(o.Enquiries.Submitted)
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

type attentionItemJSON struct {
	Kind      string         `json:"kind"`
	OrderID   string         `json:"order_id,omitempty"`
	PaymentID string         `json:"payment_id,omitempty"`
	Amount    float64        `json:"amount"`
	Currency  money.Currency `json:"currency,omitempty"`
	Since     time.Time      `json:"since"`
	Day       string         `json:"day,omitempty"`
	// The stuck process step (kind stuck_step).
	StepID    string `json:"step_id,omitempty"`
	StepKind  string `json:"step_kind,omitempty"`
	Attempts  int    `json:"attempts,omitempty"`
	LastError string `json:"last_error,omitempty"`
}

type attentionJSON struct {
	TimeZone string              `json:"time_zone"`
	Tomorrow string              `json:"tomorrow"`
	Items    []attentionItemJSON `json:"items"`
}

// attention answers GET /api/admin/dashboard/attention.
func (h *Handler) attention(w http.ResponseWriter, r *http.Request) {
	a, err := h.app.Queries.Attention.Handle(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := attentionJSON{TimeZone: TimeZone, Tomorrow: a.Tomorrow, Items: make([]attentionItemJSON, 0, len(a.Items))}
	for _, it := range a.Items {
		j := attentionItemJSON{Kind: it.Kind, OrderID: it.OrderID, PaymentID: it.PaymentID, Since: it.Since.UTC(), Day: it.Day}
		if it.Amount.Minor != 0 {
			j.Amount, j.Currency = it.Amount.Major(), it.Amount.Currency
		}
		if s := it.Step; s != nil {
			j.StepID, j.StepKind, j.Attempts, j.LastError = s.ID, s.Kind, s.Attempts, s.LastError
		}
		out.Items = append(out.Items, j)
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}
