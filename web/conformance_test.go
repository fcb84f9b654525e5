package web

import (
	"slices"
	"testing"
)

// The URL cases of the Web Platform Tests' conformance checkers for the
// HTML attribute itemid (https://github.com/web-platform-tests/wpt,
// conformance-checkers/html/microdata/): itemid-isvalid.html as of wpt
// 0e1a2cd58507114acdd1e50f1676502e72710fde (itemidValid), and the cases of
// itemid/*-novalid.html (itemidInvalid), which
// conformance-checkers/tools/url.py writes from its dictionary "invalid"
// (wpt c31ab02e44bed6e8303676980fea4d2ab1a2771f). An itemid is a URL
// resolved against the document's; here the document is
// http://example.org/doc. The character references of the HTML are
// decoded, and the URLs written with Go's escapes.
//
// The suite was written from 2014 on, against the URL Standard of its
// day; itemidDiffers lists where the standard now reads the case
// otherwise, with the validation errors its parser records.
type itemidCase struct{ name, url string }

// itemidDiffers holds the verdict of the URL Standard (whatwg/url
// 6ae84860d12800bcf563668e7cc821360dce6062) where the suite's differs:
// credentials are a validation error (invalid-credentials), a special
// scheme wants "//" (special-scheme-missing-following-solidus), a
// drive letter is no host, "|" is a forbidden host code point, a port
// above 65535 and an IPv4 part above 255 fail, an IPv4 address written
// otherwise than as four decimal numbers is an error, a percent-encoded
// domain is; and "data:/example.com/" and "javascript:example.com/" are
// valid URL strings (a path-absolute and an opaque path).
var itemidDiffers = map[string][]ValidationError{
	"userinfo-password-empty":                    ve("invalid-credentials", 9),
	"userinfo":                                   ve("invalid-credentials", 16),
	"userinfo-user-empty":                        ve("invalid-credentials", 9),
	"userinfo-host-port-path":                    ve("invalid-credentials", 10),
	"userinfo-username-contains-percent-encoded": ve("invalid-credentials", 23),
	"userinfo-empty":                             ve("invalid-credentials", 7),
	"userinfo-username-non-alpha":                ve("invalid-credentials", 16),
	"scheme-ws-single-slash":                     ve("special-scheme-missing-following-solidus", 3),
	"scheme-wss-single-slash":                    ve("special-scheme-missing-following-solidus", 4),
	"scheme-wss-no-slash":                        ve("special-scheme-missing-following-solidus", 4),
	"scheme-file-single-slash":                   ve("special-scheme-missing-following-solidus", 5),
	"scheme-file-no-slash":                       ve("special-scheme-missing-following-solidus", 5),
	"scheme-file-slash-only":                     ve("special-scheme-missing-following-solidus", 5),
	"scheme-file-scheme-only":                    ve("special-scheme-missing-following-solidus", 5),
	"scheme-file-slash-slash-c-bar":              ve("file-invalid-Windows-drive-letter-host", 7),
	"scheme-file-slash-slash-abc-bar":            ve("domain-to-ASCII", 7),
	"port-999999":                                ve("port-out-of-range", 9),
	"host-IP-address-broken":                     ve("IPv4-out-of-range-part", 7),
	"host-192.0x00A80001":                        ve("IPv4-too-few-parts", 7, "IPv4-non-decimal-part", 7, "IPv4-out-of-range-part", 7),
	"host-IP-address-fullwidth":                  ve("IPv4-too-few-parts", 7, "IPv4-non-decimal-part", 7),
	"host-IP-address-percent-encoded":            ve("domain-percent-encoded", 7, "IPv4-too-few-parts", 7, "IPv4-non-decimal-part", 7),
	"scheme-data-single-slash":                   nil,
	"scheme-javascript-no-slash-malformed":       nil,
}

// TestValidateConformanceCheckers runs the itemid cases: a valid one must
// give no validation error, an invalid one at least one (or a failure),
// but where itemidDiffers gives the standard's verdict, which must then be
// the whole result.
func TestValidateConformanceCheckers(t *testing.T) {
	base := MustParse("http://example.org/doc")
	run := func(cases []itemidCase, valid bool) (agree, differ int) {
		for _, c := range cases {
			errs, err := base.Validate(c.url)
			if want, ok := itemidDiffers[c.name]; ok {
				differ++
				if !slices.Equal(errs, want) {
					t.Errorf("%s: Validate(%q) = %v, %v; want %v", c.name, c.url, errs, err, want)
				}
				continue
			}
			if gotValid := len(errs) == 0 && err == nil; gotValid != valid {
				t.Errorf("%s: Validate(%q) = %v, %v; want valid %v", c.name, c.url, errs, err, valid)
				continue
			}
			agree++
		}
		return agree, differ
	}
	va, vd := run(itemidValid, true)
	ia, id := run(itemidInvalid, false)
	if len(itemidValid) != 91 || len(itemidInvalid) != 63 {
		t.Errorf("%d valid and %d invalid cases, want 91 and 63", len(itemidValid), len(itemidInvalid))
	}
	t.Logf("itemid-isvalid.html: %d/%d valid, %d where the standard now differs; itemid/*-novalid.html: %d/%d invalid, %d where it differs",
		va, len(itemidValid), vd, ia, len(itemidInvalid), id)
}

var itemidValid = []itemidCase{
	{"scheme-file-slash-slash-slash-only", "file:///"},
	{"userinfo-password-empty", "http://a:@www.example.com"},
	{"scheme-private-path-leading-slashes-only", "foo://///////"},
	{"scheme-file-slash-slash-abc-bar", "file://abc|/foo/bar"},
	{"path-simple-relative", "/a/b/c"},
	{"path-unicode-han", "http://example.com/你好你好"},
	{"path-percent-encoded-slash-plus-slashes-relative", "/a/%2f/c"},
	{"port-none-but-colon", "http://f:/c"},
	{"path-percent-encoded-multiple", "http://example.com/foo%41%7a"},
	{"host-IP-address-broken", "http://192.168.0.257/"},
	{"scheme-private-no-slash", "madeupscheme:example.com/"},
	{"query-empty-no-path-relative", "?"},
	{"path-percent-encoded-space", "http://example.com/%20foo"},
	{"scheme-mailto-single-slash", "mailto:/example.com/"},
	{"path-leading-colon-colon-relative", "::"},
	{"path-percent-encoded-mixed-case", "http://example.com/%3A%3a%3C%3c"},
	{"userinfo", "http://user:pass@foo:21/bar;par?b#c"},
	{"scheme-ws-single-slash", "ws:/example.com/"},
	{"scheme-private-slash-slash", "foo://"},
	{"fragment-empty-hash-only-no-path-relative", "#"},
	{"port-00000000000000", "http://f:00000000000000/c"},
	{"scheme-private-path-leading-slashes-colon-slashes", "foo:////://///"},
	{"path-leading-colon-number-relative", ":23"},
	{"scheme-private-slash", "foo:/"},
	{"host-is-pile-of-poo", "http://💩"},
	{"scheme-file-no-slash", "file:test"},
	{"scheme-file-slash-slash-c-bar", "file://C|/foo/bar"},
	{"fragment-slash-relative", "#/"},
	{"host-192.0x00A80001", "http://192.0x00A80001"},
	{"scheme-none-relative", "foo.com"},
	{"path-contains-pile-of-poo", "http💩//:foo"},
	{"scheme-file-uppercase", "File://foo/bar.html"},
	{"path-leading-colon-slash-relative", ":/"},
	{"host-exotic-dot", "http://www.foo。bar.com"},
	{"host-exotic-whitespace", "http://GOO\u200B\u2060\uFEFFgoo.com"},
	{"scheme-file-host-empty", "file:///foo/bar.txt"},
	{"scheme-javascript-single-slash", "javascript:/example.com/"},
	{"scheme-gopher-single-slash", "gopher:/example.com/"},
	{"scheme-ftps-no-slash", "ftps:example.com/"},
	{"scheme-file-host-included", "file://server/foo/bar"},
	{"path-percent-encoded-u0000", "http://example.com/foo%00"},
	{"scheme-private", "a:foo.com"},
	{"path-colon-relative", ":"},
	{"userinfo-user-empty", "http://:b@www.example.com"},
	{"scheme-file-slash-only", "file:/"},
	{"scheme-wss-no-slash", "wss:example.com/"},
	{"path-colon-colon-number-relative", "::23"},
	{"path-percent-encoded-slash-relative", "/a%2fc"},
	{"userinfo-host-port-path", "http://a:b@c:29/d"},
	{"scheme-gopher-no-slash", "gopher:example.com/"},
	{"scheme-private-single-slash", "madeupscheme:/example.com/"},
	{"scheme-mailto-no-slash", "mailto:example.com/"},
	{"userinfo-username-contains-percent-encoded", "http://%25DOMAIN:foobar@foodomain.com"},
	{"path-slash-colon-number-relative", "/:23"},
	{"scheme-private-path-leading-slashes-chars", "foo://///////bar.com/"},
	{"host-ipv6-port", "http://[2001::1]:80"},
	{"scheme-data-no-slash", "data:text/plain,foo"},
	{"path-percent-encoded-dot", "http://example.com/foo/%2e"},
	{"scheme-file-single-slash", "file:/example.com/"},
	{"path-non-ascii", "http://example.com/Â©zbar"},
	{"path-uFEFF", "http://example.com/\uFEFF/foo"},
	{"scheme-wss-single-slash", "wss:/example.com/"},
	{"fragment-contains-question-mark", "http://foo/abcd#foo?bar"},
	{"port-999999", "http://f:999999/c"},
	{"path-leading-colon-hash-relative", ":#"},
	{"host-IP-address-percent-encoded", "http://%30%78%63%30%2e%30%32%35%30.01"},
	{"path-percent-encoded-u0091", "http://example.com/foo%91"},
	{"scheme-private-single-letter", "c:/foo"},
	{"path-leading-colon-chars-relative", ":foo.com"},
	{"host-idn-unicode-han", "http://你好你好"},
	{"fragment-contains-pile-of-poo", "http://example.com/foo#💩"},
	{"scheme-file-scheme-only", "file:"},
	{"fragment-non-ascii-relative", "#β"},
	{"scheme-private-path", "foo:/bar.com/"},
	{"host-IP-address-fullwidth", "http://０Ｘｃ０．０２５０．０１"},
	{"port-0", "http://f:0/c"},
	{"fragment-semicolon-question-mark-relative", "#;?"},
	{"host-fullwidth", "http://Ｇｏ.com"},
	{"userinfo-empty", "http://@www.example.com"},
	{"path-u202E-u202D", "http://example.com/\u202E/foo/\u202D/bar"},
	{"host-ipv6", "http://[2001::1]"},
	{"path-starts-with-pile-of-poo", "💩http://foo"},
	{"query-contains-question-mark", "http://foo/abcd?efgh?ijkl"},
	{"scheme-schemeless-relative", "//foo/bar"},
	{"scheme-ftps-single-slash", "ftps:/example.com/"},
	{"userinfo-username-non-alpha", "http://foo.com:b@d/"},
	{"path-leading-colon-letter-relative", ":a"},
	{"path-slash-only-relative", "/"},
	{"query-contains-pile-of-poo", "http://example.com/foo?💩"},
	{"port-00000000000000000000080", "http://f:00000000000000000000080/c"},
	{"scheme-file-slash-slash-only", "file://"},
}

var itemidInvalid = []itemidCase{
	{"scheme-trailing-space", "a: foo.com"},
	{"scheme-trailing-tab", "a:\tfoo.com"},
	{"scheme-trailing-newline", "a:\nfoo.com"},
	{"scheme-trailing-cr", "a:\rfoo.com"},
	{"scheme-http-no-slash", "http:foo.com"},
	{"scheme-http-no-slash-colon", "http::@c:29"},
	{"scheme-http-no-slash-square-bracket", "http:[61:27]/:foo"},
	{"scheme-http-backslash", "http:\\\\foo.com\\"},
	{"scheme-http-single-slash", "http:/example.com/"},
	{"scheme-ftp-single-slash", "ftp:/example.com/"},
	{"scheme-https-single-slash", "https:/example.com/"},
	{"scheme-data-single-slash", "data:/example.com/"},
	{"scheme-ftp-no-slash", "ftp:example.com/"},
	{"scheme-https-no-slash", "https:example.com/"},
	{"scheme-javascript-no-slash-malformed", "javascript:example.com/"},
	{"userinfo-password-bad-chars", "http://&a:foo(b]c@d:2/"},
	{"userinfo-username-contains-at-sign", "http://::@c@d:2"},
	{"userinfo-backslash", "http://a\\b:c\\d@foo.com"},
	{"host-space", "http://example .org"},
	{"host-tab", "http://example\t.org"},
	{"host-newline", "http://example.\norg"},
	{"host-cr", "http://example.\rorg"},
	{"host-square-brackets-port-contains-colon", "http://[1::2]:3:4"},
	{"port-single-letter", "http://f:b/c"},
	{"port-multiple-letters", "http://f:fifty-two/c"},
	{"port-leading-colon", "http://2001::1"},
	{"port-leading-colon-bracket-colon", "http://2001::1]:80"},
	{"path-leading-backslash-at-sign", "http://foo.com/\\@"},
	{"path-leading-colon-backslash", ":\\"},
	{"path-leading-colon-chars-backslash", ":foo.com\\"},
	{"path-relative-square-brackets", "[61:24:74]:98"},
	{"fragment-contains-hash", "http://foo/path#f#g"},
	{"path-percent-encoded-malformed", "http://example.com/foo/%2e%2"},
	{"path-bare-percent-sign", "http://example.com/foo%"},
	{"path-u0091", "http://example.com/foo\u0091"},
	{"userinfo-username-contains-pile-of-poo", "http://💩:foo@example.com"},
	{"userinfo-password-contains-pile-of-poo", "http://foo:💩@example.com"},
	{"host-hostname-in-brackets", "http://[www.google.com]/"},
	{"host-empty", "http://"},
	{"host-empty-with-userinfo", "http://user:pass@/"},
	{"port-leading-dash", "http://foo:-80/"},
	{"host-empty-userinfo-empty", "http://@/www.example.com"},
	{"host-invalid-unicode", "http://\uFDD0zyx.com"},
	{"host-invalid-unicode-percent-encoded", "http://%ef%b7%90zyx.com"},
	{"host-double-percent-encoded", "http://％４１.com"},
	{"host-double-percent-encoded-percent-encoded", "http://%ef%bc%85%ef%bc%94%ef%bc%91.com"},
	{"host-u0000-percent-encoded", "http://％００.com"},
	{"host-u0000-percent-encoded-percent-encoded", "http://%ef%bc%85%ef%bc%90%ef%bc%90.com"},
	{"fragment-backslash", "#\\"},
	{"fragment-leading-space", "http://f:21/b# e"},
	{"path-contains-space", "/a/ /c"},
	{"path-leading-space", "http://f:21/ b"},
	{"path-tab", "http://example.com/foo\tbar"},
	{"path-trailing-space", "http://f:21/b ?"},
	{"port-cr", "http://f:\r/c"},
	{"port-newline", "http://f:\n/c"},
	{"port-space", "http://f: /c"},
	{"port-tab", "http://f:\t/c"},
	{"query-leading-space", "http://f:21/b? d"},
	{"query-trailing-space", "http://f:21/b?d #"},
	{"scheme-file-backslash", "file:c:\\foo\\bar.html"},
	{"scheme-file-single-slash-c-bar", "file:/C|/foo/bar"},
	{"scheme-file-triple-slash-c-bar", "file:///C|/foo/bar"},
}
