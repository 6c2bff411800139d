package orders

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	apporders "mishwar/commands/orders"
	cat "mishwar/domain/catalogue"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// ordersCSVMax bounds one export (the newest first); ordersCSVPage is how many it reads at a time.
const (
	ordersCSVMax  = 10000
	ordersCSVPage = 200
)

// ordersHeadings name the orders export's columns (i18n keys, said in the request's language).
var ordersHeadings = []string{"orders.csv.trip_number", "orders.csv.status", "orders.csv.placed_at", "orders.csv.trip_date",
	"orders.csv.pickup_time", "orders.csv.traveller", "orders.csv.email", "orders.csv.phone", "orders.csv.group_size",
	"orders.csv.pickup", "orders.csv.stops", "orders.csv.end", "orders.csv.car_class", "orders.csv.total", "orders.csv.paid",
	"orders.csv.refunded", "orders.csv.currency", "orders.csv.comments"}

// adminOrdersCSV answers GET /api/admin/orders?format=csv: every order the filter selects (not one
// page), newest first, with the same spreadsheet guard as the manifest (httpx.WriteCSV). Times are
// Cairo time and their headings say so; statuses and currencies are words of the request's language.
func (h *Handler) adminOrdersCSV(w http.ResponseWriter, r *http.Request, f apporders.OrderFilter) {
	var rows [][]string
	f.Limit = ordersCSVPage
	for f.Offset = 0; f.Offset < ordersCSVMax; f.Offset += ordersCSVPage {
		list, total, err := h.app.Queries.PurchaseOrders.Handle(r.Context(), f)
		if err != nil {
			writeError(w, r, err)
			return
		}
		for _, o := range list {
			j := toOrderJSON(o, lang(r))
			stops := make([]string, len(j.Trip.Stops))
			for i, s := range j.Trip.Stops {
				stops[i] = s.Name
			}
			l := httpx.Lang(r)
			rows = append(rows, []string{j.TripNumber, csvWord(l, "orders.csv.status.", string(j.Status)), j.PlacedAt.In(cat.Cairo).Format("2006-01-02 15:04"), j.Trip.Date,
				j.Trip.StartAt.In(cat.Cairo).Format("15:04"), strings.TrimSpace(j.Contact.FirstName + " " + j.Contact.LastName), j.Contact.Email,
				j.Contact.Phone, groupSizeCell(j.Contact.Travellers), j.Trip.Pickup.Name, strings.Join(stops, " → "), j.Trip.End.Name,
				j.Trip.RatePlan.Name, amount(j.Total), amount(j.Paid), amount(j.Refunded), csvWord(l, "orders.csv.currency.", string(j.Total.Currency)), j.Contact.Comments})
		}
		if len(list) < ordersCSVPage || f.Offset+len(list) >= total {
			break
		}
	}
	httpx.WriteCSV(w, r, "orders.csv", ordersHeadings, rows)
}

// groupSizeCell is the export's group size: empty for an order placed without one (0, "not given",
// as the API leaves it out), never a group of 0.
func groupSizeCell(travellers int) string {
	if travellers <= 0 {
		return ""
	}
	return strconv.Itoa(travellers)
}

func amount(m moneyJSON) string { return fmt.Sprintf("%.2f", m.Amount) }

// csvWord says a value of one of the export's enum columns (a status, a currency) in the reader's
// language, from the catalog's key prefix+value; a value the catalog does not know stays as it is.
func csvWord(l i18n.Lang, prefix, value string) string {
	if !i18n.Has(prefix + value) {
		return value
	}
	return i18n.T(l, prefix+value)
}
