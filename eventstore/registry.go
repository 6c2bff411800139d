package eventstore

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"sync"

	"github.com/google/uuid"
)

// ErrUnknownEventType is returned (wrapped) by Registry.Encode for a Go type that was never registered
// and by Registry.Decode for a stored type name that was never registered. Readers that only care
// about some events skip it; it is not corruption.
var ErrUnknownEventType = errors.New("eventstore: unknown event type")

// ErrUnknownSchemaVersion is returned (wrapped) by Registry.Decode for an event stored with a schema
// version newer than the registered one (written by a newer release), or older than any upcaster
// reaches.
var ErrUnknownSchemaVersion = errors.New("eventstore: unknown event schema version")

// Upcaster turns the JSON of one schema version of an event into the next: From into From+1. Upcasters
// are pure functions of the payload; they never look anything up.
type Upcaster struct {
	From int
	Up   func(data json.RawMessage) (json.RawMessage, error)
}

// Registry maps Go event types to stored type names and schema versions, and back. Register every
// event type once at start-up; after that a Registry is safe for concurrent use.
//
// Schemas evolve by version: when an event's JSON shape changes, bump its version and register an
// Upcaster from the old version. Stored events are never rewritten; Decode upcasts old payloads on the
// way out, so code only ever sees the current shape.
type Registry struct {
	mu     sync.RWMutex
	byName map[string]*registration
	byType map[reflect.Type]*registration
}

type registration struct {
	name      string
	version   int
	goType    reflect.Type
	upcasters map[int]func(json.RawMessage) (json.RawMessage, error) // by From
	oldest    int                                                    // the oldest version Decode can read
	decode    func(json.RawMessage) (any, error)
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{byName: map[string]*registration{}, byType: map[reflect.Type]*registration{}}
}

// Register records that events of Go type T (a struct, used by value) are stored as name at schema
// version version (from 1), and how to upcast older versions: upcasters must come From consecutive
// versions ending at version-1 (versions older than the first one cannot be read). Register panics on
// a programming error: a name or type registered twice, T not a struct, a gap in the upcasters.
func Register[T any](r *Registry, name string, version int, upcasters ...Upcaster) {
	t := reflect.TypeFor[T]()
	if t.Kind() != reflect.Struct {
		panic(fmt.Sprintf("eventstore: Register %q: %s is not a struct type", name, t))
	}
	if name == "" || version < 1 {
		panic(fmt.Sprintf("eventstore: Register %s: need a name and a version from 1, got %q and %d", t, name, version))
	}
	reg := &registration{
		name:      name,
		version:   version,
		goType:    t,
		upcasters: make(map[int]func(json.RawMessage) (json.RawMessage, error), len(upcasters)),
		oldest:    version,
		decode: func(data json.RawMessage) (any, error) {
			var v T
			err := json.Unmarshal(data, &v)
			return v, err
		},
	}
	for _, u := range upcasters {
		if u.From < 1 || u.From >= version || u.Up == nil {
			panic(fmt.Sprintf("eventstore: Register %q v%d: upcaster from version %d is out of range or empty", name, version, u.From))
		}
		if _, dup := reg.upcasters[u.From]; dup {
			panic(fmt.Sprintf("eventstore: Register %q: two upcasters from version %d", name, u.From))
		}
		reg.upcasters[u.From] = u.Up
		reg.oldest = min(reg.oldest, u.From)
	}
	if len(reg.upcasters) != version-reg.oldest {
		panic(fmt.Sprintf("eventstore: Register %q v%d: upcasters must cover every version from %d to %d", name, version, reg.oldest, version-1))
	}

	r.mu.Lock()
	defer r.mu.Unlock()
	if old, dup := r.byName[name]; dup {
		panic(fmt.Sprintf("eventstore: event type %q registered twice (%s and %s)", name, old.goType, t))
	}
	if old, dup := r.byType[t]; dup {
		panic(fmt.Sprintf("eventstore: Go type %s registered twice (%q and %q)", t, old.name, name))
	}
	r.byName[name], r.byType[t] = reg, reg
}

func (r *Registry) lookupType(event any) (*registration, bool) {
	t := reflect.TypeOf(event)
	if t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	reg, ok := r.byType[t]
	return reg, ok
}

// Names lists every registered event type name, sorted.
func (r *Registry) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	names := make([]string, 0, len(r.byName))
	for n := range r.byName {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Name returns the stored type name of event (a registered type, by value or pointer).
func (r *Registry) Name(event any) (string, bool) {
	reg, ok := r.lookupType(event)
	if !ok {
		return "", false
	}
	return reg.name, true
}

// Encode turns a registered event (by value or pointer) into EventData with its name, its current
// schema version and its JSON.
func (r *Registry) Encode(id uuid.UUID, event any, md Metadata) (EventData, error) {
	reg, ok := r.lookupType(event)
	if !ok {
		return EventData{}, fmt.Errorf("%w: Go type %T is not registered", ErrUnknownEventType, event)
	}
	if v := reflect.ValueOf(event); v.Kind() == reflect.Pointer && v.IsNil() {
		return EventData{}, fmt.Errorf("eventstore: encode %s: nil %T", reg.name, event)
	}
	data, err := json.Marshal(event)
	if err != nil {
		return EventData{}, fmt.Errorf("eventstore: encode %s: %w", reg.name, err)
	}
	return EventData{ID: id, Type: reg.name, SchemaVersion: reg.version, Data: data, Metadata: md}, nil
}

// Decode returns the event as a value of its registered Go type (not a pointer), upcasting a payload
// stored with an older schema version first. Schema version 0 is read as 1.
func (r *Registry) Decode(e RecordedEvent) (any, error) {
	r.mu.RLock()
	reg, ok := r.byName[e.Type]
	r.mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("%w: %q (event %s)", ErrUnknownEventType, e.Type, e.ID)
	}
	version := max(e.SchemaVersion, 1)
	if version > reg.version || version < reg.oldest {
		return nil, fmt.Errorf("%w: %s v%d (event %s); this release reads v%d to v%d", ErrUnknownSchemaVersion, e.Type, version, e.ID, reg.oldest, reg.version)
	}
	data := e.Data
	for v := version; v < reg.version; v++ {
		up, err := reg.upcasters[v](data)
		if err != nil {
			return nil, fmt.Errorf("eventstore: upcast %s v%d to v%d (event %s): %w", e.Type, v, v+1, e.ID, err)
		}
		data = up
	}
	event, err := reg.decode(data)
	if err != nil {
		return nil, fmt.Errorf("eventstore: decode %s v%d (event %s): %w", e.Type, reg.version, e.ID, err)
	}
	return event, nil
}

// DeterministicID derives the id of the index-th event a command produces from the command's id
// (UUID v5, SHA-1), so a retried command produces the same event ids and the store recognises the
// retry instead of appending twice. Number events across all the streams a command writes.
func DeterministicID(commandID uuid.UUID, index int) uuid.UUID {
	var name [8]byte
	binary.BigEndian.PutUint64(name[:], uint64(index))
	return uuid.NewSHA1(commandID, name[:])
}
