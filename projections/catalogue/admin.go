package catalogue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/projections"
)

// AdminQuery filters, sorts and pages an admin list.
type AdminQuery struct {
	Q string
	// Sort is one of "name", "order", "updated", "created" (default "order").
	Sort string
	Desc bool
	// Status is "active" (not archived; the default), "archived" or "all".
	Status  string
	Page    int // from 1
	PerPage int
}

// AdminPage is one page of an admin list.
type AdminPage struct {
	Data    []any `json:"data"`
	Total   int   `json:"total"`
	Page    int   `json:"page"`
	PerPage int   `json:"per_page"`
}

// ErrUnknownKind is a kind of entity the catalogue does not have.
var ErrUnknownKind = domain.NotFound("catalogue.unknown_kind")

type kindInfo struct {
	build    func(Meta, []byte) (any, error)
	notFound error
}

func builder[F any, T any](build func(Meta, F) T) func(Meta, []byte) (any, error) {
	return func(m Meta, raw []byte) (any, error) {
		var f F
		if err := json.Unmarshal(raw, &f); err != nil {
			return nil, err
		}
		return build(m, f), nil
	}
}

var kinds = map[string]kindInfo{
	KindDestination: {builder(newDestination), cat.ErrDestinationNotFound},
	KindCategory:    {builder(newCategory), cat.ErrCategoryNotFound},
	KindProgram:     {builder(newProgram), cat.ErrProgramNotFound},
	KindRatePlan:    {builder(newRatePlan), cat.ErrRatePlanNotFound},
	KindOffer:       {builder(newOffer), cat.ErrOfferNotFound},
	KindCountry:     {builder(newCountry), cat.ErrCountryNotFound},
	KindDriver:      {builder(newDriver), cat.ErrDriverNotFound},
	KindPickupPoint: {builder(newPickupPoint), cat.ErrPickupPointNotFound},
}

var sortColumns = map[string]string{
	"":        "display_order",
	"order":   "display_order",
	"name":    "lower(name_en)",
	"updated": "updated_at",
	"created": "created_at",
}

// AdminList lists entities of kind for the admin: any publication state, filtered by archive status
// and search words (Arabic or English), sorted and paged.
func (r *Reader) AdminList(ctx context.Context, kind string, q AdminQuery) (AdminPage, error) {
	info, ok := kinds[kind]
	if !ok {
		return AdminPage{}, ErrUnknownKind
	}
	sortCol, ok := sortColumns[q.Sort]
	if !ok {
		var v domain.ValidationError
		v.Add("sort", "catalogue.invalid_choice")
		return AdminPage{}, &v
	}
	dir := "ASC"
	if q.Desc {
		dir = "DESC"
	}
	page := max(q.Page, 1)
	perPage := q.PerPage
	if perPage <= 0 {
		perPage = 20
	}
	perPage = min(perPage, MaxPageSize)

	where := []string{"kind = $1"}
	args := []any{kind}
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	switch q.Status {
	case "", "active":
		where = append(where, "NOT archived")
	case "archived":
		where = append(where, "archived")
	case "all":
	default:
		var v domain.ValidationError
		v.Add("status", "catalogue.invalid_choice")
		return AdminPage{}, &v
	}
	for _, w := range searchTerms(q.Q) {
		where = append(where, "search LIKE "+arg(projections.ContainsPattern(w)))
	}
	sql := `SELECT ` + entityColumns + `, count(*) OVER () FROM ` + entitiesTable + ` WHERE ` + strings.Join(where, " AND ") +
		fmt.Sprintf(` ORDER BY %s %s, lower(name_en), id LIMIT %s OFFSET %s`, sortCol, dir, arg(perPage), arg((page-1)*perPage))
	rows, err := r.pool.Query(ctx, sql, args...)
	if err != nil {
		return AdminPage{}, fmt.Errorf("catalogue: admin list %s: %w", kind, err)
	}
	out := AdminPage{Data: []any{}, Page: page, PerPage: perPage}
	var m Meta
	var raw []byte
	var total int
	_, err = pgx.ForEachRow(rows, []any{&m.ID, &m.Archived, &m.CreatedAt, &m.UpdatedAt, &m.Version, &raw, &total}, func() error {
		v, err := info.build(m, raw)
		if err != nil {
			return err
		}
		out.Data = append(out.Data, v)
		out.Total = total
		return nil
	})
	if err != nil {
		return AdminPage{}, fmt.Errorf("catalogue: admin list %s: %w", kind, err)
	}
	if len(out.Data) == 0 && page > 1 {
		// Past the last page the window count is unknown; count separately so the pager still works.
		countSQL := `SELECT count(*) FROM ` + entitiesTable + ` WHERE ` + strings.Join(where, " AND ")
		if err := r.pool.QueryRow(ctx, countSQL, args[:len(args)-2]...).Scan(&out.Total); err != nil {
			return AdminPage{}, fmt.Errorf("catalogue: admin count %s: %w", kind, err)
		}
	}
	return out, nil
}

// AdminGet returns one entity of kind, whatever its state, as its typed value (Destination, ...).
func (r *Reader) AdminGet(ctx context.Context, kind string, id uuid.UUID) (any, error) {
	info, ok := kinds[kind]
	if !ok {
		return nil, ErrUnknownKind
	}
	var m Meta
	var raw []byte
	err := r.pool.QueryRow(ctx, byID, kind, id).Scan(&m.ID, &m.Archived, &m.CreatedAt, &m.UpdatedAt, &m.Version, &raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w (%s)", info.notFound, id)
	}
	if err != nil {
		return nil, fmt.Errorf("catalogue: admin get %s: %w", kind, err)
	}
	return info.build(m, raw)
}
