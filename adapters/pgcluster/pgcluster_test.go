package pgcluster_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/adapters/pgcluster"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// A child process started by TestAClusterWhoseOwnerWasKilledIsAdoptedAndStopped: it starts a cluster,
// says where the server runs, and waits to be killed.
func TestMain(m *testing.M) {
	// Never the machine's /var/lib/mishwar: a base of our own, which the server's user can enter.
	base, err := os.MkdirTemp("", "pgcluster-base-")
	if err == nil {
		err = os.Chmod(base, 0o755)
	}
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	pgcluster.RootDataBase = base
	if dir := os.Getenv("PGCLUSTER_TEST_OWNER"); dir != "" {
		c, err := pgcluster.Start(context.Background(), dir, pgcluster.Options{Ephemeral: true, Logger: quiet})
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println("ready", c.URL(""))
		time.Sleep(10 * time.Minute)
		os.Exit(0)
	}
	code := m.Run()
	_ = os.RemoveAll(base)
	os.Exit(code)
}

func skipWithoutServer(t *testing.T) {
	if _, err := pgcluster.FindBinaries(); err != nil {
		t.Skip(err)
	}
}

// dir is a temp dir the server's user can enter when the tests run as root (t.TempDir's parent is
// private to us).
func dir(t *testing.T) string {
	d, err := os.MkdirTemp("", "pgcluster-test-")
	if err == nil {
		err = os.Chmod(d, 0o755)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(d) })
	return d
}

func serverPID(t *testing.T, dataDir string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dataDir, "postmaster.pid"))
	if err != nil {
		t.Fatalf("no running server: %v", err)
	}
	pid, err := strconv.Atoi(strings.SplitN(string(b), "\n", 2)[0])
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

func gone(pid int) bool {
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

func ping(t *testing.T, url string) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	conn.Close(context.Background())
}

// After a kill -9 of Mishwar its PostgreSQL keeps running; the next Mishwar must not only use it but
// also stop it when it stops, or every crash leaves a server behind for good.
func TestAClusterWhoseOwnerWasKilledIsAdoptedAndStopped(t *testing.T) {
	skipWithoutServer(t)
	dataDir := filepath.Join(dir(t), "postgres")
	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), "PGCLUSTER_TEST_OWNER="+dataDir)
	out, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = child.Process.Kill(); _ = child.Wait() })
	line, _ := bufio.NewReader(out).ReadString('\n')
	if !strings.HasPrefix(line, "ready ") {
		_ = child.Process.Kill()
		t.Fatalf("owner: %q", line)
	}
	pid := serverPID(t, dataDir)
	if err := child.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_, _ = child.Process.Wait()
	if err := syscall.Kill(pid, 0); err != nil {
		t.Fatalf("the orphaned server should still run after its owner's kill -9: %v", err)
	}
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGQUIT) })

	c, err := pgcluster.Start(context.Background(), dataDir, pgcluster.Options{Ephemeral: true, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	if serverPID(t, dataDir) != pid {
		t.Fatal("Start started a second server instead of adopting the running one")
	}
	ping(t, c.URL(""))
	if err := c.Stop(); err != nil {
		t.Fatal(err)
	}
	if !gone(pid) {
		t.Fatal("the adopted server is still running after Stop")
	}
}

// A second process on a cluster whose owner is alive (mishwar users add while mishwar serve runs)
// uses it and leaves it running.
func TestAClusterWhoseOwnerLivesIsOnlyUsed(t *testing.T) {
	skipWithoutServer(t)
	dataDir := filepath.Join(dir(t), "postgres")
	owner, err := pgcluster.Start(context.Background(), dataDir, pgcluster.Options{Ephemeral: true, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	defer owner.Stop()
	pid := serverPID(t, dataDir)

	guest, err := pgcluster.Start(context.Background(), dataDir, pgcluster.Options{Ephemeral: true, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	ping(t, guest.URL(""))
	if err := guest.Stop(); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, 0); err != nil {
		t.Fatalf("a guest's Stop stopped its owner's server: %v", err)
	}
	ping(t, owner.URL(""))
	if err := owner.Stop(); err != nil {
		t.Fatal(err)
	}
	if !gone(pid) {
		t.Fatal("the owner's Stop left the server running")
	}
}

func TestDataDirForMovesAClusterItsUserCannotReach(t *testing.T) {
	const pgUID, pgGID = 4242, 4242 // a user owning nothing here, like postgres under /root
	base := "/var/lib/mishwar"
	open := dir(t)
	private := filepath.Join(dir(t), "root") // like /root: only its owner may enter
	if err := os.Mkdir(private, 0o700); err != nil {
		t.Fatal(err)
	}
	if got := pgcluster.DataDirFor(filepath.Join(open, "var", "postgres"), base, pgUID, pgGID); got != filepath.Join(open, "var", "postgres") {
		t.Fatalf("a reachable data dir was moved to %s", got)
	}
	inPrivate := filepath.Join(private, "mishwar", "var", "postgres")
	got := pgcluster.DataDirFor(inPrivate, base, pgUID, pgGID)
	if filepath.Dir(filepath.Dir(got)) != base || filepath.Base(got) != "postgres" {
		t.Fatalf("unreachable data dir: %s, want %s/<hash>/postgres", got, base)
	}
	if again := pgcluster.DataDirFor(inPrivate, base, pgUID, pgGID); again != got {
		t.Fatalf("not stable: %s then %s", got, again)
	}
	if other := pgcluster.DataDirFor(filepath.Join(private, "other", "var", "postgres"), base, pgUID, pgGID); other == got {
		t.Fatal("two projects share one cluster")
	}
	// The directory's owner may enter it.
	if err := os.Chown(private, pgUID, pgGID); err != nil {
		t.Skipf("cannot chown here: %v", err)
	}
	if got := pgcluster.DataDirFor(inPrivate, base, pgUID, pgGID); got != inPrivate {
		t.Fatalf("a data dir its own user can enter was moved to %s", got)
	}
}

// Run as root with the project in a directory only root can enter (a clone under /root): the cluster
// lives under RootDataBase, owned by the server's user, and works.
func TestAsRootAClusterUnderAPrivateDirectoryRuns(t *testing.T) {
	skipWithoutServer(t)
	if os.Geteuid() != 0 {
		t.Skip("needs root")
	}
	private := t.TempDir()
	if err := os.Chmod(private, 0o700); err != nil {
		t.Fatal(err)
	}
	base := pgcluster.RootDataBase

	c, err := pgcluster.Start(context.Background(), filepath.Join(private, "var", "postgres"), pgcluster.Options{Ephemeral: true, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(c.DataDir(), base+"/") {
		t.Fatalf("data dir %s, want one under %s", c.DataDir(), base)
	}
	ping(t, c.URL(""))
	pid := serverPID(t, c.DataDir())
	if err := c.Stop(); err != nil {
		t.Fatal(err)
	}
	if !gone(pid) {
		t.Fatal("server still running")
	}
	// The private directory was left alone: nothing chowned to the server's user in it.
	if fi, err := os.Stat(filepath.Join(private, "var")); err == nil && fi.Sys().(*syscall.Stat_t).Uid != 0 {
		t.Fatal("the data dir under the private directory was handed to the server's user")
	}
}

// Two `mishwar serve` on one data directory: the one that started the server stops first, and the
// other goes on using it (the first used to stop it under the second's feet); the last to stop
// stops it.
func TestTheLastProcessUsingAClusterStopsIt(t *testing.T) {
	skipWithoutServer(t)
	dataDir := filepath.Join(dir(t), "postgres")
	owner, err := pgcluster.Start(context.Background(), dataDir, pgcluster.Options{Ephemeral: true, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	pid := serverPID(t, dataDir)
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGQUIT) })
	guest, err := pgcluster.Start(context.Background(), dataDir, pgcluster.Options{Ephemeral: true, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	if err := owner.Stop(); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, 0); err != nil {
		t.Fatalf("the first process stopped the server another still uses: %v", err)
	}
	ping(t, guest.URL(""))
	if err := guest.Stop(); err != nil {
		t.Fatal(err)
	}
	if !gone(pid) {
		t.Fatal("the last process using the server left it running")
	}
	// And the next start finds it stopped and starts it again.
	again, err := pgcluster.Start(context.Background(), dataDir, pgcluster.Options{Ephemeral: true, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	ping(t, again.URL(""))
	if err := again.Stop(); err != nil {
		t.Fatal(err)
	}
}

// A data directory that cannot be created is told by its path and by the setting that chose it.
func TestADataDirectoryThatCannotBeCreatedIsToldByTheSettingThatChoseIt(t *testing.T) {
	skipWithoutServer(t)
	// A file where MISHWAR_DATA_DIR should be a directory: refused to root as well. Its mode lets
	// the server's user "enter" it, so a test run as root does not move the cluster elsewhere.
	blocked := filepath.Join(dir(t), "var")
	if err := os.WriteFile(blocked, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := pgcluster.Start(context.Background(), filepath.Join(blocked, "postgres"), pgcluster.Options{Ephemeral: true, Logger: quiet})
	if err == nil || !strings.Contains(err.Error(), "MISHWAR_DATA_DIR") || !strings.Contains(err.Error(), filepath.Join(blocked, "postgres")) {
		t.Fatalf("Start under a file: %v, want a refusal naming MISHWAR_DATA_DIR and the directory", err)
	}
}
