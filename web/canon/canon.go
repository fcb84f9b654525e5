package canon

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/iri-go/iri/internal/redact"
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
//	Reading               how the text is read: ReadBrowser (URL Standard),  -             -
//	                      ReadSafeBrowsing (the URL Standard, then Safe
//	                      Browsing's steps on what it read) or ReadRFC3986
//	                      (RFC 3986's split, nothing changed: not for
//	                      security decisions)
//	DefaultScheme         "example.com/a" read as "http://example.com/a"     usually safe  urlcanon, surt, Safe Browsing
//	Base                  relative references resolved against it            safe          crawlers
//	ReplaceInvalidUTF8    octets that are not UTF-8 read as U+FFFD           unsafe        browsers (default: kept as %XX)
//	LowercaseScheme       "HTTP:" becomes "http:" (the browser readings do)  safe          purell, Nutch, all
//	RemoveEmptyPort       "a.com:/" becomes "a.com/" (browser readings do)   safe          purell, Nutch, w3lib
//	NormalizeIPv4         "0x7f.1" becomes "127.0.0.1" (browser readings do) safe          purell, urlcanon
//	RemoveDotSegments     "/a/../b" becomes "/b" (browser readings do)       safe          purell, Nutch, w3lib
//	AddRootSlash          an empty path with a host becomes "/"              safe          Nutch, w3lib, surt
//	UppercaseEscapes      "%3a" becomes "%3A"                                safe          purell
//	EncodeNecessary       " " becomes "%20", "|" becomes "%7C", ...          safe          purell, Nutch, w3lib
//	HostForm              Unicode, Punycode (IDNA2008 or IDNA2003) or        (the form's)  Nutch, w3lib
//	                      percent-decoded domains
//	RemoveUserinfoSchemes drop "user:pass@" for these schemes only           unsafe        Nutch (http, https)
//	RemoveBlankParams     "?b=&c&a=2" becomes "?a=2"                         unsafe        w3lib (keep_blank_values=False)
//	QuerySeparator        ";" between parameters instead of "&"              safe          w3lib (query_separator)
//	DropSessionIDs        session identifiers removed by their value         unsafe        surt, Heritrix, urlcanon
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

	// DefaultScheme is the scheme of a text the reading finds none in: a
	// host first ("example.com/a") is read as DefaultScheme "://" and the
	// text, and "//example.com/a" as DefaultScheme ":" and the text; a
	// text that starts with one "/" or "\" is a path (an error under the
	// browser readings; ReadRFC3986 keeps it, and a text that starts with
	// "?", "#" or ".", as a relative reference, writing "./" before a
	// relative path that dot segments leave). The key's host is the host
	// of that reading. "example.com:8080/a" has a scheme to both readings.
	// Empty means no default, except under ReadSafeBrowsing, which reads
	// a text without a scheme as "http". urlcanon and the Internet
	// Archive's surt use "http". Usually safe: it is how browsers'
	// address bars read typed text.
	DefaultScheme string
	// Base resolves relative references ("../a", "/b?c", "//host/d")
	// against it, as a crawler resolves the links of the page it fetched:
	// by the URL Standard under the browser readings (Base.Parse), by RFC
	// 3986, section 5.2, under ReadRFC3986. Nil means no base: a relative
	// reference is an error (ReadRFC3986 keeps it as it is). Safe: it is
	// how the page's links are read.
	Base *web.URL
	// ReplaceInvalidUTF8 reads the octets of the input that are not UTF-8
	// as U+FFFD, as a browser does. By default each is kept
	// percent-encoded as itself, so that "/foo\x91" and "/foo\x92" keep
	// two keys; the host is the browser's either way (an octet that is
	// not UTF-8 in a host makes it invalid). Unsafe, since it merges
	// URLs: it is for keys that must be the href a browser requests.
	ReplaceInvalidUTF8 bool

	// LowercaseScheme lowercases the scheme. The browser readings do it;
	// for ReadRFC3986 (purell, Nutch and every other system do it). Safe:
	// RFC 3986, section 6.2.2.1.
	LowercaseScheme bool
	// RemoveEmptyPort drops a ":" with no port after it. The browser
	// readings do it; for ReadRFC3986 (purell's RemoveEmptyPortSeparator,
	// Nutch, w3lib). Safe: RFC 3986, section 6.2.3.
	RemoveEmptyPort bool
	// NormalizeIPv4 writes a host in an IPv4 number form ("0x7f.1",
	// "2130706433", "0177.0.0.1") as the dotted quad, as the URL Standard
	// reads it, after TrimHostDots. For ReadRFC3986 (purell's
	// DecodeDWORDHost, DecodeOctalHost and DecodeHexHost, urlcanon): the
	// browser readings do it for the special schemes, and leave the
	// opaque hosts of the others as they are. Safe for what browsers and
	// most resolvers fetch.
	NormalizeIPv4 bool
	// RemoveDotSegments resolves "." and ".." path segments (RFC 3986,
	// section 5.2.4). The browser readings do it; for ReadRFC3986
	// (purell, Nutch, w3lib). Safe.
	RemoveDotSegments bool
	// AddRootSlash makes the empty path of a URL with a host "/". The
	// browser readings do it for the special schemes; for ReadRFC3986
	// and the others (Nutch, w3lib, surt). Safe: RFC 3986, section 6.2.3.
	AddRootSlash bool
	// UppercaseEscapes writes the hexadecimal digits of percent-encodings
	// in uppercase ("%3a" as "%3A"), which UnescapeUnreserved also does
	// (purell's UppercaseEscapes). Safe: RFC 3986, section 6.2.2.1.
	UppercaseEscapes bool
	// EncodeNecessary percent-encodes what RFC 3986 does not allow raw in
	// the userinfo, path, query and fragment: controls, space, '"', "<",
	// ">", "[", "]", "\", "^", "`", "{", "|", "}", DEL, octets beyond
	// ASCII (UTF-8, or as they are when not UTF-8) and a "%" not followed
	// by two hexadecimal digits (purell's EncodeNecessaryEscapes, Nutch's
	// escaping, w3lib's safe_url_string). Safe: a browser sends these
	// encoded.
	EncodeNecessary bool
	// HostForm says how a domain is written (an IP address stays as it
	// is). Its safety is the form's.
	HostForm HostForm
	// RemoveUserinfoSchemes drops the user name and password of the URLs
	// of these schemes (ASCII case-insensitively) and keeps the others':
	// Nutch removes them from http and https URLs and keeps them for ftp,
	// which usually needs them. RemoveUserinfo removes them from all.
	// Unsafe.
	RemoveUserinfoSchemes []string
	// RemoveBlankParams removes the query parameters whose value is empty
	// ("b=", or "c" alone), as w3lib's canonicalize_url with
	// keep_blank_values=False. Unsafe.
	RemoveBlankParams bool
	// QuerySeparator is the octet between query parameters for the query
	// options (FormQuery, SortQuery, RemoveEmptyParams, RemoveBlankParams,
	// DropParams, DropParamPrefixes, DropSessionIDs); 0 means "&". w3lib's
	// query_separator=";" reads "a=1;b=2". Safe in itself.
	QuerySeparator byte
	// DropSessionIDs removes the session identifiers of a query by their
	// value, as the Internet Archive (surt), Heritrix (StripSessionIDs,
	// StripSessionCFIDs) and urlcanon do: "jsessionid", "phpsessid" or
	// "sid" with a value of 32 ASCII letters or digits,
	// "aspsessionid" and 8 letters with a value of 24 letters, and
	// "cfid" followed by "cftoken" (any case). A parameter named "sid"
	// with another value stays. Unsafe: the server may need the session.
	DropSessionIDs bool
}

// HostForm says how a Canonicalizer writes a domain.
type HostForm uint8

const (
	// HostAsRead keeps the reading's form: the browser's (lowercased, in
	// Punycode), or the text as written under ReadRFC3986.
	HostAsRead HostForm = iota
	// HostDecoded decodes the percent-encoded letters, digits, "-", ".",
	// "_", "~" and octets beyond ASCII of a domain and lowercases it
	// (Unicode letters too), leaving IDNs in the form written: Nutch's
	// BasicURLNormalizer by default. Safe: the same name.
	HostDecoded
	// HostASCII writes a domain with text beyond ASCII in Punycode by UTS
	// #46 (nontransitional: IDNA2008, as browsers), after HostDecoded's
	// decoding; an ASCII domain stays as it is: purell, Nutch's
	// urlnormalizer.basic.host.idn=toAscii with idna2008=true, w3lib.
	// Safe: the name a browser resolves.
	HostASCII
	// HostASCII2003 writes an IDN in Punycode by UTS #46's transitional
	// processing, IDNA2003's mappings ("straße.de" is "strasse.de"):
	// Nutch's toAscii with idna2008=false, the default. Unsafe (host): a
	// browser resolves "xn--strae-oqa.de".
	HostASCII2003
	// HostUnicode writes the labels in Punycode as Unicode (UTS #46
	// ToUnicode, nontransitional), lowercased: Nutch's toUnicode with
	// idna2008=true, and the indexes that keep IDNs readable. Safe: the
	// same name. The key is then not an href (a browser writes the host
	// in Punycode), so CanonicalizeURL gives an error.
	HostUnicode
)

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
	// ReadRFC3986 reads the input by the generic syntax of RFC 3986
	// (Appendix B's split into scheme, authority, path, query and
	// fragment) and changes nothing unless an option says so: the case
	// of the scheme and host, the port, an empty path, dot segments, IPv4
	// number forms and percent-encodings stay as written. It is the
	// reading of purell, Nutch, Heritrix, w3lib and surt, for an index
	// that moves from one of them; their steps are options (LowercaseScheme,
	// RemoveEmptyPort, NormalizeIPv4, RemoveDotSegments, AddRootSlash,
	// EncodeNecessary, ...).
	//
	// It is not the browser's reading, and its keys must not be used for
	// security decisions (a blocklist uses SafeBrowsing): where RFC 3986
	// and the URL Standard disagree, a key names the RFC 3986 host. To
	// keep that host unambiguous, an authority with a "\" (a browser
	// reads "/"), more than one "@", a host with a character RFC 3986
	// does not allow there (raw text beyond ASCII is allowed, as in an
	// IRI) or a port that is not digits is an error. The path, query and
	// fragment take any text. A text without a scheme is a relative
	// reference: resolved against Base, read with DefaultScheme, or kept
	// as it is.
	ReadRFC3986
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
	// comparing links. It reproduces no other system's keys: it is the
	// browser's href, as urlcanon's semantic canonicalizer means to be,
	// with RFC 3986's safe normalizations (section 6.2.2).
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
	// pages that differ. It reproduces no other system's keys: it is
	// purell's FlagsUnsafeGreedy read as a browser reads, with w3lib's
	// form query and the tracking parameters of URL cleaners.
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

	// Archive gives the Internet Archive's keys, those of its CDX
	// indexes and the Wayback Machine: surt's default canonicalizer
	// (DefaultIAURLCanonicalizer, its GoogleURLCanonicalizer then
	// IAURLCanonicalizer). Safe Browsing's reading (ReadSafeBrowsing,
	// which starts from the browser's, so that an archive files a page
	// under the host it was fetched from; a text without a scheme is
	// http), then the host's "www" removed, the userinfo and a default
	// port dropped, the path and query lowercased, a trailing slash
	// removed, session identifiers dropped by their value, an empty query
	// removed and the parameters sorted by name and value. SURT uses it.
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
		DropSessionIDs:      true,
	}
)

// The presets for an index keyed by another system: each reads as
// ReadRFC3986 does (RFC 3986's split, not the browser's), so its keys must
// not decide what is safe; each reproduces the documented examples of its
// system but those listed in the package's tests.
var (
	// Nutch gives Apache Nutch's keys: the BasicURLNormalizer of its
	// urlnormalizer-basic plugin with its default settings. The scheme
	// lowercased; the host percent-decoded and lowercased, an IDN left in
	// the form written (set HostForm to HostASCII2003, HostASCII or
	// HostUnicode for urlnormalizer.basic.host.idn and idna2008); the
	// default and the empty port dropped; the userinfo dropped from http
	// and https URLs (kept for ftp); "/" for an empty path; the fragment
	// dropped; dot segments resolved and "//" collapsed; unreserved
	// characters decoded and necessary ones encoded.
	Nutch = Canonicalizer{
		Reading:               ReadRFC3986,
		LowercaseScheme:       true,
		HostForm:              HostDecoded,
		RemoveDefaultPort:     true,
		RemoveEmptyPort:       true,
		RemoveUserinfoSchemes: []string{"http", "https"},
		AddRootSlash:          true,
		RemoveFragment:        true,
		RemoveDotSegments:     true,
		CollapseSlashes:       true,
		Unescape:              UnescapeUnreserved,
		EncodeNecessary:       true,
	}

	// W3lib gives Scrapy's keys: w3lib's canonicalize_url with its
	// default arguments (keep_blank_values=True, keep_fragments=False,
	// query_separator="&"); set RemoveBlankParams for
	// keep_blank_values=False and QuerySeparator for query_separator.
	// The scheme and the host lowercased, an IDN in Punycode, the empty
	// port dropped, "/" for an empty path, unreserved characters decoded
	// and necessary ones encoded, the query read as a form and sorted by
	// name and value, the fragment dropped.
	W3lib = Canonicalizer{
		Reading:         ReadRFC3986,
		LowercaseScheme: true,
		LowercaseHost:   true,
		HostForm:        HostASCII,
		RemoveEmptyPort: true,
		AddRootSlash:    true,
		RemoveFragment:  true,
		Unescape:        UnescapeUnreserved,
		EncodeNecessary: true,
		FormQuery:       true,
		SortQuery:       QuerySortByNameValue,
	}

	// Heritrix gives the keys of Heritrix's default canonicalization
	// rules (RulesCanonicalizationPolicy: LowercaseRule, StripUserinfoRule,
	// StripWWWNRule, StripSessionIDs, StripSessionCFIDs,
	// FixupQueryString): the whole URL but the fragment lowercased, the
	// userinfo and a first label "www" or "wwwN" dropped, session
	// identifiers removed by their value, an empty query and empty
	// parameters dropped.
	Heritrix = Canonicalizer{
		Reading:           ReadRFC3986,
		LowercaseScheme:   true,
		LowercaseHost:     true,
		LowercasePath:     true,
		LowercaseQuery:    true,
		RemoveUserinfo:    true,
		StripWWW:          true,
		DropSessionIDs:    true,
		RemoveEmptyParams: true,
		RemoveEmptyQuery:  true,
	}

	// Purell gives the keys of purell's FlagsSafe
	// (github.com/PuerkitoBio/purell), which Go crawlers use: the scheme
	// and the host lowercased, an IDN in Punycode, unreserved characters
	// decoded, necessary ones encoded and the others' hexadecimal digits
	// uppercased, the default port and an empty query dropped. Its other
	// flags are this package's options of the same names.
	Purell = Canonicalizer{
		Reading:           ReadRFC3986,
		LowercaseScheme:   true,
		LowercaseHost:     true,
		HostForm:          HostASCII,
		Unescape:          UnescapeUnreserved,
		UppercaseEscapes:  true,
		EncodeNecessary:   true,
		RemoveDefaultPort: true,
		RemoveEmptyQuery:  true,
	}
)

// Presets maps the names that the iri canon command takes to the
// presets.
var Presets = map[string]Canonicalizer{
	"safebrowsing": SafeBrowsing,
	"semantic":     Semantic,
	"dedup":        Dedup,
	"archive":      Archive,
	"nutch":        Nutch,
	"w3lib":        W3lib,
	"purell":       Purell,
	"heritrix":     Heritrix,
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
// for DropParams, used by Dedup. Unlike the Internet Archive's
// canonicalizer (DropSessionIDs, which Archive uses), which removes them
// only when the value has the framework's form, these are removed
// whatever the value.
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
	Offset int    // byte offset in the input as given (Input hides its password) of what is missing or wrong; 0 when Err says where
	Rule   string // what failed: "invalid-url" (a browser refuses the input), "invalid-result", "missing-host", "invalid-host" (a HostForm cannot write it); under ReadRFC3986 "invalid-authority", "invalid-userinfo", "invalid-host", "invalid-port"
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
	var p parts
	if err := c.canonicalParts(input, &p); err != nil {
		return "", err
	}
	return p.String(), nil
}

// CanonicalizeURL is Canonicalize on a parsed URL: it reads u's href as
// c.Reading says and returns the canonical URL, u itself when nothing
// changes. A key that a browser reads differently (a Safe Browsing path
// "/%3C" is "/<" in the key, which a browser writes "/%3C"; a host in
// Unicode) gives a *Error with the rule "invalid-result": use
// Canonicalize for such keys. Base and DefaultScheme play no part, and
// the octets of u are UTF-8 already.
func (c Canonicalizer) CanonicalizeURL(u web.URL) (web.URL, error) {
	href := u.String()
	if href == "" {
		return web.URL{}, newError(href, 0, "invalid-url") // the zero URL
	}
	var p parts
	var err error
	if c.Reading == ReadRFC3986 {
		err = readRFC3986(href, &p)
	} else {
		err = c.readURL(href, u, &p)
	}
	if err != nil {
		return web.URL{}, err
	}
	v, parsed, err := c.process(href, &p)
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

// canonicalParts reads input into p and transforms it.
func (c *Canonicalizer) canonicalParts(input string, p *parts) error {
	if _, err := c.read(input, p); err != nil {
		return err
	}
	_, _, err := c.process(input, p)
	return err
}

// process runs the steps that follow the reading of input: under the
// browser's readings the transformations, the browser's reading of their
// result, then the host's form (a host in Unicode is not an href's);
// under ReadRFC3986 the host's form first, so that the host options see
// the host they see in the key.
func (c *Canonicalizer) process(input string, p *parts) (_ web.URL, parsed bool, err error) {
	if c.Reading == ReadRFC3986 {
		if _, err = c.finish(input, p); err != nil {
			return web.URL{}, false, err
		}
		c.apply(p) // no second reading to make an href
		if c.DefaultScheme != "" && p.noScheme && !p.HasAuthority && p.Path != "" && p.Path[0] != '/' && p.Path[0] != '.' {
			// A relative path left ("./a" with RemoveDotSegments): "./"
			// keeps its key from reading as a host.
			p.set(&p.Path, "./"+p.Path)
		}
		c.encodeEnds(p)
		return web.URL{}, false, nil
	}
	v, parsed, err := c.transform(input, p)
	if err != nil {
		return web.URL{}, false, err
	}
	changed, err := c.finish(input, p)
	return v, parsed && !changed, err
}

// transform runs c's transformations on p, read from input. Under
// ReadBrowser a changed result is read again, so that it is the href a
// browser makes of it; that reading is returned too, with parsed true.
func (c *Canonicalizer) transform(input string, p *parts) (_ web.URL, parsed bool, _ error) {
	c.apply(p)
	if c.Reading != ReadBrowser || !p.changed {
		return web.URL{}, false, nil
	}
	v, err := web.Parse(p.String())
	if err != nil {
		return web.URL{}, false, &Error{Input: redact.Web(input, true), Rule: "invalid-result", Err: redactWebError(err, p.String())}
	}
	splitURL(v, p)
	return v, true, nil
}
