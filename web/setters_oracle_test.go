package web

// The setters as they were before they spliced their part into the href:
// each writes the whole href with its part set and reads it back. They
// are the oracle the splicing setters are held to (TestSettersOracle,
// FuzzSettersOracle).

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/urlstd"
)

// reparseWithProtocol is the setter as it was, reading the whole href back: u with the scheme of v, its text up to a ":" (the
// protocol setter). A scheme that is not valid, one that changes whether
// the URL is special, "file" for a URL with credentials or a port, and any
// scheme for a file URL with an empty host leave u as it is.
func (u URL) reparseWithProtocol(v string) URL {
	v = setterValue(v)
	if colon := strings.IndexByte(v, ':'); colon >= 0 {
		v = v[:colon]
	}
	if v == "" || !isASCIIAlpha(v[0]) || schemeLength(v+":") != len(v) {
		return u
	}
	scheme := strings.ToLower(v)
	switch {
	case isSpecialScheme(scheme) != u.IsSpecial(),
		scheme == "file" && (u.Username() != "" || u.Password() != "" || u.Port() != ""),
		u.Scheme() == "file" && u.hostKind == hostEmpty:
		return u
	}
	p := urlstd.Split(u.href)
	p.Scheme = scheme
	return u.with(p)
}

// reparseWithUsername is the setter as it was, reading the whole href back: u with the username v, percent-encoded as the
// userinfo is (the username setter), tabs and newlines included: no parser
// reads it. A URL without a host, with an empty
// host, or of the file scheme has no credentials: it is returned as it is.
func (u URL) reparseWithUsername(v string) URL {
	if !u.canHaveCredentials() {
		return u
	}
	return u.reparseUserinfo(string(pct.Append(nil, v, &pct.Userinfo)), u.Password())
}

// reparseWithPassword is the setter as it was, reading the whole href back: u with the password v (the password setter), under
// the conditions of reparseWithUsername.
func (u URL) reparseWithPassword(v string) URL {
	if !u.canHaveCredentials() {
		return u
	}
	return u.reparseUserinfo(u.Username(), string(pct.Append(nil, v, &pct.Userinfo)))
}

// reparseWithUserinfo is the setter as it was, reading the whole href back: u with the username and password given encoded.
func (u URL) reparseUserinfo(username, password string) URL {
	p := urlstd.Split(u.href)
	p.Userinfo = username
	if password != "" {
		p.Userinfo += ":" + password
	}
	p.HasUserinfo = p.Userinfo != ""
	return u.with(p)
}

// reparseWithHost is the setter as it was, reading the whole href back: u with the host, and the port when v has one, of v:
// its text up to a "/", "?" or "#" ("\" too in a special URL), as the host
// setter reads it. A URL with an opaque path, and a value the host parser
// refuses, are returned as they are.
func (u URL) reparseWithHost(v string) URL {
	return u.reparseHost(v, true)
}

// reparseWithHostname is the setter as it was, reading the whole href back: u with the host of v, without its port (the
// hostname setter): as reparseWithHost, but the value ends at a ":" too.
func (u URL) reparseWithHostname(v string) URL {
	return u.reparseHost(v, false)
}

func (u URL) reparseHost(v string, withPort bool) URL {
	if u.HasOpaquePath() {
		return u
	}
	v = setterValue(v)
	ends := "/?#"
	if u.IsSpecial() {
		ends = "/?#\\"
	}
	if k := strings.IndexAny(v, ends); k >= 0 {
		v = v[:k]
	}
	if strings.IndexByte(v, '@') >= 0 {
		return u // a forbidden host code point, which would read as userinfo
	}
	host, port, hasPort := v, "", false
	if u.Scheme() == "file" {
		// The file host state has no port, and what it reads is the
		// host whole: a drive letter is refused, not a path.
		if isDriveLetter(v) {
			return u
		}
	} else if colon := hostColon(v); colon >= 0 {
		if !withPort {
			return u // the hostname setter refuses a port
		}
		host, port, hasPort = v[:colon], v[colon+1:], true
	}
	if host == "" {
		// Only a file URL and one of a scheme that is not special can
		// have an empty host, and not with credentials or a port.
		if u.IsSpecial() && u.Scheme() != "file" || hasPort || u.Username() != "" || u.Password() != "" || u.Port() != "" {
			return u
		}
	}
	p := urlstd.Split(u.href)
	p.HasAuthority, p.Host = true, host
	// The port parser stops at a character that is not a digit, without
	// an error; a port above 65535 is an error once the host is set: the
	// port is then as it was.
	if digits := leadingDigits(port); hasPort && digits != "" && fitsPort(digits) {
		p.Port, p.HasPort = digits, true
	}
	if p.Path != "" && p.Path[0] != '/' {
		p.Path = "/" + p.Path
	}
	return u.with(p)
}

// reparseWithPort is the setter as it was, reading the whole href back: u with the port v, its leading digits (the port
// setter); "" removes the port. A URL without a host or with an empty
// host, a file URL, and a value with no leading digit or above 65535 are
// returned as they are.
func (u URL) reparseWithPort(v string) URL {
	if u.hostKind == hostNull || u.hostKind == hostEmpty || u.Scheme() == "file" {
		return u
	}
	p := urlstd.Split(u.href)
	if v == "" {
		p.Port, p.HasPort = "", false
		return u.with(p)
	}
	digits := leadingDigits(setterValue(v))
	if digits == "" {
		return u
	}
	p.Port, p.HasPort = digits, true
	return u.with(p)
}

// reparseWithPathname is the setter as it was, reading the whole href back: u with the path of v (the pathname setter): "?" and
// "#" in v are data, percent-encoded. A URL with an opaque path is returned
// as it is.
func (u URL) reparseWithPathname(v string) URL {
	if u.HasOpaquePath() {
		return u
	}
	v = encodeValue(setterValue(v), &pathnameValueSet)
	p := urlstd.Split(u.href)
	switch {
	case u.IsSpecial():
		if v == "" || v[0] != '/' && v[0] != '\\' {
			v = "/" + v
		}
	case v != "" && v[0] != '/':
		v = "/" + v
	case v == "" && u.hostKind == hostNull:
		v = "/" // a path-only URL cannot have its path erased
	}
	p.Path = v
	return u.with(p)
}

// reparseWithSearch is the setter as it was, reading the whole href back: u with the query of v, without a leading "?" (the
// search setter): "#" in v is data, percent-encoded; "" removes the query.
func (u URL) reparseWithSearch(v string) URL {
	p := urlstd.Split(u.href)
	if v == "" {
		p.HasQuery, p.Query = false, ""
		return u.with(p)
	}
	p.HasQuery, p.Query = true, encodeValue(setterValue(strings.TrimPrefix(v, "?")), &searchValueSet)
	return u.with(p)
}

// reparseWithHash is the setter as it was, reading the whole href back: u with the fragment of v, without a leading "#" (the
// hash setter); "" removes the fragment.
func (u URL) reparseWithHash(v string) URL {
	p := urlstd.Split(u.href)
	if v == "" {
		p.HasFragment, p.Fragment = false, ""
		return u.with(p)
	}
	p.HasFragment, p.Fragment = true, encodeValue(setterValue(strings.TrimPrefix(v, "#")), &hashValueSet)
	return u.with(p)
}

// oracleTrimsHost reports whether the oracle would read a host value
// wrongly: a host that ends with a C0 control or space, which the whole href
// read back loses when nothing follows the host, where the host state
// reads it (and refuses it, or percent-encodes a control in an opaque
// host).
func oracleTrimsHost(u URL, value string) bool {
	if k := strings.IndexAny(value, "/?#\\"); k >= 0 {
		value = value[:k]
	}
	if k := hostColon(value); k >= 0 && u.Scheme() != "file" {
		value = value[:k]
	}
	return value != "" && value[len(value)-1] <= ' '
}

// setterPairs are each setter and its oracle.
var setterPairs = []struct {
	name        string
	set, oracle func(URL, string) URL
}{
	{"protocol", URL.WithProtocol, URL.reparseWithProtocol},
	{"username", URL.WithUsername, URL.reparseWithUsername},
	{"password", URL.WithPassword, URL.reparseWithPassword},
	{"host", URL.WithHost, URL.reparseWithHost},
	{"hostname", URL.WithHostname, URL.reparseWithHostname},
	{"port", URL.WithPort, URL.reparseWithPort},
	{"pathname", URL.WithPathname, URL.reparseWithPathname},
	{"search", URL.WithSearch, URL.reparseWithSearch},
	{"hash", URL.WithHash, URL.reparseWithHash},
}

// checkSetters holds every setter on href and value to its oracle: the
// same URL, offsets and all.
func checkSetters(t *testing.T, href, value string) {
	t.Helper()
	u, err := Parse(href)
	if err != nil {
		return
	}
	for _, p := range setterPairs {
		if (p.name == "host" || p.name == "hostname") && oracleTrimsHost(u, value) {
			continue
		}
		if got, want := p.set(u, value), p.oracle(u, value); got != want {
			t.Fatalf("%q.With%s(%q) = %#v; reading the whole href back gives %#v", href, p.name, value, got, want)
		}
	}
}

// TestSettersOracle holds the setters to their oracle on the URLs and
// values of setters_tests.json, each value on each URL.
func TestSettersOracle(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "wpt", "setters_tests.json"))
	if err != nil {
		t.Fatal(err)
	}
	var suites map[string]json.RawMessage
	if err := json.Unmarshal(data, &suites); err != nil {
		t.Fatal(err)
	}
	hrefs, values := map[string]bool{}, map[string]bool{}
	for name, raw := range suites {
		var cases []setterTest
		if name == "comment" || json.Unmarshal(raw, &cases) != nil {
			continue
		}
		for _, c := range cases {
			hrefs[c.Href], values[c.NewValue] = true, true
		}
	}
	for href := range hrefs {
		for value := range values {
			checkSetters(t, href, value)
		}
	}
}

func FuzzSettersOracle(f *testing.F) {
	for _, s := range []string{"http://u:p@example.com:8080/a/b?q#f", "foo://h/p", "foo:/p", "foo:/.//p", "mailto:x@y", "file:///C:/x", "file://h/x", "sc:opaque", "http://[::1]:81/"} {
		f.Add(s, "x")
		f.Add(s, "")
		f.Add(s, "a:b@c:8/d?e#f")
		f.Add(s, "//p")
	}
	f.Fuzz(checkSetters)
}

// The sets a setter's value is encoded with before its href is read back
// by the oracle: the C0 controls and space, which the component encodes
// anyway but the ends of an href would trim, and what the state override
// keeps as data.
var (
	pathnameValueSet = pct.C0Control.With(" ?#")
	searchValueSet   = pct.C0Control.With(" #")
	hashValueSet     = pct.C0Control.With(" ")
)
