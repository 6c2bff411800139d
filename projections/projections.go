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
)

// Projection is one read model. Its tables live in the PostgreSQL schema SchemaName(Name()).
type Projection interface {
	// Name identifies the projection, e.g. "stats": lower-case letters, digits and underscores.
	Name() string
	// Schema is the DDL that creates the read model's tables, with UNQUALIFIED names: it is run with
	// search_path set to the target schema, which is the live one on first run and a fresh one on
	// rebuild. A change to it makes the runner rebuild the read model at startup.
	Schema() string
	// Handlers declares the events the projection reads and its typed handlers (see Handlers). The
	// runner calls them inside tx, whose search_path is set to the target schema, in log order.
	// They must not commit or roll back tx, and must be deterministic: a rebuild replays the same
	// events. Return the same *Handlers every time.
	Handlers() *Handlers
}

// Process returns a consumer of the log that keeps no read model: a process manager whose handlers
// perform effects (queue an e-mail, with an idempotency key) in the transaction that moves its
// checkpoint. It runs in the Runner like a projection (checkpointed, leader-elected, retried,
// shown by Status) but has no schema, commits synchronously (an effect must not be forgotten by a
// crash after another system has seen it), and is never rebuilt: Rebuild refuses it, since
// replaying it would repeat its effects.
//
// handover names the consumer that performed these effects before this process existed: on its
// first run the process starts where that one's checkpoint is, so it neither repeats nor skips
// them. Empty: the process starts at the beginning of the log.
func Process(name string, h *Handlers, handover string) Projection {
	return &process{name: name, handlers: h, handover: handover}
}

type process struct {
	name     string
	handlers *Handlers
	handover string
}

func (p *process) Name() string        { return p.name }
func (p *process) Schema() string      { return "" }
func (p *process) Handlers() *Handlers { return p.handlers }

func isProcess(p Projection) (*process, bool) {
	pr, ok := p.(*process)
	return pr, ok
}

var (
	// ErrUnknownProjection is returned for a projection name the runner (or the database) does not know.
	ErrUnknownProjection = errors.New("projections: unknown projection")
	// ErrInvalidName is returned for a projection name that cannot be a schema name.
	ErrInvalidName = errors.New("projections: invalid projection name")
	// ErrRebuildRunning is returned by Rebuild when another rebuild of the same projection is running.
	ErrRebuildRunning = errors.New("projections: a rebuild of this projection is already running")
	// ErrNotRebuildable is returned by Rebuild for a Process: replaying it would repeat its effects.
	ErrNotRebuildable = errors.New("projections: a process is never rebuilt")
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
// flush, which is most of a small batch's latency. One statement for both settings (set_config with
// is_local is SET LOCAL), so that ApplyBatch can send it in the round trip that locks the checkpoint.
func prepareApply(ctx context.Context, tx pgx.Tx, schema string) error {
	_, err := tx.Exec(ctx, prepareApplySQL, applySearchPath(schema))
	return err
}

const prepareApplySQL = `SELECT set_config('search_path', $1, true), set_config('synchronous_commit', 'off', true)`

// asynchronousCommitSQL is prepareApply's setting alone.
const asynchronousCommitSQL = `SELECT set_config('synchronous_commit', 'off', true)`

func applySearchPath(schema string) string { return pgx.Identifier{schema}.Sanitize() + ", public" }
