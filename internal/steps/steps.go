// Package steps counts the work of a test's cases without timing them,
// for the tests that hold the module to linear work on any input: the
// number of statements a case executes in the packages under test, as
// counted by the counters that "go test -covermode=count" puts in every
// block of code. A count does not change with the machine's load, so a
// test can bound how it grows with the input where a bound on times
// fails on a busy machine; and it sees the loops that allocate nothing,
// which a count of allocations does not.
//
// A test that counts runs in two roles. As a child, started by a
// Counter with a case's name (Case reports it), it runs that case and
// nothing else. As the parent, it builds a Counter, which compiles the
// package's tests again with the counters, and reads each case's count
// from a child's coverage profile.
package steps

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// caseVar names the environment variable that hands a child its case.
const caseVar = "IRI_STEPS_CASE"

// Case returns the name of the case this process runs as a child of a
// Counter, and whether it is one.
func Case() (string, bool) { return os.LookupEnv(caseVar) }

// A Counter runs the cases of one top-level test in a copy of the test
// binary built with counters, one child process a case.
type Counter struct {
	bin  string // the test binary with counters
	test string // the test's name
	dir  string // for the profiles
	base uint64 // the statements of a child that runs no case
}

// NewCounter compiles the calling package's tests with
// "go test -c -covermode=count -coverpkg=coverpkg" and counts what a
// child that runs no case executes (the packages' initialization), which
// Count leaves out. The go command comes from the PATH, as for the tests
// that build the command.
func NewCounter(t *testing.T, coverpkg string) *Counter {
	t.Helper()
	c := &Counter{dir: t.TempDir(), test: t.Name()}
	c.bin = filepath.Join(c.dir, "counting.test")
	build := exec.Command("go", "test", "-c", "-covermode=count", "-coverpkg="+coverpkg, "-o", c.bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", build, err, out)
	}
	c.base = c.run(t, "")
	return c
}

// Count runs the named case in a child and returns the number of
// statements it executed in the covered packages.
func (c *Counter) Count(t *testing.T, name string) uint64 {
	t.Helper()
	n := c.run(t, name)
	if n < c.base {
		t.Fatalf("case %q: %d statements, fewer than the %d of no case", name, n, c.base)
	}
	return n - c.base
}

func (c *Counter) run(t *testing.T, name string) uint64 {
	t.Helper()
	profile := filepath.Join(c.dir, "profile")
	cmd := exec.Command(c.bin, "-test.run=^"+regexp.QuoteMeta(c.test)+"$", "-test.coverprofile="+profile)
	cmd.Env = append(os.Environ(), caseVar+"="+name)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("case %q: %v\n%s", name, err, out)
	}
	data, err := os.ReadFile(profile)
	if err != nil {
		t.Fatal(err)
	}
	n, err := statements(data)
	if err != nil {
		t.Fatalf("case %q: %v", name, err)
	}
	return n
}

// errProfile reports a coverage profile that statements cannot read.
var errProfile = errors.New("steps: not a coverage profile of mode count")

// statements returns the number of statements a coverage profile of mode
// count says ran: for each block, its statements times its count. The
// format is the one go tool cover reads: a line "mode: count", then one
// line a block, "file:line.column,line.column statements count".
func statements(profile []byte) (uint64, error) {
	sc := bufio.NewScanner(bytes.NewReader(profile))
	if !sc.Scan() || sc.Text() != "mode: count" {
		return 0, fmt.Errorf("%w: no line %q first", errProfile, "mode: count")
	}
	var total uint64
	for line := 2; sc.Scan(); line++ {
		// The file's name may hold spaces and colons; the rest not.
		colon := strings.LastIndexByte(sc.Text(), ':')
		fields := strings.Fields(sc.Text()[colon+1:])
		if colon < 0 || len(fields) != 3 {
			return 0, fmt.Errorf("%w: line %d: %q", errProfile, line, sc.Text())
		}
		stmts, err1 := strconv.ParseUint(fields[1], 10, 32)
		count, err2 := strconv.ParseUint(fields[2], 10, 32)
		if err1 != nil || err2 != nil {
			return 0, fmt.Errorf("%w: line %d: %q", errProfile, line, sc.Text())
		}
		if count >= 1<<31 {
			return 0, fmt.Errorf("steps: a block ran %d times, and its counter holds 2^32: count smaller cases (line %d: %q)", count, line, sc.Text())
		}
		total += stmts * count
	}
	return total, sc.Err()
}
