// Package reviews is the read model of travellers' reviews of their trips: every review with its
// moderation, the destinations each reviewed trip visited and the program it came from, so a
// destination's or a program's rating (average and count of approved reviews) and the approved reviews
// are one query. Everything comes from the review streams (domain/review), so a rebuild gives the same
// answers.
package reviews

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"mishwar/domain/review"
	"mishwar/eventstore"
	"mishwar/projections"
)

// Name is the projection's name (its schema is rm_reviews).
const Name = "reviews"

// Projection maintains the read model.
type Projection struct{ handlers *projections.Handlers }

// New returns the projection, decoding with registry.
func New(registry *eventstore.Registry) *Projection {
	return &Projection{handlers: &projections.Handlers{
		Registry: registry,
		Streams:  []string{"review"},
		Events: []projections.Handler{
			projections.On(tripReviewed),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[review.ReviewApproved]) error {
				return moderate(ctx, tx, e.Data.OrderID, review.StatusApproved, "", e.Data.ByUserID, e.Data.ApprovedAt)
			}),
			projections.On(func(ctx context.Context, tx pgx.Tx, e projections.Event[review.ReviewRejected]) error {
				return moderate(ctx, tx, e.Data.OrderID, review.StatusRejected, e.Data.Reason, e.Data.ByUserID, e.Data.RejectedAt)
			}),
		},
	}}
}

var _ projections.Projection = (*Projection)(nil)

func (*Projection) Name() string { return Name }

func (p *Projection) Handlers() *projections.Handlers { return p.handlers }

func (*Projection) Schema() string {
	return `-- reviews read model, version 1
CREATE TABLE reviews (
    order_id        text        PRIMARY KEY,
    user_id         text        NOT NULL,
    author_name     text        NOT NULL,
    rating          int         NOT NULL,
    body            text        NOT NULL,
    lang            text        NOT NULL,
    status          text        NOT NULL,
    reason          text        NOT NULL DEFAULT '',
    moderated_by    text        NOT NULL DEFAULT '',
    moderated_at    timestamptz,
    destinations    jsonb       NOT NULL DEFAULT '[]',
    program_id      text        NOT NULL DEFAULT '',
    program_name    text        NOT NULL DEFAULT '',
    program_name_ar text        NOT NULL DEFAULT '',
    completed_at    timestamptz NOT NULL,
    reviewed_at     timestamptz NOT NULL
);
CREATE INDEX reviews_status ON reviews (status, reviewed_at DESC);
CREATE INDEX reviews_program ON reviews (program_id, status) WHERE program_id <> '';
CREATE TABLE review_destinations (
    destination_id text NOT NULL,
    order_id       text NOT NULL REFERENCES reviews (order_id),
    PRIMARY KEY (destination_id, order_id)
);`
}

func tripReviewed(ctx context.Context, tx pgx.Tx, e projections.Event[review.TripReviewed]) error {
	d := e.Data
	places, err := json.Marshal(d.Destinations)
	if err != nil {
		return fmt.Errorf("reviews: destinations of %s: %w", d.OrderID, err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO reviews (order_id, user_id, author_name, rating, body, lang, status, destinations,
		program_id, program_name, program_name_ar, completed_at, reviewed_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
		d.OrderID, d.UserID, d.AuthorName, d.Rating, d.Text, d.Lang, string(review.StatusPending), places,
		d.ProgramID, d.ProgramName, d.ProgramNameAR, d.CompletedAt, d.ReviewedAt); err != nil {
		return fmt.Errorf("reviews: insert %s: %w", d.OrderID, err)
	}
	seen := map[string]bool{}
	for _, p := range d.Destinations {
		if p.ID == "" || seen[p.ID] {
			continue
		}
		seen[p.ID] = true
		if _, err := tx.Exec(ctx, `INSERT INTO review_destinations (destination_id, order_id) VALUES ($1, $2)`, p.ID, d.OrderID); err != nil {
			return fmt.Errorf("reviews: destination %s of %s: %w", p.ID, d.OrderID, err)
		}
	}
	return nil
}

func moderate(ctx context.Context, tx pgx.Tx, orderID string, status review.Status, reason, by string, at any) error {
	tag, err := tx.Exec(ctx, `UPDATE reviews SET status = $2, reason = $3, moderated_by = $4, moderated_at = $5 WHERE order_id = $1`,
		orderID, string(status), reason, by, at)
	if err != nil {
		return fmt.Errorf("reviews: moderate %s: %w", orderID, err)
	}
	if tag.RowsAffected() != 1 {
		return fmt.Errorf("reviews: moderate %s: no such review", orderID)
	}
	return nil
}
