package web

import (
	"testing"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// TestParserEncodings: UTF-8 is the parser's own path (the fast path
// included: nothing is allocated for a URL already serialized), by its
// name; a legacy encoding encodes the query of a special URL only.
func TestParserEncodings(t *testing.T) {
	const href = "https://example.com/a?q=1"
	for _, enc := range []struct {
		name string
		p    Parser
	}{{"nil", Parser{}}, {"unicode.UTF8", Parser{QueryEncoding: unicode.UTF8}}} {
		u, err := enc.p.Parse(href)
		if err != nil || u.String() != href {
			t.Errorf("%s: Parse(%q) = %q, %v", enc.name, href, u.String(), err)
		}
		if n := testing.AllocsPerRun(10, func() { enc.p.Parse(href) }); n != 0 {
			t.Errorf("%s: Parse(%q): %v allocations", enc.name, href, n)
		}
	}
	for _, tt := range []struct {
		p        Parser
		in, want string
	}{
		{Parser{QueryEncoding: unicode.UTF8}, "http://a/?é€#é", "http://a/?%C3%A9%E2%82%AC#%C3%A9"},
		{Parser{QueryEncoding: charmap.Windows1252}, "http://a/?é€#é", "http://a/?%E9%80#%C3%A9"},
		{Parser{QueryEncoding: charmap.Windows1252}, "http://a/?\u0100", "http://a/?%26%23256%3B"},
		{Parser{QueryEncoding: charmap.Windows1252}, "x:/?é", "x:/?%C3%A9"},
		{Parser{QueryEncoding: charmap.Windows1252}, "wss://a/?é", "wss://a/?%C3%A9"},
	} {
		if u, err := tt.p.Parse(tt.in); err != nil || u.String() != tt.want {
			t.Errorf("Parser{%v}.Parse(%q) = %q, %v; want %q", tt.p.QueryEncoding, tt.in, u.String(), err, tt.want)
		}
	}
	if isUTF8(nil) || isUTF8(unicode.UTF8BOM) || isUTF8(charmap.Windows1252) || !isUTF8(unicode.UTF8) {
		t.Error("isUTF8 tells UTF-8 from the others wrongly")
	}
}
