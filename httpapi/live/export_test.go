package live

import (
	"time"

	"github.com/zishang520/socket.io/servers/socket/v3"
	"github.com/zishang520/socket.io/v3/pkg/types"
)

// DelayConnectionSetup makes the engine wait d after it has sent a new connection's "open" packet
// and before the Socket.IO layer sets the connection up: the window in which the library used to
// drop a quick client's CONNECT (see readGate), held open long enough to hit every time.
func DelayConnectionSetup(s *Server, d time.Duration) {
	eng := s.io.Engine()
	listeners := eng.Listeners("connection")
	eng.RemoveAllListeners("connection")
	_ = eng.On("connection", func(...any) { time.Sleep(d) })
	for _, l := range listeners {
		_ = eng.On("connection", l)
	}
}

// Held counts what the server still holds: Engine.IO sessions, Socket.IO sockets and rooms.
func Held(s *Server) (sessions uint64, sockets, rooms int) {
	nsp := s.io.Sockets()
	nsp.Sockets().Range(func(socket.SocketId, *socket.Socket) bool { sockets++; return true })
	nsp.Adapter().Rooms().Range(func(socket.Room, *types.Set[socket.SocketId]) bool { rooms++; return true })
	return s.io.Engine().ClientsCount(), sockets, rooms
}
