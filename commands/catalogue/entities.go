package catalogue

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
)

// ErrKeyUsed is the field error when a unique key (slug, code, promo code, phone) belongs to another
// entity of the same kind.
const ErrKeyUsed = "catalogue.key_used"

// ErrDerivedKeyUsed is the field error of a name whose link name (made from it, none typed) another
// entry uses.
const ErrDerivedKeyUsed = "catalogue.name_used"

// Kind describes one entity type to the command side.
type Kind[F cat.Fields[F]] struct {
	// Stream is the stream category ("destination").
	Stream  string
	Decider domain.Decider[cat.State[F], cat.Command[F], cat.Event[F]]
	// Key returns the value that must be unique among entities of this kind ("" for none); nil when
	// nothing is unique. KeyField names it in field errors.
	Key      func(F) string
	KeyField string
	// DerivedFrom names the field a key left empty is made from (a slug from the name; "" when a key
	// is always typed): a clash of a key nobody typed is that field's error, not the empty key's.
	DerivedFrom string
	// ReadModelKind is the kind's name in the catalogue read model ("destination").
	ReadModelKind string
}

// Entities runs the lifecycle commands of one entity type.
type Entities[F cat.Fields[F]] struct {
	runner *commands.Runner
	kind   Kind[F]
}

// Result is what a lifecycle command returns.
type Result[F any] = commands.Result[cat.Event[F]]

// Stream returns the stream of entity id.
func (e *Entities[F]) Stream(id uuid.UUID) string {
	return eventstore.StreamID(e.kind.Stream, id.String())
}

// Load returns the entity's state and its recorded events (for history screens).
func (e *Entities[F]) Load(ctx context.Context, id uuid.UUID) (cat.State[F], commands.History[cat.Event[F]], error) {
	h, err := commands.Load[cat.Event[F]](ctx, e.runner, e.Stream(id))
	if err != nil {
		return cat.State[F]{}, h, err
	}
	return e.kind.Decider.Fold(h.Events), h, nil
}

// Create makes a new entity, claiming its unique key first.
func (e *Entities[F]) Create(ctx context.Context, cmd cat.Create[F], meta commands.Meta) (Result[F], error) {
	if cmd.ID == uuid.Nil {
		return Result[F]{}, fmt.Errorf("catalogue: create %s without an id", e.kind.Stream)
	}
	fields := cmd.Fields.Normalized()
	if err := fields.Validate(); err != nil {
		return Result[F]{}, err
	}
	key := e.key(fields)
	claimed, err := e.claim(ctx, key, cmd.ID, meta)
	if err != nil {
		return Result[F]{}, e.keyError(err, cmd.Fields)
	}
	res, err := commands.Execute(ctx, e.runner, e.kind.Decider, e.Stream(cmd.ID), cat.Command[F](cmd), meta, commands.Options{})
	if err != nil && claimed {
		e.releaseQuietly(ctx, key, cmd.ID, meta)
	}
	return res, err
}

// Update replaces an entity's fields, moving its unique key when it changes.
func (e *Entities[F]) Update(ctx context.Context, cmd cat.Update[F], meta commands.Meta) (Result[F], error) {
	return e.UpdateAt(ctx, cmd, nil, meta)
}

// UpdateAt is Update at an expected version (the If-Match of an edit form; nil: whatever is there):
// the edit is decided on that version and appended at it, and a stream that moved on, before or
// while it runs, refuses it with ErrStaleVersion instead of being overwritten.
func (e *Entities[F]) UpdateAt(ctx context.Context, cmd cat.Update[F], expected *int64, meta commands.Meta) (Result[F], error) {
	fields := cmd.Fields.Normalized()
	if err := fields.Validate(); err != nil {
		return Result[F]{}, err
	}
	state, hist, err := e.Load(ctx, cmd.ID)
	if err != nil {
		return Result[F]{}, err
	}
	if expected != nil && hist.Version != *expected {
		return Result[F]{}, ErrStaleVersion
	}
	if state.Status == cat.StatusAbsent {
		// Refused before claiming, so no stray claim is made: the decider says "not found".
		if _, err := e.kind.Decider.Decide(state, cat.Command[F](cmd), e.runner.Now()); err != nil {
			return Result[F]{}, err
		}
	}
	oldKey, newKey := e.key(state.Fields), e.key(fields)
	claimed := false
	if newKey != oldKey {
		if claimed, err = e.claim(ctx, newKey, cmd.ID, meta); err != nil {
			return Result[F]{}, e.keyError(err, cmd.Fields)
		}
	}
	res, err := commands.Execute(ctx, e.runner, e.kind.Decider, e.Stream(cmd.ID), cat.Command[F](cmd), meta, commands.Options{ExpectedVersion: expected})
	if err != nil {
		if claimed {
			e.releaseQuietly(ctx, newKey, cmd.ID, meta)
		}
		if expected != nil && errors.Is(err, eventstore.ErrWrongVersion) {
			return res, fmt.Errorf("%w: %w", ErrStaleVersion, err)
		}
		return res, err
	}
	if newKey != oldKey && oldKey != "" {
		if err := e.release(ctx, oldKey, cmd.ID, meta); err != nil {
			return res, fmt.Errorf("catalogue: %s updated, but releasing its old key failed: %w", e.kind.Stream, err)
		}
	}
	return res, nil
}

// Archive hides an entity. Its unique key stays with it, so it can be restored.
func (e *Entities[F]) Archive(ctx context.Context, id uuid.UUID, meta commands.Meta) (Result[F], error) {
	return commands.Execute(ctx, e.runner, e.kind.Decider, e.Stream(id), cat.Command[F](cat.Archive[F]{ID: id}), meta, commands.Options{Commutes: true})
}

// Restore brings an archived entity back.
func (e *Entities[F]) Restore(ctx context.Context, id uuid.UUID, meta commands.Meta) (Result[F], error) {
	return commands.Execute(ctx, e.runner, e.kind.Decider, e.Stream(id), cat.Command[F](cat.Restore[F]{ID: id}), meta, commands.Options{Commutes: true})
}

func (e *Entities[F]) key(f F) string {
	if e.kind.Key == nil {
		return ""
	}
	return e.kind.Key(f)
}

func (e *Entities[F]) keyStream(key string) string {
	return eventstore.StreamID(cat.UniqueKeyStream, e.kind.Stream+":"+key)
}

// subMeta derives the metadata of a step a command takes on another stream: its own deterministic
// command id (event ids are derived from it and must not collide with the main stream's), caused by
// the command.
func subMeta(meta commands.Meta, step string) commands.Meta {
	sub := meta
	sub.CommandID = uuid.NewSHA1(meta.CommandID, []byte(step))
	sub.CausationID = meta.CommandID.String()
	if sub.CorrelationID == "" {
		sub.CorrelationID = meta.CommandID.String()
	}
	return sub
}

// claim takes key for owner. It reports whether this call took it (false when there is no key or
// owner already held it).
func (e *Entities[F]) claim(ctx context.Context, key string, owner uuid.UUID, meta commands.Meta) (bool, error) {
	if key == "" {
		return false, nil
	}
	res, err := commands.Execute(ctx, e.runner, cat.UniqueKey, e.keyStream(key),
		cat.KeyCommand(cat.ClaimKey{Key: e.kind.Stream + ":" + key, Owner: owner}),
		subMeta(meta, "claim "+key), commands.Options{Commutes: true})
	if errors.Is(err, cat.ErrKeyTaken) {
		var v domain.ValidationError
		v.Add(e.kind.KeyField, ErrKeyUsed)
		return false, &v
	}
	if err != nil {
		return false, err
	}
	return len(res.Events) > 0 && !res.Repeated, nil
}

// keyError is a claim's refusal as the operator reads it: when they typed no key (sent holds none)
// and it was made from another field, that field is the one to change.
func (e *Entities[F]) keyError(err error, sent F) error {
	var v *domain.ValidationError
	if e.kind.DerivedFrom == "" || e.key(sent) != "" || !errors.As(err, &v) || len(v.Fields[e.kind.KeyField]) == 0 {
		return err
	}
	var derived domain.ValidationError
	derived.Add(e.kind.DerivedFrom, ErrDerivedKeyUsed)
	return &derived
}

func (e *Entities[F]) release(ctx context.Context, key string, owner uuid.UUID, meta commands.Meta) error {
	_, err := commands.Execute(ctx, e.runner, cat.UniqueKey, e.keyStream(key),
		cat.KeyCommand(cat.ReleaseKey{Key: e.kind.Stream + ":" + key, Owner: owner}),
		subMeta(meta, "release "+key), commands.Options{Commutes: true})
	return err
}

// releaseQuietly undoes a claim after the entity refused the command. A failure leaves the key held
// by an id that never took it; the next claim by that id (a retry) still succeeds.
func (e *Entities[F]) releaseQuietly(ctx context.Context, key string, owner uuid.UUID, meta commands.Meta) {
	_ = e.release(context.WithoutCancel(ctx), key, owner, meta)
}
