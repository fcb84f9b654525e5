package iri

import (
	"errors"
	"testing"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
)

func TestParseLEIRI(t *testing.T) {
	tests := []struct{ in, want string }{
		// 3987bis, section 7.1: the leiri-ucschar characters.
		{`http://example.org/a b<c>"d{e}f|g\h^i` + "`j", "http://example.org/a%20b%3Cc%3E%22d%7Be%7Df%7Cg%5Ch%5Ei%60j"},
		{"http://example.org/\x00\x1f\x7f\u0080\u009f", "http://example.org/%00%1F%7F%C2%80%C2%9F"},
		{"file:///C:/My Documents/ü.xml", "file:///C:/My%20Documents/ü.xml"},
		// Not ucschar: noncharacters, specials, tags, iprivate outside the
		// query; bidi formatting characters (RFC 3987, section 4.1).
		{"http://a/\ufdd0\ufffd\U000e0001\U0001fffe", "http://a/%EF%B7%90%EF%BF%BD%F3%A0%80%81%F0%9F%BF%BE"},
		{"http://a/\ue000?\ue000#\ue000", "http://a/%EE%80%80?\ue000#%EE%80%80"},
		{"http://a/\u200e\u202e\u2066", "http://a/%E2%80%8E%E2%80%AE%E2%81%A6"},
		{"http://a/#?\ue000", "http://a/#?%EE%80%80"},
		// What is valid stays as it is.
		{"http://résumé.example.org/Dürst?q=€#frag", "http://résumé.example.org/Dürst?q=€#frag"},
		{"../a b", "../a%20b"},
		{"", ""},
	}
	for _, tt := range tests {
		got, err := ParseLEIRI(tt.in)
		if err != nil || got.String() != tt.want {
			t.Errorf("ParseLEIRI(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			continue
		}
		checkReparses(t, got)
	}
}

// RFC 3987, section 3.1: "#", "%", "[" and "]" MUST NOT be converted.
func TestParseLEIRINeverEncodes(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		rule   string
	}{
		{"http://a/b#c#d", 12, "ifragment"},
		{"http://a b/%zz", 12, "pct-encoded"},
		{"http://a/[x]", 9, "ipath-abempty"},
		{"http://a/ ]", 10, "ipath-abempty"},
		{"http://a/\u00a0 é %", 16, "pct-encoded"},
		{"http://a/\xff", 9, "leiri-ucschar"},
		{"1a:b c", 2, "ipath-noscheme"},
	}
	for _, tt := range tests {
		_, err := ParseLEIRI(tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Offset != tt.offset || pe.Rule != tt.rule || pe.Input != tt.in {
			t.Errorf("ParseLEIRI(%q) = %#v, want an error at %d in %s", tt.in, err, tt.offset, tt.rule)
		}
	}
	// The brackets of an IP literal are kept, as they must be.
	if i, err := ParseLEIRI("http://[::1]/a b"); err != nil || i.Host() != "[::1]" {
		t.Errorf("ParseLEIRI with an IP literal: %q, %v", i, err)
	}
}

func TestParseUserInput(t *testing.T) {
	tests := []struct{ in, want string }{
		{"  http://example.org/a b \t\r\n", "http://example.org/a%20b"},
		{"\thttp://résumé.example.org/Dürst\n", "http://résumé.example.org/Dürst"},
		{"http://example.org/{x}|y", "http://example.org/%7Bx%7D%7Cy"},
		{"   ", ""},
		{"\u00a0a/ b\u00a0", "a/%20b"},                          // Unicode white space is trimmed
		{"\ufeffhttp://a/\u3000", "http://a/"},                  // and a byte order mark
		{"http://a/\u00a0b", "http://a/\u00a0b"},                // but kept inside
		{"http://a/100%", "http://a/100%25"},                    // a stray "%" is a percent sign
		{"http://a/%41%zz%", "http://a/%41%25zz%25"},            // beside a valid one
		{"example.com:8080/x?y", "http://example.com:8080/x?y"}, // a host and port, not a scheme
		{"localhost:3000", "http://localhost:3000"},
		{"mailto:1234", "mailto:1234"},           // a scheme without a dot stays one
		{"example.com:x", "example.com:x"},       // not a port
		{"a+b.example:80/x", "a+b.example:80/x"}, // a scheme with "+" (RFC 3986, section 3.1), no host
		{"http://a/b%20", "http://a/b%20"},       // a triplet at the end stays one
		{"http://a/b%4", "http://a/b%254"},       // one hex digit at the end is no triplet
		{".:80", "http://.:80"},                  // a one-byte name with its dot: "." is a reg-name, never a scheme
		{"a\\b", "a%5Cb"},                        // no scheme, no special one: a backslash is encoded, not a "/"
	}
	for _, tt := range tests {
		got, err := ParseUserInput(tt.in)
		if err != nil || got.String() != tt.want {
			t.Errorf("ParseUserInput(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, tt := range []struct {
		in     string
		offset int
	}{
		{"  1http://example.org/", 7},  // a bad scheme reads as a path with a colon
		{"  http://exa[mple.org/", 12}, // "[" is never encoded
		{" http://a/[", 10},
		{" 100%/x:[", 8},           // offsets past a stray "%" refer to the text as typed
		{"example.com:8080/[", 17}, // and past the "http://" an address bar adds
	} {
		_, err := ParseUserInput(tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Offset != tt.offset || pe.Input != tt.in {
			t.Errorf("ParseUserInput(%q) = %#v, want an error at %d", tt.in, err, tt.offset)
		}
	}
}

// TestBackslashAuthority: where a browser reads a backslash as "/" (the
// special schemes), the lenient parsers never name another host than the
// browser does: ParseUserInput reads it as the browser, ParseLEIRI refuses.
func TestBackslashAuthority(t *testing.T) {
	for _, tt := range []struct{ in, user, leiri string }{
		{`http://evil.com\@good.com/`, "http://evil.com/@good.com/", `iri: parse "http://evil.com\\@good.com/": '\\' (U+005C) not allowed in the authority (rule iauthority, at byte 15)`},
		{`HTTPS:\\evil.com\x`, "HTTPS://evil.com/x", `iri: parse "HTTPS:\\\\evil.com\\x": '\\' (U+005C) not allowed in the authority (rule iauthority, at byte 6)`},
		{`http://a/b\c?d\e`, "http://a/b/c?d%5Ce", ""},
		{`foo://evil.com\@good.com/`, "foo://evil.com%5C@good.com/", ""},
		{`file:///C:\x`, "file:///C:/x", ""},
	} {
		got, err := ParseUserInput(tt.in)
		if err != nil || got.String() != tt.user {
			t.Errorf("ParseUserInput(%q) = %q, %v; want %q", tt.in, got, err, tt.user)
		}
		l, err := ParseLEIRI(tt.in)
		switch {
		case tt.leiri == "" && err != nil:
			t.Errorf("ParseLEIRI(%q): %v", tt.in, err)
		case tt.leiri != "" && (err == nil || err.Error() != tt.leiri):
			t.Errorf("ParseLEIRI(%q) = %q, %v; want the error %s", tt.in, l, err, tt.leiri)
		}
	}
}

func TestParseEncoded(t *testing.T) {
	// RFC 3987, section 3.1, step 1 b: windows-1258 writes "ệ" as "ê"
	// followed by COMBINING DOT BELOW; NFC gives the precomposed U+1EC7.
	i, err := ParseEncoded([]byte("http://example.org/Vi\xea\xf2t_Nam"), charmap.Windows1258)
	if err != nil || i.Path() != "/Vi\u1ec7t_Nam" {
		t.Errorf("windows-1258: %q, %v; want path %q", i, err, "/Vi\u1ec7t_Nam")
	}
	i, err = ParseEncoded([]byte("http://example.org/r\xe9sum\xe9"), charmap.ISO8859_1)
	if err != nil || i.Path() != "/résumé" {
		t.Errorf("ISO-8859-1: %q, %v", i, err)
	}
	i, err = ParseEncoded([]byte("http://example.jp/\x93\xfa\x96\x7b"), japanese.ShiftJIS)
	if err != nil || i.Path() != "/日本" {
		t.Errorf("Shift_JIS: %q, %v", i, err)
	}
	if _, err := ParseEncoded([]byte("http://example.org/a b"), charmap.ISO8859_1); err == nil {
		t.Error("ParseEncoded accepted a space")
	}
	// Variant c: Unicode text is never normalized.
	nfd := "http://example.org/re\u0301sume\u0301"
	if i := mustRef(t, nfd); i.String() != nfd {
		t.Errorf("ParseReference normalized %q to %q", nfd, i)
	}
}

// TestParseLEIRIEdges: the first character is encoded like any other; an
// error after an encoded character beyond ASCII names the offset in the
// input; a backslash in a file URL's authority is refused.
func TestParseLEIRIEdges(t *testing.T) {
	if i, err := ParseLEIRI(`"a`); err != nil || i.String() != "%22a" {
		t.Errorf(`ParseLEIRI("a) = %q, %v`, i, err)
	}
	var pe *ParseError
	if _, err := ParseLEIRI("/\ue000\xff"); !errors.As(err, &pe) || pe.Offset != 4 {
		t.Errorf("ParseLEIRI(/\\ue000\\xff) = %v; want an error at byte 4", err)
	}
	if _, err := ParseLEIRI(`file://evil.com\@good/`); !errors.As(err, &pe) || pe.Offset != 15 || pe.Rule != "iauthority" {
		t.Errorf(`ParseLEIRI(file://evil.com\@good/) = %v; want the backslash at byte 15`, err)
	}
}

// TestParseLEIRIFileAndBytes: a backslash as the second character of a
// file URL's authority is named where it stands; a byte that is not UTF-8
// is an error, never encoded as if it were a character.
func TestParseLEIRIFileAndBytes(t *testing.T) {
	var pe *ParseError
	if _, err := ParseLEIRI(`file:/\h/`); !errors.As(err, &pe) || pe.Offset != 6 {
		t.Errorf(`ParseLEIRI(file:/\h/) = %v; want the backslash at byte 6`, err)
	}
	if _, err := ParseLEIRI("/\x80"); !errors.As(err, &pe) || pe.Offset != 1 || !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf(`ParseLEIRI("/\x80") = %v; want invalid UTF-8 at byte 1`, err)
	}
}
