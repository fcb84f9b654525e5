package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os/exec"
	"path/filepath"
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
			"http://xn--rsum-bpad.example.org/\n../%C3%BC\n", `line 2: iri: parse "http://a b/": space not allowed in the host (rule ireg-name, at byte 8)`},
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
		{[]string{"uri"}, "http://a/\u202e\n", 1, "", `\u202e`},
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
	if len(lines) != 4 || lines[0] != "http://x/" || len(lines[1]) != len("http://a/")+6*(10<<20) || lines[2] != "http://y/" {
		t.Errorf("stdout has %d lines: %.40q ...", len(lines), stdout.String())
	}
	if !strings.Contains(stderr.String(), "line 3: ") {
		t.Errorf("stderr %q does not report line 3", stderr.String())
	}
}
