// Messages a client sends besides join and leave: a feature registers a handler per event name
// (HandleMessage), which answers through the client's acknowledgement.

package live

import (
	"context"
	"encoding/json"
	"errors"
	"slices"

	"github.com/zishang520/socket.io/servers/socket/v3"

	"mishwar/domain"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// Sender is the socket that sent a message: who it is, where it comes from, and which rooms it is in
// now (a reply may carry only what the socket would hear in those rooms).
type Sender struct {
	// Identity is the socket's signed-in user; nil for an anonymous visitor.
	Identity *httpx.Identity
	// IP is the client address of the socket's handshake.
	IP string
	// InRoom reports whether the socket is in room now (its private rooms and those it joined).
	InRoom func(room string) bool
}

// Handle answers one message. args is the message's payload (a JSON object). The data returned goes
// back in the acknowledgement as {"ok": true, "data": ...}; a *domain.Error refuses with a translated
// message ({"ok": false, "code": "<key>", "message": "..."}); any other error is logged and answered
// with the generic internal error.
type Handle func(ctx context.Context, s Sender, args json.RawMessage) (data any, err error)

// messageReply is the acknowledgement of a message.
type messageReply struct {
	OK      bool   `json:"ok"`
	Data    any    `json:"data,omitempty"`
	Code    string `json:"code,omitempty"`
	Message string `json:"message,omitempty"`
}

// HandleMessage registers the handler of the client event named event. Register every event before
// serving; the protocol's own events (join, leave, connection events) and an event registered twice
// are programming errors.
func (s *Server) HandleMessage(event string, handle Handle) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch event {
	case "", "join", "leave", "connect", "disconnect", "disconnecting", "error":
		panic("live: reserved message name: " + event)
	}
	if s.messages == nil {
		s.messages = map[string]Handle{}
	}
	if _, dup := s.messages[event]; dup {
		panic("live: message registered twice: " + event)
	}
	s.messages[event] = handle
}

// listenMessages attaches the registered message handlers to a new socket.
func (s *Server) listenMessages(sock *socket.Socket, sess *session) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for event, handle := range s.messages {
		_ = sock.On(event, func(args ...any) { s.onMessage(sock, sess, event, handle, args) })
	}
}

func (s *Server) onMessage(sock *socket.Socket, sess *session, event string, handle Handle, args []any) {
	payload, ack := splitAck(args)
	reply := func(r messageReply) {
		if ack != nil {
			ack([]any{r}, nil)
		}
	}
	refuse := func(key string) { reply(messageReply{Code: key, Message: i18n.T(sess.lang, key)}) }
	if sess.ended.Load() {
		refuse("common.unauthenticated")
		return
	}
	m, isMap := payload.(map[string]any)
	if !isMap {
		refuse("common.invalid_body")
		return
	}
	raw, err := json.Marshal(m)
	if err != nil {
		refuse("common.invalid_body")
		return
	}
	if httpx.JSONHasNUL(raw) {
		refuse("common.invalid_character")
		return
	}
	sender := Sender{Identity: sess.id, IP: sess.ip, InRoom: func(room string) bool {
		return !sess.ended.Load() && sock.Rooms().Has(socket.Room(room))
	}}
	// The handler may query the database: keep it off the socket's read loop.
	go func() {
		ctx, cancel := context.WithTimeout(s.ctx, s.cfg.JoinTimeout)
		defer cancel()
		data, err := handle(ctx, sender, raw)
		if err != nil {
			var de *domain.Error
			if errors.As(err, &de) {
				refuse(de.Key)
				return
			}
			s.log.Error("live: message failed", "event", event, "err", err)
			refuse("common.internal")
			return
		}
		reply(messageReply{OK: true, Data: data})
	}()
}

// Replayed is one event a socket is owed when it enters a room: live data kept for that room.
type Replayed struct {
	Event string
	Data  any
}

// Replay answers what a socket that has just entered rooms is owed at once: live data that was sent to
// those rooms and is still kept (a running trip's latest position). It must name only data that went
// to one of rooms: the socket is in them by its own right, and in no other by this.
type Replay func(rooms []string) []Replayed

// HandleReplay registers a replay. The server calls every replay when a socket joins its private rooms
// (on each connection, so on every reconnection too) and when it joins a room by request, and emits
// what they answer to that socket alone. Register before serving.
func (s *Server) HandleReplay(replay Replay) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.replays = append(s.replays, replay)
}

// replay emits to sock what it is owed on entering rooms, while it is still in them.
func (s *Server) replay(sock *socket.Socket, sess *session, rooms []string) {
	rooms = slices.DeleteFunc(slices.Clone(rooms), func(room string) bool { return !sock.Rooms().Has(socket.Room(room)) })
	if len(rooms) == 0 || sess.ended.Load() {
		return
	}
	s.mu.RLock()
	replays := s.replays
	s.mu.RUnlock()
	for _, replay := range replays {
		for _, r := range replay(rooms) {
			if sess.ended.Load() {
				return
			}
			if err := sock.Emit(r.Event, r.Data); err != nil {
				s.log.Error("live: replay failed", "event", r.Event, "err", err)
				return
			}
		}
	}
}
