package support

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"mishwar/domain"
	"mishwar/domain/order"
	ordersrm "mishwar/projections/orders"
	"mishwar/projections/supportsearch"
)

// OrderIndex is the support search read model (projections/supportsearch): orders by any part of a
// name, an e-mail, a phone number or a trip number.
type OrderIndex interface {
	Search(ctx context.Context, terms []string, limit int) ([]supportsearch.Hit, int, error)
}

// OrderSearch is the part of the orders read model the search reads each hit's status from.
type OrderSearch interface {
	Order(ctx context.Context, id string) (ordersrm.Order, error)
}

// searchHits bounds the answer: support looks for one order.
const searchHits = 20

// maxQuery bounds a query, in characters.
const maxQuery = 100

// Refusals of a search (422 on q).
const (
	KeyQueryRequired = "support.query_required"
	KeyQueryTooLong  = "support.query_too_long"
)

// SearchOrdersHandler finds orders by any part of a name, an e-mail, a phone or a trip number.
type SearchOrdersHandler struct {
	index  OrderIndex
	orders OrderSearch
}

// OrderHit is one order found, with its status as the orders read model has it now.
type OrderHit struct {
	ID        string
	Status    order.Status
	FirstName string
	LastName  string
	Email     string
	Phone     string
	Day       string
	PlacedAt  time.Time
}

// Handle returns the orders matching q (every word of it somewhere in the order's trip number,
// names, e-mail or phone; case and Arabic spelling variants folded), newest first, and how many match
// in all. An empty query (or one of punctuation only) and one over 100 characters are refused.
func (h SearchOrdersHandler) Handle(ctx context.Context, q string) ([]OrderHit, int, error) {
	q = strings.TrimSpace(q)
	if utf8.RuneCountInString(q) > maxQuery {
		return nil, 0, queryError(KeyQueryTooLong)
	}
	terms := supportsearch.Terms(q)
	if len(terms) == 0 {
		return nil, 0, queryError(KeyQueryRequired)
	}
	hits, total, err := h.index.Search(ctx, terms, searchHits)
	if err != nil {
		return nil, 0, err
	}
	out := make([]OrderHit, 0, len(hits))
	for _, hit := range hits {
		o := OrderHit{ID: hit.TripNumber, FirstName: hit.FirstName, LastName: hit.LastName, Email: hit.Email, Phone: hit.Phone,
			Day: hit.Day, PlacedAt: hit.PlacedAt}
		cur, err := h.orders.Order(ctx, hit.TripNumber)
		switch {
		case err == nil:
			o.Status, o.Day = cur.Status, string(cur.Trip.Day)
		case errors.Is(err, order.ErrOrderNotFound):
			// The orders read model has not caught up with the order yet: no status to say.
		default:
			return nil, 0, err
		}
		out = append(out, o)
	}
	return out, total, nil
}

func queryError(key string) error {
	v := &domain.ValidationError{}
	v.Add("q", key)
	return v
}
