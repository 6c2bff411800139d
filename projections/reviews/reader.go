package reviews

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/domain/review"
	"mishwar/projections"
)

// Public is an approved review as anyone sees it (no trip number, no account).
type Public struct {
	AuthorName    string         `json:"author_name"`
	Rating        int            `json:"rating"`
	Text          string         `json:"text"`
	Lang          string         `json:"lang"`
	Destinations  []review.Place `json:"destinations"`
	ProgramID     string         `json:"program_id,omitempty"`
	ProgramName   string         `json:"program_name,omitempty"`
	ProgramNameAR string         `json:"program_name_ar,omitempty"`
	ReviewedAt    time.Time      `json:"reviewed_at"`
}

// Review is a review as its author and staff see it: with its trip and its moderation.
type Review struct {
	Public
	OrderID     string     `json:"order_id"`
	Status      string     `json:"status"`
	Reason      string     `json:"reason,omitempty"`
	ModeratedAt *time.Time `json:"moderated_at,omitempty"`
	CompletedAt time.Time  `json:"completed_at"`
	userID      string
}

// UserID is the review's author.
func (r Review) UserID() string { return r.userID }

// Rating is the average stars of the approved reviews (one decimal) and how many there are.
type Rating struct {
	Average float64 `json:"average"`
	Count   int     `json:"count"`
}

// Rated is a destination's or program's rating with its newest approved reviews.
type Rated struct {
	Rating  Rating   `json:"rating"`
	Reviews []Public `json:"reviews"`
}

// Reader answers queries over the read model.
type Reader struct{ pool *pgxpool.Pool }

// NewReader returns a reader over pool.
func NewReader(pool *pgxpool.Pool) *Reader { return &Reader{pool: pool} }

func table(name string) string { return pgx.Identifier{projections.SchemaName(Name), name}.Sanitize() }

const columns = `r.order_id, r.user_id, r.author_name, r.rating, r.body, r.lang, r.status, r.reason, r.moderated_at, r.destinations,
	r.program_id, r.program_name, r.program_name_ar, r.completed_at, r.reviewed_at`

func scan(row pgx.Row) (Review, error) {
	var (
		r      Review
		places []byte
	)
	if err := row.Scan(&r.OrderID, &r.userID, &r.AuthorName, &r.Rating, &r.Text, &r.Lang, &r.Status, &r.Reason, &r.ModeratedAt, &places,
		&r.ProgramID, &r.ProgramName, &r.ProgramNameAR, &r.CompletedAt, &r.ReviewedAt); err != nil {
		return Review{}, err
	}
	if err := json.Unmarshal(places, &r.Destinations); err != nil {
		return Review{}, fmt.Errorf("reviews: destinations of %s: %w", r.OrderID, err)
	}
	if r.Destinations == nil {
		r.Destinations = []review.Place{}
	}
	return r, nil
}

func (r *Reader) list(ctx context.Context, query string, args ...any) ([]Review, error) {
	rows, err := r.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Review{}
	for rows.Next() {
		rv, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, rv)
	}
	return out, rows.Err()
}

func publics(rs []Review) []Public {
	out := make([]Public, len(rs))
	for i, r := range rs {
		out[i] = r.Public
	}
	return out
}

func clamp(limit, def int) int {
	if limit <= 0 || limit > 100 {
		return def
	}
	return limit
}

// ByOrder returns the review of an order's trip; found is false when it has none.
func (r *Reader) ByOrder(ctx context.Context, orderID string) (rv Review, found bool, err error) {
	rv, err = scan(r.pool.QueryRow(ctx, `SELECT `+columns+` FROM `+table("reviews")+` r WHERE r.order_id = $1`, orderID))
	if errors.Is(err, pgx.ErrNoRows) {
		return Review{}, false, nil
	}
	if err != nil {
		return Review{}, false, fmt.Errorf("reviews: review of %s: %w", orderID, err)
	}
	return rv, true, nil
}

// Moderation lists reviews with status (pending when empty), oldest first for pending ones (the queue)
// and newest first otherwise, at most limit.
func (r *Reader) Moderation(ctx context.Context, status string, limit int) ([]Review, error) {
	if status == "" {
		status = string(review.StatusPending)
	}
	order := "DESC"
	if status == string(review.StatusPending) {
		order = "ASC"
	}
	out, err := r.list(ctx, `SELECT `+columns+` FROM `+table("reviews")+` r WHERE r.status = $1 ORDER BY r.reviewed_at `+order+`, r.order_id LIMIT $2`,
		status, clamp(limit, 50))
	if err != nil {
		return nil, fmt.Errorf("reviews: %s reviews: %w", status, err)
	}
	return out, nil
}

// Recent returns the newest approved reviews, at most limit.
func (r *Reader) Recent(ctx context.Context, limit int) ([]Public, error) {
	out, err := r.list(ctx, `SELECT `+columns+` FROM `+table("reviews")+` r WHERE r.status = 'approved' ORDER BY r.reviewed_at DESC, r.order_id LIMIT $1`,
		clamp(limit, 6))
	if err != nil {
		return nil, fmt.Errorf("reviews: recent: %w", err)
	}
	return publics(out), nil
}

// Destination returns a destination's rating and its newest approved reviews (at most limit).
func (r *Reader) Destination(ctx context.Context, destinationID string, limit int) (Rated, error) {
	from := table("reviews") + ` r JOIN ` + table("review_destinations") + ` d ON d.order_id = r.order_id AND d.destination_id = $1
		WHERE r.status = 'approved'`
	return r.rated(ctx, from, destinationID, limit)
}

// Program returns a program's rating and its newest approved reviews (at most limit).
func (r *Reader) Program(ctx context.Context, programID string, limit int) (Rated, error) {
	return r.rated(ctx, table("reviews")+` r WHERE r.program_id = $1 AND r.program_id <> '' AND r.status = 'approved'`, programID, limit)
}

func (r *Reader) rated(ctx context.Context, from, id string, limit int) (Rated, error) {
	var (
		out Rated
		avg *float64
	)
	if err := r.pool.QueryRow(ctx, `SELECT AVG(r.rating)::float8, COUNT(*) FROM `+from, id).Scan(&avg, &out.Rating.Count); err != nil {
		return Rated{}, fmt.Errorf("reviews: rating of %s: %w", id, err)
	}
	if avg != nil {
		out.Rating.Average = math.Round(*avg*10) / 10
	}
	rs, err := r.list(ctx, `SELECT `+columns+` FROM `+from+` ORDER BY r.reviewed_at DESC, r.order_id LIMIT $2`, id, clamp(limit, 10))
	if err != nil {
		return Rated{}, fmt.Errorf("reviews: reviews of %s: %w", id, err)
	}
	out.Reviews = publics(rs)
	return out, nil
}
