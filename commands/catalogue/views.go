package catalogue

import (
	catrm "mishwar/projections/catalogue"
)

// The catalogue read model's rows are the answers of the application's queries. They are named here
// so that the HTTP layer can encode them without importing the read model.
type (
	Destination = catrm.Destination
	Category    = catrm.Category
	Program     = catrm.Program
	RatePlan    = catrm.RatePlan
	Offer       = catrm.Offer
	Country     = catrm.Country
	PickupPoint = catrm.PickupPoint
	// AdminListQuery filters, sorts and pages an admin list; AdminPage is one page of it.
	AdminListQuery = catrm.AdminQuery
	AdminPage      = catrm.AdminPage
)

// ReadModelName is the read model the catalogue's writes show up in: a caller that wants to answer
// with what it just wrote waits for it.
const ReadModelName = catrm.Name

// Page sizes of the public destination list.
const (
	DefaultPageSize = catrm.DefaultPageSize
	MaxPageSize     = catrm.MaxPageSize
)

// visibleOr passes on what a by-ref lookup found only if visitors may see it (domain/catalogue's
// VisibleToVisitors, through the row's Visible); an unpublished or archived entry answers hidden, the
// same "not found" as one that does not exist.
func visibleOr[T interface{ Visible() bool }](v T, err error, hidden error) (T, error) {
	if err == nil && !v.Visible() {
		return v, hidden
	}
	return v, err
}
