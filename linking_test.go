package iri

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/iri-go/iri/internal/uts46"
)

// The programs TestLinking builds: each parses its argument and prints
// the host or the error, with this package, with package web, and with
// net/url alone or with x/net/idna's ToASCII, which a web.Parse does too.
var linkingPrograms = map[string]string{
	"iriparse": `package main

import (
	"os"

	"github.com/iri-go/iri"
)

func main() {
	i, err := iri.Parse(os.Args[1])
	if err != nil {
		os.Stdout.WriteString(err.Error())
		return
	}
	os.Stdout.WriteString(i.Host())
}
`,
	"urlparse": `package main

import (
	"net/url"
	"os"
)

func main() {
	u, err := url.Parse(os.Args[1])
	if err != nil {
		os.Stdout.WriteString(err.Error())
		return
	}
	os.Stdout.WriteString(u.Host)
}
`,
	"webparse": `package main

import (
	"os"

	"github.com/iri-go/iri/web"
)

func main() {
	u, err := web.Parse(os.Args[1])
	if err != nil {
		os.Stdout.WriteString(err.Error())
		return
	}
	os.Stdout.WriteString(u.Host())
}
`,
	"urlidna": `package main

import (
	"net/url"
	"os"

	"golang.org/x/net/idna"
)

func main() {
	u, err := url.Parse(os.Args[1])
	if err != nil {
		os.Stdout.WriteString(err.Error())
		return
	}
	h, err := idna.Lookup.ToASCII(u.Hostname())
	if err != nil {
		os.Stdout.WriteString(err.Error())
		return
	}
	os.Stdout.WriteString(h)
}
`,
}

// TestLinking holds what a program that only parses pays for the module
// (as x/text/unicode/norm's TestLinking does for its tables): an
// iri.Parse program at most 64 KiB larger than the same program with
// net/url.Parse, a web.Parse program at most 128 KiB larger than one with
// net/url.Parse and x/net/idna's Lookup.ToASCII (the URL Standard's
// states, its hosts and its fast paths). A package-level variable built
// by a call, a table built at start-up, a comparison with another
// package's variable (which links that package's initialization), or a
// method kept through an interface links code and data that a parse never
// runs; tables are literals (internal/pct), packed (internal/uts46's
// joiningTypes), or built on first use. On linux/amd64, webparse was
// 117,516 bytes larger than urlidna under Go 1.27.4, and 149,868 under
// Go 1.26.8. The sizes are of the binaries as go build writes them, the
// same on every run of one toolchain; the test builds four small programs
// in a temporary module that replaces this one with the working tree.
func TestLinking(t *testing.T) {
	if testing.Short() {
		t.Skip("builds four programs")
	}
	// The go command on PATH, which GOTOOLCHAIN in the environment
	// switches to the toolchain the tests run with.
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	goMod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goSum, err := os.ReadFile("go.sum")
	if err != nil {
		t.Fatal(err)
	}
	// The module's own requirements, so that the programs link the
	// versions its tests do, from the module cache.
	dir := t.TempDir()
	mod := regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(goMod, []byte("module linking"))
	mod = append(mod, "\nrequire github.com/iri-go/iri v0.0.0\n\nreplace github.com/iri-go/iri => "+root+"\n"...)
	files := map[string][]byte{"go.mod": mod, "go.sum": goSum}
	for name, src := range linkingPrograms {
		files[filepath.Join(name, "main.go")] = []byte(src)
	}
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "bin") + string(filepath.Separator)
	cmd := exec.Command(goTool, "build", "-o", bin, "./iriparse", "./urlparse", "./webparse", "./urlidna")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	size := func(name string) int64 {
		matches, _ := filepath.Glob(filepath.Join(dir, "bin", name+"*")) // name.exe on Windows
		if len(matches) != 1 {
			t.Fatalf("no binary of %s in %s", name, matches)
		}
		fi, err := os.Stat(matches[0])
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	// Below Go 1.27, x/net/idna's tables are Unicode 15.0's, and web.Parse
	// gives UTS #46 17.0's answers through internal/uts46's stand-ins and
	// mapping changes, which a program on Go 1.27's tables does not link
	// (uts46.Current is a constant): 32 KB here, of which 24 KiB is
	// allowed for, the rest being the room Go 1.27's program leaves.
	webLimit := int64(128 << 10)
	if !uts46.Current {
		webLimit += 24 << 10
	}
	for _, c := range []struct {
		program, baseline string
		limit             int64
	}{
		{"iriparse", "urlparse", 64 << 10},
		{"webparse", "urlidna", webLimit},
	} {
		got, base := size(c.program), size(c.baseline)
		t.Logf("%s: %d bytes, %s: %d bytes: %+d (limit %+d)", c.program, got, c.baseline, base, got-base, c.limit)
		if got-base > c.limit {
			t.Errorf("%s is %d bytes larger than %s, more than %d: see what it links with go tool nm -size -sort size, and why with -ldflags=-dumpdep",
				c.program, got-base, c.baseline, c.limit)
		}
	}
}
