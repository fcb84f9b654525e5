package iri

import "testing"

// TestParseErrorNamesThePart: the message of a refused character names
// the component it stands in, as the reader of an IRI sees it (RFC 3987,
// section 2.2: the rules iuserinfo, ihost, port, ipath-*, iquery and
// ifragment), whatever the rule of the grammar.
func TestParseErrorNamesThePart(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://u^@a/", `iri: parse "http://u^@a/": '^' (U+005E) not allowed in the userinfo (rule iuserinfo, at byte 8)`},
		{"http://a b/", `iri: parse "http://a b/": space not allowed in the host (rule ireg-name, at byte 8)`},
		{"http://[::1", `iri: parse "http://[::1": the text ends inside the host (rule IP-literal, at byte 11)`},
		{"http://[::1]x/", `iri: parse "http://[::1]x/": 'x' (U+0078) not allowed in the authority (rule iauthority, at byte 12)`},
		{"http://a:8x/", `iri: parse "http://a:8x/": 'x' (U+0078) not allowed in the port, which is digits (rule port, at byte 10)`},
		{"a:b c", `iri: parse "a:b c": space not allowed in the path (rule ipath-rootless, at byte 3)`},
		{"http://a/?b c", `iri: parse "http://a/?b c": space not allowed in the query (rule iquery, at byte 11)`},
		{"http://a/?b#c d", `iri: parse "http://a/?b#c d": space not allowed in the fragment (rule ifragment, at byte 13)`},
		{"http://a/#b<", `iri: parse "http://a/#b<": '<' (U+003C) not allowed in the fragment (rule ifragment, at byte 11)`},
	}
	for _, tt := range tests {
		_, err := ParseReference(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseReference(%q) error = %v\nwant %s", tt.in, err, tt.want)
		}
	}
}
