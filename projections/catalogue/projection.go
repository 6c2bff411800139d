// Package catalogue is the catalogue read model: every destination, category, program, rate plan,
// offer, country, driver and pickup point as it stands now, the home content, the business settings
// and the currency rates, with the search text of each entity folded for Arabic and English. Its
// Reader answers the public pages, the admin lists and the other features (cart, checkout,
// availability) that need catalogue data.
//
// It writes only its own schema, only from events, and never decides anything: whether a visitor may
// see an entity (published, not archived) is a filter of the Reader's queries.
package catalogue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
	"mishwar/projections"
)

// Name is the projection's name; its tables live in schema projections.SchemaName(Name).
const Name = "catalogue"

// Topic is the live-notification topic sent when anything in the catalogue changes. Its payload
// names the kind and id ({"kind":"destination","id":"..."}; kind "home", "settings" or
// "currency_rates" for the singletons).
const Topic = "catalogue.changed"

// Projection maintains the catalogue read model.
type Projection struct {
	registry *eventstore.Registry
}

// New returns the catalogue projection, decoding events with registry (which must hold the
// catalogue's events: commands/catalogue.RegisterEvents).
func New(registry *eventstore.Registry) *Projection { return &Projection{registry: registry} }

var _ projections.Projection = (*Projection)(nil)

func (*Projection) Name() string { return Name }

func (*Projection) Schema() string {
	return `CREATE TABLE entities (
    kind          text        NOT NULL,
    id            uuid        NOT NULL,
    key           text        NOT NULL DEFAULT '',
    fields        jsonb       NOT NULL,
    name_en       text        NOT NULL,
    name_ar       text        NOT NULL,
    search        text        NOT NULL,
    category_id   uuid,
    visible       boolean     NOT NULL,
    archived      boolean     NOT NULL DEFAULT false,
    display_order integer     NOT NULL DEFAULT 0,
    popularity    integer     NOT NULL DEFAULT 0,
    top           boolean     NOT NULL DEFAULT false,
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL,
    created_by    text        NOT NULL DEFAULT '',
    updated_by    text        NOT NULL DEFAULT '',
    version       bigint      NOT NULL,
    PRIMARY KEY (kind, id)
);
CREATE INDEX entities_key ON entities (kind, key);
CREATE INDEX entities_public ON entities (kind, display_order, name_en, id) WHERE visible AND NOT archived;
CREATE INDEX entities_category ON entities (category_id) WHERE kind = 'destination';
CREATE INDEX entities_search ON entities USING gin (search gin_trgm_ops);

CREATE TABLE singletons (
    name       text        PRIMARY KEY,
    value      jsonb       NOT NULL,
    updated_at timestamptz NOT NULL,
    updated_by text        NOT NULL DEFAULT ''
);`
}

// Kinds of entity, as stored in entities.kind and named in the admin API.
const (
	KindDestination = "destination"
	KindCategory    = "category"
	KindProgram     = "program"
	KindRatePlan    = "rate_plan"
	KindOffer       = "offer"
	KindCountry     = "country"
	KindDriver      = "driver"
	KindPickupPoint = "pickup_point"
)

// Singleton names.
const (
	singletonHome     = "home"
	singletonSettings = "settings"
	singletonRates    = "currency_rates"
)

type notice struct {
	Kind string `json:"kind"`
	ID   string `json:"id,omitempty"`
}

// Apply writes each catalogue event's effect. Events of other streams are skipped before decoding.
func (p *Projection) Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error {
	changed := map[notice]bool{}
	var order []notice
	for _, rec := range events {
		apply := p.applier(eventstore.Category(rec.StreamID))
		if apply == nil {
			continue
		}
		v, err := p.registry.Decode(rec)
		if err != nil {
			return fmt.Errorf("catalogue: decode %s@%d: %w", rec.StreamID, rec.Version, err)
		}
		n, err := apply(ctx, tx, rec, v)
		if err != nil {
			return fmt.Errorf("catalogue: apply %s %s@%d: %w", rec.Type, rec.StreamID, rec.Version, err)
		}
		if n.Kind != "" && !changed[n] {
			changed[n] = true
			order = append(order, n)
		}
	}
	for _, n := range order {
		if err := projections.Notify(ctx, tx, Topic, n); err != nil {
			return err
		}
	}
	return nil
}

type applyFunc func(ctx context.Context, tx pgx.Tx, rec eventstore.RecordedEvent, v any) (notice, error)

func (p *Projection) applier(category string) applyFunc {
	switch category {
	case cat.DestinationStream:
		return entityApplier(KindDestination, destinationRow)
	case cat.CategoryStream:
		return entityApplier(KindCategory, categoryRow)
	case cat.ProgramStream:
		return entityApplier(KindProgram, programRow)
	case cat.RatePlanStream:
		return entityApplier(KindRatePlan, ratePlanRow)
	case cat.OfferStream:
		return entityApplier(KindOffer, offerRow)
	case cat.CountryStream:
		return entityApplier(KindCountry, countryRow)
	case cat.DriverStream:
		return entityApplier(KindDriver, driverRow)
	case cat.PickupPointStream:
		return entityApplier(KindPickupPoint, pickupPointRow)
	case cat.HomeContentStream:
		return applyHome
	case cat.SettingsStream:
		return applySettings
	case cat.CurrencyRatesStream:
		return applyRates
	}
	return nil
}

// row is what the entities table keeps beside the fields, for filtering, sorting and search.
type row struct {
	key          string
	name         cat.Text
	search       []string
	categoryID   *uuid.UUID
	visible      bool
	displayOrder int
	popularity   int
	top          bool
}

func entityApplier[F any](kind string, derive func(F) row) applyFunc {
	return func(ctx context.Context, tx pgx.Tx, rec eventstore.RecordedEvent, v any) (notice, error) {
		n := notice{Kind: kind}
		var err error
		switch e := v.(type) {
		case cat.Created[F]:
			n.ID = e.ID.String()
			err = upsertEntity(ctx, tx, kind, e.ID, e.Fields, derive(e.Fields), rec, true)
		case cat.Updated[F]:
			n.ID = e.ID.String()
			err = upsertEntity(ctx, tx, kind, e.ID, e.Fields, derive(e.Fields), rec, false)
		case cat.Archived[F]:
			n.ID = e.ID.String()
			err = setArchived(ctx, tx, kind, e.ID, true, rec)
		case cat.Restored[F]:
			n.ID = e.ID.String()
			err = setArchived(ctx, tx, kind, e.ID, false, rec)
		default:
			return notice{}, fmt.Errorf("unexpected %T in a %s stream", v, kind)
		}
		return n, err
	}
}

func upsertEntity(ctx context.Context, tx pgx.Tx, kind string, id uuid.UUID, fields any, r row, rec eventstore.RecordedEvent, created bool) error {
	raw, err := json.Marshal(fields)
	if err != nil {
		return err
	}
	search := NormalizeSearch(joinText(r.search))
	actor := rec.Metadata.ActorID
	if created {
		_, err = tx.Exec(ctx, `INSERT INTO entities (kind, id, key, fields, name_en, name_ar, search, category_id,
			    visible, display_order, popularity, top, created_at, updated_at, created_by, updated_by, version)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14, $14, $15)
			ON CONFLICT (kind, id) DO NOTHING`,
			kind, id, r.key, raw, r.name.En, r.name.Ar, search, r.categoryID,
			r.visible, r.displayOrder, r.popularity, r.top, rec.RecordedAt, actor, rec.Version)
		return err
	}
	tag, err := tx.Exec(ctx, `UPDATE entities SET key = $3, fields = $4, name_en = $5, name_ar = $6, search = $7,
		    category_id = $8, visible = $9, display_order = $10, popularity = $11, top = $12,
		    updated_at = $13, updated_by = $14, version = $15
		WHERE kind = $1 AND id = $2`,
		kind, id, r.key, raw, r.name.En, r.name.Ar, search, r.categoryID,
		r.visible, r.displayOrder, r.popularity, r.top, rec.RecordedAt, actor, rec.Version)
	if err == nil && tag.RowsAffected() == 0 {
		return fmt.Errorf("%s %s updated before it was created", kind, id)
	}
	return err
}

func setArchived(ctx context.Context, tx pgx.Tx, kind string, id uuid.UUID, archived bool, rec eventstore.RecordedEvent) error {
	tag, err := tx.Exec(ctx, `UPDATE entities SET archived = $3, updated_at = $4, updated_by = $5, version = $6
		WHERE kind = $1 AND id = $2`, kind, id, archived, rec.RecordedAt, rec.Metadata.ActorID, rec.Version)
	if err == nil && tag.RowsAffected() == 0 {
		return fmt.Errorf("%s %s archived or restored before it was created", kind, id)
	}
	return err
}

func joinText(ts []string) string {
	out := ""
	for _, t := range ts {
		if t != "" {
			out += " " + t
		}
	}
	return out
}

func texts(ts ...cat.Text) []string {
	out := make([]string, 0, 2*len(ts))
	for _, t := range ts {
		out = append(out, t.En, t.Ar)
	}
	return out
}

func destinationRow(f cat.DestinationFields) row {
	c := f.CategoryID
	return row{key: f.Slug, name: f.Name, search: append(texts(f.Name, f.ShortDescription, f.Address), f.Slug),
		categoryID: &c, visible: f.Published, displayOrder: f.DisplayOrder, popularity: f.Popularity}
}

func categoryRow(f cat.CategoryFields) row {
	return row{key: f.Slug, name: f.Name, search: append(texts(f.Name, f.Description), f.Slug), visible: true, displayOrder: f.DisplayOrder}
}

func programRow(f cat.ProgramFields) row {
	return row{key: f.Slug, name: f.Name, search: append(texts(f.Name, f.ShortDescription), f.Slug),
		visible: f.Published, displayOrder: f.DisplayOrder, top: f.Top}
}

func ratePlanRow(f cat.RatePlanFields) row {
	return row{name: f.Name, search: texts(f.Name, f.Description), visible: f.Active, displayOrder: f.DisplayOrder}
}

func offerRow(f cat.OfferFields) row {
	return row{key: f.PromoCode, name: f.Title, search: append(texts(f.Title, f.Description), f.PromoCode), visible: f.Active}
}

func countryRow(f cat.CountryFields) row {
	return row{key: f.Code, name: f.Name, search: append(texts(f.Name), f.Code, f.DialCode), visible: f.Active, displayOrder: f.DisplayOrder}
}

func driverRow(f cat.DriverFields) row {
	return row{key: f.Phone, name: f.Name, search: append(texts(f.Name, f.Vehicle), f.Phone, f.Licence, f.Plate), visible: f.Active}
}

func pickupPointRow(f cat.PickupPointFields) row {
	return row{name: f.Name, search: append(texts(f.Name, f.Address), f.Kind), visible: f.Active, displayOrder: f.DisplayOrder}
}

func putSingleton(ctx context.Context, tx pgx.Tx, name string, value any, rec eventstore.RecordedEvent) error {
	raw, err := json.Marshal(value)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO singletons (name, value, updated_at, updated_by) VALUES ($1, $2, $3, $4)
		ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
		name, raw, rec.RecordedAt, rec.Metadata.ActorID)
	return err
}

func getSingleton(ctx context.Context, tx pgx.Tx, name string, into any) (bool, error) {
	var raw []byte
	err := tx.QueryRow(ctx, `SELECT value FROM singletons WHERE name = $1`, name).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, json.Unmarshal(raw, into)
}

func applyHome(ctx context.Context, tx pgx.Tx, rec eventstore.RecordedEvent, v any) (notice, error) {
	e, ok := v.(cat.HomeContentUpdated)
	if !ok {
		return notice{}, fmt.Errorf("unexpected %T in the home content stream", v)
	}
	return notice{Kind: singletonHome}, putSingleton(ctx, tx, singletonHome, e.Content, rec)
}

// settingsValue is how the business settings are stored.
type settingsValue struct {
	OpeningHours       cat.WeeklyHours `json:"opening_hours"`
	HoursSet           bool            `json:"hours_set"`
	Holidays           []cat.Holiday   `json:"holidays"`
	DefaultPickupPoint uuid.UUID       `json:"default_pickup_point_id"`
}

func applySettings(ctx context.Context, tx pgx.Tx, rec eventstore.RecordedEvent, v any) (notice, error) {
	e, ok := v.(cat.SettingsEvent)
	if !ok {
		return notice{}, fmt.Errorf("unexpected %T in the settings stream", v)
	}
	var cur settingsValue
	if _, err := getSingleton(ctx, tx, singletonSettings, &cur); err != nil {
		return notice{}, err
	}
	s := cat.Settings.Evolve(cat.SettingsState{Hours: cur.OpeningHours, HoursSet: cur.HoursSet, Holidays: cur.Holidays, DefaultPickupPoint: cur.DefaultPickupPoint}, e)
	next := settingsValue{OpeningHours: s.Hours, HoursSet: s.HoursSet, Holidays: s.Holidays, DefaultPickupPoint: s.DefaultPickupPoint}
	return notice{Kind: singletonSettings}, putSingleton(ctx, tx, singletonSettings, next, rec)
}

func applyRates(ctx context.Context, tx pgx.Tx, rec eventstore.RecordedEvent, v any) (notice, error) {
	e, ok := v.(cat.CurrencyRatesSet)
	if !ok {
		return notice{}, fmt.Errorf("unexpected %T in the currency rates stream", v)
	}
	return notice{Kind: singletonRates}, putSingleton(ctx, tx, singletonRates, e, rec)
}
