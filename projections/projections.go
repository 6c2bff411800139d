// Package projections runs read models: it feeds each projection the event store's global log, in
// order, in batches, and commits the projection's read-model writes together with its checkpoint in one
// PostgreSQL transaction, so every event has its effect exactly once. It rebuilds a read model from
// position zero into a fresh schema and swaps it in, reports each projection's lag and last error, and
// carries after-commit notifications to the live layer of every process.
//
// It must never skip an event: a failing batch is retried with backoff and blocks its projection until
// it succeeds. It must never write a read model outside the transaction that moves its checkpoint, and
// it never writes to the event store.
package projections

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"

	"github.com/jackc/pgx/v5"

	"mishwar/eventstore"
)

// Projection is one read model. Its tables live in the PostgreSQL schema SchemaName(Name()).
type Projection interface {
	// Name identifies the projection, e.g. "stats": lower-case letters, digits and underscores.
	Name() string
	// Schema is the DDL that creates the read model's tables, with UNQUALIFIED names: it is run with
	// search_path set to the target schema, which is the live one on first run and a fresh one on
	// rebuild. A change to it makes the runner rebuild the read model at startup.
	Schema() string
	// Apply applies a batch of events, in order, inside tx, whose search_path is set to the target
	// schema. It sees every event of the global log and ignores those it has no use for. It must
	// not commit or roll back tx, and must be deterministic: a rebuild replays the same events.
	Apply(ctx context.Context, tx pgx.Tx, events []eventstore.RecordedEvent) error
}

var (
	// ErrUnknownProjection is returned for a projection name the runner (or the database) does not know.
	ErrUnknownProjection = errors.New("projections: unknown projection")
	// ErrInvalidName is returned for a projection name that cannot be a schema name.
	ErrInvalidName = errors.New("projections: invalid projection name")
	// ErrRebuildRunning is returned by Rebuild when another rebuild of the same projection is running.
	ErrRebuildRunning = errors.New("projections: a rebuild of this projection is already running")
)

const schemaPrefix = "rm_"

// SchemaName returns the PostgreSQL schema holding a projection's read model ("rm_stats" for
// "stats"). Readers query its tables by qualified name, e.g. rm_stats.events_per_stream_type.
func SchemaName(projection string) string { return schemaPrefix + projection }

func rebuildSchemaName(projection string) string { return schemaPrefix + projection + "_rebuild" }

// The name becomes a schema name and an advisory-lock key; keeping it to a plain identifier spares
// quoting surprises and keeps "rm_<name>_rebuild" within PostgreSQL's 63-byte identifier limit.
var validName = regexp.MustCompile(`^[a-z][a-z0-9_]{0,39}$`)

func checkName(name string) error {
	if !validName.MatchString(name) {
		return fmt.Errorf("%w: %q must match %s", ErrInvalidName, name, validName)
	}
	return nil
}

func schemaHash(p Projection) string {
	sum := sha256.Sum256([]byte(p.Schema()))
	return hex.EncodeToString(sum[:])
}

// setSearchPath points unqualified names in the rest of tx at schema (then public, for shared
// functions and types). SET LOCAL ends with the transaction, so pooled connections are unaffected.
func setSearchPath(ctx context.Context, tx pgx.Tx, schema string) error {
	_, err := tx.Exec(ctx, "SET LOCAL search_path TO "+pgx.Identifier{schema}.Sanitize()+", public")
	return err
}

// prepareApply readies a transaction that applies events: search_path as in setSearchPath, and an
// asynchronous commit. A read model is derived data whose checkpoint commits with it, so a database
// crash that loses the last such commits loses the writes and the checkpoint together, and the
// projection applies those events again from the durable log; meanwhile no batch waits for a disk
// flush, which is most of a small batch's latency. One round trip for both settings.
func prepareApply(ctx context.Context, tx pgx.Tx, schema string) error {
	_, err := tx.Exec(ctx, "SET LOCAL search_path TO "+pgx.Identifier{schema}.Sanitize()+", public; "+
		"SET LOCAL synchronous_commit TO off")
	return err
}
