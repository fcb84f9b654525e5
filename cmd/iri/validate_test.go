package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestValidate: iri validate prints the inputs that are not valid URL
// strings with their validation errors (a failure as "fails:"), one JSON
// object per input with -json, and exits 1 when an input has an error.
func TestValidate(t *testing.T) {
	tests := []struct {
		args       []string
		stdin      string
		wantStatus int
		wantOut    string
		wantErr    string
	}{
		{[]string{"validate", "https://example.org/a?b#c"}, "", 0, "", ""},
		{[]string{"validate"}, "https://example.org/\nhttps:example.org\nhttp://a:99999/\n", 1,
			"line 2: https:example.org\n  special-scheme-missing-following-solidus at byte 6\n" +
				"line 3: http://a:99999/\n  port-out-of-range at byte 9\n" +
				`  fails: web: parse "http://a:99999/": a port above 65535 (port-out-of-range) at byte 9` + "\n", ""},
		{[]string{"validate", "-base", "https://example.org/docs/", `..\img\a b.png`, "../img/ok.png"}, "", 1,
			`..\img\a b.png` + "\n  invalid-reverse-solidus at byte 2\n  invalid-reverse-solidus at byte 6\n  invalid-URL-unit at byte 8\n", ""},
		{[]string{"validate", "-json", "http://u@a/\tb", "http://[::1", "http://a/"}, "", 1,
			`{"input":"http://u@a/\tb","valid":false,"errors":[{"code":"invalid-credentials","offset":8},{"code":"invalid-URL-unit","offset":11}]}` + "\n" +
				`{"input":"http://[::1","valid":false,"errors":[{"code":"IPv6-unclosed","offset":7}],"error":"web: parse \"http://[::1\": an IPv6 address without its closing ']' (IPv6-unclosed) at byte 7","offset":7,"rule":"IPv6-unclosed"}` + "\n" +
				`{"input":"http://a/","valid":true,"errors":[]}` + "\n", ""},
		{[]string{"validate", "-json"}, "http://a/\xff|\n", 1,
			`{"input":"http://a/�|","line":1,"input_go":"\"http://a/\\xff|\"","valid":false,"errors":[{"code":"invalid-URL-unit","offset":10}]}` + "\n", ""},
		{[]string{"validate", "-base", "x"}, "", 2, "", "iri validate: -base: web: parse"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		status := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
		if status != tt.wantStatus || jsonText(stdout.String()) != tt.wantOut || !strings.Contains(stderr.String(), tt.wantErr) {
			t.Errorf("iri %q < %q: status %d\nout %q\nerr %q\nwant %d\nout %q\nerr %q", tt.args, tt.stdin, status, stdout.String(), stderr.String(), tt.wantStatus, tt.wantOut, tt.wantErr)
		}
	}
}

// TestErrorPlaces: the JSON errors of iri web and iri canon carry the
// offset and the rule, as those of iri normalize do, and an input that
// is not UTF-8 its Go literal; on standard error a caret points at the
// offending character.
func TestErrorPlaces(t *testing.T) {
	tests := []struct {
		args    []string
		stdin   string
		wantOut string
		wantErr string
	}{
		{[]string{"canon", "-json", "http://a:99999/"}, "",
			`{"input":"http://a:99999/","error":"canon: cannot canonicalize \"http://a:99999/\": invalid port (port-out-of-range) at byte 9","offset":9,"rule":"port-out-of-range"}` + "\n", ""},
		{[]string{"canon", "-json"}, "http://u:pw@[::1/\n",
			`{"input":"http://u:xxxxx@[::1/","line":1,"error":"canon: cannot canonicalize \"http://u:xxxxx@[::1/\": invalid host (IPv6-unclosed) at byte 12","offset":12,"rule":"IPv6-unclosed"}` + "\n", ""},
		{[]string{"web", "-json", "http://a\t:8x/"}, "",
			`{"input":"http://a\t:8x/","error":"web: parse \"http://a\\t:8x/\": a port that is not decimal digits (port-invalid) at byte 11","offset":11,"rule":"port-invalid"}` + "\n", ""},
		{[]string{"web", "-json"}, "http://a/\xff\n",
			`{"input":"http://a/�","line":1,"input_go":"\"http://a/\\xff\"","href":"http://a/%EF%BF%BD","scheme":"http","username":"","password":"","host":"a","port":"","path":"/%EF%BF%BD","query":null,"fragment":null,"origin":"http://a","rfc":null,"differs":[]}` + "\n", ""},
		{[]string{"web", "-json"}, "http://a\xff b/\n",
			`{"input":"http://a� b/","line":1,"input_go":"\"http://a\\xff b/\"","error":"web: parse \"http://a\\xff b/\": IDNA refuses the domain (domain-to-ASCII) at byte 7","offset":7,"rule":"domain-to-ASCII"}` + "\n", ""},
		{[]string{"web", "http://h:8x/"}, "", "", "web: parse \"http://h:8x/\": a port that is not decimal digits (port-invalid) at byte 10\n  \"http://h:8x/\"\n             ^\n"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
		if jsonText(stdout.String()) != tt.wantOut || !strings.Contains(stderr.String(), tt.wantErr) {
			t.Errorf("iri %q < %q:\nout %q\nerr %q\nwant\nout %q\nerr %q", tt.args, tt.stdin, stdout.String(), stderr.String(), tt.wantOut, tt.wantErr)
		}
	}
}

// TestWebDiffers: iri web says the RFC reading differs only where it
// names another resource: not for an IPv6 address written two ways, nor
// for an empty path that the URL Standard writes "/"; but for a host that
// is another address.
func TestWebDiffers(t *testing.T) {
	var stdout, stderr bytes.Buffer
	run([]string{"web", "-json", "http://[0:0::1]/", "http://a", "http://0x7f.1/"}, strings.NewReader(""), &stdout, &stderr)
	want := `{"input":"http://[0:0::1]/","href":"http://[::1]/","scheme":"http","username":"","password":"","host":"[::1]","port":"","path":"/","query":null,"fragment":null,"origin":"http://[::1]","rfc":"http://[0:0::1]/","differs":[]}` + "\n" +
		`{"input":"http://a","href":"http://a/","scheme":"http","username":"","password":"","host":"a","port":"","path":"/","query":null,"fragment":null,"origin":"http://a","rfc":"http://a","differs":[]}` + "\n" +
		`{"input":"http://0x7f.1/","href":"http://127.0.0.1/","scheme":"http","username":"","password":"","host":"127.0.0.1","port":"","path":"/","query":null,"fragment":null,"origin":"http://127.0.0.1","rfc":"http://0x7f.1/","differs":["host"]}` + "\n"
	if stdout.String() != want {
		t.Errorf("iri web -json:\n%s\nwant\n%s", stdout.String(), want)
	}
}

// errReader fails every read.
type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

// TestDefaults: normalize keeps the fragment unless -ignore-fragment;
// the usage of a command without details has no blank line; a failing
// standard input ends the run with status 1.
func TestDefaults(t *testing.T) {
	var stdout, stderr bytes.Buffer
	run([]string{"normalize", "HTTP://a/#F"}, strings.NewReader(""), &stdout, &stderr)
	if stdout.String() != "http://a/#F\n" {
		t.Errorf("iri normalize HTTP://a/#F = %q", stdout.String())
	}
	stdout.Reset()
	run([]string{"help", "version"}, strings.NewReader(""), &stdout, &stderr)
	if stdout.String() != "usage: iri version \nPrint the version of the tool.\n" {
		t.Errorf("iri help version = %q", stdout.String())
	}
	stdout.Reset()
	stderr.Reset()
	if status := run([]string{"uri"}, errReader{}, &stdout, &stderr); status != 1 || stderr.String() != "iri: disk on fire\n" {
		t.Errorf("iri uri < failing input: status %d, stderr %q", status, stderr.String())
	}
}

// jsonText writes the escape \ufffd of encoding/json as the character
// U+FFFD itself, as later releases of Go write it: the two are the same
// JSON string.
func jsonText(s string) string { return strings.ReplaceAll(s, `\ufffd`, "\uFFFD") }
