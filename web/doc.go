// Package web reads URLs as browsers do: the URL Standard of the WHATWG
// (https://url.spec.whatwg.org/), the "Web Address" that RFC 3987bis names
// beside LEIRIs.
//
// Most identifiers a program meets come from the web, and browsers do not
// read them by RFC 3986 or RFC 3987: a crawler, a link checker or a security
// check that reads them differently from the browser fetches, or approves,
// another resource than the one the user gets. Parse gives the browser's
// reading; its result passes every case of the Web Platform Tests'
// urltestdata.json (testdata/wpt).
//
//	u, err := web.Parse(`HTTP://EXAMPLE.com\a\..\b?q#f`)
//	u.String()   // "http://example.com/b?q#f"
//	u.Hostname() // "example.com"
//
// A URL is a comparable value holding its href and the offsets of its
// components; its accessors allocate nothing, and Parse allocates at most
// the href (nothing when the input is already in serialized form).
//
// # Where the two standards read the same text differently
//
// The root package iri follows RFC 3986 and RFC 3987; this package follows
// the URL Standard. Where they part, each example shows the URL Standard's
// reading (what a browser fetches) and the RFC's:
//
//	text                        URL Standard                  RFC 3986 / 3987
//	http://a\b\c                http://a/b/c                  invalid ('\' is not allowed)
//	  http://a/ b               http://a/%20b                 invalid (space, and the leading spaces)
//	http://a/\tb\n              http://a/b                    invalid (tab and newline)
//	HTTP://EXAMPLE.com:80/      http://example.com/           the same IRI; equal after normalization
//	http://0x7f.1/              http://127.0.0.1/             a registered name "0x7f.1"
//	http://1.2.3.4.5/           failure                       a registered name
//	http://[0:0::1]/            http://[::1]/                 kept as written
//	http://a                    http://a/                     path empty
//	http://a/b/%2e%2E/c         http://a/c                    %2e is not a dot segment
//	http://a:65536/             failure                       valid (port = *DIGIT)
//	http:a                      http://a/ (without base)      scheme "http", path "a"
//	file:///C:/../x             file:///C:/x                  file:///x
//	mailto:a b                  mailto:a b (opaque path)      invalid
//
// Inputs that are not UTF-8: the URL Standard reads Unicode text, which a
// browser decodes from the document; a Go string may hold any bytes. Parse
// reads each maximal ill-formed UTF-8 subsequence as U+FFFD, as the
// Encoding Standard's decoder does, so it is percent-encoded as %EF%BF%BD in
// a path and fails a domain.
//
// A Parser carries what a document gives its links: a base URL and the
// document's character encoding, which the queries of special URLs are
// encoded in (percent-encoding.json of the Web Platform Tests passes).
//
// The setters of the standard's URL class are the With methods
// (WithProtocol, WithHost, WithPathname, ...), which return a new URL and
// leave it as it is where the standard's setter refuses the value
// (setters_tests.json of the Web Platform Tests passes).
//
// SearchParams is the standard's URLSearchParams: the name-value pairs
// of a query, to read, add, remove, set and sort (URL.SearchParams and
// URL.WithSearchParams read and write a URL's query; the
// urlsearchparams and urlencoded-parser cases of the Web Platform Tests
// pass).
//
// Validate and URL.Validate report the validation errors the parser meets
// on its way, with the standard's names and their offsets: what a linter,
// an HTML conformance checker or a security review flags in an href that
// works only by the parser's error recovery ("https:example.org", a
// backslash, credentials, a tab in a host). Parse does none of that work.
//
// Canonical keys of URLs, for caches, crawlers, web archives and
// blocklists (Google Safe Browsing, SURT), are package web/canon's.
package web
