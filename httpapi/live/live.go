// Package live is Mishwar's live channel: a Socket.IO server (protocol v4, for the official
// socket.io-client) mounted under /socket.io/. It tells browsers that something they can see has
// changed ("order 42 changed"); they then refetch from the REST API, which stays the source of truth.
//
// A socket is authenticated when it connects, from the session cookie or the token sent in the
// handshake, and checked again whenever its user's sessions or role change (RecheckUser), when its
// session runs out (Identity.ExpiresAt: nothing announces an expiry, so each socket keeps a timer),
// and every Config.SessionSweep: a socket whose session ended or whose role changed is closed, on
// every process. It joins its private rooms
// by itself (user:{id}, and admin for admins and support staff) and any other room only through a
// join handler that a feature registers with HandleJoin and that authorises the request. This package must never put a socket in a room it was not authorised for, and never
// carry business data a client could not also read over the API.
//
// Notices reach the sockets of every process through PostgreSQL notifications (RunBridge); see
// Notice for the payload.
package live

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/zishang520/socket.io/servers/socket/v3"

	"mishwar/httpapi/httpx"
)

// AdminRoom holds the sockets of admins and support staff.
const AdminRoom = "admin"

// Everyone, as a room name in Broadcast, a notice or RouteTopic, means every socket of every visitor,
// signed in or not: for public data such as the catalogue.
const Everyone = "*"

// UserRoom is the private room of one user's sockets (all their tabs and devices).
func UserRoom(userID string) string { return "user:" + userID }

// Events the server itself emits to clients.
const (
	// EventResync tells every client that notices may have been lost (the bridge reconnected to
	// PostgreSQL): refetch what is on screen.
	EventResync = "live.resync"
	// EventSession is sent once per connection, after the socket joined its private rooms:
	// {"authenticated": bool}. A client that sent a token and reads false holds an expired session.
	EventSession = "live.session"
)

// Config configures the live channel.
type Config struct {
	// Auth resolves session tokens. Nil: every socket is anonymous.
	Auth httpx.Authenticator
	// Logger receives connection and bridge errors. Default slog.Default().
	Logger *slog.Logger
	// AllowedOrigins are origins, besides the request's own host, whose pages may open an
	// authenticated socket with the session cookie (e.g. the public URL when a proxy rewrites Host,
	// or the dev server). A socket from any other origin is anonymous unless it sends its token.
	AllowedOrigins []string
	// MaxRoomsPerSocket bounds the rooms one socket may add with join. Default 32.
	MaxRoomsPerSocket int
	// JoinTimeout bounds one join authorisation (it may query the database). Default 5s.
	JoinTimeout time.Duration
	// PingInterval and PingTimeout tune Engine.IO heartbeats. Defaults 25s and 20s.
	PingInterval, PingTimeout time.Duration
	// SessionSweep is how often every signed-in socket is checked against the session store again
	// (RecheckAll), a safety net: a session that runs out closes its sockets at its ExpiresAt
	// already, and one ended otherwise announces it. Default 1 minute; negative: never.
	SessionSweep time.Duration
}

// Joiner is the socket asking to join: who it is and where it comes from.
type Joiner struct {
	// Identity is the socket's signed-in user; nil for an anonymous visitor.
	Identity *httpx.Identity
	// IP is the client address of the socket's handshake (httpx.ClientIP), for rate limits keyed
	// by the client.
	IP string
}

// Authorize decides whether the socket j may join the room that args describe, and names that room. args is the whole join payload, e.g.
// {"kind":"trip","tripNumber":"MW-1042","email":"a@b.example"}. Return a *domain.Error (for example
// domain.Forbidden("orders.trip_not_found")) to refuse with a message the client can show.
type Authorize func(ctx context.Context, j Joiner, args json.RawMessage) (room string, err error)

// Server is the live channel.
type Server struct {
	closeOnce sync.Once
	cfg       Config
	log       *slog.Logger
	io        *socket.Server
	handler   http.Handler
	origins   map[string]bool

	mu       sync.RWMutex
	joins    map[string]Authorize
	messages map[string]Handle // client event → its handler (HandleMessage)
	replays  []Replay          // what a socket entering rooms is owed (HandleReplay)
	routes   map[string]string // topic → room, for notices that name none

	ctx context.Context // ends with Close; bounds join authorisations
	// rechecks counts RecheckUser and RecheckAll calls: a socket whose handshake overlapped one is
	// checked again once it is in its rooms, since the recheck may have looked before it was there.
	rechecks atomic.Uint64
	cancel   context.CancelFunc
}

// New builds the live channel. Mount it with ServeHTTP under /socket.io/.
func New(cfg Config) (*Server, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.MaxRoomsPerSocket <= 0 {
		cfg.MaxRoomsPerSocket = 32
	}
	if cfg.JoinTimeout <= 0 {
		cfg.JoinTimeout = 5 * time.Second
	}
	if cfg.SessionSweep == 0 {
		cfg.SessionSweep = time.Minute
	}
	origins := map[string]bool{}
	for _, o := range cfg.AllowedOrigins {
		u, err := url.Parse(strings.TrimRight(o, "/"))
		if err != nil || u.Scheme == "" || u.Host == "" {
			return nil, fmt.Errorf("live: allowed origin %q is not scheme://host[:port]", o)
		}
		origins[strings.ToLower(u.Scheme+"://"+u.Host)] = true
	}

	opts := socket.DefaultServerOptions()
	opts.SetServeClient(false)
	// Clients send join and leave requests and small messages (a driver's position).
	opts.SetMaxHttpBufferSize(64 << 10)
	if cfg.PingInterval > 0 {
		opts.SetPingInterval(cfg.PingInterval)
	}
	if cfg.PingTimeout > 0 {
		opts.SetPingTimeout(cfg.PingTimeout)
	}
	io := socket.NewServer(nil, opts)

	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{
		cfg:     cfg,
		log:     cfg.Logger.With("component", "live"),
		io:      io,
		origins: origins,
		joins:   map[string]Authorize{},
		ctx:     ctx,
		cancel:  cancel,
	}
	io.Use(s.authenticate)
	if err := io.On("connection", func(args ...any) {
		if sock, ok := args[0].(*socket.Socket); ok {
			s.onConnection(sock)
		}
	}); err != nil {
		cancel()
		return nil, fmt.Errorf("live: %w", err)
	}
	s.handler = io.ServeHandler(nil)
	// After Socket.IO's own listener (registered by ServeHandler): see readGate.
	if err := io.Engine().On("connection", releaseReads); err != nil {
		cancel()
		return nil, fmt.Errorf("live: %w", err)
	}
	if cfg.Auth != nil && cfg.SessionSweep > 0 {
		go s.sweepSessions(cfg.SessionSweep)
	}
	return s, nil
}

// ServeHTTP serves the Socket.IO endpoint (mount it under /socket.io/).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w, r = gateFreshWebSocket(hijackable(w), hideOrigin(r))
	s.handler.ServeHTTP(w, r)
}

// HandleJoin registers the authorisation for join requests of kind. Register every kind before
// serving; a kind registered twice is a programming error.
func (s *Server) HandleJoin(kind string, authorize Authorize) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, dup := s.joins[kind]; dup {
		panic("live: join kind registered twice: " + kind)
	}
	s.joins[kind] = authorize
}

// Broadcast sends event with data to every socket in room, on this process only (other processes
// get the same notice through the bridge). Calls from one goroutine arrive in the order made.
func (s *Server) Broadcast(room, event string, data any) {
	s.broadcast([]string{room}, event, data)
}

// broadcast emits to each socket of rooms in turn. The library's own room broadcast shares one
// write-options value among all recipients and rewrites it for each while earlier recipients'
// writers read it (a data race in engine v3.0.0, socket.sendPacket); one emit per socket keeps
// everything per socket. A socket in several of the rooms gets the event once.
func (s *Server) broadcast(rooms []string, event string, data any) {
	if event == "" || len(rooms) == 0 || slices.Contains(rooms, "") {
		s.log.Error("live: broadcast without room or event", "rooms", rooms, "event", event)
		return
	}
	if slices.Contains(rooms, Everyone) {
		s.BroadcastAll(event, data)
		return
	}
	nsp := s.io.Sockets()
	seen := map[socket.SocketId]bool{}
	for _, room := range rooms {
		ids, ok := nsp.Adapter().Rooms().Load(socket.Room(room))
		if !ok {
			continue
		}
		for _, id := range ids.Keys() {
			if seen[id] {
				continue
			}
			seen[id] = true
			if err := emitTo(nsp, id, event, data); err != nil {
				s.log.Error("live: broadcast failed", "rooms", rooms, "event", event, "err", err)
				return
			}
		}
	}
}

func emitTo(nsp socket.Namespace, id socket.SocketId, event string, data any) error {
	sock, ok := nsp.Sockets().Load(id)
	if !ok {
		return nil // disconnected meanwhile
	}
	return sock.Emit(event, data)
}

// BroadcastAll sends event with data to every connected socket of this process.
func (s *Server) BroadcastAll(event string, data any) {
	nsp := s.io.Sockets()
	var err error
	nsp.Sockets().Range(func(id socket.SocketId, _ *socket.Socket) bool {
		err = emitTo(nsp, id, event, data)
		return err == nil
	})
	if err != nil {
		s.log.Error("live: broadcast failed", "event", event, "err", err)
	}
}

// Close disconnects every socket and stops the server. It may be called again (a shutdown closes
// the live channel first, so that long-polling clients do not hold the drain open; the app's own
// close follows).
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		s.cancel()
		s.io.Close(nil)
	})
}
