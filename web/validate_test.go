package web

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// ve is a short way to write an expected list of validation errors: code,
// offset, code, offset...
func ve(codeOffsets ...any) []ValidationError {
	var errs []ValidationError
	for k := 0; k < len(codeOffsets); k += 2 {
		errs = append(errs, ValidationError{codeOffsets[k].(string), codeOffsets[k+1].(int)})
	}
	return errs
}

// TestValidationErrors asserts whole results, worked out by hand from the
// basic URL parser's steps (URL Standard at whatwg/url
// 6ae84860d12800bcf563668e7cc821360dce6062, sections 3.5 and 4.4): first
// the example of each row of the table of validation errors (section 4.1),
// then the cases around them. rule is the Rule of the *Error when the parse
// fails.
func TestValidationErrors(t *testing.T) {
	tests := []struct {
		input, base string
		want        []ValidationError
		rule        string
	}{
		// The examples of section 4.1's table, in its order.
		{"https://exa%23mple.org", "", ve("domain-to-ASCII", 8, "domain-percent-encoded", 11), "domain-to-ASCII"},
		{"https://exam%70le.org", "", ve("domain-percent-encoded", 12), ""},
		{"foo://exa[mple.org", "", ve("host-invalid-code-point", 9), "host-invalid-code-point"},
		// The example's final dot is also the domain-to-ASCII of UTS #46
		// 16.0 on: VerifyDnsLength refuses the root label's dot.
		{"https://127.0.0.1./", "", ve("domain-to-ASCII", 8, "IPv4-empty-part", 8), ""},
		{"https://1.2.3/", "", ve("IPv4-too-few-parts", 8), ""},
		{"https://1.2.3.4.5/", "", ve("IPv4-too-many-parts", 8), "IPv4-too-many-parts"},
		{"https://test.42", "", ve("IPv4-too-few-parts", 8, "IPv4-non-numeric-part", 8), "IPv4-non-numeric-part"},
		{"https://127.0.0x0.1", "", ve("IPv4-non-decimal-part", 8), ""},
		{"https://255.255.4000.1", "", ve("IPv4-out-of-range-part", 8), "IPv4-out-of-range-part"},
		{"https://[::1", "", ve("IPv6-unclosed", 8), "IPv6-unclosed"},
		{"https://[:1]", "", ve("IPv6-invalid-compression", 9), "IPv6-invalid-compression"},
		{"https://[1:2:3:4:5:6:7:8:9]", "", ve("IPv6-too-many-pieces", 25), "IPv6-too-many-pieces"},
		{"https://[1::1::1]", "", ve("IPv6-multiple-compression", 13), "IPv6-multiple-compression"},
		{"https://[1:2:3!:4]", "", ve("IPv6-invalid-code-point", 14), "IPv6-invalid-code-point"},
		{"https://[1:2:3:]", "", ve("IPv6-invalid-code-point", 15), "IPv6-invalid-code-point"},
		{"https://[1:2:3]", "", ve("IPv6-too-few-pieces", 14), "IPv6-too-few-pieces"},
		{"https://[::01]", "", ve("IPv6-piece-leading-zero", 11), ""},
		{"https://[1:1:1:1:1:1:1:127.0.0.1]", "", ve("IPv4-in-IPv6-too-many-pieces", 23), "IPv4-in-IPv6-too-many-pieces"},
		{"https://[ffff::.0.0.1]", "", ve("IPv4-in-IPv6-invalid-code-point", 15), "IPv4-in-IPv6-invalid-code-point"},
		{"https://[ffff::127.0.xyz.1]", "", ve("IPv4-in-IPv6-invalid-code-point", 21), "IPv4-in-IPv6-invalid-code-point"},
		{"https://[ffff::127.0xyz]", "", ve("IPv4-in-IPv6-invalid-code-point", 20), "IPv4-in-IPv6-invalid-code-point"},
		{"https://[ffff::127.00.0.1]", "", ve("IPv4-in-IPv6-invalid-code-point", 20), "IPv4-in-IPv6-invalid-code-point"},
		{"https://[ffff::127.0.0.1.2]", "", ve("IPv4-in-IPv6-invalid-code-point", 24), "IPv4-in-IPv6-invalid-code-point"},
		{"https://[ffff::127.0.0.4000]", "", ve("IPv4-in-IPv6-out-of-range-part", 25), "IPv4-in-IPv6-out-of-range-part"},
		{"https://[ffff::127.0.0]", "", ve("IPv4-in-IPv6-too-few-parts", 22), "IPv4-in-IPv6-too-few-parts"},
		{"https://example.org/>", "", ve("invalid-URL-unit", 20), ""},
		{" https://example.org ", "", ve("invalid-URL-unit", 0), ""},
		{"ht\ntps://example.org", "", ve("invalid-URL-unit", 2), ""},
		{"https://example.org/%s", "", ve("invalid-URL-unit", 20), ""},
		{"file:c:/my-secret-folder", "", ve("special-scheme-missing-following-solidus", 5), ""},
		{"https:example.org", "", ve("special-scheme-missing-following-solidus", 6), ""},
		{"https:foo.html", "https://example.org/", ve("special-scheme-missing-following-solidus", 6), ""},
		{"💩", "", ve("missing-scheme-non-relative-URL", 0), "missing-scheme-non-relative-URL"},
		{"💩", "mailto:user@example.org", ve("missing-scheme-non-relative-URL", 0), "missing-scheme-non-relative-URL"},
		{`https://example.org\path\to\file`, "", ve("invalid-reverse-solidus", 19, "invalid-reverse-solidus", 24, "invalid-reverse-solidus", 27), ""},
		{"https://user@example.org", "", ve("invalid-credentials", 12), ""},
		{"ssh://user@example.org", "", ve("invalid-credentials", 10), ""},
		{"https://#fragment", "", ve("host-missing", 8), "host-missing"},
		{"https://:443", "", ve("host-missing", 8), "host-missing"},
		{"https://user:pass@", "", ve("invalid-credentials", 17, "host-missing", 18), "host-missing"},
		{"https://example.org:70000", "", ve("port-out-of-range", 20), "port-out-of-range"},
		{"https://example.org:7z", "", ve("port-invalid", 21), "port-invalid"},
		// The table's example of file-invalid-Windows-drive-letter,
		// "/c:/path/to/file", goes through the file slash state, whose
		// steps record no error; the file state records it for a drive
		// letter with no slash before it.
		{"/c:/path/to/file", "file:///c:/", nil, ""},
		{"C|/foo", "file:///c:/", ve("file-invalid-Windows-drive-letter", 0, "invalid-URL-unit", 1), ""},
		{"file://c:", "", ve("file-invalid-Windows-drive-letter-host", 7), ""},

		// Slashes: each one the special authority ignore slashes state
		// skips, a backslash wherever a special URL reads it as a slash.
		{"https://////example.com///", "", ve("special-scheme-missing-following-solidus", 8, "special-scheme-missing-following-solidus", 9,
			"special-scheme-missing-following-solidus", 10, "special-scheme-missing-following-solidus", 11), ""},
		{`http:\\foo.com\`, "", ve("special-scheme-missing-following-solidus", 5, "special-scheme-missing-following-solidus", 6, "invalid-reverse-solidus", 14), ""},
		{"http:/a/", "", ve("special-scheme-missing-following-solidus", 5), ""},
		{`\example\..\demo/.\`, "https://example.com/", ve("invalid-reverse-solidus", 0, "invalid-reverse-solidus", 8,
			"invalid-reverse-solidus", 11, "invalid-reverse-solidus", 18), ""},
		{`\\h\x`, "https://example.com/", ve("invalid-reverse-solidus", 0, "invalid-reverse-solidus", 1, "invalid-reverse-solidus", 3), ""},
		{`..\a`, "http://h/b/c", ve("invalid-reverse-solidus", 2), ""},
		{`file:\\h\x`, "", ve("special-scheme-missing-following-solidus", 5, "invalid-reverse-solidus", 5, "invalid-reverse-solidus", 6, "invalid-reverse-solidus", 8), ""},
		{`foo:/a\b`, "", ve("invalid-URL-unit", 6), ""}, // not special: a backslash is data
		{"//user@h/", "http://x/", ve("invalid-credentials", 6), ""},
		{"http://a@b@c/", "", ve("invalid-credentials", 8, "invalid-credentials", 10), ""},
		// The code points of each component.
		{"https://example.com/[]?[]#[]", "", ve("invalid-URL-unit", 20, "invalid-URL-unit", 21, "invalid-URL-unit", 23,
			"invalid-URL-unit", 24, "invalid-URL-unit", 26, "invalid-URL-unit", 27), ""},
		{"https://example/%?%#%", "", ve("invalid-URL-unit", 16, "invalid-URL-unit", 18, "invalid-URL-unit", 20), ""},
		{"http://foo/path#f#g", "", ve("invalid-URL-unit", 17), ""},
		{"data:space    ?test", "", ve("invalid-URL-unit", 10, "invalid-URL-unit", 11, "invalid-URL-unit", 12, "invalid-URL-unit", 13), ""},
		{"http://h/\u0091\uFDD0\U0010FFFF\uFFFD\u00A0", "", ve("invalid-URL-unit", 9, "invalid-URL-unit", 11, "invalid-URL-unit", 14), ""},
		{"http://h/?\uFFFE\U0001FFFF\U0001FFFD\uFDEF\uFDF0", "", ve("invalid-URL-unit", 10, "invalid-URL-unit", 13, "invalid-URL-unit", 21), ""},
		{`foo://%zz"a"/`, "", ve("invalid-URL-unit", 6, "invalid-URL-unit", 9), ""}, // the opaque-host parser: the first of each
		{`foo://%zz%zz""/`, "", ve("invalid-URL-unit", 6, "invalid-URL-unit", 12), ""},
		{"file:///C|/demo", "", ve("invalid-URL-unit", 9), ""},
		{"file://C|/demo", "", ve("file-invalid-Windows-drive-letter-host", 7), ""}, // the file host state read the "|"
		// Hosts.
		{"http://0x7f.1./", "", ve("domain-to-ASCII", 7, "IPv4-empty-part", 7, "IPv4-too-few-parts", 7, "IPv4-non-decimal-part", 7), ""},
		{"http://example.com./", "", ve("domain-to-ASCII", 7), ""},
		{"http://example\u3002com/", "", nil, ""},
		{"http://1.65536/", "", ve("IPv4-too-few-parts", 7, "IPv4-out-of-range-part", 7), ""},
		{"http://[0:00:0:0:0:0:0:01]/", "", ve("IPv6-piece-leading-zero", 10, "IPv6-piece-leading-zero", 23), ""},
		{"http://a_b.example/", "", ve("domain-to-ASCII", 7), ""},
		{"http://ab--c.example/", "", ve("domain-to-ASCII", 7), ""},
		{"http://xn--a.example/", "", ve("domain-to-ASCII", 7), ""},
		{"file://loc%61lhost/", "", ve("domain-percent-encoded", 10), ""},
		{"https://ex ample.org/", "", ve("domain-to-ASCII", 8), "domain-to-ASCII"},
		{"http://%zz%41/", "", ve("domain-to-ASCII", 7, "domain-percent-encoded", 10), "domain-to-ASCII"},
		// Offsets in the input as given: after a tab, a trailing newline,
		// and bytes that are not UTF-8.
		{"http://a/\tb\n", "", ve("invalid-URL-unit", 9, "invalid-URL-unit", 11), ""},
		{"http:\t//a\\b", "", ve("invalid-URL-unit", 5, "invalid-reverse-solidus", 9), ""},
		{"\x01 http://a/\xff\xfe|", "", ve("invalid-URL-unit", 0, "invalid-URL-unit", 13), ""},
		{"http://a:\t9x/", "", ve("invalid-URL-unit", 9, "port-invalid", 11), "port-invalid"},
		{"http://a/\t\xff|", "", ve("invalid-URL-unit", 9, "invalid-URL-unit", 11), ""},
		// Valid URL strings.
		{"https://example.com/././foo", "", nil, ""},
		{"http://[1:0::]/a%2Fb?c=d&e#f", "", nil, ""},
		{"hello:world", "https://example.com/", nil, ""},
		{"../a?b#c", "http://h/x/y", nil, ""},
		{"http://\u4f60\u597d.example/\u00e9?\u00e9#\u00e9", "", nil, ""},
	}
	for _, tt := range tests {
		var got []ValidationError
		var err error
		if tt.base == "" {
			got, err = Validate(tt.input)
		} else {
			got, err = MustParse(tt.base).Validate(tt.input)
		}
		var pe *Error
		rule := ""
		if errors.As(err, &pe) {
			rule = pe.Rule
			if !slices.Contains(got, ValidationError{pe.Rule, pe.Offset}) {
				t.Errorf("Validate(%q): the list %v lacks the failure's %s at %d", tt.input, got, pe.Rule, pe.Offset)
			}
		} else if err != nil {
			t.Errorf("Validate(%q): error %v is not a *Error", tt.input, err)
		}
		if !slices.Equal(got, tt.want) || rule != tt.rule {
			t.Errorf("Validate(%q, base %q) = %v, %v\n                    want %v, rule %q", tt.input, tt.base, got, err, tt.want, tt.rule)
		}
	}
}

// TestValidateStandardExamples: the URL Standard's example of inputs,
// their validity and their parse (section 4.3, "example-url-parsing", at
// whatwg/url 6ae84860d12800bcf563668e7cc821360dce6062).
func TestValidateStandardExamples(t *testing.T) {
	tests := []struct {
		input, base string
		valid       bool
		output      string // "" for failure
	}{
		{"https:example.org", "", false, "https://example.org/"},
		{"https://////example.com///", "", false, "https://example.com///"},
		{"https://example.com/././foo", "", true, "https://example.com/foo"},
		{"hello:world", "https://example.com/", true, "hello:world"},
		{"https:example.org", "https://example.com/", false, "https://example.com/example.org"},
		{`\example\..\demo/.\`, "https://example.com/", false, "https://example.com/demo/"},
		{"example", "https://example.com/demo", true, "https://example.com/example"},
		{"file:///C|/demo", "", false, "file:///C:/demo"},
		{"..", "file:///C:/demo", true, "file:///C:/"},
		{"file://localhost/", "", true, "file:///"},
		{"file://loc%61lhost/", "", false, "file:///"},
		{"https://user:password@example.org/", "", false, "https://user:password@example.org/"},
		{"https://example.org/foo bar", "", false, "https://example.org/foo%20bar"},
		{"https://EXAMPLE.com/../x", "", true, "https://example.com/x"},
		{"https://ex ample.org/", "", false, ""},
		{"example", "", false, ""},
		{"https://example.com:demo", "", false, ""},
		{"http://[www.example.com]/", "", false, ""},
		{"https://example.org//", "", true, "https://example.org//"},
		{"https://example.com/[]?[]#[]", "", false, "https://example.com/[]?[]#[]"},
		{"https://example/%?%#%", "", false, "https://example/%?%#%"},
		{"https://example/%25?%25#%25", "", true, "https://example/%25?%25#%25"},
	}
	for _, tt := range tests {
		base := URL{}
		if tt.base != "" {
			base = MustParse(tt.base)
		}
		errs, err := base.Validate(tt.input)
		u, perr := base.Parse(tt.input)
		if valid := len(errs) == 0 && err == nil; valid != tt.valid {
			t.Errorf("Validate(%q, base %q) = %v, %v; want valid %v", tt.input, tt.base, errs, err, tt.valid)
		}
		if (perr != nil) != (tt.output == "") || perr == nil && u.String() != tt.output {
			t.Errorf("Parse(%q, base %q) = %q, %v; want %q", tt.input, tt.base, u, perr, tt.output)
		}
		if (err == nil) != (perr == nil) || err != nil && err.Error() != perr.Error() {
			t.Errorf("Validate(%q) error %v, Parse's %v", tt.input, err, perr)
		}
	}
}

// TestValidateOffsetsInBounds: on every input of urltestdata.json, the
// offsets lie in the input and are in order, one error of a code at an
// offset, and Validate fails exactly as Parse does.
func TestValidateOffsetsInBounds(t *testing.T) {
	for _, c := range readWPT[urlTest](t, "urltestdata.json") {
		base := URL{}
		if c.Base != nil {
			b, err := Parse(*c.Base)
			if err != nil {
				continue
			}
			base = b
		}
		errs, err := base.Validate(c.Input)
		_, perr := base.Parse(c.Input)
		checkValidation(t, c.Input, errs, err, perr)
	}
}

func checkValidation(t *testing.T, input string, errs []ValidationError, err, perr error) {
	t.Helper()
	if (err == nil) != (perr == nil) || err != nil && err.Error() != perr.Error() {
		t.Fatalf("Validate(%q) error %v; Parse's %v", input, err, perr)
	}
	for k, e := range errs {
		if e.Offset < 0 || e.Offset > len(input) || !strings.Contains(codes, " "+e.Code+" ") {
			t.Fatalf("Validate(%q): %v out of place", input, e)
		}
		if k > 0 && (errs[k-1].Offset > e.Offset || slices.Contains(errs[:k], e)) {
			t.Fatalf("Validate(%q) = %v: out of order or repeated", input, errs)
		}
	}
	var pe *Error
	if errors.As(err, &pe) && !slices.Contains(errs, ValidationError{pe.Rule, pe.Offset}) {
		t.Fatalf("Validate(%q) = %v, which lacks the failure %s at %d", input, errs, pe.Rule, pe.Offset)
	}
}

// codes are the names of the URL Standard's validation errors (section
// 4.1), written independently of the parser's constants.
const codes = " domain-to-ASCII domain-percent-encoded host-invalid-code-point IPv4-empty-part IPv4-too-few-parts" +
	" IPv4-too-many-parts IPv4-non-numeric-part IPv4-non-decimal-part IPv4-out-of-range-part IPv6-unclosed" +
	" IPv6-invalid-compression IPv6-too-many-pieces IPv6-multiple-compression IPv6-invalid-code-point" +
	" IPv6-too-few-pieces IPv6-piece-leading-zero IPv4-in-IPv6-too-many-pieces IPv4-in-IPv6-invalid-code-point" +
	" IPv4-in-IPv6-out-of-range-part IPv4-in-IPv6-too-few-parts invalid-URL-unit" +
	" special-scheme-missing-following-solidus missing-scheme-non-relative-URL invalid-reverse-solidus" +
	" invalid-credentials host-missing port-out-of-range port-invalid file-invalid-Windows-drive-letter" +
	" file-invalid-Windows-drive-letter-host "

// TestValidateCostsParseNothing: Parse of a URL to rewrite still
// allocates once, and of one already serialized not at all, with the
// validation hooks in the parser (allocations, not time: CI is loaded).
func TestValidateCostsParseNothing(t *testing.T) {
	var u URL
	if n := testing.AllocsPerRun(100, func() { u, _ = Parse(`HTTP://Example.org:80\a\..\b?c d#e`) }); n != 1 {
		t.Errorf("Parse of a URL to rewrite allocates %v times, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() { u, _ = MustParse("http://h/").Parse("../x/y?q") }); n != 1 {
		t.Errorf("Parse of a reference allocates %v times, want 1", n)
	}
	sink += len(u.String())
}
