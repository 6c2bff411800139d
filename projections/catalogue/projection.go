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
	"mishwar/internal/fold"
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
	handlers *projections.Handlers
}

// New returns the catalogue projection, decoding events with registry (which must hold the
// catalogue's events: commands/catalogue.RegisterEvents).
func New(registry *eventstore.Registry) *Projection {
	var events []projections.Handler
	events = append(events, entityHandlers(KindDestination, destinationRow)...)
	events = append(events, entityHandlers(KindCategory, categoryRow)...)
	events = append(events, entityHandlers(KindProgram, programRow)...)
	events = append(events, entityHandlers(KindRatePlan, ratePlanRow)...)
	events = append(events, entityHandlers(KindOffer, offerRow)...)
	events = append(events, entityHandlers(KindCountry, countryRow)...)
	events = append(events, entityHandlers(KindDriver, driverRow)...)
	events = append(events, entityHandlers(KindPickupPoint, pickupPointRow)...)
	events = append(events,
		projections.On(applyHome),
		projections.On(applySettings[cat.OpeningHoursSet]),
		projections.On(applySettings[cat.HolidayAdded]),
		projections.On(applySettings[cat.HolidayRemoved]),
		projections.On(applySettings[cat.DefaultPickupPointSet]),
		projections.On(applyRates),
	)
	return &Projection{handlers: &projections.Handlers{
		Registry: registry,
		Streams: []string{cat.DestinationStream, cat.CategoryStream, cat.ProgramStream, cat.RatePlanStream, cat.OfferStream,
			cat.CountryStream, cat.DriverStream, cat.PickupPointStream, cat.HomeContentStream, cat.SettingsStream, cat.CurrencyRatesStream},
		Events: events,
		Batch:  notifyChanged,
	}}
}

var _ projections.Projection = (*Projection)(nil)

func (*Projection) Name() string { return Name }

func (p *Projection) Handlers() *projections.Handlers { return p.handlers }

func (*Projection) Schema() string {
	return `-- catalogue read model, version 2 (search text folds Extended Arabic-Indic digits too)
CREATE TABLE entities (
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

// changes lists what a batch changed, once each, in order: one notice each after the batch.
type changes struct {
	seen  map[notice]bool
	order []notice
}

func changed(ctx context.Context, n notice) {
	c := projections.BatchState[*changes](ctx)
	if !c.seen[n] {
		c.seen[n] = true
		c.order = append(c.order, n)
	}
}

func notifyChanged(ctx context.Context, tx pgx.Tx, dispatch func(context.Context) error) error {
	c := &changes{seen: map[notice]bool{}}
	if err := dispatch(projections.WithBatchState(ctx, c)); err != nil {
		return err
	}
	for _, n := range c.order {
		if err := projections.Notify(ctx, tx, Topic, n); err != nil {
			return err
		}
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

// entityHandlers are the handlers of one kind of entity's four events.
func entityHandlers[F any](kind string, derive func(F) row) []projections.Handler {
	return []projections.Handler{
		projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[cat.Created[F]]) error {
			changed(ctx, notice{Kind: kind, ID: e.Data.ID.String()})
			return upsertEntity(ctx, tx, kind, e.Data.ID, e.Data.Fields, derive(e.Data.Fields), e.Envelope, true)
		}),
		projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[cat.Updated[F]]) error {
			changed(ctx, notice{Kind: kind, ID: e.Data.ID.String()})
			return upsertEntity(ctx, tx, kind, e.Data.ID, e.Data.Fields, derive(e.Data.Fields), e.Envelope, false)
		}),
		projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[cat.Archived[F]]) error {
			changed(ctx, notice{Kind: kind, ID: e.Data.ID.String()})
			return setArchived(ctx, tx, kind, e.Data.ID, true, e.Envelope)
		}),
		projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[cat.Restored[F]]) error {
			changed(ctx, notice{Kind: kind, ID: e.Data.ID.String()})
			return setArchived(ctx, tx, kind, e.Data.ID, false, e.Envelope)
		}),
	}
}

func upsertEntity(ctx context.Context, tx pgx.Tx, kind string, id uuid.UUID, fields any, r row, rec projections.Envelope, created bool) error {
	raw, err := json.Marshal(fields)
	if err != nil {
		return err
	}
	search := fold.Text(joinText(r.search))
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

func setArchived(ctx context.Context, tx pgx.Tx, kind string, id uuid.UUID, archived bool, rec projections.Envelope) error {
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

func putSingleton(ctx context.Context, tx pgx.Tx, name string, value any, rec projections.Envelope) error {
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

func applyHome(ctx context.Context, tx pgx.Tx, e projections.Event[cat.HomeContentUpdated]) error {
	changed(ctx, notice{Kind: singletonHome})
	return putSingleton(ctx, tx, singletonHome, e.Data.Content, e.Envelope)
}

// settingsValue is how the business settings are stored.
type settingsValue struct {
	OpeningHours       cat.WeeklyHours `json:"opening_hours"`
	HoursSet           bool            `json:"hours_set"`
	Holidays           []cat.Holiday   `json:"holidays"`
	DefaultPickupPoint uuid.UUID       `json:"default_pickup_point_id"`
}

func applySettings[E cat.SettingsEvent](ctx context.Context, tx pgx.Tx, e projections.Event[E]) error {
	var cur settingsValue
	if _, err := getSingleton(ctx, tx, singletonSettings, &cur); err != nil {
		return err
	}
	s := cat.Settings.Evolve(cat.SettingsState{Hours: cur.OpeningHours, HoursSet: cur.HoursSet, Holidays: cur.Holidays, DefaultPickupPoint: cur.DefaultPickupPoint}, e.Data)
	next := settingsValue{OpeningHours: s.Hours, HoursSet: s.HoursSet, Holidays: s.Holidays, DefaultPickupPoint: s.DefaultPickupPoint}
	changed(ctx, notice{Kind: singletonSettings})
	return putSingleton(ctx, tx, singletonSettings, next, e.Envelope)
}

func applyRates(ctx context.Context, tx pgx.Tx, e projections.Event[cat.CurrencyRatesSet]) error {
	changed(ctx, notice{Kind: singletonRates})
	return putSingleton(ctx, tx, singletonRates, e.Data, e.Envelope)
}
