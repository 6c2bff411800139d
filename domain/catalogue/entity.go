package catalogue

import (
	"reflect"
	"strings"
	"time"

	"github.com/google/uuid"

	"mishwar/domain"
)

// Most catalogue entities share one lifecycle: created with their fields, updated with a whole new set
// of fields (the event records them all, plus which ones changed, for the history screen), archived
// instead of deleted, restored. This file decides that lifecycle once for any fields type; each entity
// file declares its fields, their rules and readable aliases (DestinationCreated, CreateDestination, ...).

// Fields is what an entity's fields type must offer: a normal form (trimmed, defaults filled) and the
// rules (a *domain.ValidationError naming each broken field, or nil).
type Fields[F any] interface {
	Normalized() F
	Validate() error
}

// Status is where an entity is in its lifecycle.
type Status int

const (
	// StatusAbsent: never created.
	StatusAbsent Status = iota
	// StatusActive: created and not archived (it may still be unpublished).
	StatusActive
	// StatusArchived: hidden everywhere but the admin's archive; its id stays valid in old orders.
	StatusArchived
)

// State is an entity folded from its events.
type State[F any] struct {
	ID     uuid.UUID
	Status Status
	Fields F
}

// Command is a command on an entity with fields F.
type Command[F any] interface{ entityCommand(F) }

// Create makes a new entity with id ID.
type Create[F any] struct {
	ID     uuid.UUID
	Fields F
}

// Update replaces every field of an entity.
type Update[F any] struct {
	ID     uuid.UUID
	Fields F
}

// Archive hides an entity from every public list; it is how Mishwar deletes.
type Archive[F any] struct{ ID uuid.UUID }

// Restore brings an archived entity back.
type Restore[F any] struct{ ID uuid.UUID }

func (Create[F]) entityCommand(F)  {}
func (Update[F]) entityCommand(F)  {}
func (Archive[F]) entityCommand(F) {}
func (Restore[F]) entityCommand(F) {}

// Event is an event of an entity with fields F.
type Event[F any] interface {
	entityEvent(F)
	// EntityID is the id of the entity the event belongs to.
	EntityID() uuid.UUID
}

// Created records a new entity and all its fields.
type Created[F any] struct {
	ID     uuid.UUID `json:"id"`
	Fields F         `json:"fields"`
}

// Updated records all fields after an edit and the names (JSON keys) of those that changed.
type Updated[F any] struct {
	ID      uuid.UUID `json:"id"`
	Fields  F         `json:"fields"`
	Changed []string  `json:"changed"`
}

// Archived records that an entity was archived.
type Archived[F any] struct {
	ID uuid.UUID `json:"id"`
}

// Restored records that an archived entity came back.
type Restored[F any] struct {
	ID uuid.UUID `json:"id"`
}

func (Created[F]) entityEvent(F)  {}
func (Updated[F]) entityEvent(F)  {}
func (Archived[F]) entityEvent(F) {}
func (Restored[F]) entityEvent(F) {}

func (e Created[F]) EntityID() uuid.UUID  { return e.ID }
func (e Updated[F]) EntityID() uuid.UUID  { return e.ID }
func (e Archived[F]) EntityID() uuid.UUID { return e.ID }
func (e Restored[F]) EntityID() uuid.UUID { return e.ID }

// Refusals is what an entity's decider answers when the command does not fit the state.
type Refusals struct {
	// NotFound: updating, archiving or restoring an entity that was never created.
	NotFound *domain.Error
	// Exists: creating an entity whose id is taken by one with other fields.
	Exists *domain.Error
}

// refusalsFor builds the refusals of entity name ("destination" → "catalogue.destination.not_found").
func refusalsFor(name string) Refusals {
	return Refusals{
		NotFound: domain.NotFound("catalogue." + name + ".not_found"),
		Exists:   domain.Conflict("catalogue." + name + ".exists"),
	}
}

// NewEntityDecider returns the lifecycle decider for fields F with the given refusals.
func NewEntityDecider[F Fields[F]](r Refusals) domain.Decider[State[F], Command[F], Event[F]] {
	return domain.Decider[State[F], Command[F], Event[F]]{
		Initial: func() State[F] { return State[F]{} },
		Decide:  func(s State[F], c Command[F], _ time.Time) ([]Event[F], error) { return decideEntity(r, s, c) },
		Evolve:  evolveEntity[F],
	}
}

func decideEntity[F Fields[F]](r Refusals, s State[F], c Command[F]) ([]Event[F], error) {
	switch c := c.(type) {
	case Create[F]:
		f := c.Fields.Normalized()
		if err := f.Validate(); err != nil {
			return nil, err
		}
		if s.Status != StatusAbsent {
			// A repeated create with the same fields is a retry, not a clash.
			if len(ChangedFields(s.Fields, f)) == 0 {
				return nil, nil
			}
			return nil, r.Exists
		}
		return []Event[F]{Created[F]{ID: c.ID, Fields: f}}, nil
	case Update[F]:
		if s.Status == StatusAbsent {
			return nil, r.NotFound
		}
		f := c.Fields.Normalized()
		if err := f.Validate(); err != nil {
			return nil, err
		}
		changed := ChangedFields(s.Fields, f)
		if len(changed) == 0 {
			return nil, nil
		}
		return []Event[F]{Updated[F]{ID: c.ID, Fields: f, Changed: changed}}, nil
	case Archive[F]:
		switch s.Status {
		case StatusAbsent:
			return nil, r.NotFound
		case StatusArchived:
			return nil, nil
		}
		return []Event[F]{Archived[F]{ID: c.ID}}, nil
	case Restore[F]:
		switch s.Status {
		case StatusAbsent:
			return nil, r.NotFound
		case StatusActive:
			return nil, nil
		}
		return []Event[F]{Restored[F]{ID: c.ID}}, nil
	}
	panic("catalogue: unknown command " + reflect.TypeOf(c).String())
}

func evolveEntity[F any](s State[F], e Event[F]) State[F] {
	switch e := e.(type) {
	case Created[F]:
		return State[F]{ID: e.ID, Status: StatusActive, Fields: e.Fields}
	case Updated[F]:
		s.Fields = e.Fields
		return s
	case Archived[F]:
		s.Status = StatusArchived
		return s
	case Restored[F]:
		s.Status = StatusActive
		return s
	}
	panic("catalogue: unknown event " + reflect.TypeOf(e).String())
}

// ChangedFields names (by JSON key) the top-level fields of two values of one struct type that differ.
// A nil and an empty slice count as equal: the form sends [] where the event had nothing.
func ChangedFields[F any](before, after F) []string {
	a, b := reflect.ValueOf(before), reflect.ValueOf(after)
	t := a.Type()
	var out []string
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		x, y := a.Field(i), b.Field(i)
		if (x.Kind() == reflect.Slice || x.Kind() == reflect.Map) && x.Len() == 0 && y.Len() == 0 {
			continue
		}
		if !reflect.DeepEqual(x.Interface(), y.Interface()) {
			out = append(out, jsonName(sf))
		}
	}
	return out
}

func jsonName(sf reflect.StructField) string {
	name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
	if name == "" || name == "-" {
		return sf.Name
	}
	return name
}
