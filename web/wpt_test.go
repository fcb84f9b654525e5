package web

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/net/idna"
	"golang.org/x/text/encoding/htmlindex"
)

// A urlTest is a case of the Web Platform Tests' urltestdata.json.
type urlTest struct {
	Input    string  `json:"input"`
	Base     *string `json:"base"`
	Href     string  `json:"href"`
	Origin   *string `json:"origin"`
	Protocol string  `json:"protocol"`
	Username string  `json:"username"`
	Password string  `json:"password"`
	Host     string  `json:"host"`
	Hostname string  `json:"hostname"`
	Port     string  `json:"port"`
	Pathname string  `json:"pathname"`
	Search   string  `json:"search"`
	Hash     string  `json:"hash"`
	Failure  bool    `json:"failure"`
}

func readWPT[T any](t *testing.T, name string) []T {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "wpt", name))
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var cases []T
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue // a comment
		}
		var c T
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// TestURLTestData runs every case of the Web Platform Tests' urltestdata.json
// and asserts the whole result: the href and every component the standard's
// API shows.
func TestURLTestData(t *testing.T) {
	cases := readWPT[urlTest](t, "urltestdata.json")
	passed := 0
	for _, c := range cases {
		got, err := parseWithBase(c.Input, c.Base)
		if c.Failure {
			if err == nil {
				t.Errorf("Parse(%q, base %s) = %q, want failure", c.Input, show(c.Base), got.String())
				continue
			}
			passed++
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q, base %s): %v, want %q", c.Input, show(c.Base), err, c.Href)
			continue
		}
		want := urlTest{Href: c.Href, Protocol: c.Protocol, Username: c.Username, Password: c.Password,
			Host: c.Host, Hostname: c.Hostname, Port: c.Port, Pathname: c.Pathname, Search: c.Search, Hash: c.Hash}
		have := urlTest{Href: got.String(), Protocol: got.Scheme() + ":", Username: got.Username(), Password: got.Password(),
			Host: got.Host(), Hostname: got.Hostname(), Port: got.Port(), Pathname: got.Path(), Search: got.Search(), Hash: got.Hash()}
		if c.Origin != nil {
			o := got.Origin()
			have.Origin, want.Origin = &o, c.Origin
		}
		if !equalTest(have, want) {
			t.Errorf("Parse(%q, base %s)\n got %s\nwant %s", c.Input, show(c.Base), dump(have), dump(want))
			continue
		}
		passed++
	}
	t.Logf("urltestdata.json: %d/%d", passed, len(cases))
}

func equalTest(a, b urlTest) bool {
	if (a.Origin == nil) != (b.Origin == nil) || a.Origin != nil && *a.Origin != *b.Origin {
		return false
	}
	a.Origin, b.Origin = nil, nil
	return a == b
}

func dump(c urlTest) string {
	b, _ := json.Marshal(c)
	return string(b)
}

func show(s *string) string {
	if s == nil {
		return "none"
	}
	return "\"" + *s + "\""
}

func parseWithBase(input string, base *string) (URL, error) {
	if base == nil {
		return Parse(input)
	}
	b, err := Parse(*base)
	if err != nil {
		return URL{}, err
	}
	return b.Parse(input)
}

// A hostTest is a case of toascii.json or IdnaTestV2.json: the host a URL
// with input as its host gets, or failure when Output is null.
type hostTest struct {
	Input   string  `json:"input"`
	Output  *string `json:"output"`
	Comment string  `json:"comment"`
}

// runHostSuite runs a host suite: the same answers under every Go release,
// whatever the Unicode version of x/net/idna's tables (internal/uts46
// gives 17.0's answers under 15.0's tables).
func runHostSuite(t *testing.T, name string) {
	cases := readWPT[hostTest](t, name)
	passed := 0
	for _, c := range cases {
		if c.Input == "" {
			continue // "https:///x" has the host "x": an empty host cannot be tried in a URL
		}
		u, err := Parse("https://" + c.Input + "/x")
		var got *string
		if err == nil {
			h := u.Hostname()
			got = &h
		}
		if got == nil && c.Output == nil || got != nil && c.Output != nil && *got == *c.Output {
			passed++
			continue
		}
		t.Errorf("%s: host of %q = %s (%v), want %s", name, c.Input, show(got), err, show(c.Output))
	}
	t.Logf("%s: %d/%d with x/net/idna's Unicode %s tables", name, passed, len(cases), idna.UnicodeVersion)
}

func TestToASCIISuite(t *testing.T)    { runHostSuite(t, "toascii.json") }
func TestIdnaTestV2Suite(t *testing.T) { runHostSuite(t, "IdnaTestV2.json") }

// TestPercentEncodingSuite runs percent-encoding.json: each input in the
// query of a special URL parsed with a document encoding, and in its
// fragment, which is always UTF-8.
func TestPercentEncodingSuite(t *testing.T) {
	type encTest struct {
		Input  string            `json:"input"`
		Output map[string]string `json:"output"`
	}
	for _, c := range readWPT[encTest](t, "percent-encoding.json") {
		for label, want := range c.Output {
			enc, err := htmlindex.Get(label)
			if err != nil {
				t.Fatalf("%s: %v", label, err)
			}
			u, err := Parser{QueryEncoding: enc}.Parse("https://doesnotmatter.invalid/?" + c.Input + "#" + c.Input)
			if err != nil {
				t.Errorf("%s %q: %v", label, c.Input, err)
				continue
			}
			if u.Query() != want || u.Fragment() != c.Output["utf-8"] {
				t.Errorf("%s %q: query %q fragment %q, want %q and %q", label, c.Input, u.Query(), u.Fragment(), want, c.Output["utf-8"])
			}
		}
	}
}
