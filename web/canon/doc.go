// Package canon makes canonical keys of URLs: text that is the same for
// two URLs that a blocklist, a cache, a crawler's frontier or a web archive
// treats as one resource.
//
// A Canonicalizer reads its input as a browser does (web.Parse, the URL
// Standard), and optionally takes Google Safe Browsing's steps on what
// the browser read, then applies the transformations its fields turn on,
// each documented with where it comes from and whether it can change the
// resource named. The host of every key is the host a browser fetches
// (web.Parse(input).Hostname(), in the key's form): text that names one
// host to a naive splitter and another to a browser, such as
// "http://good.com%2F@evil.com/", gets evil.com's key, and an input that
// a browser refuses is an error. The presets are
// SafeBrowsing (Google Safe Browsing's canonical URL, whose lookup
// expressions SafeBrowsingExpressions gives), Semantic (cache keys),
// Dedup (crawl de-duplication) and Archive (the Internet Archive's
// canonicalization, for the SURT keys of web archives):
//
//	key, err := canon.SafeBrowsing.Canonicalize("http://www.GOOgle.com.../a/./b/../c//d#frag")
//	// key == "http://www.google.com/a/c/d"
//
// Every key a browser reading makes reads back as itself, and every key
// canonicalizes to itself. Errors are *Error values, of the kind
// ErrCanonicalize for errors.Is, with the reading's *web.Error when the
// input is not a URL; an error from a blocklist lookup means "not
// checked", never "clean". No error message quotes a password.
package canon
