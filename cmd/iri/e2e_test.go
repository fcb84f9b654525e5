package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestBinary builds the command and runs it as a user would: with
// arguments, with standard input, and checks outputs and exit statuses.
func TestBinary(t *testing.T) {
	bin := buildBinary(t)
	tests := []struct {
		args       []string
		stdin      string
		wantStatus int
		wantOut    string // exact standard output
		wantErr    string // a substring of standard error
	}{
		{[]string{"uri", "http://résumé.example.org/Dürst?q=€#frag"}, "", 0,
			"http://r%C3%A9sum%C3%A9.example.org/D%C3%BCrst?q=%E2%82%AC#frag\n", ""},
		{[]string{"uri", "-idna"}, "http://résumé.example.org/\nhttp://a b/\n../ü\n", 1,
			"http://xn--rsum-bpad.example.org/\n\n../%C3%BC\n", `line 2: iri: parse "http://a b/": space not allowed in the host (rule ireg-name, at byte 8)`},
		{[]string{"iri", "-json"}, "http://a/%C3%BC\n", 0, `{"input":"http://a/%C3%BC","line":1,"output":"http://a/ü"}` + "\n", ""},
		{[]string{"normalize", "-level", "syntax", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9"}, "", 0,
			"example://a/b/c/%7Bfoo%7D/rosé\n", ""},
		{[]string{"equal", "http://example.com", "http://example.com:80/"}, "", 0, "equivalent\n", ""},
		{[]string{"equal", "-level", "simple", "http://example.com", "http://example.com:80/"}, "", 1, "different\n", ""},
		{[]string{"equal", "http://a b", "http://b"}, "", 2, "", "space not allowed in the host"},
		{[]string{"check", "http://example.org/%C0%AF"}, "", 1,
			"http://example.org/%C0%AF\n  error overlong-utf8 at byte 19 in ipath: overlong UTF-8 %C0%AF (RFC 3987, section 8)\n", ""},
		{[]string{"parse"}, "http://a/?\n", 0,
			"http://a/?\n  kind      IRI\n  scheme    \"http\"\n  userinfo  (absent)\n  host      \"a\"\n  port      (absent)\n  path      \"/\"\n  query     \"\"\n  fragment  (absent)\n  segments  \"\"\n", ""},
		{[]string{"parse", "http://a/", "-json"}, "", 0,
			`{"input":"http://a/","kind":"IRI","scheme":"http","userinfo":null,"host":"a","port":null,"path":"/","query":null,"fragment":null,"segments":[""],"params":[]}` + "\n", ""},
		{[]string{"uri", "--", "-x/ü"}, "", 0, "-x/%C3%BC\n", ""},
		{[]string{"resolve", "http://a/b/c", "../d"}, "", 0, "http://a/d\n", ""},
		{[]string{"relativize", "-style", "jsonld", "http://a/b/c", "http://a/d"}, "", 0, "../d\n", ""},
		{[]string{"uri", "-lenient"}, " http://a/b c\n", 0, "http://a/b%20c\n", `line 1: read leniently as "http://a/b%20c"`},
		{[]string{"build", "-scheme", "urn", "-path", "isbn:1"}, "", 0, "urn:isbn:1\n", ""},
		{[]string{"parse", "-\x1b]0;x\a"}, "", 2, "", `-\x1b]0;x\a`},
		{[]string{"uri"}, "http://a/\u202e\n", 1, "\n", `\u202e`},
		{[]string{"frob"}, "", 2, "", "unknown command"},
		{nil, "", 2, "", "usage: iri"},
	}
	for _, tt := range tests {
		cmd := exec.Command(bin, tt.args...)
		cmd.Stdin = strings.NewReader(tt.stdin)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		status := 0
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			status = exitErr.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if strings.ContainsAny(stderr.String(), "\x1b\a\u202e") {
			t.Errorf("iri %q wrote terminal controls to standard error: %q", tt.args, stderr.String())
		}
		if status != tt.wantStatus || stdout.String() != tt.wantOut || !strings.Contains(stderr.String(), tt.wantErr) {
			t.Errorf("iri %q: status %d, stdout %q, stderr %q; want %d, %q, %q",
				tt.args, status, stdout.String(), stderr.String(), tt.wantStatus, tt.wantOut, tt.wantErr)
		}
	}
}

// buildBinary builds the command once for the tests that run it.
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "iri")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestBinaryStreams writes lines into a pipe that stays open and reads
// each answer before writing the next line, as tail -f | iri uri does.
func TestBinaryStreams(t *testing.T) {
	bin := buildBinary(t)
	cmd := exec.Command(bin, "uri")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	// A tool that holds its answers never gives them: the test waits for
	// them until shortly before go test's -timeout, not for a time of
	// its own, which a busy machine could exceed.
	var deadline <-chan time.Time
	if d, ok := t.Deadline(); ok {
		deadline = time.After(time.Until(d) * 9 / 10)
	}
	lines := bufio.NewReader(stdout)
	for _, tt := range []struct{ in, want string }{{"http://a/ü", "http://a/%C3%BC"}, {"http://b/é", "http://b/%C3%A9"}} {
		if _, err := io.WriteString(stdin, tt.in+"\n"); err != nil {
			t.Fatal(err)
		}
		got := make(chan string, 1)
		go func() {
			line, _ := lines.ReadString('\n')
			got <- line
		}()
		select {
		case line := <-got:
			if line != tt.want+"\n" {
				t.Fatalf("answer to %q: %q, want %q", tt.in, line, tt.want)
			}
		case <-deadline:
			t.Fatalf("no answer to %q while the pipe stays open, by the test's deadline", tt.in)
		}
	}
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
}

// TestBinaryLongLine runs a 20 MB line between two short ones: it is
// processed, and the lines after it too.
func TestBinaryLongLine(t *testing.T) {
	bin := buildBinary(t)
	long := "http://a/" + strings.Repeat("é", 10<<20)
	cmd := exec.Command(bin, "uri")
	cmd.Stdin = strings.NewReader("http://x/\n" + long + "\nhttp://a b/\nhttp://y/\n")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) || exitErr.ExitCode() != 1 {
		t.Errorf("status: %v, want 1 for the invalid line 3", err)
	}
	lines := strings.Split(stdout.String(), "\n")
	if len(lines) != 5 || lines[0] != "http://x/" || len(lines[1]) != len("http://a/")+6*(10<<20) || lines[2] != "" || lines[3] != "http://y/" {
		t.Errorf("stdout has %d lines: %.40q ...", len(lines), stdout.String())
	}
	if !strings.Contains(stderr.String(), "line 3: ") {
		t.Errorf("stderr %q does not report line 3", stderr.String())
	}
}

// TestBinaryAligned pipes lines, some of them rejected, through each
// command that turns an input into one line: its output has as many lines
// as its input, an empty one for each rejected input, whose line number
// standard error gives, so that paste(1) lines inputs and outputs up.
func TestBinaryAligned(t *testing.T) {
	bin := buildBinary(t)
	tests := map[string]struct {
		args     []string
		lines    []string
		rejected []int // line numbers, from 1
	}{
		"uri":        {nil, []string{"http://a/ü", "http://a b/", "../ü", "http://a/\u202e", "x"}, []int{2, 4}},
		"iri":        {nil, []string{"http://a b/", "http://a/%C3%BC"}, []int{1}},
		"normalize":  {nil, []string{"HTTP://A/", "http://a b/", "http://a b/", "http://b:80/"}, []int{2, 3}},
		"resolve":    {[]string{"http://a/b/c"}, []string{"../g", "http://a b/", "g"}, []int{2}},
		"relativize": {[]string{"-same-document", "http://a/b/c"}, []string{"http://a/b/c#f", "http://a b/", "http://a/d", "#g"}, []int{2, 4}},
		"file":       {[]string{"-style", "posix"}, []string{"/tmp/a b", "rel/p", "/x"}, []int{2}},
		"path":       {[]string{"-style", "posix"}, []string{"http://a/", "file:///tmp/a%20b", "file:///x"}, []int{1}},
		"canon":      {[]string{"-preset", "dedup"}, []string{"not a url", "HTTP://www.A.example:80/#x", "/rel", "http://[::1", "http://b/"}, []int{1, 3, 4}},
	}
	for _, c := range commands {
		if _, ok := tests[c.name]; c.oneLine != ok {
			t.Errorf("command %s: oneLine %v, but TestBinaryAligned has %v", c.name, c.oneLine, ok)
		}
	}
	for name, tt := range tests {
		cmd := exec.Command(bin, append([]string{name}, tt.args...)...)
		cmd.Stdin = strings.NewReader(strings.Join(tt.lines, "\n") + "\n")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		var exitErr *exec.ExitError
		if err := cmd.Run(); !errors.As(err, &exitErr) || exitErr.ExitCode() != 1 {
			t.Errorf("iri %s: %v, want exit status 1", name, err)
		}
		out := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
		if len(out) != len(tt.lines) {
			t.Errorf("iri %s: %d lines out for %d in: %q", name, len(out), len(tt.lines), stdout.String())
			continue
		}
		for k, line := range out {
			rejected := slices.Contains(tt.rejected, k+1)
			if rejected != (line == "") {
				t.Errorf("iri %s: line %d out is %q for %q (rejected: %v)", name, k+1, line, tt.lines[k], rejected)
			}
			if reported := strings.Contains(stderr.String(), fmt.Sprintf("line %d: ", k+1)); reported != rejected {
				t.Errorf("iri %s: line %d reported on standard error: %v, want %v:\n%s", name, k+1, reported, rejected, stderr.String())
			}
		}
	}
}
