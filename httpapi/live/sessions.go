// A socket's session: who it is when it connects, checked again when the session may have ended
// (sign-out, a password change, a role change, its expiry), and what ending it does to the socket.

package live

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/zishang520/socket.io/servers/socket/v3"

	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

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
	s.rechecks.Add(1) // before looking at the room: see onConnection
	nsp := s.io.Sockets()
	ids, ok := nsp.Adapter().Rooms().Load(socket.Room(UserRoom(userID)))
	if !ok {
		return
	}
	s.recheck(ids.Keys())
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
		rechecks: s.rechecks.Load(), // before the session is read: see onConnection
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

func cookie(r *http.Request, name string) string {
	if c, err := r.Cookie(name); err == nil {
		return c.Value
	}
	return ""
}
