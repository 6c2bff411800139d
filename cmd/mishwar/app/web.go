package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"time"

	"mishwar/adapters/accountsdb"
	"mishwar/adapters/jobs"
	"mishwar/commands/tracking"
	"mishwar/httpapi"
	"mishwar/httpapi/live"
	"mishwar/httpapi/web"
	"mishwar/projections"
	catrm "mishwar/projections/catalogue"
	dispatchrm "mishwar/projections/dispatch"
	"mishwar/projections/insights"
	"mishwar/projections/stats"
	"mishwar/webapp"
)

// wireWeb mounts the embedded web app and the Socket.IO live channel. It runs after the features,
// because the live channel authenticates with the accounts' sessions and the web app renders the
// catalogue's head tags. A binary built without the web app (`go build` before `npm run build`)
// serves the API only and says so.
func (a *App) wireWeb(d *httpapi.Deps) error {
	a.webConfig = web.Config{
		Files:       webapp.Dist,
		PublicURL:   a.Config.PublicURL,
		Logger:      a.Log,
		Head:        a.headRenderer,
		ScreenSlots: a.screenSlots,
		Sitemap:     a.sitemapSources,
	}
	tiles := os.Getenv("MISHWAR_MAP_TILES_URL")
	if tiles == "" {
		tiles = defaultMapTiles
	}
	tilesSource, err := web.CSPSource(tiles)
	if err != nil {
		return fmt.Errorf("app: MISHWAR_MAP_TILES_URL: %w", err)
	}
	a.webConfig.MapTilesURL = tiles
	a.webConfig.ImageSources = append(a.webConfig.ImageSources, tilesSource)
	a.webConfig.FormActionSources = append(a.webConfig.FormActionSources, a.formActionSources...)
	wh, err := web.New(a.webConfig)
	switch {
	case errors.Is(err, web.ErrAppNotBuilt):
		a.Log.Warn("the web app is not built into this binary: serving the API only (run `make build`)")
	case err != nil:
		return fmt.Errorf("app: web: %w", err)
	default:
		d.Web = wh
	}

	// The live channel checks sessions against the database itself: it rechecks on the notices.
	liveAuth := d.Auth
	if a.sessionAuth != nil {
		liveAuth = a.sessionAuth
	}
	liveSrv, err := live.New(live.Config{Auth: liveAuth, Logger: a.Log, AllowedOrigins: []string{a.Config.PublicURL}})
	if err != nil {
		return fmt.Errorf("app: live: %w", err)
	}
	// Notices without a room of their own: catalogue changes are public (every open page may show a
	// price or a name that just changed); read-model statistics, the dashboard's figures and the stuck
	// process steps (the job queue's, which no event announces) are for staff.
	a.liveTopics[catrm.Topic] = live.Everyone
	a.liveTopics[stats.Topic] = live.AdminRoom
	a.liveTopics[insights.Topic] = live.AdminRoom
	a.liveTopics[jobs.StepsChangedTopic] = live.AdminRoom
	for topic, room := range a.liveTopics {
		liveSrv.RouteTopic(topic, room)
	}
	for kind, authorize := range a.liveJoins {
		liveSrv.HandleJoin(kind, authorize)
	}
	for event, handle := range a.liveMessages {
		liveSrv.HandleMessage(event, handle)
	}
	for _, replay := range a.liveReplays {
		liveSrv.HandleReplay(replay)
	}
	a.Live = liveSrv
	d.Live = liveSrv
	a.loops = append(a.loops, loop{name: "live bridge", run: func(ctx context.Context) error { return liveSrv.RunBridge(ctx, a.liveNotices) }})
	a.closers = append(a.closers, liveSrv.Close)
	return nil
}

// liveNotices are the projections' notices of every process, for the live channel's bridge.
func (a *App) liveNotices(ctx context.Context, connected func(), notice func(topic string, payload json.RawMessage)) error {
	return projections.ListenLive(ctx, a.Pool, func(topic string, payload json.RawMessage) {
		switch topic {
		case projections.TopicConnected:
			// Notices may have been missed while the listener was away.
			if a.sessions != nil {
				a.sessions.ForgetAll()
			}
			go a.observeCatalogue()
			if a.tracking != nil {
				// Positions sent while this process was not listening were not heard here.
				go a.askForPositions()
			}
			connected()
		case accountsdb.SessionsChangedTopic:
			// A session ended or a role changed, on any process: that user's sockets here are
			// checked again before any later notice is delivered.
			var n struct {
				UserID string `json:"user_id"`
			}
			if err := json.Unmarshal(payload, &n); err != nil {
				break
			}
			if a.sessions != nil {
				a.sessions.ForgetUser(n.UserID)
			}
			if a.Live != nil {
				a.Live.RecheckUser(n.UserID)
			}
		case tracking.Event:
			// A driver's position, relayed by any process: kept here for pages that open mid-trip.
			a.heardPosition(payload)
			notice(topic, payload)
		case tracking.SyncTopic:
			// Another process asks for the positions kept here (it has just started listening).
			if a.tracking != nil {
				go a.answerPositions(payload)
			}
		case tracking.KeptTopic:
			a.keptPosition(payload, notice)
		case dispatchrm.EventTripProgress:
			a.tripProgressed(payload)
			notice(topic, payload)
		default:
			if topic == catrm.Topic {
				// Another process changed the catalogue: this one's kept answers must not outlive it.
				go a.observeCatalogue()
			}
			notice(topic, payload)
		}
	})
}

// observeCatalogue moves this process's view of the catalogue read model's version to the database's.
func (a *App) observeCatalogue() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := a.Projections.Refresh(ctx, catrm.Name); err != nil {
		a.Log.Warn("catalogue: reading the read model's position", "err", err)
	}
}

// defaultMapTiles is OpenStreetMap's standard tile server. Its usage policy suits a small operator;
// a busy site should set MISHWAR_MAP_TILES_URL to its own or a commercial tile server.
const defaultMapTiles = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"

// securityHeaders gives API answers the same headers as the web app's.
func (a *App) securityHeaders(h http.Handler) http.Handler {
	return web.SecurityHeaders(h, a.webConfig)
}
