package catalogue

import (
	"context"

	"github.com/google/uuid"

	catrm "mishwar/projections/catalogue"
)

// AdminReader is the part of the read model the admin's lists and forms need.
type AdminReader interface {
	AdminList(ctx context.Context, kind string, q catrm.AdminQuery) (catrm.AdminPage, error)
	AdminGet(ctx context.Context, kind string, id uuid.UUID) (any, error)
}

// AdminListHandler lists one kind for the admin: any publication state, searched, sorted and paged.
type AdminListHandler struct {
	rm   AdminReader
	kind string
}

// Handle answers one page.
func (h AdminListHandler) Handle(ctx context.Context, q AdminListQuery) (AdminPage, error) {
	return h.rm.AdminList(ctx, h.kind, q)
}

// AdminEntityHandler answers one entity of a kind, whatever its state (with its version for If-Match).
type AdminEntityHandler struct {
	rm   AdminReader
	kind string
}

// Handle answers entity id.
func (h AdminEntityHandler) Handle(ctx context.Context, id uuid.UUID) (any, error) {
	return h.rm.AdminGet(ctx, h.kind, id)
}
