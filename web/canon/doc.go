// Package canon makes canonical keys of URLs: text that is the same for
// two URLs that a blocklist, a cache, a crawler's frontier or a web archive
// treats as one resource.
//
// A Canonicalizer reads its input, then applies the transformations its
// fields turn on, each documented with the system it comes from and
// whether it can change the resource named. There are three readings:
//
//   - ReadBrowser, the browser's (web.Parse, the URL Standard): the host
//     of every key is the host a browser fetches
//     (web.Parse(input).Hostname(), in the key's form), so that text that
//     names one host to a naive splitter and another to a browser, such
//     as "http://good.com%2F@evil.com/", gets evil.com's key, and an input
//     that a browser refuses is an error;
//   - ReadSafeBrowsing, the browser's, then Google Safe Browsing's steps
//     on what the browser read, as Chromium takes them;
//   - ReadRFC3986, RFC 3986's split with nothing changed unless an option
//     says so, for an index keyed by purell, Nutch, Heritrix, w3lib or
//     surt. It is not the browser's reading: its keys must not decide
//     what is safe.
//
// The presets are SafeBrowsing (Google Safe Browsing's canonical URL,
// whose lookup expressions SafeBrowsingExpressions gives), Semantic (cache
// keys), Dedup (crawl de-duplication), Archive (the Internet Archive's
// canonicalization, for the SURT keys of web archives), and for migration
// Nutch, W3lib, Purell and Heritrix, each giving its system's keys:
//
//	key, err := canon.SafeBrowsing.Canonicalize("http://www.GOOgle.com.../a/./b/../c//d#frag")
//	// key == "http://www.google.com/a/c/d"
//
// Every key canonicalizes to itself, and every key that ReadBrowser makes
// reads back as itself (unless its host is written in Unicode). Errors are
// *Error values, of the kind ErrCanonicalize for errors.Is, with the
// reading's *web.Error when a browser refuses the input; an error from a
// blocklist lookup means "not checked", never "clean". No error message
// quotes a password.
package canon
