// Joining and leaving rooms: the join protocol, its authorisation per kind, and the replies.

package live

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/zishang520/socket.io/servers/socket/v3"

	"mishwar/domain"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

func (s *Server) onConnection(sock *socket.Socket) {
	sess, _ := sock.Data().(*session)
	if sess == nil {
		sock.Disconnect(true)
		return
	}
	var private []string
	if sess.id != nil {
		private = append(private, UserRoom(sess.id.UserID))
		if sess.id.Role == httpx.RoleAdmin || sess.id.Role == httpx.RoleSupport {
			private = append(private, AdminRoom)
		}
		for _, room := range private {
			sock.Join(socket.Room(room))
		}
	}
	_ = sock.On("join", func(args ...any) { s.onJoin(sock, sess, args) })
	_ = sock.On("leave", func(args ...any) { s.onLeave(sock, sess, args) })
	s.listenMessages(sock, sess)
	_ = sock.On("disconnect", func(...any) { sess.forgetExpiry() })
	_ = sock.Emit(EventSession, map[string]any{"authenticated": sess.id != nil})
	if sess.id != nil {
		s.watchExpiry(sock, sess, sess.id.ExpiresAt)
	}
	// After joining: a recheck from now on finds the socket in its rooms; one that ran during the
	// handshake may have missed it. Then, off the read loop and only if its session still stands,
	// what its private rooms are owed (a running trip's latest position).
	late := sess.id != nil && s.rechecks.Load() != sess.rechecks
	if !late && len(private) == 0 {
		return
	}
	go func() {
		if late {
			s.recheckSockets([]*socket.Socket{sock})
		}
		if len(private) > 0 {
			s.replay(sock, sess, private)
		}
	}()
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
		s.replay(sock, sess, []string{room})
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
