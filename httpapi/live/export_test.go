package live

import "time"

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
