package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

func TestRun(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		stdin      string
		wantStatus int
		wantOut    []string // substrings of standard output
		wantErr    []string // substrings of standard error
	}{
		{
			name: "components", args: []string{"parse", "http://résumé.example.org/Dürst?q=€#frag"},
			wantOut: []string{`host      "résumé.example.org"`, `path      "/Dürst"`, `query     "q=€"`,
				`fragment  "frag"`, "userinfo  (absent)", "port      (absent)", "kind      IRI"},
		},
		{
			name: "empty is not absent", args: []string{"parse", "http://a/?"},
			wantOut: []string{`query     ""`, "fragment  (absent)"},
		},
		{
			name: "invalid argument", args: []string{"parse", "http://a/", "http://a/b c"}, wantStatus: 1,
			wantOut: []string{`host      "a"`},
			wantErr: []string{`iri: parse "http://a/b c": space not allowed in the path (rule ipath-abempty, at byte 10)`, "          ^"},
		},
		{
			name: "stdin", args: []string{"parse"}, stdin: "../x\nhttp://a/%zz\n//h\n", wantStatus: 1,
			wantOut: []string{"relative reference", `path      "../x"`, `host      "h"`},
			wantErr: []string{`line 2: iri: parse "http://a/%zz": a "%" not followed by two hex digits (rule pct-encoded, at byte 10)`},
		},
		{
			name: "uri", args: []string{"uri", "http://résumé.example.org/Dürst?q=€#frag"},
			wantOut: []string{"http://r%C3%A9sum%C3%A9.example.org/D%C3%BCrst?q=%E2%82%AC#frag\n"},
		},
		{
			name: "uri -idna", args: []string{"uri", "--idna", "http://résumé.example.org/Dürst"},
			wantOut: []string{"http://xn--rsum-bpad.example.org/D%C3%BCrst\n"},
		},
		{
			name: "uri stdin", args: []string{"uri", "-idna"},
			stdin:      "http://ü.example/ü\nhttp://a b/\nhttp://a\u05d0.example/\n../ü\n",
			wantStatus: 1,
			wantOut:    []string{"http://xn--tda.example/%C3%BC\n\n\n../%C3%BC\n"},
			wantErr:    []string{`line 2: iri: parse "http://a b/": space not allowed in the host`, "line 3: iri: host"},
		},
		{
			name: "iri", args: []string{"iri", "http://www.example.org/D%C3%BCrst", "http://a/%FC%e2%80%ae"},
			wantOut: []string{"http://www.example.org/Dürst\nhttp://a/%FC%E2%80%AE\n"},
		},
		{
			name: "iri -unicode-host", args: []string{"iri", "-unicode-host"},
			stdin:   "http://xn--99zt52a.example.org/%e2%80%ae\n",
			wantOut: []string{"http://納豆.example.org/%E2%80%AE\n"},
		},
		{
			name: "normalize", args: []string{"normalize", "HTTP://Example.COM:80", "http://xn--rsum-bpad.example.org/a/./b"},
			wantOut: []string{"http://example.com/\nhttp://résumé.example.org/a/b\n"},
		},
		{
			name: "normalize -level syntax", args: []string{"normalize", "-level", "syntax"}, stdin: "HTTP://Example.COM:80\n%zz\n",
			wantStatus: 1, wantOut: []string{"http://example.com:80\n"}, wantErr: []string{"line 2: "},
		},
		{name: "bad level", args: []string{"normalize", "-level", "foo"}, wantStatus: 2, wantErr: []string{"unknown comparison level"}},
		{name: "equal", args: []string{"equal", "http://example.com", "http://example.com:80/"}, wantOut: []string{"equivalent\n"}},
		{name: "equal at a level", args: []string{"equal", "--level=syntax", "http://example.com", "http://example.com:80/"},
			wantStatus: 1, wantOut: []string{"different\n"}},
		{name: "equal undetermined", args: []string{"equal", "http://a\u05d0.example/", "http://b.example/"},
			wantStatus: 1, wantOut: []string{"undetermined\n"}},
		{name: "equal bad input", args: []string{"equal", "http://a b", "http://b"}, wantStatus: 2, wantErr: []string{"space not allowed in the host"}},
		{name: "equal one argument", args: []string{"equal", "http://a"}, wantStatus: 2, wantErr: []string{"usage: iri equal"}},
		{
			name: "check", args: []string{"check", "-advice", "http://bank.example@example.org:80/", "http://example.org/ok"}, wantStatus: 1,
			wantOut: []string{"http://bank.example@example.org:80/\n  error userinfo at byte 7", "  advice default-port at byte 32"},
		},
		{name: "check warnings only", args: []string{"check", "http://example.org/re\u0301sume\u0301"}, wantOut: []string{"warning not-nfc"}},
		{name: "check stdin", args: []string{"check"}, stdin: "http://example.org/\nhttp://example.org/%C0%AF\n", wantStatus: 1,
			wantOut: []string{"line 2: http://example.org/%C0%AF\n  error overlong-utf8"}},
		{
			name: "show", args: []string{"show", "http://ab.\u05d2\u05d3\u05d4.ij/kl"},
			wantOut: []string{"visual   http://ab.\u05d4\u05d3\u05d2.ij/kl\n", "uri      http://ab.%D7%92%D7%93%D7%94.ij/kl\n", "display  \"\\u202ahttp://ab.\u05d2\u05d3\u05d4.ij/kl\\u202c\""},
		},
		{
			name: "parse -json", args: []string{"parse", "-json", "http://a/?", "b c"}, wantStatus: 1,
			wantOut: []string{`{"input":"http://a/?","kind":"IRI","scheme":"http","userinfo":null,"host":"a","port":null,"path":"/","query":"","fragment":null,"segments":[""],"params":[]}` + "\n",
				`{"input":"b c","error":"iri: parse \"b c\": space not allowed in the path (rule ipath-noscheme, at byte 1)","offset":1,"rule":"ipath-noscheme"}` + "\n"},
		},
		{
			name: "uri -json stdin", args: []string{"uri", "-json", "-idna"}, stdin: "http://ü.example/\n%\n", wantStatus: 1,
			wantOut: []string{`{"input":"http://ü.example/","line":1,"output":"http://xn--tda.example/"}` + "\n",
				`{"input":"%","line":2,"error":"iri: parse \"%\": a \"%\" not followed by two hex digits (rule pct-encoded, at byte 1)","offset":1,"rule":"pct-encoded"}`},
		},
		{ // a host IDNA refuses: no offset or rule, which would be the host's, not the input's
			name: "uri -json -idna refused", args: []string{"uri", "-json", "-idna", "http://a..b/"}, wantStatus: 1,
			wantOut: []string{`{"input":"http://a..b/","error":"iri: host \"a..b\" cannot be converted to ASCII: \"a..b\" has an empty label (RFC 1035)"}` + "\n"},
		},
		{name: "iri -json", args: []string{"iri", "-json", "http://a/%C3%BC"}, wantOut: []string{`{"input":"http://a/%C3%BC","output":"http://a/ü"}`}},
		{name: "normalize -json", args: []string{"normalize", "-json", "HTTP://A:80"}, wantOut: []string{`{"input":"HTTP://A:80","output":"http://a/"}`}},
		{name: "equal -json", args: []string{"equal", "-json", "-level", "syntax", "http://a", "HTTP://a"},
			wantOut: []string{`{"a":"http://a","b":"HTTP://a","level":"syntax","result":"equivalent"}`}},
		{name: "check -json", args: []string{"check", "-json", "http://u@a:80/", "http://a/"}, wantStatus: 1,
			wantOut: []string{`{"input":"http://u@a:80/","problems":[{"code":"userinfo","severity":"error","component":"iuserinfo","offset":7,"message":`, `"count":1}`, `{"input":"http://a/","problems":[]}`}},
		{name: "show -json", args: []string{"show", "-json", "http://a/b"},
			wantOut: []string{"{\"input\":\"http://a/b\",\"visual\":\"http://a/b\",\"uri\":\"http://a/b\",\"display\":\"\u202ahttp://a/b\u202c\",\"host\":\"a\",\"refused\":[]}"}},
		{name: "show spoof", args: []string{"show", "http://\u0430\u0440\u0440\u04cf\u0435.com/"},
			wantOut: []string{"display  \"\\u202ahttp://xn--80ak6aa92e.com/\\u202c\"", "host     xn--80ak6aa92e.com", "shown in punycode:"}},
		{name: "help command", args: []string{"help", "uri"}, wantOut: []string{"usage: iri uri", "-idna", "-json"}},
		{name: "help unknown", args: []string{"help", "frob"}, wantStatus: 2, wantErr: []string{`unknown command "frob"`}},
		{name: "help exit statuses", args: []string{"help"}, wantOut: []string{"Exit status:", "normalize", "check"}},
		{name: "bad flag", args: []string{"uri", "-frob"}, wantStatus: 2, wantErr: []string{"usage: iri uri"}},
		{name: "no command", args: nil, wantStatus: 2, wantErr: []string{"usage: iri"}},
		{name: "unknown command", args: []string{"frob"}, wantStatus: 2, wantErr: []string{`unknown command "frob"`}},
		{name: "help", args: []string{"help"}, wantOut: []string{"parse"}},
		{name: "command help", args: []string{"parse", "-h"}, wantErr: []string{"usage: iri parse"}},
		{name: "flag after argument", args: []string{"uri", "http://ü.example/", "-idna"}, wantOut: []string{"http://xn--tda.example/\n"}},
		{name: "-- ends flags", args: []string{"parse", "--", "-json"}, wantOut: []string{`path      "-json"`}},
		{name: "unknown flag quoted", args: []string{"parse", "-\x1b]0;x\a"}, wantStatus: 2, wantErr: []string{`flag provided but not defined: -\x1b]0;x\a`}},
		{name: "equal argument count", args: []string{"equal", "a", "b", "c"}, wantStatus: 2, wantErr: []string{"want two IRI references, got 3", "usage: iri equal"}},
		{name: "resolve", args: []string{"resolve", "http://a/b/c/d;p?q", "g", "../g", "?y"}, wantOut: []string{"http://a/b/c/g\nhttp://a/b/g\nhttp://a/b/c/d;p?y\n"}},
		{name: "resolve relative base", args: []string{"resolve", "b/c", "g"}, wantStatus: 2, wantErr: []string{"not absolute"}},
		{name: "resolve stdin", args: []string{"resolve", "http://a/b/c"}, stdin: "d\n//x/y\n", wantOut: []string{"http://a/b/d\nhttp://x/y\n"}},
		{name: "relativize", args: []string{"relativize", "http://a/b/c/d", "http://a/b/x", "http://a/", "http://other/z"},
			wantOut: []string{"../x\n/\n//other/z\n"}},
		{name: "relativize jsonld", args: []string{"relativize", "-style", "jsonld", "http://a/b/c/d", "http://a/", "http://other/z", "http://a/b/c/d"},
			wantOut: []string{"../../\nhttp://other/z\nd\n"}},
		{name: "relativize options", args: []string{"relativize", "-parents", "-max-parents", "1", "http://a/b/c/d", "http://a/b/x", "http://a/x"},
			wantOut: []string{"../x\n/x\n"}},
		{name: "lenient", args: []string{"uri", "-lenient"}, stdin: "  http://a/b c  \nhttp://ok/\n",
			wantOut: []string{"http://a/b%20c\nhttp://ok/\n"}, wantErr: []string{`line 1: read leniently as "http://a/b%20c"`}},
		{name: "lenient still refuses", args: []string{"parse", "-lenient", "http://exa[mple.org/"}, wantStatus: 1, wantErr: []string{"not allowed in the host (rule ireg-name, at byte 10)"}},
		{name: "version", args: []string{"version"}, wantOut: []string{"iri "}},
		{name: "--version", args: []string{"--version"}, wantOut: []string{"iri "}},
		{name: "check bare host", args: []string{"check", "xn--80ak6aa92e.com", "example.com"}, wantStatus: 1,
			wantOut: []string{"xn--80ak6aa92e.com\n  error idn-whole-script-confusable at byte 0 in label"}},
		{name: "build without flags", args: []string{"build"}, wantStatus: 2, wantErr: []string{"no component given"}},
		{name: "resolve json usage", args: []string{"resolve", "-json"}, wantStatus: 2, wantOut: []string{`{"error":"want a BASE IRI","usage":true}` + "\n"}},
		{name: "normalize base fragment", args: []string{"normalize", "-ignore-fragment", "-base", "http://h/a/", "../B#x", "HTTP://H:80/%7e"},
			wantOut: []string{"http://h/B\nhttp://h/~\n"}},
		{name: "caret wide", args: []string{"parse", "http://例え.jp/a b"}, wantStatus: 1,
			wantErr: []string{"  \"http://例え.jp/a b\"\n                   ^\n"}},
		{name: "json line", args: []string{"normalize", "-json"}, stdin: "http://a/\nhttp://b/\n",
			wantOut: []string{`{"input":"http://a/","line":1,"output":"http://a/"}` + "\n" + `{"input":"http://b/","line":2,"output":"http://b/"}` + "\n"}},
		{name: "web", args: []string{"web", `HTTP://EXAMPLE.com\a\..\b?q#f`, "http://0x7f.1/x", "http://[0:0::1]/", "http://a:99999/"}, wantStatus: 1,
			wantOut: []string{"http://example.com/b?q#f\n  scheme http  host example.com  port -  path /b  query q  fragment f\n" +
				"http://127.0.0.1/x\n  scheme http  host 127.0.0.1  port -  path /x  query -  fragment -\n  RFC 3986 reads http://0x7f.1/x: the host differs\n" +
				"http://[::1]/\n  scheme http  host [::1]  port -  path /  query -  fragment -\n"},
			wantErr: []string{`web: parse "http://a:99999/": a port above 65535 (port-out-of-range) at byte 9`}},
		{name: "web json base", args: []string{"web", "-json", "-base", "http://h/a/b", "%2e%2e/d"},
			wantOut: []string{`{"input":"%2e%2e/d","href":"http://h/d","scheme":"http","username":"","password":"","host":"h","port":"","path":"/d","query":null,"fragment":null,"origin":"http://h","rfc":"http://h/a/%2e%2e/d","differs":["path"]}` + "\n"}},
		{name: "file", args: []string{"file", "-style", "posix", "/tmp/a b/é#1", "relative"}, wantStatus: 1,
			wantOut: []string{"file:///tmp/a%20b/é%231\n"}, wantErr: []string{"not absolute"}},
		{name: "file windows", args: []string{"file", "-style", "windows", `C:\Documents and Settings\x`, `\\server\share\f`},
			wantOut: []string{"file:///C:/Documents%20and%20Settings/x\nfile://server/share/f\n"}},
		{name: "path", args: []string{"path", "-style", "posix", "file:///tmp/a%20b", "file://localhost/etc", "file://remote/x"}, wantStatus: 1,
			wantOut: []string{"/tmp/a b\n/etc\n"}, wantErr: []string{"POSIX path cannot name"}},
		{name: "path json not UTF-8", args: []string{"path", "-json", "-style", "posix", "file:///a%FFb", "file:///ok"},
			wantOut: []string{`"output_go":"\"/a\\xffb\""}` + "\n" + `{"input":"file:///ok","output":"/ok"}` + "\n"}},
		{name: "path windows", args: []string{"path", "-style", "windows", "file:c:/path/to/file", "file://///host.example.com/path/to/file"},
			wantOut: []string{`c:\path\to\file` + "\n" + `\\host.example.com\path\to\file` + "\n"}},
		{name: "check advice", args: []string{"check", "-advice", "HTTP://Example.org:80/a/../%c3%a9"},
			wantOut: []string{"advice uppercase-scheme", "advice uppercase-host", "advice default-port", "advice lowercase-hex", "advice dot-segment"}},
		{name: "check scheme rules", args: []string{"check", "urn:X-foo:bar", "http:///x"}, wantStatus: 1,
			wantOut: []string{"error urn-nid", "error http-host"}},
		{name: "build", args: []string{"build", "-scheme", "https", "-host", "example.org", "-segment", "a b/c", "-param", "q=Dürst & Co"},
			wantOut: []string{"https://example.org/a%20b%2Fc?q=Dürst%20%26%20Co\n"}},
		{name: "build components", args: []string{"build", "-scheme", "http", "-host", "h", "-port", "8080", "-path", "/p", "-query", "", "-fragment", "f"},
			wantOut: []string{"http://h:8080/p?#f\n"}},
		{name: "build error", args: []string{"build", "-scheme", "http", "-host", "h", "-path", "rel"}, wantStatus: 1,
			wantErr: []string{`iri: path "rel": a path after an authority starts with "/" (rule ipath-abempty, at byte 0)`}},
		{name: "parse segments and params", args: []string{"parse", "http://h/a%2Fb/c?x=1+2&y"},
			wantOut: []string{`segments  "a/b" "c"`, `params    "x"="1 2" "y"=""`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
			if status != tt.wantStatus {
				t.Errorf("status %d, want %d; stderr:\n%s", status, tt.wantStatus, stderr.String())
			}
			for _, want := range tt.wantOut {
				if !strings.Contains(stdout.String(), want) {
					t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
				}
			}
			for _, want := range tt.wantErr {
				if !strings.Contains(stderr.String(), want) {
					t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
				}
			}
		})
	}
}

// TestLineTooLong runs a line over the limit between two others: it is
// reported with its line number, an empty line stands in its place, and
// the lines after it are processed.
func TestLineTooLong(t *testing.T) {
	var stdout, stderr bytes.Buffer
	c := &context{cmd: commands[2], stdin: strings.NewReader("http://a/\nhttp://" + strings.Repeat("b", 100) + "/\nhttp://c/\n"),
		out: bufio.NewWriter(&stdout), stderr: &stderr, maxLine: 50}
	status := runURI(c, nil, uriOptions{})
	c.out.Flush()
	if status != 1 || stdout.String() != "http://a/\n\nhttp://c/\n" || !strings.Contains(stderr.String(), "line 2: line longer than 50 bytes, skipped") {
		t.Errorf("status %d, stdout %q, stderr %q", status, stdout.String(), stderr.String())
	}
}

func TestCheckProtectFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "protect.txt")
	if err := os.WriteFile(file, []byte("# brands\ngoogle.com\n\nxn--mnchen-3ya.de\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	status := run([]string{"check", "-protect", file, "gọọgle.com", "münchen.de", "http://example.com/"}, strings.NewReader(""), &out, &errOut)
	want := "gọọgle.com\n  error idn-protected at byte 0 in ihost: \"gọọgle.com\" looks like \"google.com\", a name protected here\n"
	if status != 1 || out.String() != want {
		t.Errorf("status %d, output %q, want %q (stderr %q)", status, out.String(), want, errOut.String())
	}
}

// TestAppendQuoted: the fast path quotes as strconv does, for every ASCII
// byte and for characters beyond it that are and are not graphic.
func TestAppendQuoted(t *testing.T) {
	inputs := []string{"", "plain", "é", "a\u00a0b", "a\u200bb", "\xff", "a\xc3", "\U0001F600", "日本",
		"\u202ahttp://example.org/\u05d0\u202c", "\u202a\"q\"\\\u202c", "a\xffb\xc3\xa9\xc3", "\U0010ffff\ufffd\xef\xbf\xbd", "\x00\x7f'"}
	for c := range 0x80 {
		inputs = append(inputs, "x"+string(rune(c))+"y")
	}
	for _, s := range inputs {
		if got, want := string(appendQuoted([]byte("p"), s)), "p"+strconv.QuoteToGraphic(s); got != want {
			t.Errorf("appendQuoted(%q) = %s, want %s", s, got, want)
		}
	}
}

// TestQuoteControls holds quoteControls to its definition, character by
// character: controls, bidi controls and other characters that are not
// graphic, and bytes that are not UTF-8, escaped as Go quotes them; the
// rest kept, with or without the fast path's prefix before them.
func TestQuoteControls(t *testing.T) {
	byRune := func(s string) string {
		var b strings.Builder
		for p := 0; p < len(s); {
			r, size := utf8.DecodeRuneInString(s[p:])
			switch {
			case r == utf8.RuneError && size == 1:
				fmt.Fprintf(&b, `\x%02x`, s[p])
			case !strconv.IsGraphic(r):
				q := strconv.QuoteRuneToASCII(r)
				b.WriteString(q[1 : len(q)-1])
			default:
				b.WriteString(s[p : p+size])
			}
			p += size
		}
		return b.String()
	}
	inputs := []string{"", "plain text", "é", "a\u00a0b", "a\u200bb", "a\u202eb", "\xff", "a\xc3", "é\xc3", "\U0001F600", "日本",
		"\U0001F600\x01", "\uFFFD", "\xef\xbf\xbd", "a\u2028b"}
	for c := range 0x80 {
		inputs = append(inputs, "x"+string(rune(c))+"y", "é"+string(rune(c)))
	}
	for _, s := range inputs {
		if got, want := quoteControls(s), byRune(s); got != want {
			t.Errorf("quoteControls(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestFlagsPerRun: each run of a command has its own flags, with their
// defaults: a flag given to one run is not seen by the next, nor by a run
// beside it (run is called concurrently by tests and by programs that
// embed the dispatcher).
func TestFlagsPerRun(t *testing.T) {
	runs := []struct {
		args []string
		want string
	}{
		{[]string{"uri", "-idna", "http://bücher.example/"}, "http://xn--bcher-kva.example/\n"},
		{[]string{"uri", "http://bücher.example/"}, "http://b%C3%BCcher.example/\n"},
		{[]string{"normalize", "-level", "syntax", "HTTP://a:80/"}, "http://a:80/\n"},
		{[]string{"normalize", "HTTP://a:80/"}, "http://a/\n"},
		{[]string{"relativize", "-style", "document", "http://a/b/c", "http://a/b/d"}, "http://a/b/d\n"},
		{[]string{"relativize", "http://a/b/c", "http://a/b/d"}, "d\n"},
		{[]string{"canon", "-surt", "http://www.example.com/a"}, "com,example)/a\n"},
		{[]string{"canon", "http://www.example.com/a"}, "http://www.example.com/a\n"},
		{[]string{"web", "-json", "-base", "http://a/b/", "c"}, `"href":"http://a/b/c"`},
		{[]string{"web", "-json", "http://a/c"}, `"href":"http://a/c"`},
		{[]string{"expand", "-iri", "{x}", "x=é"}, "é\n"},
		{[]string{"expand", "{x}", "x=é"}, "%C3%A9\n"},
		{[]string{"file", "-style", "windows", `C:\a`}, "file:///C:/a\n"},
		{[]string{"file", "-style", "posix", "/a"}, "file:///a\n"},
		{[]string{"build", "-host", "h", "-segment", "a"}, "//h/a\n"},
		{[]string{"build", "-host", "h", "-segment", "b"}, "//h/b\n"},
		{[]string{"canon", "-drop-param", "x", "http://a/?x=1&y=2"}, "http://a/?y=2\n"},
		{[]string{"canon", "http://a/?x=1&y=2"}, "http://a/?x=1&y=2\n"},
	}
	check := func(args []string, want string) error {
		var stdout, stderr bytes.Buffer
		run(args, strings.NewReader(""), &stdout, &stderr)
		if got := stdout.String(); got != want && !(strings.HasPrefix(want, `"`) && strings.Contains(got, want)) {
			return fmt.Errorf("iri %q: %q (stderr %q), want %q", args, got, stderr.String(), want)
		}
		return nil
	}
	for _, r := range runs {
		if err := check(r.args, r.want); err != nil {
			t.Error(err)
		}
	}
	errs := make(chan error, 8*len(runs))
	var wg sync.WaitGroup
	for range 8 {
		for _, r := range runs {
			wg.Go(func() { errs <- check(r.args, r.want) })
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
			break
		}
	}
}
