package live

import (
	"context"
	"encoding/json"
)

// Notice is the payload of a live notice that a projection sends, after its transaction commits
// (projections.Notify on the PostgreSQL channel "mishwar_live"):
//
//		{"room": "user:42", "event": "order.changed", "data": {"order_id": "42", "version": 7}}
//
//	  - room, rooms: where it goes; both may be given. Without either, the notice goes to the room the
//	    topic is routed to (RouteTopic), or nowhere.
//	  - event: the Socket.IO event clients receive; default the notice's topic.
//	  - data: what clients receive; default the whole payload (so a plain {"version": 7} works too).
//
// PostgreSQL limits a notification to 7999 bytes, and clients refetch from the API anyway: send ids
// and versions, never documents.
type Notice struct {
	Room  string          `json:"room,omitempty"`
	Rooms []string        `json:"rooms,omitempty"`
	Event string          `json:"event,omitempty"`
	Data  json.RawMessage `json:"data,omitempty"`
}

// RouteTopic sends notices of topic that name no room to room, e.g. the statistics projection's
// "stats.changed" to AdminRoom. Call it before RunBridge.
func (s *Server) RouteTopic(topic, room string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.routes == nil {
		s.routes = map[string]string{}
	}
	s.routes[topic] = room
}

// Notices is the source of every process's live notices (the composition root passes the
// projections' listener). It calls notice for each notice, and connected each time it is connected to
// the source, the first time and after every loss, until ctx ends.
type Notices func(ctx context.Context, connected func(), notice func(topic string, payload json.RawMessage)) error

// RunBridge delivers every process's live notices to this process's sockets until ctx ends. When
// the connection to the source comes back after a loss, notices may have been missed, so every
// socket is told to resync (EventResync).
func (s *Server) RunBridge(ctx context.Context, notices Notices) error {
	first := true
	return notices(ctx, func() {
		if !first {
			// Session notices may have been lost too: check every signed-in socket again.
			s.RecheckAll()
			s.BroadcastAll(EventResync, map[string]any{})
		}
		first = false
	}, s.HandleNotice)
}

// HandleNotice delivers one notice (see Notice) to this process's sockets. RunBridge calls it; it is
// exported for a process that receives notices some other way.
func (s *Server) HandleNotice(topic string, payload json.RawMessage) {
	var n Notice
	if len(payload) > 0 {
		if err := json.Unmarshal(payload, &n); err != nil {
			// Not an object: there is nothing to route it by, but the topic may still be routed.
			n = Notice{}
		}
	}
	event := n.Event
	if event == "" {
		event = topic
	}
	data := n.Data
	if len(data) == 0 {
		data = payload
	}
	rooms := n.Rooms
	if n.Room != "" {
		rooms = append(rooms, n.Room)
	}
	if len(rooms) == 0 {
		s.mu.RLock()
		room := s.routes[topic]
		s.mu.RUnlock()
		if room == "" {
			s.log.Debug("live: notice names no room", "topic", topic)
			return
		}
		rooms = []string{room}
	}
	if len(data) == 0 {
		data = json.RawMessage("{}")
	}
	// One emit to all rooms: a socket in several of them (an admin's own order) gets it once.
	s.broadcast(rooms, event, data)
}
