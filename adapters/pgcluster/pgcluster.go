// Package pgcluster runs a private PostgreSQL server from the server binaries installed on the machine,
// for `mishwar serve` without DATABASE_URL and for tests. The server listens only on a Unix socket in a
// directory of its own, so several clusters never collide. It never touches a system-wide cluster.
package pgcluster

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// ErrNoServerBinaries means no initdb/postgres could be found.
var ErrNoServerBinaries = errors.New(`pgcluster: no PostgreSQL server binaries found (looked in PATH and /usr/lib/postgresql/*/bin).
Install them (Debian/Ubuntu: apt-get install postgresql; macOS: brew install postgresql@15)
or point Mishwar at an existing database with DATABASE_URL=postgres://user:pass@host:5432/mishwar`)

// Options tune a cluster.
type Options struct {
	// Ephemeral trades durability for speed (fsync off): for tests only.
	Ephemeral bool
	// Database is created if missing; default "mishwar".
	Database string
	// Logger receives start/stop messages; default slog.Default().
	Logger *slog.Logger
}

// Cluster is a running private PostgreSQL server.
type Cluster struct {
	dataDir   string
	socketDir string
	port      int
	database  string
	cmd       *exec.Cmd // nil when we attached to a server someone else started
	done      chan error
	log       *slog.Logger
}

// FindBinaries returns the directory holding initdb and postgres.
func FindBinaries() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		dir := filepath.Dir(p)
		if _, err := os.Stat(filepath.Join(dir, "postgres")); err == nil {
			return dir, nil
		}
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	// Prefer the newest major version.
	sort.Slice(matches, func(i, j int) bool { return majorOf(matches[i]) > majorOf(matches[j]) })
	for _, m := range matches {
		dir := filepath.Dir(m)
		if _, err := os.Stat(filepath.Join(dir, "postgres")); err == nil {
			return dir, nil
		}
	}
	return "", ErrNoServerBinaries
}

func majorOf(initdbPath string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(initdbPath))))
	return n
}

// Start initialises dataDir if it holds no cluster yet, starts the server and waits until it accepts
// connections. If a server already runs on dataDir, Start attaches to it and Stop leaves it running.
func Start(ctx context.Context, dataDir string, opts Options) (*Cluster, error) {
	if opts.Database == "" {
		opts.Database = "mishwar"
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	bin, err := FindBinaries()
	if err != nil {
		return nil, err
	}
	dataDir, err = filepath.Abs(dataDir)
	if err != nil {
		return nil, fmt.Errorf("pgcluster: %w", err)
	}
	c := &Cluster{dataDir: dataDir, port: 5432, database: opts.Database, log: opts.Logger}
	// The parent must be enterable by the server's user (see serverCredential); the data dir itself
	// is private to it.
	if err := os.MkdirAll(filepath.Dir(dataDir), 0o755); err != nil {
		return nil, fmt.Errorf("pgcluster: create data dir: %w", err)
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("pgcluster: create data dir: %w", err)
	}
	cred, err := serverCredential(dataDir)
	if err != nil {
		return nil, err
	}

	if sock, ok := c.runningServerSocket(); ok {
		c.socketDir = sock
		c.log.Info("attached to PostgreSQL already running", "data_dir", dataDir)
	} else {
		if _, err := os.Stat(filepath.Join(dataDir, "PG_VERSION")); errors.Is(err, os.ErrNotExist) {
			if err := c.initdb(ctx, bin, cred, opts.Ephemeral); err != nil {
				return nil, err
			}
		}
		if err := c.start(bin, cred, opts.Ephemeral); err != nil {
			return nil, err
		}
	}
	if err := c.waitReady(ctx); err != nil {
		_ = c.Stop()
		return nil, err
	}
	if err := c.CreateDatabase(ctx, opts.Database); err != nil {
		_ = c.Stop()
		return nil, err
	}
	return c, nil
}

// serverCredential returns the user the server must run as. PostgreSQL refuses to run as root, so a
// root process runs it as the "postgres" (or "nobody") user and hands it the data directory.
func serverCredential(dataDir string) (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	var u *user.User
	var err error
	for _, name := range []string{"postgres", "nobody"} {
		if u, err = user.Lookup(name); err == nil {
			break
		}
	}
	if u == nil {
		return nil, fmt.Errorf("pgcluster: running as root and no postgres or nobody user to run the server as")
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := chownTree(dataDir, uid, gid); err != nil {
		return nil, fmt.Errorf("pgcluster: give %s the data dir: %w", u.Username, err)
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

func chownTree(dir string, uid, gid int) error {
	return filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, uid, gid)
	})
}

func (c *Cluster) initdb(ctx context.Context, bin string, cred *syscall.Credential, ephemeral bool) error {
	args := []string{"-D", filepath.Join(c.dataDir), "-U", "mishwar", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"}
	if ephemeral {
		args = append(args, "--no-sync")
	}
	cmd := exec.CommandContext(ctx, filepath.Join(bin, "initdb"), args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	// initdb wants a data directory it can own and that is empty; ours was just created.
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("pgcluster: initdb: %w\n%s", err, out)
	}
	c.log.Info("initialised PostgreSQL cluster", "data_dir", c.dataDir)
	return nil
}

func (c *Cluster) start(bin string, cred *syscall.Credential, ephemeral bool) error {
	sock, err := c.makeSocketDir(cred)
	if err != nil {
		return err
	}
	c.socketDir = sock
	args := []string{"-D", c.dataDir, "-k", sock, "-c", "listen_addresses=", "-p", strconv.Itoa(c.port),
		"-c", "max_connections=200", "-c", "shared_buffers=128MB"}
	if ephemeral {
		args = append(args, "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")
	}
	logPath := filepath.Join(c.dataDir, "server.log")
	logFile, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("pgcluster: open server log: %w", err)
	}
	if cred != nil {
		_ = os.Chown(logPath, int(cred.Uid), int(cred.Gid))
	}
	cmd := exec.Command(filepath.Join(bin, "postgres"), args...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	// Its own process group, so a Ctrl-C in the terminal reaches us first and we stop it cleanly.
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Setpgid: true}
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return fmt.Errorf("pgcluster: start postgres: %w", err)
	}
	c.cmd = cmd
	c.done = make(chan error, 1)
	go func() { c.done <- cmd.Wait(); logFile.Close() }()
	c.log.Info("started PostgreSQL", "data_dir", c.dataDir, "socket_dir", sock, "pid", cmd.Process.Pid)
	return nil
}

// makeSocketDir picks a directory for the server's socket. Unix socket paths are limited to about 107
// bytes, so a deep data dir gets its socket under the temp dir instead.
func (c *Cluster) makeSocketDir(cred *syscall.Credential) (string, error) {
	dir := filepath.Join(filepath.Dir(c.dataDir), "run")
	if len(dir)+len("/.s.PGSQL.5432.lock") > 100 {
		d, err := os.MkdirTemp("", "mishwar-pg-")
		if err != nil {
			return "", fmt.Errorf("pgcluster: socket dir: %w", err)
		}
		dir = d
	} else if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("pgcluster: socket dir: %w", err)
	}
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return "", fmt.Errorf("pgcluster: socket dir: %w", err)
		}
	}
	return dir, nil
}

// runningServerSocket reads postmaster.pid of a live server on the data dir, if any.
func (c *Cluster) runningServerSocket() (string, bool) {
	f, err := os.Open(filepath.Join(c.dataDir, "postmaster.pid"))
	if err != nil {
		return "", false
	}
	defer f.Close()
	var lines []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		lines = append(lines, s.Text())
	}
	// Line 1: pid, line 4: port, line 5: socket directory.
	if len(lines) < 5 {
		return "", false
	}
	pid, err := strconv.Atoi(strings.TrimSpace(lines[0]))
	if err != nil || syscall.Kill(pid, 0) != nil {
		return "", false
	}
	if p, err := strconv.Atoi(strings.TrimSpace(lines[3])); err == nil {
		c.port = p
	}
	return strings.TrimSpace(lines[4]), true
}

func (c *Cluster) waitReady(ctx context.Context) error {
	deadline := time.Now().Add(60 * time.Second)
	for {
		conn, err := pgx.Connect(ctx, c.URL("postgres"))
		if err == nil {
			conn.Close(ctx)
			return nil
		}
		if c.done != nil {
			select {
			case werr := <-c.done:
				c.done <- werr
				return fmt.Errorf("pgcluster: postgres exited during start (%v); see %s", werr, filepath.Join(c.dataDir, "server.log"))
			default:
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("pgcluster: postgres not ready after 60s: %w", err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// CreateDatabase creates name if it does not exist, optionally from a template database.
func (c *Cluster) CreateDatabase(ctx context.Context, name string, template ...string) error {
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		return fmt.Errorf("pgcluster: connect: %w", err)
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return fmt.Errorf("pgcluster: look up database: %w", err)
	}
	if exists {
		return nil
	}
	sql := "CREATE DATABASE " + pgx.Identifier{name}.Sanitize()
	if len(template) > 0 {
		sql += " TEMPLATE " + pgx.Identifier{template[0]}.Sanitize()
	}
	if _, err := conn.Exec(ctx, sql); err != nil {
		return fmt.Errorf("pgcluster: create database %s: %w", name, err)
	}
	return nil
}

// URL returns a connection string for database name ("" for the cluster's default database).
func (c *Cluster) URL(name string) string {
	if name == "" {
		name = c.database
	}
	return fmt.Sprintf("postgres://mishwar@/%s?host=%s&port=%d&sslmode=disable", name, c.socketDir, c.port)
}

// DataDir is where the cluster keeps its files.
func (c *Cluster) DataDir() string { return c.dataDir }

// Stop shuts the server down (fast mode: running transactions are rolled back, data is safe) and waits
// for it to exit. A server Start attached to is left running.
func (c *Cluster) Stop() error {
	if c.cmd == nil {
		return nil
	}
	_ = c.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-c.done:
	case <-time.After(30 * time.Second):
		_ = c.cmd.Process.Kill()
		<-c.done
	}
	c.cmd = nil
	c.log.Info("stopped PostgreSQL", "data_dir", c.dataDir)
	return nil
}
