// Package pgcluster runs a private PostgreSQL server from the server binaries installed on the machine,
// for `mishwar serve` without DATABASE_URL and for tests. The server listens only on a Unix socket in a
// directory of its own, so several clusters never collide. It never touches a system-wide cluster.
//
// The process that runs a cluster owns it: it holds an advisory lock next to the data directory for
// as long as it lives, and stops the server when it stops. A server whose owner died (kill -9) is
// adopted by the next Start, and stopped with it; a server another live process owns is only used.
package pgcluster

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
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
	// Existing refuses a data directory with no cluster yet (ErrNoCluster) instead of creating one:
	// a maintenance command pointed at the wrong directory must not create an empty database and
	// change that.
	Existing bool
}

// ErrNoCluster: Options.Existing and the data directory holds no cluster.
var ErrNoCluster = errors.New("pgcluster: no Mishwar database in this data directory")

// Cluster is a running private PostgreSQL server.
type Cluster struct {
	dataDir   string
	socketDir string
	port      int
	database  string
	cmd       *exec.Cmd // nil when we attached to a server someone else started
	done      chan error
	log       *slog.Logger
	// owner is the lock that makes this process the cluster's owner (nil: another live process owns
	// it, and Stop leaves the server running).
	owner *os.File
	// adoptedPID is the server an owner that died left running, which Stop stops (0: none).
	adoptedPID int
	// using is this process's shared lock on the cluster's users file: every Mishwar process using
	// the cluster holds one, so the one that stops last, owner or not, stops the server.
	using *os.File
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
// connections. If a server already runs on dataDir and the process that started it is gone, Start
// adopts it and Stop stops it; if its owner still runs, Start only attaches and Stop leaves it.
//
// As root, the server runs as the postgres (or nobody) user, which must be able to reach the data
// directory: when it cannot (a clone under /root), the cluster lives under /var/lib/mishwar instead,
// in a directory named after dataDir (see DataDirFor).
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
	u, err := serverUser()
	if err != nil {
		return nil, err
	}
	var relocated bool
	if u != nil {
		if moved := DataDirFor(dataDir, RootDataBase, u.uid, u.gid); moved != dataDir {
			opts.Logger.Info("running as root: the private PostgreSQL lives where its user can reach it",
				"user", u.name, "data_dir", moved, "instead_of", dataDir)
			dataDir, relocated = moved, true
		}
	}
	if opts.Existing {
		// Checked before anything is created: a refused directory is left as it was.
		if _, err := os.Stat(filepath.Join(dataDir, "PG_VERSION")); err != nil {
			return nil, fmt.Errorf("%w: %s (start `mishwar serve` there first, or set MISHWAR_DATA_DIR to the directory it runs with)", ErrNoCluster, dataDir)
		}
	}
	// Said in the operator's words: the directory and the setting (or the rule) that put it there.
	createErr := func(err error) error {
		chosenBy := "in MISHWAR_DATA_DIR"
		if relocated {
			chosenBy = "where a Mishwar run as root keeps it, under " + RootDataBase
		}
		return fmt.Errorf("pgcluster: cannot create the PostgreSQL data directory %s (%s): %w", dataDir, chosenBy, err)
	}
	if relocated {
		// Enterable by the server's user whatever the umask says.
		for _, d := range []string{filepath.Dir(filepath.Dir(dataDir)), filepath.Dir(dataDir)} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				return nil, createErr(err)
			}
			if err := os.Chmod(d, 0o755); err != nil {
				return nil, createErr(err)
			}
		}
	}
	c := &Cluster{dataDir: dataDir, port: 5432, database: opts.Database, log: opts.Logger}
	// The parent must be enterable by the server's user; the data dir itself is private to it.
	if err := os.MkdirAll(filepath.Dir(dataDir), 0o755); err != nil {
		return nil, createErr(err)
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, createErr(err)
	}
	var cred *syscall.Credential
	if u != nil {
		if cred, err = u.own(dataDir); err != nil {
			return nil, err
		}
	}
	// Wait out a process that is stopping the server right now (it holds the users lock
	// exclusively), then count as one of its users.
	if c.using, err = lockUsers(dataDir, syscall.LOCK_SH); err != nil {
		return nil, err
	}
	if c.owner, err = tryOwn(dataDir); err != nil {
		c.release()
		return nil, err
	}

	pid, sock, running := c.runningServer()
	switch {
	case running && c.owner != nil:
		c.socketDir, c.adoptedPID = sock, pid
		c.log.Warn("adopted a PostgreSQL server whose Mishwar is gone; it will be stopped with this one",
			"data_dir", dataDir, "pid", pid)
	case running:
		c.socketDir = sock
		c.log.Info("using the PostgreSQL another Mishwar process runs; the last Mishwar process using it stops it",
			"data_dir", dataDir)
	case c.owner == nil:
		// Another Mishwar owns the cluster and is starting it right now: wait for it.
		if err := c.waitForOwner(ctx); err != nil {
			c.release()
			return nil, err
		}
	default:
		if _, err := os.Stat(filepath.Join(dataDir, "PG_VERSION")); errors.Is(err, os.ErrNotExist) {
			if err := c.initdb(ctx, bin, cred, opts.Ephemeral); err != nil {
				c.release()
				return nil, err
			}
		}
		if err := c.start(bin, cred, opts.Ephemeral); err != nil {
			c.release()
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

// RootDataBase is where a root process keeps clusters whose data directory the server's user cannot
// reach.
var RootDataBase = "/var/lib/mishwar"

// DataDirFor is where the cluster for dataDir lives when the server runs as uid/gid: dataDir itself
// if that user can reach it, else base/<hash of dataDir>/postgres, so each project has its own.
func DataDirFor(dataDir, base string, uid, gid int) string {
	if canEnter(filepath.Dir(dataDir), uid, gid) {
		return dataDir
	}
	sum := sha256.Sum256([]byte(dataDir))
	return filepath.Join(base, hex.EncodeToString(sum[:8]), "postgres")
}

// canEnter reports whether uid/gid may search every directory down to dir (a directory missing yet
// is created by us with mode 0755, so it counts as enterable).
func canEnter(dir string, uid, gid int) bool {
	for d := dir; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err == nil {
			st, ok := fi.Sys().(*syscall.Stat_t)
			if !ok {
				return true
			}
			mode := fi.Mode().Perm()
			var allowed bool
			switch {
			case uid == 0:
				allowed = true
			case int(st.Uid) == uid:
				allowed = mode&0o100 != 0
			case int(st.Gid) == gid:
				allowed = mode&0o010 != 0
			default:
				allowed = mode&0o001 != 0
			}
			if !allowed {
				return false
			}
		}
		if d == filepath.Dir(d) {
			return true
		}
	}
}

// tryOwn takes the owner lock of the cluster in dataDir without waiting; nil means another live
// process holds it. The kernel drops the lock when its process dies, however it dies.
func tryOwn(dataDir string) (*os.File, error) {
	f, err := os.OpenFile(dataDir+".owner.lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("pgcluster: owner lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, nil
		}
		return nil, fmt.Errorf("pgcluster: owner lock: %w", err)
	}
	_ = f.Truncate(0)
	_, _ = fmt.Fprintf(f, "%d\n", os.Getpid())
	return f, nil
}

// lockUsers opens the cluster's users file and flocks it (LOCK_SH: one of its users; LOCK_EX with
// LOCK_NB: nobody else uses it); nil, nil when LOCK_NB finds it held.
func lockUsers(dataDir string, how int) (*os.File, error) {
	f, err := os.OpenFile(dataDir+".users.lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("pgcluster: users lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), how); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, nil
		}
		return nil, fmt.Errorf("pgcluster: users lock: %w", err)
	}
	return f, nil
}

func (c *Cluster) release() {
	if c.owner != nil {
		_ = c.owner.Close()
		c.owner = nil
	}
	if c.using != nil {
		_ = c.using.Close()
		c.using = nil
	}
}

// lastUser gives up this process's use of the cluster and reports, holding the users lock
// exclusively in last (to be closed once the server is stopped), whether no other process uses it.
func (c *Cluster) lastUser() (last *os.File, ok bool) {
	if c.using != nil {
		_ = c.using.Close()
		c.using = nil
	}
	f, err := lockUsers(c.dataDir, syscall.LOCK_EX|syscall.LOCK_NB)
	if err != nil || f == nil {
		return nil, false
	}
	return f, true
}

// waitForOwner waits until the process owning the cluster has its server running.
func (c *Cluster) waitForOwner(ctx context.Context) error {
	deadline := time.Now().Add(60 * time.Second)
	for {
		if _, sock, ok := c.runningServer(); ok {
			c.socketDir = sock
			c.log.Info("using the PostgreSQL another Mishwar process started", "data_dir", c.dataDir)
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("pgcluster: another process holds %s.owner.lock but no server runs on %s after 60s", c.dataDir, c.dataDir)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// runAs is the user a root process runs the server as: PostgreSQL refuses to run as root.
type runAs struct {
	name     string
	uid, gid int
}

// serverUser is nil when the process is not root (the server runs as us), else the postgres user
// (or nobody).
func serverUser() (*runAs, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		if u, err := user.Lookup(name); err == nil {
			uid, _ := strconv.Atoi(u.Uid)
			gid, _ := strconv.Atoi(u.Gid)
			return &runAs{name: u.Username, uid: uid, gid: gid}, nil
		}
	}
	return nil, errors.New("pgcluster: running as root and there is no postgres or nobody user to run PostgreSQL as; create one (useradd --system postgres) or run Mishwar as an ordinary user")
}

// own hands the data directory to the server's user and returns the credential to run it with.
func (u *runAs) own(dataDir string) (*syscall.Credential, error) {
	if err := chownTree(dataDir, u.uid, u.gid); err != nil {
		return nil, fmt.Errorf("pgcluster: give %s the data dir: %w", u.name, err)
	}
	return &syscall.Credential{Uid: uint32(u.uid), Gid: uint32(u.gid)}, nil
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

// runningServer reads postmaster.pid of a live server on the data dir, if any: its pid and socket
// directory.
func (c *Cluster) runningServer() (pid int, socketDir string, ok bool) {
	f, err := os.Open(filepath.Join(c.dataDir, "postmaster.pid"))
	if err != nil {
		return 0, "", false
	}
	defer f.Close()
	var lines []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		lines = append(lines, s.Text())
	}
	// Line 1: pid, line 4: port, line 5: socket directory.
	if len(lines) < 5 {
		return 0, "", false
	}
	pid, err = strconv.Atoi(strings.TrimSpace(lines[0]))
	if err != nil || syscall.Kill(pid, 0) != nil {
		return 0, "", false
	}
	if p, err := strconv.Atoi(strings.TrimSpace(lines[3])); err == nil {
		c.port = p
	}
	return pid, strings.TrimSpace(lines[4]), true
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
// for it to exit, if this process owns it: it started it, or adopted it from an owner that died. A
// server another live process owns is left running.
func (c *Cluster) Stop() error {
	var last *os.File
	defer func() {
		// The owner lock first, then the users lock: a process waiting to use the cluster then finds
		// it stopped and nobody owning it, and starts it.
		c.release()
		if last != nil {
			_ = last.Close()
		}
	}()
	if c.cmd == nil && c.adoptedPID == 0 {
		// A guest: the owner may have stopped meanwhile, leaving the server to its last user.
		if c.owner == nil {
			owner, err := tryOwn(c.dataDir)
			if err != nil || owner == nil {
				return err
			}
			c.owner = owner
		}
		pid, _, running := c.runningServer()
		if !running {
			return nil
		}
		c.adoptedPID = pid
	}
	var ok bool
	if last, ok = c.lastUser(); !ok {
		c.log.Info("left PostgreSQL running for the other Mishwar process using it; the last to stop stops it", "data_dir", c.dataDir)
		// Our server outlives us (in its own process group): the last user stops it.
		c.cmd, c.adoptedPID = nil, 0
		return nil
	}
	switch {
	case c.cmd != nil:
		_ = c.cmd.Process.Signal(syscall.SIGINT)
		select {
		case <-c.done:
		case <-time.After(30 * time.Second):
			_ = c.cmd.Process.Kill()
			<-c.done
		}
		c.cmd = nil
	case c.adoptedPID != 0:
		// Not our child: we cannot wait for it, only watch it go.
		_ = syscall.Kill(c.adoptedPID, syscall.SIGINT)
		if !c.waitGone(c.adoptedPID, 30*time.Second) {
			_ = syscall.Kill(c.adoptedPID, syscall.SIGQUIT)
			c.waitGone(c.adoptedPID, 10*time.Second)
		}
		c.adoptedPID = 0
	default:
		return nil
	}
	c.log.Info("stopped PostgreSQL", "data_dir", c.dataDir)
	return nil
}

// waitGone waits for the server pid to exit. It is not our child, and where nobody reaps orphans (a
// container whose first process is not an init) it lingers as a zombie: the server removing its
// postmaster.pid on the way out counts as gone too.
func (c *Cluster) waitGone(pid int, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			return true
		}
		if _, err := os.Stat(filepath.Join(c.dataDir, "postmaster.pid")); errors.Is(err, os.ErrNotExist) {
			// Gone but for the last moments of its exit; give them a breath.
			time.Sleep(100 * time.Millisecond)
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}
