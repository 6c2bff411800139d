// Package tooltest builds the programs go.mod names as tools (Mailpit, stripe-mock) for the tests
// that run the real thing rather than a look-alike: built once per machine and version, from the
// module cache, at the version go.mod chooses and go.sum checks.
package tooltest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

type build struct {
	once sync.Once
	bin  string
	err  error
}

var builds sync.Map // module path → *build

// Binary returns the path of the program built from module (a tool in go.mod), named name.
func Binary(tb testing.TB, module, name string) string {
	tb.Helper()
	v, _ := builds.LoadOrStore(module, &build{})
	b := v.(*build)
	b.once.Do(func() { b.bin, b.err = buildTool(module, name) })
	if b.err != nil {
		tb.Fatalf("tooltest: %v", b.err)
	}
	return b.bin
}

func buildTool(module, name string) (string, error) {
	// Inside this module, so that go.mod chooses the version and go.sum checks what is built.
	_, file, _, _ := runtime.Caller(0)
	here := filepath.Dir(file)
	list := exec.Command(goCommand(), "list", "-m", "-f", "{{.Version}}", module)
	list.Dir = here
	out, err := list.Output()
	if err != nil {
		return "", fmt.Errorf("go list -m %s (is it a tool in go.mod?): %w", module, err)
	}
	version := strings.TrimSpace(string(out))
	dir := filepath.Join(os.TempDir(), "mishwar-"+name+"-"+version)
	bin := filepath.Join(dir, name)
	if fi, err := os.Stat(bin); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o100 != 0 {
		return bin, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(dir, name+"-*.tmp")
	if err != nil {
		return "", err
	}
	_ = tmp.Close()
	defer os.Remove(tmp.Name())
	cmd := exec.Command(goCommand(), "build", "-trimpath", "-o", tmp.Name(), module)
	cmd.Dir = here
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %s@%s: %w\n%s", module, version, err, out)
	}
	// Another test process may have built it meanwhile; either copy is the same program.
	if err := os.Rename(tmp.Name(), bin); err != nil {
		return "", err
	}
	return bin, nil
}

// goCommand is the go command on PATH (go test's own), or the one under $GOROOT.
func goCommand() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	if root := os.Getenv("GOROOT"); root != "" {
		return filepath.Join(root, "bin", "go")
	}
	return "go"
}

// FreeAddr returns a loopback address whose port was free a moment ago.
func FreeAddr(tb testing.TB) string {
	tb.Helper()
	return FreeAddrs(tb, 1)[0]
}

// FreeAddrs returns n different loopback addresses whose ports were free a moment ago, none of them in
// avoid. The ports are held open together while they are drawn: drawn one after another, the kernel
// may hand out a port just closed again, and a program told to listen twice on one port fails.
func FreeAddrs(tb testing.TB, n int, avoid ...string) []string {
	tb.Helper()
	var held []net.Listener
	defer func() {
		for _, ln := range held {
			_ = ln.Close()
		}
	}()
	addrs := make([]string, 0, n)
	for len(addrs) < n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			tb.Fatal(err)
		}
		held = append(held, ln)
		if addr := ln.Addr().String(); !slices.Contains(avoid, addr) {
			addrs = append(addrs, addr)
		}
	}
	return addrs
}

// Stop ends a program a test started: politely (SIGINT), then, after five seconds, for good. exited
// is closed once cmd.Wait has returned.
func Stop(cmd *exec.Cmd, exited <-chan struct{}) {
	_ = cmd.Process.Signal(os.Interrupt)
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		_ = cmd.Process.Kill()
		<-exited
	}
}
