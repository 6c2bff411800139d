package catalogue

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
)

// People names the accounts that made changes (the accounts' table implements it, through the
// composition root).
type People interface {
	Person(ctx context.Context, id uuid.UUID) (Person, error)
}

// Person is an account as a history shows it.
type Person struct {
	FirstName, LastName, Email string
}

// HistoryEntry is one change of a stream, as the admin's history shows it.
type HistoryEntry struct {
	Version int64
	// Action is "created", "updated", "archived" or "restored".
	Action string
	// Event is the stored event type.
	Event   string
	At      time.Time
	Actor   Actor
	Changes []FieldChange
}

// Actor is who made a change.
type Actor struct {
	ID, Role, Name, Email string
}

// FieldChange is one field's value before and after a change (From is nil for a created entity).
type FieldChange struct {
	Field    string
	From, To any
}

// historian turns a stream's events into history entries.
type historian struct {
	people People
}

// entries lists a stream's events for the admin, newest first (the latest change on top): who did
// what and when, with describe filling in the action and the changes. describe sees the events
// oldest first, so it can keep the state each change is measured from.
func entries[E any](ctx context.Context, h historian, hist commands.History[E], describe func(e E, entry *HistoryEntry)) []HistoryEntry {
	names := actorNames{people: h.people, cache: map[string]Actor{}}
	out := make([]HistoryEntry, 0, len(hist.Events))
	for i, e := range hist.Events {
		rec := hist.Recorded[i]
		entry := HistoryEntry{Version: rec.Version, Event: rec.Type, At: rec.RecordedAt, Actor: names.of(ctx, rec.Metadata), Changes: []FieldChange{}}
		describe(e, &entry)
		out = append(out, entry)
	}
	slices.Reverse(out)
	return out
}

// actorNames resolves who made each change, once per person per history.
type actorNames struct {
	people People
	cache  map[string]Actor
}

func (a actorNames) of(ctx context.Context, md eventstore.Metadata) Actor {
	if v, ok := a.cache[md.ActorID]; ok {
		return v
	}
	out := Actor{ID: md.ActorID, Role: md.ActorRole, Name: md.ActorID}
	if md.ActorID == "demo" {
		out.Name = "Demo data"
	}
	if id, err := uuid.Parse(md.ActorID); err == nil && a.people != nil {
		// An account that cannot be read is shown by its id: the history still stands.
		if p, err := a.people.Person(ctx, id); err == nil {
			out.Name, out.Email = strings.TrimSpace(p.FirstName+" "+p.LastName), p.Email
		}
	}
	a.cache[md.ActorID] = out
	return out
}

// fieldValues maps a struct's JSON field names to their values.
func fieldValues(v any) map[string]any {
	rv := reflect.ValueOf(v)
	out := map[string]any{}
	for i := range rv.NumField() {
		sf := rv.Type().Field(i)
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if name == "" {
			name = sf.Name
		}
		out[name] = rv.Field(i).Interface()
	}
	return out
}

// changesBetween lists the fields named in changed with their values before and after.
func changesBetween(before, after any, changed []string, created bool) []FieldChange {
	b, a := fieldValues(before), fieldValues(after)
	out := make([]FieldChange, 0, len(changed))
	for _, f := range changed {
		c := FieldChange{Field: f, From: b[f], To: a[f]}
		if created {
			c.From = nil
		}
		out = append(out, c)
	}
	return out
}

func nonEmptyFields[F any](f F) []string {
	var zero F
	return cat.ChangedFields(zero, f)
}
