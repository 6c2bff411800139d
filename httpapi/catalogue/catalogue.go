// Package catalogue is the catalogue's HTTP surface: the public catalogue visitors browse
// (destinations, programs, categories, pickup points, rate plans, offers, home content, opening hours,
// currencies, countries, search), the admin's catalogue API (create, edit with If-Match, archive,
// restore, histories, the home content, business settings, currency rates, photo uploads), the
// uploaded photos and generated artwork under /uploads/ and /art/, and the head tags and sitemap
// entries of the catalogue's pages (SEO).
//
// It decodes, calls the catalogue application (commands/catalogue) and encodes, nothing else: what
// visitors may see, which references are valid and which edit is stale are the application's and the
// domain's to decide. It never imports a read model or an adapter.
package catalogue

import (
	"context"
	"net/http"

	"github.com/gorilla/mux"

	appcat "mishwar/commands/catalogue"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
	"mishwar/httpapi/httpx"
)

// Config is what the catalogue's HTTP surface is built from.
type Config struct {
	App appcat.Application
	// ReadModels lets a command answer with what it wrote (nil: no wait).
	ReadModels httpx.ReadModels
	// Idempotency keeps the answers of the admin's commands sent with an Idempotency-Key.
	Idempotency httpx.IdempotencyStore
	// Uploads serves the stored photos under /uploads/ (nil: not mounted).
	Uploads http.Handler
	// Artwork serves generated catalogue pictures under /art/ (nil: not mounted).
	Artwork http.Handler
	// Version is the catalogue read model's version as this process knows it; public answers are
	// kept in memory while it stays the same (nil: nothing is kept).
	Version func() string
}

// Handler is the catalogue's part of the API.
type Handler struct {
	app     appcat.Application
	cfg     Config
	kept    func(http.HandlerFunc) http.Handler
	answers *answerCache
}

// New returns the catalogue's routes over its application.
func New(cfg Config) *Handler {
	h := &Handler{app: cfg.App, cfg: cfg, kept: func(f http.HandlerFunc) http.Handler {
		// Only successes and refusals of the body (422) are final: a conflict or an outage may clear on
		// a retry, which runs again under the same command id.
		return httpx.Idempotent(cfg.Idempotency, nil)(f)
	}}
	if cfg.Version != nil {
		h.answers = newAnswerCache(cfg.Version)
	}
	return h
}

// UploadsPrefix and ArtworkPrefix are where the catalogue's pictures are served.
const (
	UploadsPrefix = cat.UploadsPath
	ArtworkPrefix = cat.ArtworkPath
)

// Routes mounts the public catalogue and the admin's catalogue API under /api.
func (h *Handler) Routes(api *mux.Router) {
	h.publicRoutes(api)
	h.adminRoutes(api)
}

// RootRoutes mounts the uploaded photos and the demo's generated artwork.
func (h *Handler) RootRoutes(r *mux.Router) {
	if h.cfg.Uploads != nil {
		r.PathPrefix(UploadsPrefix).Handler(h.cfg.Uploads).Methods(http.MethodGet, http.MethodHead)
	}
	if h.cfg.Artwork != nil {
		r.PathPrefix(ArtworkPrefix).Handler(h.cfg.Artwork).Methods(http.MethodGet, http.MethodHead)
	}
}

// admin lets admins only through.
func admin(f http.HandlerFunc) http.HandlerFunc { return httpx.RequireRole(f, httpx.RoleAdmin) }

// command is an admin command route: admins only, under the shared Idempotency-Key middleware (the
// command id in httpx.Meta comes from the key).
func (h *Handler) command(f http.HandlerFunc) http.HandlerFunc {
	return admin(h.kept(f).ServeHTTP)
}

// wrote waits until the read model has seen a command's events, so the answer shows the change.
func (h *Handler) wrote(ctx context.Context, pos eventstore.Position) error {
	return httpx.WaitForReadModel(ctx, h.cfg.ReadModels, appcat.ReadModelName, pos)
}
