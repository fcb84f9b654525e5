package main

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestBinary builds the command and runs it as a user would: with
// arguments, with standard input, and checks outputs and exit statuses.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "iri")
	build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
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
			"http://xn--rsum-bpad.example.org/\n../%C3%BC\n", "line 2: iri: invalid character U+0020 ' ' at byte 8 in ireg-name"},
		{[]string{"iri", "-json"}, "http://a/%C3%BC\n", 0, `{"input":"http://a/%C3%BC","output":"http://a/ü"}` + "\n", ""},
		{[]string{"normalize", "-level", "syntax", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9"}, "", 0,
			"example://a/b/c/%7Bfoo%7D/rosé\n", ""},
		{[]string{"equal", "http://example.com", "http://example.com:80/"}, "", 0, "equivalent\n", ""},
		{[]string{"equal", "-level", "simple", "http://example.com", "http://example.com:80/"}, "", 1, "different\n", ""},
		{[]string{"equal", "http://a b", "http://b"}, "", 2, "", "invalid character"},
		{[]string{"check", "http://example.org/%C0%AF"}, "", 1,
			"http://example.org/%C0%AF: error overlong-utf8 at byte 19 in ipath: overlong UTF-8 %C0%AF (RFC 3987, section 8)\n", ""},
		{[]string{"parse"}, "http://a/?\n", 0,
			"http://a/?\n  kind      IRI\n  scheme    \"http\"\n  userinfo  (absent)\n  host      \"a\"\n  port      (absent)\n  path      \"/\"\n  query     \"\"\n  fragment  (absent)\n", ""},
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
		if status != tt.wantStatus || stdout.String() != tt.wantOut || !strings.Contains(stderr.String(), tt.wantErr) {
			t.Errorf("iri %q: status %d, stdout %q, stderr %q; want %d, %q, %q",
				tt.args, status, stdout.String(), stderr.String(), tt.wantStatus, tt.wantOut, tt.wantErr)
		}
	}
}
