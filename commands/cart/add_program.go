package cart

import (
	"context"
	"fmt"

	"mishwar/commands"
	"mishwar/domain/cart"
)

// AddProgram appends a program's destinations in the program's order, skipping those already in the
// cart. The result's event (cart.ProgramAddedToCart) says which were added and which skipped.
func (h *Handlers) AddProgram(ctx context.Context, userID, programID string, meta commands.Meta) (Result, error) {
	meta = withCommandID(meta)
	var cmd cart.AddProgramToCart
	if programID != "" {
		p, found, err := h.catalogue.Program(ctx, programID)
		if err != nil {
			return Result{}, fmt.Errorf("cart: look up program %s: %w", programID, err)
		}
		if found {
			cmd.Program = &p
			for i := range p.Destinations {
				cmd.ItemIDs = append(cmd.ItemIDs, itemID(meta, i))
			}
		}
	}
	return h.execute(ctx, userID, cmd, meta)
}
