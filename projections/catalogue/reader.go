package catalogue

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/projections"
)

// Meta is what the read model knows about any entity beyond its fields.
type Meta struct {
	ID        uuid.UUID `json:"id"`
	Archived  bool      `json:"archived"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
	// Version is the entity stream's version, for If-Match on edits.
	Version int64 `json:"version"`
}

// Destination is a destination as it stands.
type Destination struct {
	Meta
	cat.DestinationFields
}

// Visible reports whether visitors may see it (domain/catalogue's rule).
func (d Destination) Visible() bool { return cat.VisibleToVisitors(d.Published, d.Archived) }

// ClosedDays lists the weekdays it is closed.
func (d Destination) ClosedDays() []time.Weekday { return d.OpeningHours.ClosedDays() }

// Category is a destination category as it stands.
type Category struct {
	Meta
	cat.CategoryFields
}

// Visible reports whether visitors may see it (domain/catalogue's rule; a category has no drafts).
func (c Category) Visible() bool { return cat.VisibleToVisitors(true, c.Archived) }

// Program is a program as it stands.
type Program struct {
	Meta
	cat.ProgramFields
}

// Visible reports whether visitors may see it (domain/catalogue's rule).
func (p Program) Visible() bool { return cat.VisibleToVisitors(p.Published, p.Archived) }

// RatePlan is a rate plan as it stands.
type RatePlan struct {
	Meta
	cat.RatePlanFields
}

// Offer is an offer as it stands.
type Offer struct {
	Meta
	cat.OfferFields
}

// Country is a country as it stands.
type Country struct {
	Meta
	cat.CountryFields
}

// Driver is a driver as they stand.
type Driver struct {
	Meta
	cat.DriverFields
}

// PickupPoint is a pickup point as it stands.
type PickupPoint struct {
	Meta
	cat.PickupPointFields
}

// ErrNoDefaultPickupPoint: the admin has not chosen a default pickup point (or it was archived).
var ErrNoDefaultPickupPoint = domain.NotFound("catalogue.pickup_point.no_default")

// Reader answers queries over the catalogue read model.
type Reader struct {
	pool *pgxpool.Pool
}

// NewReader returns a reader over pool.
func NewReader(pool *pgxpool.Pool) *Reader { return &Reader{pool: pool} }

func table(name string) string { return pgx.Identifier{projections.SchemaName(Name), name}.Sanitize() }

var (
	entitiesTable   = table("entities")
	singletonsTable = table("singletons")
)

const entityColumns = `id, archived, created_at, updated_at, version, fields`

// scanEntity reads one row of entityColumns into T, whose Meta and fields F are set by build.
func scanEntity[F any, T any](rows pgx.CollectableRow, build func(Meta, F) T) (T, error) {
	var m Meta
	var raw []byte
	var zero T
	if err := rows.Scan(&m.ID, &m.Archived, &m.CreatedAt, &m.UpdatedAt, &m.Version, &raw); err != nil {
		return zero, err
	}
	var f F
	if err := json.Unmarshal(raw, &f); err != nil {
		return zero, fmt.Errorf("catalogue: fields of %s: %w", m.ID, err)
	}
	return build(m, f), nil
}

func queryEntities[F any, T any](ctx context.Context, r *Reader, build func(Meta, F) T, sql string, args ...any) ([]T, error) {
	rows, err := r.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("catalogue: query: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (T, error) { return scanEntity(row, build) })
	if err != nil {
		return nil, fmt.Errorf("catalogue: read rows: %w", err)
	}
	return out, nil
}

func oneEntity[F any, T any](ctx context.Context, r *Reader, build func(Meta, F) T, notFound error, sql string, args ...any) (T, error) {
	out, err := queryEntities(ctx, r, build, sql, args...)
	if err != nil {
		var zero T
		return zero, err
	}
	if len(out) == 0 {
		var zero T
		return zero, fmt.Errorf("%w (%v)", notFound, args)
	}
	return out[0], nil
}

func newDestination(m Meta, f cat.DestinationFields) Destination { return Destination{m, f} }
func newCategory(m Meta, f cat.CategoryFields) Category          { return Category{m, f} }
func newProgram(m Meta, f cat.ProgramFields) Program             { return Program{m, f} }
func newRatePlan(m Meta, f cat.RatePlanFields) RatePlan          { return RatePlan{m, f} }
func newOffer(m Meta, f cat.OfferFields) Offer                   { return Offer{m, f} }
func newCountry(m Meta, f cat.CountryFields) Country             { return Country{m, f} }
func newDriver(m Meta, f cat.DriverFields) Driver                { return Driver{m, f} }
func newPickupPoint(m Meta, f cat.PickupPointFields) PickupPoint { return PickupPoint{m, f} }

var byID = `SELECT ` + entityColumns + ` FROM ` + entitiesTable + ` WHERE kind = $1 AND id = $2`

// byIDOrKey finds an entity by id, or else by its key (slug), so public URLs can use either.
var byIDOrKey = `SELECT ` + entityColumns + ` FROM ` + entitiesTable + `
	WHERE kind = $1 AND (id::text = $2 OR key = $2) ORDER BY (id::text = $2) DESC, archived LIMIT 1`

// Destination returns a destination whatever its state (the cart must show an archived one as no
// longer available); callers showing it to visitors check Visible. An unknown id is an error
// wrapping catalogue.ErrDestinationNotFound.
func (r *Reader) Destination(ctx context.Context, id uuid.UUID) (Destination, error) {
	return oneEntity(ctx, r, newDestination, cat.ErrDestinationNotFound, byID, KindDestination, id)
}

// DestinationByRef finds a destination by id or slug.
func (r *Reader) DestinationByRef(ctx context.Context, ref string) (Destination, error) {
	return oneEntity(ctx, r, newDestination, cat.ErrDestinationNotFound, byIDOrKey, KindDestination, strings.ToLower(ref))
}

// Destinations returns the destinations with the given ids, whatever their state, in the order of
// ids; unknown ids are left out.
func (r *Reader) Destinations(ctx context.Context, ids []uuid.UUID) ([]Destination, error) {
	return queryEntities(ctx, r, newDestination, `SELECT `+entityColumns+` FROM `+entitiesTable+`
		WHERE kind = $1 AND id = ANY($2::uuid[]) ORDER BY array_position($2::uuid[], id)`, KindDestination, ids)
}

// Page is one page of a cursor-paginated list.
type Page[T any] struct {
	Data []T `json:"data"`
	// NextCursor fetches the next page; nil on the last.
	NextCursor *string `json:"next_cursor"`
}

// DestinationQuery filters the public destination list.
type DestinationQuery struct {
	CategoryID uuid.UUID // uuid.Nil: every category
	Q          string
	Cursor     string
	Limit      int
}

// ErrInvalidCursor is a cursor this reader did not hand out.
var ErrInvalidCursor = domain.Invalid("catalogue.invalid_cursor")

type cursor struct {
	Order int       `json:"o"`
	Name  string    `json:"n"`
	ID    uuid.UUID `json:"i"`
}

func encodeCursor(c cursor) string {
	raw, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(raw)
}

func decodeCursor(s string) (cursor, error) {
	var c cursor
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || json.Unmarshal(raw, &c) != nil || c.ID == uuid.Nil {
		return cursor{}, ErrInvalidCursor
	}
	return c, nil
}

// Limits of a page.
const (
	DefaultPageSize = 12
	MaxPageSize     = 100
)

// PublishedDestinations lists visible destinations in display order, then by English name.
func (r *Reader) PublishedDestinations(ctx context.Context, q DestinationQuery) (Page[Destination], error) {
	limit := q.Limit
	if limit <= 0 {
		limit = DefaultPageSize
	}
	limit = min(limit, MaxPageSize)
	where := []string{"kind = $1", "visible", "NOT archived"}
	args := []any{KindDestination}
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	if q.CategoryID != uuid.Nil {
		where = append(where, "category_id = "+arg(q.CategoryID))
	}
	for _, w := range searchTerms(q.Q) {
		where = append(where, "search LIKE "+arg(projections.ContainsPattern(w)))
	}
	if q.Cursor != "" {
		c, err := decodeCursor(q.Cursor)
		if err != nil {
			return Page[Destination]{}, err
		}
		where = append(where, fmt.Sprintf("(display_order, name_en, id) > (%s, %s, %s)", arg(c.Order), arg(c.Name), arg(c.ID)))
	}
	sql := `SELECT ` + entityColumns + ` FROM ` + entitiesTable + ` WHERE ` + strings.Join(where, " AND ") +
		` ORDER BY display_order, name_en, id LIMIT ` + arg(limit+1)
	rows, err := queryEntities(ctx, r, newDestination, sql, args...)
	if err != nil {
		return Page[Destination]{}, err
	}
	page := Page[Destination]{Data: rows}
	if len(rows) > limit {
		page.Data = rows[:limit]
		last := page.Data[limit-1]
		next := encodeCursor(cursor{Order: last.DisplayOrder, Name: last.Name.En, ID: last.ID})
		page.NextCursor = &next
	}
	return page, nil
}

// MostVisitedDestination returns the visible destination with the highest popularity; ok is false
// when nothing is published.
func (r *Reader) MostVisitedDestination(ctx context.Context) (Destination, bool, error) {
	out, err := queryEntities(ctx, r, newDestination, `SELECT `+entityColumns+` FROM `+entitiesTable+`
		WHERE kind = $1 AND visible AND NOT archived ORDER BY popularity DESC, display_order, id LIMIT 1`, KindDestination)
	if err != nil || len(out) == 0 {
		return Destination{}, false, err
	}
	return out[0], true, nil
}

// Categories lists the categories that are not archived, in display order.
func (r *Reader) Categories(ctx context.Context) ([]Category, error) {
	return queryEntities(ctx, r, newCategory, `SELECT `+entityColumns+` FROM `+entitiesTable+`
		WHERE kind = $1 AND NOT archived ORDER BY display_order, name_en, id`, KindCategory)
}

// CategoryCounts returns how many visible destinations each category has.
func (r *Reader) CategoryCounts(ctx context.Context) (map[uuid.UUID]int, error) {
	rows, err := r.pool.Query(ctx, `SELECT category_id, count(*) FROM `+entitiesTable+`
		WHERE kind = $1 AND visible AND NOT archived GROUP BY category_id`, KindDestination)
	if err != nil {
		return nil, fmt.Errorf("catalogue: category counts: %w", err)
	}
	out := map[uuid.UUID]int{}
	var id uuid.UUID
	var n int
	_, err = pgx.ForEachRow(rows, []any{&id, &n}, func() error { out[id] = n; return nil })
	return out, err
}

// Category returns a category by id, whatever its state.
func (r *Reader) Category(ctx context.Context, id uuid.UUID) (Category, error) {
	return oneEntity(ctx, r, newCategory, cat.ErrCategoryNotFound, byID, KindCategory, id)
}

// CategoryByRef finds a category by id or slug.
func (r *Reader) CategoryByRef(ctx context.Context, ref string) (Category, error) {
	return oneEntity(ctx, r, newCategory, cat.ErrCategoryNotFound, byIDOrKey, KindCategory, strings.ToLower(ref))
}

// ProgramQuery filters the public program list.
type ProgramQuery struct {
	Q string
	// TopOnly keeps the programs featured on the home page.
	TopOnly bool
	// Visiting keeps programs that stop at this destination (uuid.Nil: any).
	Visiting uuid.UUID
}

// PublishedPrograms lists visible programs in display order.
func (r *Reader) PublishedPrograms(ctx context.Context, q ProgramQuery) ([]Program, error) {
	where := []string{"kind = $1", "visible", "NOT archived"}
	args := []any{KindProgram}
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	if q.TopOnly {
		where = append(where, "top")
	}
	if q.Visiting != uuid.Nil {
		where = append(where, "fields->'destination_ids' ? "+arg(q.Visiting.String()))
	}
	for _, w := range searchTerms(q.Q) {
		where = append(where, "search LIKE "+arg(projections.ContainsPattern(w)))
	}
	return queryEntities(ctx, r, newProgram, `SELECT `+entityColumns+` FROM `+entitiesTable+
		` WHERE `+strings.Join(where, " AND ")+` ORDER BY display_order, name_en, id`, args...)
}

// ProgramsVisiting lists every program (any state) that stops at destination id, for the admin's
// archive warning.
func (r *Reader) ProgramsVisiting(ctx context.Context, id uuid.UUID) ([]Program, error) {
	return queryEntities(ctx, r, newProgram, `SELECT `+entityColumns+` FROM `+entitiesTable+`
		WHERE kind = $1 AND fields->'destination_ids' ? $2 ORDER BY name_en, id`, KindProgram, id.String())
}

// Program returns a program whatever its state; unknown ids wrap catalogue.ErrProgramNotFound.
func (r *Reader) Program(ctx context.Context, id uuid.UUID) (Program, error) {
	return oneEntity(ctx, r, newProgram, cat.ErrProgramNotFound, byID, KindProgram, id)
}

// ProgramByRef finds a program by id or slug.
func (r *Reader) ProgramByRef(ctx context.Context, ref string) (Program, error) {
	return oneEntity(ctx, r, newProgram, cat.ErrProgramNotFound, byIDOrKey, KindProgram, strings.ToLower(ref))
}

// ActiveRatePlans lists the rate plans offered to travellers, in display order.
func (r *Reader) ActiveRatePlans(ctx context.Context) ([]RatePlan, error) {
	return queryEntities(ctx, r, newRatePlan, `SELECT `+entityColumns+` FROM `+entitiesTable+`
		WHERE kind = $1 AND visible AND NOT archived ORDER BY display_order, name_en, id`, KindRatePlan)
}

// RatePlan returns a rate plan whatever its state; unknown ids wrap catalogue.ErrRatePlanNotFound.
func (r *Reader) RatePlan(ctx context.Context, id uuid.UUID) (RatePlan, error) {
	return oneEntity(ctx, r, newRatePlan, cat.ErrRatePlanNotFound, byID, KindRatePlan, id)
}

// ActiveOffers lists the active offers valid on day (Cairo date).
func (r *Reader) ActiveOffers(ctx context.Context, day time.Time) ([]Offer, error) {
	d := day.In(cat.Cairo).Format(time.DateOnly)
	return queryEntities(ctx, r, newOffer, `SELECT `+entityColumns+` FROM `+entitiesTable+`
		WHERE kind = $1 AND visible AND NOT archived AND fields->>'valid_from' <= $2 AND fields->>'valid_until' >= $2
		ORDER BY name_en, id`, KindOffer, d)
}

// OfferByPromoCode finds an offer (any state) by its promo code, case-insensitively.
func (r *Reader) OfferByPromoCode(ctx context.Context, code string) (Offer, error) {
	return oneEntity(ctx, r, newOffer, cat.ErrOfferNotFound, `SELECT `+entityColumns+` FROM `+entitiesTable+`
		WHERE kind = $1 AND key = $2 AND key <> '' ORDER BY archived LIMIT 1`, KindOffer, strings.ToUpper(strings.TrimSpace(code)))
}

// Offer returns an offer whatever its state.
func (r *Reader) Offer(ctx context.Context, id uuid.UUID) (Offer, error) {
	return oneEntity(ctx, r, newOffer, cat.ErrOfferNotFound, byID, KindOffer, id)
}

// ActiveCountries lists the countries offered in forms, in display order, then by English name.
func (r *Reader) ActiveCountries(ctx context.Context) ([]Country, error) {
	return queryEntities(ctx, r, newCountry, `SELECT `+entityColumns+` FROM `+entitiesTable+`
		WHERE kind = $1 AND visible AND NOT archived ORDER BY display_order, name_en, id`, KindCountry)
}

// CountryByCode finds a country (any state) by its ISO code.
func (r *Reader) CountryByCode(ctx context.Context, code string) (Country, error) {
	return oneEntity(ctx, r, newCountry, cat.ErrCountryNotFound, `SELECT `+entityColumns+` FROM `+entitiesTable+`
		WHERE kind = $1 AND key = $2 ORDER BY archived LIMIT 1`, KindCountry, strings.ToUpper(strings.TrimSpace(code)))
}

// ActiveDrivers lists active drivers who are not archived, by name.
func (r *Reader) ActiveDrivers(ctx context.Context) ([]Driver, error) {
	return queryEntities(ctx, r, newDriver, `SELECT `+entityColumns+` FROM `+entitiesTable+`
		WHERE kind = $1 AND visible AND NOT archived ORDER BY name_en, id`, KindDriver)
}

// Driver returns a driver whatever their state.
func (r *Reader) Driver(ctx context.Context, id uuid.UUID) (Driver, error) {
	return oneEntity(ctx, r, newDriver, cat.ErrDriverNotFound, byID, KindDriver, id)
}

// PickupPoints lists the active pickup points, in display order.
func (r *Reader) PickupPoints(ctx context.Context) ([]PickupPoint, error) {
	return queryEntities(ctx, r, newPickupPoint, `SELECT `+entityColumns+` FROM `+entitiesTable+`
		WHERE kind = $1 AND visible AND NOT archived ORDER BY display_order, name_en, id`, KindPickupPoint)
}

// PickupPoint returns a pickup point whatever its state.
func (r *Reader) PickupPoint(ctx context.Context, id uuid.UUID) (PickupPoint, error) {
	return oneEntity(ctx, r, newPickupPoint, cat.ErrPickupPointNotFound, byID, KindPickupPoint, id)
}

// DefaultPickupPoint returns the admin's default start point. It wraps ErrNoDefaultPickupPoint
// when none is set, or when the chosen one was archived or deactivated since.
func (r *Reader) DefaultPickupPoint(ctx context.Context) (PickupPoint, error) {
	s, err := r.settings(ctx)
	if err != nil {
		return PickupPoint{}, err
	}
	if s.DefaultPickupPoint == uuid.Nil {
		return PickupPoint{}, ErrNoDefaultPickupPoint
	}
	p, err := r.PickupPoint(ctx, s.DefaultPickupPoint)
	if errors.Is(err, cat.ErrPickupPointNotFound) || (err == nil && (p.Archived || !p.Active)) {
		return PickupPoint{}, fmt.Errorf("%w: %s is gone", ErrNoDefaultPickupPoint, s.DefaultPickupPoint)
	}
	return p, err
}

func (r *Reader) singleton(ctx context.Context, name string, into any) (time.Time, bool, error) {
	var raw []byte
	var at time.Time
	err := r.pool.QueryRow(ctx, `SELECT value, updated_at FROM `+singletonsTable+` WHERE name = $1`, name).Scan(&raw, &at)
	if errors.Is(err, pgx.ErrNoRows) {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, fmt.Errorf("catalogue: read %s: %w", name, err)
	}
	if err := json.Unmarshal(raw, into); err != nil {
		return time.Time{}, false, fmt.Errorf("catalogue: decode %s: %w", name, err)
	}
	return at, true, nil
}

// Home returns the home content and when it was last changed (zero content before the first edit).
func (r *Reader) Home(ctx context.Context) (cat.HomeContent, time.Time, error) {
	var h cat.HomeContent
	at, _, err := r.singleton(ctx, singletonHome, &h)
	return h, at, err
}

func (r *Reader) settings(ctx context.Context) (settingsValue, error) {
	var s settingsValue
	_, _, err := r.singleton(ctx, singletonSettings, &s)
	return s, err
}

// OpeningHours returns the office's weekly hours and national holidays.
func (r *Reader) OpeningHours(ctx context.Context) (cat.BusinessHours, error) {
	s, err := r.settings(ctx)
	if err != nil {
		return cat.BusinessHours{}, err
	}
	return cat.BusinessHours{Weekly: s.OpeningHours, Holidays: s.Holidays}, nil
}

// CurrencyRates returns the admin's rates (one per shown currency other than EGP) and when they were
// set. Before the first rates are set it returns none and the zero time.
func (r *Reader) CurrencyRates(ctx context.Context) ([]money.Rate, time.Time, error) {
	var e cat.CurrencyRatesSet
	_, _, err := r.singleton(ctx, singletonRates, &e)
	return e.Rates, e.SetAt, err
}

// Empty reports whether the catalogue holds nothing at all (the demo seeds only an empty store).
func (r *Reader) Empty(ctx context.Context) (bool, error) {
	var any bool
	err := r.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+entitiesTable+`) OR EXISTS (SELECT 1 FROM `+singletonsTable+`)`).Scan(&any)
	if err != nil {
		return false, fmt.Errorf("catalogue: empty: %w", err)
	}
	return !any, nil
}
