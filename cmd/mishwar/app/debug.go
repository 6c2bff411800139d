package app

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/pprof"
	"time"
)

// debugHandler serves the runtime profiles: `go tool pprof http://ADDR/debug/pprof/profile?seconds=30`
// for CPU, `/debug/pprof/heap` for memory, `/debug/pprof/goroutine?debug=1` for what is running.
func debugHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}

// serveDebug serves the profiles on their own address (never the public one) until ctx ends.
func (a *App) serveDebug(ctx context.Context) error {
	ln, err := net.Listen("tcp", a.Config.DebugAddr)
	if err != nil {
		return err
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && !tcp.IP.IsLoopback() && !tcp.IP.IsPrivate() {
		a.Log.Warn("profiles are served on a public address; keep MISHWAR_DEBUG_ADDR on loopback or a private network", "addr", ln.Addr().String())
	}
	srv := &http.Server{Handler: debugHandler(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	a.Log.Info("serving profiles", "addr", ln.Addr().String())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
