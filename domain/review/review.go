// Package review decides a traveller's review of a completed trip and its moderation by staff. One
// stream per order (review-<trip number>) holds at most one review: the stream's expected version makes
// "one per trip" hold whatever runs at the same time. Whatever the decision needs of the order (its
// owner, whether its trip is completed, where it went) comes in the command, read from the order's own
// stream, and what the review is about is recorded in TripReviewed, so ratings never change when the
// catalogue does.
package review

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"mishwar/domain"
)

// StreamCategory is the review streams' category: review-<trip number>.
const StreamCategory = "review"

// Rules.
const (
	// MinRating and MaxRating bound the stars.
	MinRating = 1
	MaxRating = 5
	// MaxTextRunes bounds a review's text (characters, in any language).
	MaxTextRunes = 1000
	// MaxReasonRunes bounds the reason staff give for rejecting a review.
	MaxReasonRunes = 500
	// Window is how long after its trip was completed a trip may be reviewed.
	Window = 90 * 24 * time.Hour
)

// Refusals.
var (
	// ErrOrderNotFound: no such order, or it is someone else's (nobody learns that another's exists).
	ErrOrderNotFound = domain.NotFound("reviews.order_not_found")
	// ErrTripNotCompleted: the trip has not been completed (yet, or ever: cancelled).
	ErrTripNotCompleted = domain.Conflict("reviews.trip_not_completed")
	// ErrAlreadyReviewed: this trip has its review.
	ErrAlreadyReviewed = domain.Conflict("reviews.already_reviewed")
	// ErrWindowClosed: the trip was completed more than Window ago.
	ErrWindowClosed = domain.Conflict("reviews.window_closed")
	// ErrNotFound: no review for this trip.
	ErrNotFound = domain.NotFound("reviews.not_found")
	// ErrStaffOnly: only staff moderate reviews.
	ErrStaffOnly = domain.Forbidden("reviews.staff_only")
)

// Status of a review.
type Status string

const (
	StatusNone     Status = ""
	StatusPending  Status = "pending"
	StatusApproved Status = "approved"
	StatusRejected Status = "rejected"
)

// Place is a destination the trip visited, named as the order recorded it.
type Place struct {
	ID     string `json:"id"`
	NameEN string `json:"name_en"`
	NameAR string `json:"name_ar,omitempty"`
}

// OrderFacts is what a review decision needs of the order, read from the order's stream.
type OrderFacts struct {
	OrderID string
	Exists  bool
	OwnerID string
	// Completed: the order is completed (its trip ended), at CompletedAt.
	Completed   bool
	CompletedAt time.Time
	// AuthorName is how the review is signed: the traveller's first name and last initial.
	AuthorName    string
	Destinations  []Place
	ProgramID     string
	ProgramName   string
	ProgramNameAR string
}

// AuthorName signs a review with a first name and the last name's initial ("Mona Z.").
func AuthorName(first, last string) string {
	first, last = strings.TrimSpace(first), strings.TrimSpace(last)
	if r, _ := utf8.DecodeRuneInString(last); last != "" && r != utf8.RuneError {
		return strings.TrimSpace(first + " " + string(r) + ".")
	}
	return first
}

// Commands.
type (
	Command interface{ isCommand() }

	// Submit rates a completed trip (1–5 stars) with an optional text, as UserID.
	Submit struct {
		Order  OrderFacts
		UserID string
		Rating int
		Text   string
		// Lang is the language the traveller used the site in ("en", "ar"); the text is kept as
		// written, in whatever language.
		Lang string
	}
	// Approve publishes the review; Staff says the actor is staff.
	Approve struct {
		ByUserID string
		Staff    bool
	}
	// Reject keeps the review off the site, with a reason for the record.
	Reject struct {
		ByUserID string
		Staff    bool
		Reason   string
	}
)

func (Submit) isCommand()  {}
func (Approve) isCommand() {}
func (Reject) isCommand()  {}

// Events.
type (
	Event interface{ isEvent() }

	// TripReviewed: the traveller rated their completed trip. It waits for moderation.
	TripReviewed struct {
		OrderID       string    `json:"order_id"`
		UserID        string    `json:"user_id"`
		AuthorName    string    `json:"author_name"`
		Rating        int       `json:"rating"`
		Text          string    `json:"text"`
		Lang          string    `json:"lang"`
		Destinations  []Place   `json:"destinations"`
		ProgramID     string    `json:"program_id,omitempty"`
		ProgramName   string    `json:"program_name,omitempty"`
		ProgramNameAR string    `json:"program_name_ar,omitempty"`
		CompletedAt   time.Time `json:"completed_at"`
		ReviewedAt    time.Time `json:"reviewed_at"`
	}
	// ReviewApproved: staff published the review.
	ReviewApproved struct {
		OrderID    string    `json:"order_id"`
		ByUserID   string    `json:"by_user_id"`
		ApprovedAt time.Time `json:"approved_at"`
	}
	// ReviewRejected: staff kept the review off the site.
	ReviewRejected struct {
		OrderID    string    `json:"order_id"`
		Reason     string    `json:"reason"`
		ByUserID   string    `json:"by_user_id"`
		RejectedAt time.Time `json:"rejected_at"`
	}
)

func (TripReviewed) isEvent()   {}
func (ReviewApproved) isEvent() {}
func (ReviewRejected) isEvent() {}

// State is a trip's review.
type State struct {
	orderID string
	status  Status
	userID  string
}

// Status is the review's status (StatusNone: no review).
func (s State) Status() Status { return s.status }

// UserID is the review's author.
func (s State) UserID() string { return s.userID }

// CleanText trims a review's text and drops control characters other than line breaks, and the
// direction overrides that would show it in another order than written; the text is otherwise kept
// as written (it is shown as text, never as markup).
func CleanText(s string) string {
	s = domain.StripDirectionOverrides(strings.ToValidUTF8(s, ""))
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || !unicode.IsControl(r) {
			return r
		}
		return -1
	}, s)
	return strings.TrimSpace(s)
}

// CanReview is the refusal a Submit by userID would get on this order now (before the review's own
// stream is considered), or nil.
func CanReview(o OrderFacts, userID string, now time.Time) error {
	if !o.Exists || userID == "" || o.OwnerID != userID {
		return ErrOrderNotFound
	}
	if !o.Completed {
		return ErrTripNotCompleted
	}
	if !o.CompletedAt.IsZero() && now.Sub(o.CompletedAt) > Window {
		return ErrWindowClosed
	}
	return nil
}

func validate(c Submit) (string, error) {
	v := &domain.ValidationError{}
	if c.Rating < MinRating || c.Rating > MaxRating {
		v.Add("rating", "reviews.rating_range")
	}
	text := CleanText(c.Text)
	if utf8.RuneCountInString(text) > MaxTextRunes {
		v.Add("text", "reviews.text_too_long")
	} else {
		// CleanText dropped the controls; characters drawn as nothing are refused as elsewhere.
		domain.CheckMultiLine(v, "text", text)
	}
	return text, v.Err()
}

func decide(s State, cmd Command, now time.Time) ([]Event, error) {
	switch c := cmd.(type) {
	case Submit:
		if err := CanReview(c.Order, c.UserID, now); err != nil {
			return nil, err
		}
		if s.status != StatusNone {
			return nil, ErrAlreadyReviewed
		}
		text, err := validate(c)
		if err != nil {
			return nil, err
		}
		lang := "en"
		if c.Lang == "ar" {
			lang = "ar"
		}
		return []Event{TripReviewed{OrderID: c.Order.OrderID, UserID: c.UserID, AuthorName: c.Order.AuthorName, Rating: c.Rating, Text: text,
			Lang: lang, Destinations: append([]Place{}, c.Order.Destinations...), ProgramID: c.Order.ProgramID, ProgramName: c.Order.ProgramName,
			ProgramNameAR: c.Order.ProgramNameAR, CompletedAt: c.Order.CompletedAt.UTC(), ReviewedAt: now.UTC()}}, nil
	case Approve:
		if !c.Staff {
			return nil, ErrStaffOnly
		}
		if s.status == StatusNone {
			return nil, ErrNotFound
		}
		if s.status == StatusApproved {
			return nil, nil
		}
		return []Event{ReviewApproved{OrderID: s.orderID, ByUserID: c.ByUserID, ApprovedAt: now.UTC()}}, nil
	case Reject:
		if !c.Staff {
			return nil, ErrStaffOnly
		}
		if s.status == StatusNone {
			return nil, ErrNotFound
		}
		reason := CleanText(c.Reason)
		v := &domain.ValidationError{}
		if reason == "" {
			v.Add("reason", "reviews.reason_required")
		} else if utf8.RuneCountInString(reason) > MaxReasonRunes {
			v.Add("reason", "reviews.reason_too_long")
		} else {
			domain.CheckMultiLine(v, "reason", reason)
		}
		if err := v.Err(); err != nil {
			return nil, err
		}
		if s.status == StatusRejected {
			return nil, nil
		}
		return []Event{ReviewRejected{OrderID: s.orderID, Reason: reason, ByUserID: c.ByUserID, RejectedAt: now.UTC()}}, nil
	default:
		panic(fmt.Sprintf("review: unknown command %T", cmd))
	}
}

func evolve(s State, e Event) State {
	switch ev := e.(type) {
	case TripReviewed:
		s.orderID, s.userID, s.status = ev.OrderID, ev.UserID, StatusPending
	case ReviewApproved:
		s.status = StatusApproved
	case ReviewRejected:
		s.status = StatusRejected
	default:
		panic(fmt.Sprintf("review: unknown event %T", e))
	}
	return s
}

// Decider is the review's decider. Moderating to the status a review already has records nothing;
// staff may change their mind (approve a rejected review, or reject an approved one).
var Decider = domain.Decider[State, Command, Event]{
	Initial: func() State { return State{} },
	Decide:  decide,
	Evolve:  evolve,
}
