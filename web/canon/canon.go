package canon

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/redact"
	"github.com/iri-go/iri/internal/urlstd"
	"github.com/iri-go/iri/web"
)

// A Canonicalizer rewrites a URL into a canonical key: two URLs that the
// key's users (a blocklist, a cache, a crawler's frontier, a web archive)
// treat as the same resource get the same text. Each field is one
// transformation; the zero value reads the input as a browser does
// (the URL Standard's parser) and changes nothing else, so its result is
// the href.
//
// A transformation is safe when a browser fetches the same resource
// before and after it (the request and the server's view of it are the
// same), usually safe when servers in practice treat the two alike, and
// unsafe when a server may answer the two differently: an unsafe option
// merges URLs that may name different resources, which a de-duplicating
// crawler accepts and a cache must not.
//
//	option                transformation                                     safety        found in
//	Reading               how the text is read: ReadBrowser (URL Standard)   -             -
//	                      or ReadSafeBrowsing (the URL Standard, then
//	                      Safe Browsing's steps on what it read)
//	RemoveFragment        drop "#..."                                        safe (*)      purell, w3lib, surt, Nutch, Safe Browsing
//	RemoveUserinfo        drop "user:pass@"                                  unsafe        surt, Heritrix, Safe Browsing
//	RemoveDefaultPort     drop ":80" on http, ":443" on https, ...           safe          purell, surt, Nutch, the URL Standard
//	RemovePort            drop any port                                      unsafe (host) Safe Browsing
//	LowercaseHost         "foo://EX" becomes "foo://ex" (the reading         usually safe  purell, surt, w3lib, Heritrix
//	                      does it for the special schemes)
//	StripWWW              "www.", "www2." ... removed from the host          unsafe (host) purell, surt, Heritrix
//	AddWWW                "www." put before the host                         unsafe (host) purell
//	ForceHTTP             "https:" becomes "http:"                           unsafe (host) purell
//	TrimHostDots          "..a..b." becomes "a.b"                            unsafe (host) purell, Safe Browsing
//	CollapseSlashes       "//" in the path becomes "/"                       unsafe        purell, Safe Browsing
//	Unescape              UnescapeUnreserved: "%41" becomes "A"              safe          purell, Nutch, RFC 3986
//	                      UnescapeRepeatedly: decode until stable, then      unsafe        Safe Browsing, surt
//	                      encode again only what must be
//	DropPathSessionIDs    ";jsessionid=...", "/(S(...))/" removed            unsafe        surt, Heritrix, Nutch
//	LowercasePath         "/A/B" becomes "/a/b"                              unsafe        surt
//	LowercaseQuery        "?A=B" becomes "?a=b"                              unsafe        surt
//	RemoveDirectoryIndex  "/a/index.html" becomes "/a/"                      unsafe        purell
//	RemoveTrailingSlash   "/a/" becomes "/a" (not "/")                       usually safe  purell, surt
//	AddTrailingSlash      "/a" becomes "/a/"                                 usually safe  purell
//	RemoveEmptyQuery      a "?" with nothing after it is dropped             safe          purell, surt, w3lib
//	FormQuery             the query written again as a form: "a b" as        unsafe        w3lib, URLSearchParams
//	                      "a+b", "(" as "%28", "c" as "c=", "&&" as "&"
//	SortQuery             parameters sorted by name, or name then value      unsafe        purell, w3lib, surt
//	RemoveEmptyParams     "?&a=1&&b&" becomes "?a=1&b"                       usually safe  Heritrix, w3lib
//	DropParams            parameters removed by name (session, tracking)     unsafe        surt, Heritrix, Nutch
//	DropParamPrefixes     parameters removed by name prefix ("utm_")         unsafe        tracking-parameter strippers
//
// (*) A browser never sends the fragment, so the resource fetched is the
// same; purell counts it unsafe because pages read it in scripts. The
// safety column follows purell's groups elsewhere.
//
// The URL Standard's reading already does what RFC 3986 calls syntax- and
// scheme-based normalization for the special schemes: the scheme and the
// host are lowercased, IPv4 addresses in every number form become the
// dotted quad and IPv6 addresses their canonical text, "." and ".."
// segments are resolved, and the default port is dropped. The "(host)"
// options change the host or the port a browser connects to; every other
// option keeps them (a property the fuzz test checks).
//
// A Canonicalizer is a value; copy a preset and change its fields to make
// another. The presets are variables only because a slice is not a
// constant: do not modify them.
type Canonicalizer struct {
	// Reading says how the input text is read.
	Reading Reading

	// RemoveFragment drops the fragment. Safe: a browser never sends it.
	// ReadSafeBrowsing always drops it.
	RemoveFragment bool
	// RemoveUserinfo drops the user name and password. Unsafe: the server
	// may answer differently to another user.
	RemoveUserinfo bool
	// RemoveDefaultPort drops a port that is the default of a special
	// scheme (80 for http and ws, 443 for https and wss, 21 for ftp).
	// Safe. The browser reading does it already.
	RemoveDefaultPort bool
	// RemovePort drops any port. Unsafe: another port is another server.
	RemovePort bool
	// LowercaseHost lowercases the ASCII letters of a host. The reading
	// does it for the special schemes (http, https, ws, wss, ftp, file)
	// and Safe Browsing's for all; this option is for the opaque hosts of
	// the others. Usually safe: DNS names are case-insensitive, but a
	// scheme may give an opaque host another meaning.
	LowercaseHost bool
	// StripWWW removes a first label "www" or "www" followed by digits
	// ("www2"), when a domain of two labels or more remains ("www.com"
	// stays). Unsafe: it changes the host; most sites serve the same
	// pages on both.
	StripWWW bool
	// AddWWW puts "www." before a domain of two labels or more whose
	// first label is not "www" or "wwwN": the inverse of StripWWW, which
	// wins when both are set. Unsafe: it changes the host.
	AddWWW bool
	// ForceHTTP makes an "https" URL an "http" one (after RemoveDefaultPort
	// or RemovePort, if set, has dropped its port). Unsafe: another port,
	// no TLS, and the server may answer differently.
	ForceHTTP bool
	// TrimHostDots removes leading and trailing dots of a domain and
	// collapses runs of dots into one. Unsafe: "example.com." is another
	// name than "example.com" for TLS and virtual hosts.
	TrimHostDots bool
	// CollapseSlashes replaces a run of "/" in the path by one. Unsafe:
	// servers may map "a//b" and "a/b" to different resources.
	CollapseSlashes bool
	// Unescape says which percent-encoded octets are decoded.
	Unescape Unescape
	// LowercasePath lowercases the path (ASCII letters, including the
	// hexadecimal digits of percent-encodings). Unsafe: paths are case
	// sensitive on most servers.
	LowercasePath bool
	// LowercaseQuery lowercases the query as LowercasePath does the path.
	// Unsafe.
	LowercaseQuery bool
	// DropPathSessionIDs removes session identifiers from the path: a
	// Java servlet's ";jsessionid=..." parameter, and an ASP.NET cookieless
	// session segment such as "/(S(4hqa0555fwsecu455xqckv45))/" before a
	// page ending in ".aspx". The path left is resolved as the reading
	// resolves one (servers read "..;jsessionid=1" as ".."). Unsafe: the
	// server may need the session.
	DropPathSessionIDs bool
	// RemoveDirectoryIndex removes a last path segment "index.EXT" or
	// "default.EXT" (EXT of one to four letters or digits, any case).
	// Unsafe: the server decides what a directory serves.
	RemoveDirectoryIndex bool
	// RemoveTrailingSlash removes the "/" that ends a path other than "/".
	// Usually safe: "/a/" and "/a" are different resources, but servers
	// usually redirect one to the other.
	RemoveTrailingSlash bool
	// AddTrailingSlash ends a path with "/" (an empty one becomes "/"):
	// the inverse of RemoveTrailingSlash, which wins when both are set.
	// Usually safe, as RemoveTrailingSlash is.
	AddTrailingSlash bool
	// RemoveEmptyQuery drops a "?" with nothing after it (after DropParams,
	// so a query whose parameters are all dropped goes too). Safe: servers
	// see no query either way.
	RemoveEmptyQuery bool
	// FormQuery writes the query again as a browser's URLSearchParams
	// writes a form (URL Standard, "application/x-www-form-urlencoded"):
	// each name and value read ("+" as a space, percent-encodings
	// decoded) and encoded again (a space as "+", every octet but ASCII
	// letters, digits and "*-._" percent-encoded), "=" after a name alone,
	// and empty parameters dropped; the octets of each value stay as they
	// were. It runs before the other query options. Unsafe: a server that
	// does not read its query as a form sees another query ("?1,2"
	// becomes "?1%2C2=").
	FormQuery bool
	// SortQuery orders the query's parameters. Unsafe: a server may read
	// parameters in order.
	SortQuery QueryOrder
	// RemoveEmptyParams removes the empty parameters of a query: "&&"
	// becomes "&", and a "&" that starts or ends the query goes. Usually
	// safe: servers that read the query as a form ignore them.
	RemoveEmptyParams bool
	// DropParams names query parameters to remove, compared with the
	// parameter's name as written, ASCII case-insensitively. Unsafe:
	// TrackingParams and SessionParams are lists for this field.
	DropParams []string
	// DropParamPrefixes removes the parameters whose name starts with one
	// of these (ASCII case-insensitively), such as "utm_". Unsafe.
	DropParamPrefixes []string
}

// Reading says how a Canonicalizer reads its input. Every reading starts
// from the browser's: the host of a key is the host that web.Parse
// finds in the input (the host a browser connects to), in the key's form,
// and an input that web.Parse refuses is an error.
type Reading uint8

const (
	// ReadBrowser reads the input as a browser does, with web.Parse (the URL
	// Standard's basic URL parser): the result names what a browser
	// fetches.
	ReadBrowser Reading = iota
	// ReadSafeBrowsing reads the input as a browser does, then takes the
	// steps of Google Safe Browsing's "URLs and Hashing" canonicalization
	// on what the browser read, as Chromium (the main Safe Browsing
	// client) does:
	//
	//   - a text without a scheme (web.Parse finds none) is read as
	//     "http://" and the text, the documentation's "www.google.com/"
	//     (and the omnibox's reading); one that starts with "/" or "\"
	//     is a path, not a host, and an error;
	//   - the fragment is dropped; the userinfo and the port are kept
	//     for RemoveUserinfo and RemovePort to decide;
	//   - the host is the browser's (lowercased, in Punycode, IPv4
	//     addresses in every number form as the dotted quad), with its
	//     leading and trailing dots removed and runs of dots collapsed,
	//     and an IPv4-mapped or NAT64 IPv6 address written as its IPv4
	//     address; a URL without a host is an error;
	//   - the path and the query are decoded until they do not change and
	//     split again ("%3F" in the path starts the query, "%2F" makes
	//     segments, "%5C" is "/" in a special scheme's path), "//" is
	//     collapsed and "." and ".." resolved in the path, and the
	//     octets at or below 0x20, at or above 0x7F, "#" and "%" are
	//     percent-encoded with uppercase hexadecimal digits;
	//   - octets that are not UTF-8 are percent-encoded as they are
	//     (Safe Browsing escapes octets), where the browser would read
	//     U+FFFD; the host is the browser's either way.
	//
	// Decoding never moves the end of the host: "http://good.com%2F@evil.com/"
	// names evil.com, as the browser fetches it. The hosts that a browser
	// refuses ("http://%20leadingspace.com/") are errors, where the
	// documentation's steps, which assume a valid URL, would make a key.
	ReadSafeBrowsing
)

// Unescape says which percent-encoded octets a Canonicalizer decodes.
type Unescape uint8

const (
	// UnescapeNone leaves percent-encodings as they are.
	UnescapeNone Unescape = iota
	// UnescapeUnreserved decodes the octets of RFC 3986's unreserved
	// characters (letters, digits, "-", ".", "_", "~") and uppercases the
	// hexadecimal digits of the others. Safe: RFC 3986, section 6.2.2.2.
	UnescapeUnreserved
	// UnescapeRepeatedly decodes every percent-encoding, again and again
	// until the text does not change, then encodes again only what the
	// component cannot hold raw ("%", "#", controls, spaces, octets beyond
	// ASCII, and what the URL Standard's percent-encode set of the
	// component holds). Unsafe: "%2F" becomes "/" and "%26" in a query
	// becomes "&"; it is Safe Browsing's rule, meant for matching.
	UnescapeRepeatedly
)

// QueryOrder says how a Canonicalizer orders the query's parameters (the
// "&"-separated parts of the query; "name=value", or a name alone).
type QueryOrder uint8

const (
	// QueryAsIs keeps the order.
	QueryAsIs QueryOrder = iota
	// QuerySortByName sorts the parameters by name (their bytes before the
	// first "="), keeping the order of parameters with the same name: the
	// values of a repeated parameter stay in order, which servers that read
	// them as a list rely on. Each parameter keeps its bytes exactly.
	QuerySortByName
	// QuerySortByNameValue sorts the parameters by name, then by value, as
	// the Internet Archive's surt and w3lib's canonicalize_url do.
	QuerySortByNameValue
)

// The presets. Each names its users; copy one and change its fields for a
// variant.
var (
	// SafeBrowsing gives Google Safe Browsing's canonical URL, as
	// Chromium computes it: the text whose suffix and prefix expressions
	// are hashed to look a URL up in Safe Browsing (and Web Risk) lists.
	// It reads as ReadSafeBrowsing describes, so that its host is the
	// host the browser fetches, and drops the userinfo and the port.
	//
	// An error means that the URL was not checked, never that it is
	// clean: the input is not a URL a browser fetches (a browser refuses
	// it, or it has no host), so no request is made.
	SafeBrowsing = Canonicalizer{
		Reading:        ReadSafeBrowsing,
		RemoveFragment: true,
		RemoveUserinfo: true,
		RemovePort:     true,
	}

	// Semantic keeps what a browser would fetch and removes only what
	// cannot change the response: the fragment, percent-encodings of
	// unreserved characters and an empty query. For cache keys and for
	// comparing links.
	Semantic = Canonicalizer{
		RemoveFragment:    true,
		RemoveDefaultPort: true,
		Unescape:          UnescapeUnreserved,
		RemoveEmptyQuery:  true,
	}

	// Dedup merges the URLs that a crawl usually finds to be the same
	// page: it adds to Semantic the userinfo, "www", host dots, "//",
	// session identifiers in the path, directory indexes and trailing
	// slashes removed, the query written again as a form and sorted by
	// name, and the tracking and session parameters of TrackingParams and
	// SessionParams dropped. For de-duplicating a crawl; it may merge
	// pages that differ.
	Dedup = Canonicalizer{
		RemoveFragment:       true,
		RemoveUserinfo:       true,
		RemoveDefaultPort:    true,
		StripWWW:             true,
		TrimHostDots:         true,
		CollapseSlashes:      true,
		DropPathSessionIDs:   true,
		Unescape:             UnescapeUnreserved,
		RemoveDirectoryIndex: true,
		RemoveTrailingSlash:  true,
		RemoveEmptyQuery:     true,
		FormQuery:            true,
		SortQuery:            QuerySortByName,
		DropParams:           concat(TrackingParams, SessionParams),
		DropParamPrefixes:    TrackingParamPrefixes,
	}

	// Archive is the Internet Archive's canonicalization for the keys of
	// its CDX indexes (surt's default canonicalizer, from Heritrix and the
	// Wayback Machine): Safe Browsing's reading (ReadSafeBrowsing, which
	// starts from the browser's, so that an archive files a page under
	// the host it was fetched from), then the host's "www"
	// removed, the userinfo and a default port dropped, the path and query
	// lowercased, a trailing slash removed, session identifiers dropped,
	// an empty query removed and the parameters sorted by name and value.
	// SURT uses it.
	Archive = Canonicalizer{
		Reading:             ReadSafeBrowsing,
		RemoveFragment:      true,
		RemoveUserinfo:      true,
		RemoveDefaultPort:   true,
		StripWWW:            true,
		LowercasePath:       true,
		DropPathSessionIDs:  true,
		LowercaseQuery:      true,
		RemoveTrailingSlash: true,
		RemoveEmptyQuery:    true,
		SortQuery:           QuerySortByNameValue,
		DropParams:          SessionParams,
		DropParamPrefixes:   SessionParamPrefixes,
	}
)

// Presets maps the names that the iri canon command takes to the
// presets.
var Presets = map[string]Canonicalizer{
	"safebrowsing": SafeBrowsing,
	"semantic":     Semantic,
	"dedup":        Dedup,
	"archive":      Archive,
}

// TrackingParams are query parameters that ad and analytics services add
// to links to follow a click, and that the linked page does not need:
// click identifiers of Google, Microsoft, Meta, Yandex, TikTok, Twitter,
// LinkedIn, Mailchimp, HubSpot, Marketo, Instagram and Google Analytics'
// cross-domain linker. An opt-in list for DropParams; no preset but Dedup
// uses it.
var TrackingParams = []string{
	"gclid", "gclsrc", "dclid", "gbraid", "wbraid", // Google Ads
	"msclkid",         // Microsoft Advertising
	"fbclid",          // Meta
	"yclid", "ysclid", // Yandex
	"ttclid",           // TikTok
	"twclid",           // Twitter
	"li_fat_id",        // LinkedIn
	"mc_cid", "mc_eid", // Mailchimp
	"_hsenc", "_hsmi", // HubSpot
	"mkt_tok",    // Marketo
	"igshid",     // Instagram
	"_ga", "_gl", // Google Analytics linker
	"oly_anon_id", "oly_enc_id", // Omeda
	"vero_id", "vero_conv", // Vero
}

// TrackingParamPrefixes are the name prefixes of tracking parameters:
// Google Analytics' campaign parameters "utm_source", "utm_medium" and
// the rest. For DropParamPrefixes.
var TrackingParamPrefixes = []string{"utm_"}

// SessionParams are query parameters that web frameworks use to carry a
// session identifier in the URL (Java servlets, PHP, ColdFusion, ASP and
// others): the same page gets a new URL in every session. An opt-in list
// for DropParams, used by Dedup and Archive. Unlike the Internet Archive's
// canonicalizer, which removes them only when the value has the
// framework's form, these are removed whatever the value.
var SessionParams = []string{
	"jsessionid", "phpsessid", "cfid", "cftoken", "sessionid", "session_id",
}

// SessionParamPrefixes are the name prefixes of session parameters: ASP's
// "ASPSESSIONIDxxxxxxxx". For DropParamPrefixes.
var SessionParamPrefixes = []string{"aspsessionid"}

func concat(lists ...[]string) []string {
	var all []string
	for _, l := range lists {
		all = append(all, l...)
	}
	return all
}

// ErrCanonicalize is the kind of every error a Canonicalizer returns, for
// errors.Is.
var ErrCanonicalize = errors.New("canon: cannot canonicalize")

// An Error reports an input that a Canonicalizer cannot read, or whose
// key a browser does not read back as itself.
type Error struct {
	Input  string // the input, its password (as a browser reads the userinfo) replaced by "xxxxx", or all before the last "@" of its authority when a browser refuses it
	Offset int    // byte offset in Input of what is missing or wrong; 0 when Err says where
	Rule   string // what failed: "invalid-url" (a browser refuses the input), "invalid-result", "missing-host"
	Err    error  // the cause, if any: the reading's *web.Error (its Input redacted likewise), or why the key does not read back
}

// Error returns the message: the input (cut after 200 octets), then the
// cause in its own words (the kind, the URL Standard's validation error
// and the offset of a *web.Error), or the rule and the offset.
func (e *Error) Error() string {
	msg := "canon: cannot canonicalize " + quote(e.Input) + ": "
	var pe *web.Error
	switch {
	case errors.As(e.Err, &pe):
		if e.Rule == "invalid-result" {
			msg += "its key " + quote(pe.Input) + " is not a URL: "
		}
		if pe.Err != nil {
			msg += pe.Err.Error() + " "
		}
		return msg + "(" + pe.Rule + ") at byte " + strconv.Itoa(pe.Offset)
	case e.Err != nil:
		return msg + e.Err.Error()
	}
	return msg + e.Rule + " at offset " + strconv.Itoa(e.Offset)
}

// quote quotes s for a message, cut after 200 octets.
func quote(s string) string {
	if len(s) > 200 {
		return strconv.QuoteToGraphic(s[:200] + "...")
	}
	return strconv.QuoteToGraphic(s)
}

// Unwrap returns ErrCanonicalize and the cause, for errors.Is and
// errors.As.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrCanonicalize, e.Err}
	}
	return []error{ErrCanonicalize}
}

// newError makes an Error without a cause, hiding a password of the
// input, which the browser reads as a URL.
func newError(input string, offset int, rule string) error {
	return &Error{Input: redact.Web(input, true), Offset: offset, Rule: rule}
}

// Canonicalize reads input as c.Reading says and returns its canonical
// text. An input that cannot be read gives a *Error.
func (c Canonicalizer) Canonicalize(input string) (string, error) {
	p, err := c.canonicalParts(input)
	if err != nil {
		return "", err
	}
	return p.String(), nil
}

// CanonicalizeURL is Canonicalize on a parsed URL: it reads u as
// c.Reading says and returns the canonical URL, u itself when nothing
// changes. A Safe Browsing key that a browser reads differently (a path
// "/%3C" is "/<" in the key, which a browser writes "/%3C") gives a
// *Error with the rule "invalid-result": use Canonicalize for Safe
// Browsing's text.
func (c Canonicalizer) CanonicalizeURL(u web.URL) (web.URL, error) {
	href := u.String()
	if href == "" {
		return web.URL{}, newError(href, 0, "invalid-url") // the zero URL
	}
	p, err := c.readURL(href, u)
	if err != nil {
		return web.URL{}, err
	}
	p, v, parsed, err := c.transform(href, p)
	switch {
	case err != nil:
		return web.URL{}, err
	case parsed:
		return v, nil
	case p.String() == href:
		return u, nil
	}
	v, err = web.Parse(p.String())
	if err != nil || v.String() != p.String() {
		if err == nil {
			err = fmt.Errorf("its key %q reads as %q", redact.Web(p.String(), true), redact.Web(v.String(), true))
		}
		return web.URL{}, &Error{Input: redact.Web(href, true), Rule: "invalid-result", Err: redactWebError(err, p.String())}
	}
	return v, nil
}

// canonicalParts reads input and transforms its parts.
func (c *Canonicalizer) canonicalParts(input string) (parts, error) {
	p, _, err := c.read(input)
	if err != nil {
		return parts{}, err
	}
	p, _, _, err = c.transform(input, p)
	return p, err
}

// read reads input as c.Reading says: the parts of the key, and the URL
// the browser reads.
func (c *Canonicalizer) read(input string) (parts, web.URL, error) {
	u, err := c.parse(input)
	if err != nil {
		return parts{}, web.URL{}, err
	}
	p, err := c.readURL(input, u)
	return p, u, err
}

// readURL reads u, the browser's reading of input, as c.Reading says.
func (c *Canonicalizer) readURL(input string, u web.URL) (parts, error) {
	if c.Reading == ReadSafeBrowsing {
		return sbRead(input, u, !c.RemoveUserinfo, !c.RemovePort)
	}
	return split(u.String()), nil
}

// parse reads input as a browser does, with web.Parse, and with Safe
// Browsing's reading of a text without a scheme and of octets that are
// not UTF-8 under ReadSafeBrowsing.
func (c *Canonicalizer) parse(input string) (web.URL, error) {
	u, err := web.Parse(input)
	if c.Reading == ReadSafeBrowsing {
		if errors.Is(err, web.ErrMissingScheme) {
			u, err = parseSchemeless(input, err)
		}
		if err == nil && !utf8.ValidString(input) {
			u = keepOctets(input, u)
		}
	}
	if err != nil {
		return web.URL{}, &Error{Input: redact.Web(input, false), Rule: "invalid-url", Err: redactWebError(err, input)}
	}
	return u, nil
}

// parseSchemeless reads input, which has no scheme, as "http://" and the
// input, as Safe Browsing's documentation does ("www.google.com/"); an
// input that starts with "/" or "\" is a path and keeps its error. An
// error's offset is the input's.
func parseSchemeless(input string, err error) (web.URL, error) {
	t := urlstd.TrimControlAndSpace(input)
	if t == "" || t[0] == '/' || t[0] == '\\' {
		return web.URL{}, err
	}
	const prefix = "http://"
	u, err := web.Parse(prefix + t)
	var pe *web.Error
	if errors.As(err, &pe) {
		e := *pe
		e.Input = input
		e.Offset = max(e.Offset-len(prefix), 0) + strings.Index(input, t)
		return web.URL{}, &e
	}
	return u, err
}

// keepOctets returns the browser's reading of input with the octets that
// are not UTF-8 percent-encoded as they are, where web.Parse reads
// U+FFFD, when that reading has u's scheme, host and port: the key keeps
// them apart, and names the host the browser fetches.
func keepOctets(input string, u web.URL) web.URL {
	b := make([]byte, 0, len(input)+16)
	for i := 0; i < len(input); {
		r, n := utf8.DecodeRuneInString(input[i:])
		if r == utf8.RuneError && n == 1 {
			b = pct.AppendByte(b, input[i])
		} else {
			b = append(b, input[i:i+n]...)
		}
		i += n
	}
	s := string(b)
	v, err := web.Parse(s)
	if errors.Is(err, web.ErrMissingScheme) {
		v, err = parseSchemeless(s, err)
	}
	if err != nil || v.Scheme() != u.Scheme() || v.HasHost() != u.HasHost() || v.Host() != u.Host() {
		return u
	}
	return v
}

// redactWebError returns err with the password of a *web.Error's input
// hidden as redact.Web hides it: the text is input, which the browser
// refuses.
func redactWebError(err error, input string) error {
	var pe *web.Error
	if !errors.As(err, &pe) {
		return err
	}
	e := *pe
	e.Input = redact.Web(input, false)
	return &e
}

// transform runs c's transformations on p, read from input. Under
// ReadBrowser a changed result is read again, so that it is the href a
// browser makes of it; that reading is returned too, with parsed true.
func (c *Canonicalizer) transform(input string, p parts) (_ parts, _ web.URL, parsed bool, _ error) {
	c.apply(&p)
	if c.Reading != ReadBrowser || !p.changed {
		return p, web.URL{}, false, nil
	}
	v, err := web.Parse(p.String())
	if err != nil {
		return parts{}, web.URL{}, false, &Error{Input: redact.Web(input, true), Rule: "invalid-result", Err: redactWebError(err, p.String())}
	}
	return split(v.String()), v, true, nil
}
