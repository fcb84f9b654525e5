package iri

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/iri-go/iri/idn"
)

// TestSchemeTable walks the scheme table, plus a scheme it does not know,
// and holds every consumer to each row: mapping, normalization, CheckBidi
// and Check.
// schemeExpectations are the facts of each scheme as their specifications
// give them, written here apart from the table in schemes.go: the default
// port, whether the host is a DNS name, whether an empty path is "/", and
// whether a userinfo is refused.
var schemeExpectations = map[string]struct {
	port                  string
	dns, root, noUserinfo bool
}{
	"http": {"80", true, true, true}, "https": {"443", true, true, true}, // RFC 9110
	"ws": {"80", true, true, true}, "wss": {"443", true, true, true}, // RFC 6455
	"ftp": {"21", true, true, false}, "ftps": {"990", true, true, false},
	"file":   {"", true, true, false}, // RFC 8089: a host is a DNS name or localhost
	"mailto": {}, "urn": {}, "tag": {}, "data": {}, "did": {},
	"ssh": {"22", true, true, false}, "sftp": {"22", true, true, false}, "telnet": {"23", true, true, false},
	"gopher": {"70", true, true, false}, "pop": {"110", true, true, false}, "nntp": {"119", true, true, false},
	"imap": {"143", true, true, false}, "ldap": {"389", true, true, false}, "ldaps": {"636", true, true, false},
	"rtsp": {"554", true, true, false}, "rtsps": {"322", true, true, false}, "git": {"9418", true, true, false},
	"irc": {"6667", true, true, false}, "ircs": {"6697", true, true, false},
	"x-unknown": {},
}

func TestSchemeTable(t *testing.T) {
	rows := append(schemes[:], schemeFacts{name: "x-unknown"})
	if len(rows) != len(schemeExpectations) {
		t.Errorf("the table has %d schemes, the expectations %d", len(rows), len(schemeExpectations))
	}
	for _, f := range rows {
		want, ok := schemeExpectations[f.name]
		if !ok {
			t.Errorf("%s: no expectation written for it", f.name)
			continue
		}
		if f.rule.DefaultPort != want.port || f.rule.DNSHost != want.dns || f.rule.EmptyPathIsRoot != want.root || f.noUserinfo != want.noUserinfo {
			t.Errorf("%s: table row %+v (noUserinfo %v), want %+v", f.name, f.rule, f.noUserinfo, want)
		}
		f.rule.DefaultPort, f.rule.DNSHost, f.rule.EmptyPathIsRoot, f.noUserinfo = want.port, want.dns, want.root, want.noUserinfo
		// Schemes compare without regard to case.
		for _, name := range []string{f.name, strings.ToUpper(f.name)} {
			dns := want.dns

			idn := mustRef(t, name+"://BÜCHER.example/")
			u, err := idn.ToURIWithIDNA()
			if converted := err == nil && u.Host() == "xn--bcher-kva.example"; converted != dns {
				t.Errorf("%s: ToURIWithIDNA converts the host: %v (%q, %v), table says DNSHost %v", name, converted, u, err, dns)
			}
			if folded := idn.Normalize(SchemeBased).Host() == "bücher.example"; folded != dns {
				t.Errorf("%s: SchemeBased folds the host: %v, table says DNSHost %v", name, folded, dns)
			}
			// As one ireg-name, "a.ב" mixes directions; as labels it does not.
			if labels := mustRef(t, name+"://a.\u05d1/").CheckBidi() == nil; labels != dns {
				t.Errorf("%s: CheckBidi splits the host into labels: %v, table says DNSHost %v", name, labels, dns)
			}
			if flagged := hasCode(mustRef(t, name+"://xn--zz.example/").Check(), "idna"); flagged != dns {
				t.Errorf("%s: Check validates the host with IDNA: %v, table says DNSHost %v", name, flagged, dns)
			}

			if f.rule.DefaultPort != "" {
				i := mustRef(t, name+"://h:"+f.rule.DefaultPort+"/")
				if i.Normalize(SchemeBased).HasPort() {
					t.Errorf("%s: SchemeBased keeps the default port %s", name, f.rule.DefaultPort)
				}
				if !hasCode(Checker{Advice: true}.Check(i), "default-port") {
					t.Errorf("%s: Check does not report the default port %s", name, f.rule.DefaultPort)
				}
			}
			if i := mustRef(t, name+"://h:1/"); i.Normalize(SchemeBased).Port() != "1" || hasCode(Checker{Advice: true}.Check(i), "default-port") {
				t.Errorf("%s: port 1 is removed or reported as a default", name)
			}
			if root := mustRef(t, name+"://h").Normalize(SchemeBased).Path() == "/"; root != f.rule.EmptyPathIsRoot {
				t.Errorf("%s: SchemeBased makes an empty path \"/\": %v, table says %v", name, root, f.rule.EmptyPathIsRoot)
			}
			if flagged := hasCode(mustRef(t, name+"://u@h/").Check(), "userinfo"); flagged != f.noUserinfo {
				t.Errorf("%s: Check reports a userinfo: %v, table says noUserinfo %v", name, flagged, f.noUserinfo)
			}
		}
	}
}

// TestComparerConcurrent runs AddRedirect and SetScheme while other
// goroutines compare, as a crawler does; run it with -race.
func TestComparerConcurrent(t *testing.T) {
	c := &Comparer{Level: ProtocolBased}
	const n = 200
	var wg sync.WaitGroup
	wg.Add(3)
	go func() {
		defer wg.Done()
		for k := range n {
			c.AddRedirect(MustParse(fmt.Sprintf("http://a/%d", k)), MustParse(fmt.Sprintf("http://a/%d/", k)))
		}
	}()
	go func() {
		defer wg.Done()
		for k := range n {
			c.SetScheme(fmt.Sprintf("s%d", k), SchemeRule{DefaultPort: "1"})
		}
	}()
	go func() {
		defer wg.Done()
		for k := range n {
			c.Compare(MustParse(fmt.Sprintf("http://a/%d", k)), MustParse(fmt.Sprintf("http://a/%d/", k)))
			c.Normalize(MustParse(fmt.Sprintf("s%d://h:1/", k)))
		}
	}()
	wg.Wait()
	for k := range n {
		if !c.Equal(MustParse(fmt.Sprintf("http://a/%d", k)), MustParse(fmt.Sprintf("http://a/%d/", k))) {
			t.Fatalf("redirect %d lost", k)
		}
		if got := c.Normalize(MustParse(fmt.Sprintf("s%d://h:1/", k))); got.HasPort() {
			t.Fatalf("rule s%d lost: %q", k, got)
		}
	}
}

// TestSharedValuesConcurrent shares one Converter, one Checker with
// Protect and one Comparer (with AddRedirect under way) between eight
// goroutines doing every operation, and checks each result against the
// one the same call gives alone; run it with -race (.ci/run does).
func TestSharedValuesConcurrent(t *testing.T) {
	conv := Converter{ASCIIHosts: true, UnicodeHosts: true}
	checker := Checker{Advice: true, Protect: idn.NewProtected([]string{"example.com", "paypal.com"})}
	comparer := &Comparer{Level: ProtocolBased, IgnoreFragment: true}
	inputs := []string{"http://xn--bcher-kva.example/a%C3%A9?q=1#f", "http://pаypal.com/", "https://Example.COM:443/./a/../b", "http://ab.גד.ef/1/2", "file://host/share/x"}
	type result struct{ toURI, toIRI, check, norm, display string }
	run := func(s string) result {
		i := MustParse(s)
		u, err := conv.ToURI(i)
		return result{
			toURI:   fmt.Sprint(u, err),
			toIRI:   conv.ToIRI(i).String(),
			check:   fmt.Sprint(checker.Check(i)),
			norm:    comparer.Normalize(MustParse("http://example.com/stable")).String(),
			display: displayAll(i),
		}
	}
	want := map[string]result{}
	for _, s := range inputs {
		want[s] = run(s)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 50 {
				if g == 0 {
					comparer.AddRedirect(MustParse(fmt.Sprintf("http://r/%d", k)), MustParse(fmt.Sprintf("http://r/%d/", k)))
					continue
				}
				s := inputs[(g+k)%len(inputs)]
				if got := run(s); got != want[s] {
					t.Errorf("%s: %+v, alone %+v", s, got, want[s])
				}
				comparer.Compare(MustParse(fmt.Sprintf("http://r/%d", k)), MustParse(fmt.Sprintf("http://r/%d/", k)))
			}
		}()
	}
	wg.Wait()
}

func displayAll(i IRI) string {
	host, refused := idn.DisplayHost(i.Host())
	return fmt.Sprint(i.Display(), host, refused, i.VisualOrder())
}

// TestSchemeChecksWhole holds the rules of the schemes' own syntax to
// every problem they report, worked out from the specifications: the
// bounds of a tag's month (1 to 12) and day (1 to 31, RFC 4151, section
// 2.1), and a data IRI's media type and parameters, whose names are
// tokens of at least one character (RFC 2397, section 3; RFC 2045,
// section 5.1).
func TestSchemeChecksWhole(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"tag:example.com,2000-01-13:x", ""},
		{"tag:example.com,2000-12-31:x", ""},
		{"tag:example.com,2000-12:x", ""},
		{"tag:example.com,2000-01-01:x", ""},
		{"tag:example.com,2000-01-32:x", "error tag-syntax ipath 4"},
		{"tag:example.com,2000-00:x", "error tag-syntax ipath 4"},
		{"tag:example.com,2000-01-00:x", "error tag-syntax ipath 4"},
		{"data:/plain,x", "error data-syntax ipath 5"},
		{"data:text/,x", "error data-syntax ipath 5"},
		{"data:text/plain;=v,x", "error data-syntax ipath 5"},
		{"data:text/plain;a=v,x", ""},
		// A token of RFC 2045, section 5.1, holds no CTL, and DEL is
		// one (RFC 822, section 3.3), nor anything beyond US-ASCII.
		{"data:text/pl%7Fain,x", "error data-syntax ipath 5; error encoded-control ipath 12"},
		{"data:text/plain;ch%7Farset=x,x", "error data-syntax ipath 5; error encoded-control ipath 18"},
		{"data:text/pl%C3%A4in,x", "error data-syntax ipath 5"},
		{"data:text/pl~ain,x", ""},
		// RFC 9562, section 4: a UUID is 8-4-4-4-12 hex digits; a hex
		// digit where the first hyphen goes is not one.
		{"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", ""},
		{"urn:uuid:f81d4fae07dec-11d0-a765-00a0c91e6bf6", "error urn-uuid ipath 9"},
		{"urn:uuid:f81d4fae-7dec011d0-a765-00a0c91e6bf6", "error urn-uuid ipath 9"},
		// RFC 6068, section 2: each address and each header field is
		// reported where it starts.
		{"mailto:a@b,c", "error mailto-address ipath 11"},
		{"mailto:a@b,c@d,e", "error mailto-address ipath 15"},
		{"mailto:a@b?subject=x&bad", "error mailto-header iquery 21"},
		{"mailto:a@b?subject=x&body=y&bad", "error mailto-header iquery 28"},
		// RFC 8089, section 2 and appendix E.2: a file path is
		// path-absolute, after a drive letter or not; "c:" alone and
		// a relative path with "/" as its third character are not.
		{"file:/c/x", ""},
		{"file:c:/x", ""},
		{"file:c:", "error file-path ipath 5"},
		{"file:c:x", "error file-path ipath 5"},
		{"file:ab/x", "error file-path ipath 5"},
	} {
		if got := problemLines(MustParse(tt.in).Check()); got != tt.want {
			t.Errorf("Check(%q):\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}
