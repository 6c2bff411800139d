// Package cart is the cart's application (Application: Commands and Queries). Its commands, one
// file each, run for a signed-in user: add a destination or a whole program, remove, clear, move,
// reorder, choose the start and end points. Each looks up in the catalogue read model what the
// decision needs, then lets the decider in domain/cart decide on the user's cart stream, appended
// with its expected version. Every cart command is re-decided on a concurrent change (the decider
// re-checks duplicates, positions and permutations against the new state), so two tabs changing one
// cart at once never lose an item. Its queries, one file each, read the user's cart stream as it is
// now (commands.Current: from the runner's memory, confirmed by one read of the stream's last event;
// a command's answer reads the cart as the command left it, from memory without that read) and price
// it with commands/pricing: the cart with its trip calculation, the proposal of a shorter
// order, the check of the ids a client mirrors. So a command's answer and any read after it show the
// change at once, in any process, without waiting for the cart read model (projections/cart), which
// serves the live channel's notices, and the queries of a process during a rolling deploy for a cart
// whose stream holds a newer release's event (read_cart.go).
//
// Nothing here reads the cart read model to decide or answer; nothing here holds a pricing rule
// (domain/trip does) or knows HTTP.
package cart

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/cart"
	"mishwar/eventstore"
)

// Result is where a command left the cart.
type Result = commands.Result[cart.Event]

// Handlers runs the cart's commands, one file each (verb_noun.go).
type Handlers struct {
	runner    *commands.Runner
	catalogue lookup
}

// NewCommands returns the cart's command handlers, looking up in the catalogue read model.
func NewCommands(runner *commands.Runner, catalogue Catalogue) *Handlers {
	return &Handlers{runner: runner, catalogue: lookup{catalogue: catalogue}}
}

// Stream is the id of userID's cart stream.
func Stream(userID string) string { return eventstore.StreamID(cart.StreamCategory, userID) }

// Every cart command commutes: the decider re-checks it against whatever the other writer did.
var commuting = commands.Options{Commutes: true}

func (h *Handlers) execute(ctx context.Context, userID string, cmd cart.Command, meta commands.Meta) (Result, error) {
	if userID == "" {
		return Result{}, fmt.Errorf("cart: a command needs a user")
	}
	res, err := commands.Execute(ctx, h.runner, cart.Decider, Stream(userID), cmd, meta, commuting)
	if err != nil {
		return res, fmt.Errorf("cart: %T: %w", cmd, err)
	}
	return res, nil
}

// withCommandID gives meta an id when it has none: item ids derive from it, so a client's retry with
// the same command id names the same items.
func withCommandID(meta commands.Meta) commands.Meta {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	return meta
}

// itemID derives the i-th new item id of a command.
func itemID(meta commands.Meta, i int) string {
	return uuid.NewSHA1(meta.CommandID, fmt.Appendf(nil, "cart-item/%d", i)).String()
}
