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
	"errors"
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

	"mishwar/domain"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
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
	cfg     Config
	log     *slog.Logger
	io      *socket.Server
	handler http.Handler
	origins map[string]bool

	mu     sync.RWMutex
	joins  map[string]Authorize
	routes map[string]string // topic → room, for notices that name none

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
	// Clients only send join and leave requests.
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

// RecheckUser checks every socket of userID on this process against the session store again, as
// when it connected, and disconnects each one whose session has ended (signed out, ended from
// another device, a password change or reset) or whose identity changed (a new role): a socket
// never keeps rooms its session no longer allows. A session ended is told first (EventSession with
// authenticated false). It returns once they are checked, so notices delivered after it never reach
// a socket it disconnects. The composition root calls it for the accounts' session notices of every
// process; a failing session store disconnects too (the client may reconnect and be checked anew).
func (s *Server) RecheckUser(userID string) {
	if userID == "" {
		return
	}
	s.rechecks.Add(1) // before looking at the room: see recheckLate
	nsp := s.io.Sockets()
	ids, ok := nsp.Adapter().Rooms().Load(socket.Room(UserRoom(userID)))
	if !ok {
		return
	}
	s.recheck(ids.Keys())
}

// recheckLate checks a socket whose handshake overlapped a recheck (see Server.rechecks).
func (s *Server) recheckLate(sock *socket.Socket, sess *session) {
	if sess.id == nil || s.rechecks.Load() == sess.rechecks {
		return
	}
	go s.recheckSockets([]*socket.Socket{sock})
}

// RecheckAll checks every signed-in socket of this process again (see RecheckUser). RunBridge calls
// it after losing the notices' connection, when session notices may have been missed, and the
// session sweep (Config.SessionSweep) calls it periodically for sessions that simply expire.
func (s *Server) RecheckAll() {
	s.rechecks.Add(1)
	var ids []socket.SocketId
	s.io.Sockets().Sockets().Range(func(id socket.SocketId, sock *socket.Socket) bool {
		if sess, _ := sock.Data().(*session); sess != nil && sess.id != nil {
			ids = append(ids, id)
		}
		return true
	})
	s.recheck(ids)
}

func (s *Server) recheck(ids []socket.SocketId) {
	nsp := s.io.Sockets()
	socks := make([]*socket.Socket, 0, len(ids))
	for _, id := range ids {
		if sock, ok := nsp.Sockets().Load(id); ok {
			socks = append(socks, sock)
		}
	}
	s.recheckSockets(socks)
}

// sweepSessions runs RecheckAll every interval until Close.
func (s *Server) sweepSessions(interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
			s.RecheckAll()
		}
	}
}

// recheckConcurrency bounds the session lookups one recheck runs at once: a sweep over thousands of
// sockets must not take every database connection.
const recheckConcurrency = 8

func (s *Server) recheckSockets(socks []*socket.Socket) {
	var wg sync.WaitGroup
	slots := make(chan struct{}, recheckConcurrency)
	for _, sock := range socks {
		sess, _ := sock.Data().(*session)
		if sess == nil || sess.id == nil || sess.ended.Load() {
			continue
		}
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			switch valid, expiresAt := s.stillValid(sess); valid {
			case sessionEnded:
				s.endSession(sock, sess)
			case identityChanged:
				sock.Disconnect(true)
			default:
				s.watchExpiry(sock, sess, expiresAt) // it may have been extended
			}
		})
	}
	wg.Wait()
}

// sessionEndGrace is how long a socket whose session ended keeps its connection, with no room and no
// identity, so that the "session ended" event reaches the client before the connection closes: the
// transport writes asynchronously, and closing at once could drop it.
const sessionEndGrace = time.Second

// expiryFloor is the least wait before a socket's session is checked again at its expiry: a store that
// still answers for a session whose ExpiresAt is past (clocks apart) is asked again this often, not
// in a loop.
const expiryFloor = time.Second

// watchExpiry arms the socket's timer for its session's expiry at expiresAt (zero: none known), unless
// it is armed for that instant already. When it fires, the socket is checked against the session
// store, as by RecheckUser: a session that ran out ends the socket (endSession), one that was extended
// arms the timer again for its new expiry. The timer goes with the socket (forgetExpiry).
func (s *Server) watchExpiry(sock *socket.Socket, sess *session, expiresAt time.Time) {
	if expiresAt.IsZero() || s.cfg.Auth == nil {
		return
	}
	sess.mu.Lock()
	defer sess.mu.Unlock()
	if sess.gone || sess.ended.Load() || (sess.expiry != nil && sess.expiryArmed && sess.expiresAt.Equal(expiresAt)) {
		return
	}
	if sess.expiry != nil {
		sess.expiry.Stop()
	}
	sess.expiresAt, sess.expiryArmed = expiresAt, true
	wait := time.Until(expiresAt)
	if wait <= 0 {
		wait = expiryFloor
	}
	sess.expiry = time.AfterFunc(wait, func() {
		sess.mu.Lock()
		sess.expiryArmed = false
		sess.mu.Unlock()
		s.recheckSockets([]*socket.Socket{sock})
	})
	// A socket that closed before its disconnect listener was registered is not connected any more.
	if !sock.Connected() {
		sess.gone = true
		sess.expiry.Stop()
	}
}

// forgetExpiry stops the timer of a socket that closed, so that it keeps nothing alive until its
// session would have run out.
func (sess *session) forgetExpiry() {
	sess.mu.Lock()
	defer sess.mu.Unlock()
	sess.gone = true
	if sess.expiry != nil {
		sess.expiry.Stop()
	}
}

// endSession tells a socket its session ended and closes it. Its rooms go at once and it may join no
// other, so nothing more reaches it; the connection closes a moment later, and the client reconnects
// on its own, anonymous or signed in anew.
func (s *Server) endSession(sock *socket.Socket, sess *session) {
	sess.mu.Lock()
	if sess.ended.Swap(true) {
		sess.mu.Unlock()
		return // a concurrent recheck ended it
	}
	if sess.expiry != nil {
		sess.expiry.Stop()
	}
	for _, room := range sock.Rooms().Keys() {
		if room != socket.Room(sock.Id()) {
			sock.Leave(room)
		}
	}
	sess.mu.Unlock()
	_ = sock.Emit(EventSession, map[string]any{"authenticated": false})
	time.AfterFunc(sessionEndGrace, func() { sock.Disconnect(true) })
}

type validity int

const (
	sessionValid validity = iota
	sessionEnded
	identityChanged
)

// stillValid authenticates a socket's token again and compares who it belongs to now; for a valid
// session it also says when the session runs out now (it may have been extended).
func (s *Server) stillValid(sess *session) (validity, time.Time) {
	if s.cfg.Auth == nil || sess.token == "" {
		return sessionEnded, time.Time{}
	}
	ctx, cancel := context.WithTimeout(s.ctx, s.cfg.JoinTimeout)
	defer cancel()
	id, err := s.cfg.Auth.Authenticate(ctx, sess.token)
	switch {
	case errors.Is(err, httpx.ErrNoSession):
		return sessionEnded, time.Time{}
	case err != nil:
		s.log.Error("live: re-authenticate socket", "err", err)
		return identityChanged, time.Time{}
	case id.UserID != sess.id.UserID || id.Role != sess.id.Role || id.SessionID != sess.id.SessionID:
		return identityChanged, time.Time{}
	}
	return sessionValid, id.ExpiresAt
}

// Close disconnects every socket and stops the server.
func (s *Server) Close() {
	s.cancel()
	s.io.Close(nil)
}

// session is what the server knows about one socket.
type session struct {
	id    *httpx.Identity // nil: anonymous
	token string          // the session token it was authenticated with, to check it again
	// rechecks is Server.rechecks when the handshake began.
	rechecks uint64
	ip       string
	lang     i18n.Lang

	mu     sync.Mutex
	joined map[string]string // join payload (canonical JSON) → room
	// ended: the session ended (endSession); the socket joins nothing more before it closes.
	ended atomic.Bool
	// Under mu too: expiry fires at expiresAt, when the session runs out (watchExpiry);
	// expiryArmed until it fires. gone: the socket closed, and nothing arms it again.
	expiry      *time.Timer
	expiresAt   time.Time
	expiryArmed bool
	gone        bool
}

// authenticate runs once per socket, before it is connected. An unknown or expired token makes the
// socket anonymous, as on the REST API; a failing session store refuses the connection, since
// treating a signed-in user as anonymous would silently drop their notices.
func (s *Server) authenticate(sock *socket.Socket, next func(*socket.ExtendedError)) {
	r := sock.Request().Request()
	sess := &session{
		lang:     i18n.Negotiate(r.Header.Get("lang"), r.Header.Get("Accept-Language"), cookie(r, "lang")),
		joined:   map[string]string{},
		ip:       httpx.ClientIP(r),
		rechecks: s.rechecks.Load(), // before the session is read: see recheckLate
	}
	token := ""
	if t, ok := sock.Handshake().Auth["token"].(string); ok && t != "" {
		token = t
	} else if t, fromCookie := httpx.SessionToken(r); t != "" && (!fromCookie || s.trustedOrigin(r)) {
		token = t
	}
	if token != "" && s.cfg.Auth != nil {
		ctx, cancel := context.WithTimeout(s.ctx, s.cfg.JoinTimeout)
		id, err := s.cfg.Auth.Authenticate(ctx, token)
		cancel()
		switch {
		case err == nil:
			sess.id, sess.token = &id, token
		case errors.Is(err, httpx.ErrNoSession):
		default:
			s.log.Error("live: authenticate socket", "err", err)
			next(socket.NewExtendedError(i18n.T(sess.lang, "common.internal"), map[string]any{"retry": true}))
			return
		}
	}
	sock.SetData(sess)
	next(nil)
}

// trustedOrigin reports whether a request carrying the session cookie comes from our own pages.
// Browsers send the cookie on cross-site WebSocket handshakes too, so without this check any site
// could listen to a signed-in visitor's notices.
func (s *Server) trustedOrigin(r *http.Request) bool {
	origin := requestOrigin(r)
	if origin == "" {
		return true // not a cross-origin browser request
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	return s.origins[strings.ToLower(u.Scheme+"://"+u.Host)]
}

func (s *Server) onConnection(sock *socket.Socket) {
	sess, _ := sock.Data().(*session)
	if sess == nil {
		sock.Disconnect(true)
		return
	}
	if sess.id != nil {
		sock.Join(socket.Room(UserRoom(sess.id.UserID)))
		if sess.id.Role == httpx.RoleAdmin || sess.id.Role == httpx.RoleSupport {
			sock.Join(AdminRoom)
		}
	}
	_ = sock.On("join", func(args ...any) { s.onJoin(sock, sess, args) })
	_ = sock.On("leave", func(args ...any) { s.onLeave(sock, sess, args) })
	_ = sock.On("disconnect", func(...any) { sess.forgetExpiry() })
	_ = sock.Emit(EventSession, map[string]any{"authenticated": sess.id != nil})
	if sess.id != nil {
		s.watchExpiry(sock, sess, sess.id.ExpiresAt)
	}
	// After joining: a recheck from now on finds the socket in its rooms; one that ran during the
	// handshake may have missed it.
	s.recheckLate(sock, sess)
}

// joinReply is the acknowledgement of a join request.
type joinReply struct {
	OK      bool   `json:"ok"`
	Room    string `json:"room,omitempty"`
	Message string `json:"message,omitempty"`
}

func (s *Server) onJoin(sock *socket.Socket, sess *session, args []any) {
	payload, ack := splitAck(args)
	reply := func(r joinReply) {
		if ack != nil {
			ack([]any{r}, nil)
		}
	}
	refuse := func(key string) { reply(joinReply{Message: i18n.T(sess.lang, key)}) }

	if sess.ended.Load() {
		refuse("common.unauthenticated")
		return
	}
	key, kind, raw, ok := parseRequest(payload)
	if !ok {
		refuse("common.invalid_body")
		return
	}
	s.mu.RLock()
	authorize := s.joins[kind]
	s.mu.RUnlock()
	if authorize == nil {
		refuse("live.unknown_room_kind")
		return
	}
	sess.mu.Lock()
	room, already := sess.joined[key]
	full := len(sess.joined) >= s.cfg.MaxRoomsPerSocket
	sess.mu.Unlock()
	if already {
		reply(joinReply{OK: true, Room: room})
		return
	}
	if full {
		refuse("live.too_many_rooms")
		return
	}
	// Authorisation may query the database: keep it off the socket's read loop.
	go func() {
		ctx, cancel := context.WithTimeout(s.ctx, s.cfg.JoinTimeout)
		defer cancel()
		room, err := authorize(ctx, Joiner{Identity: sess.id, IP: sess.ip}, raw)
		if err == nil && reserved(room) {
			err = fmt.Errorf("live: join kind %q named the private room %q", kind, room)
		}
		if err != nil {
			var de *domain.Error
			if errors.As(err, &de) {
				refuse(de.Key)
				return
			}
			s.log.Error("live: join authorisation failed", "kind", kind, "err", err)
			refuse("common.internal")
			return
		}
		// Under the session's lock, as endSession leaves the rooms: a join that raced the end of the
		// session either happened before it (and is undone) or sees it.
		sess.mu.Lock()
		if sess.ended.Load() {
			sess.mu.Unlock()
			refuse("common.unauthenticated")
			return
		}
		sess.joined[key] = room
		sock.Join(socket.Room(room))
		sess.mu.Unlock()
		reply(joinReply{OK: true, Room: room})
	}()
}

// reserved guards the private rooms: only the socket's identity puts it there.
func reserved(room string) bool {
	return room == "" || room == AdminRoom || strings.HasPrefix(room, "user:")
}

// onLeave takes the socket out of a room it joined with the same payload (or, given {"room": name},
// out of that room if it joined it by request). Private rooms cannot be left.
func (s *Server) onLeave(sock *socket.Socket, sess *session, args []any) {
	payload, ack := splitAck(args)
	key, _, _, ok := parseRequest(payload)
	var room string
	sess.mu.Lock()
	if ok {
		if r, found := sess.joined[key]; found {
			room = r
			delete(sess.joined, key)
		} else if m, isMap := payload.(map[string]any); isMap {
			if name, _ := m["room"].(string); name != "" {
				for k, r := range sess.joined {
					if r == name {
						room = r
						delete(sess.joined, k)
					}
				}
			}
		}
	}
	// Another join request may lead to the same room; stay in it while one does.
	for _, r := range sess.joined {
		if r == room {
			room = ""
		}
	}
	sess.mu.Unlock()
	if room != "" {
		sock.Leave(socket.Room(room))
	}
	if ack != nil {
		ack([]any{joinReply{OK: true, Room: room}}, nil)
	}
}

// splitAck separates the payload from the acknowledgement callback Socket.IO appends when the
// client asked for one.
func splitAck(args []any) (payload any, ack socket.Ack) {
	if n := len(args); n > 0 {
		if a, ok := args[n-1].(socket.Ack); ok {
			ack = a
			args = args[:n-1]
		}
	}
	if len(args) > 0 {
		payload = args[0]
	}
	return payload, ack
}

// parseRequest reads a join or leave payload: an object with "kind" (or, from older clients,
// "room") naming the kind of room, plus its arguments. key identifies the request (map keys are
// encoded in sorted order, so equal requests have equal keys).
func parseRequest(payload any) (key, kind string, raw json.RawMessage, ok bool) {
	m, isMap := payload.(map[string]any)
	if !isMap {
		return "", "", nil, false
	}
	kind, _ = m["kind"].(string)
	if kind == "" {
		kind, _ = m["room"].(string)
	}
	if kind == "" {
		return "", "", nil, false
	}
	b, err := json.Marshal(m)
	if err != nil {
		return "", "", nil, false
	}
	return string(b), kind, b, true
}

func cookie(r *http.Request, name string) string {
	if c, err := r.Cookie(name); err == nil {
		return c.Value
	}
	return ""
}
