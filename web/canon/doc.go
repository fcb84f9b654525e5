// Package canon makes canonical keys of URLs: text that is the same for
// two URLs that a blocklist, a cache, a crawler's frontier or a web archive
// treats as one resource.
//
// A Canonicalizer reads its input as a browser does (web.Parse, the URL
// Standard) or by Google Safe Browsing's steps, then applies the
// transformations its fields turn on, each documented with where it comes
// from and whether it can change the resource named. The presets are
// SafeBrowsing (Google Safe Browsing's canonical URL, whose lookup
// expressions SafeBrowsingExpressions gives), Semantic (cache keys),
// Dedup (crawl de-duplication) and Archive (the Internet Archive's
// canonicalization, for the SURT keys of web archives):
//
//	key, err := canon.SafeBrowsing.Canonicalize("http://www.GOOgle.com.../a/./b/../c//d#frag")
//	// key == "http://www.google.com/a/c/d"
//
// Every key a browser reading makes reads back as itself. Errors are
// *Error values, of the kind ErrCanonicalize for errors.Is, with the
// reading's *web.Error when the input is not a URL.
package canon
