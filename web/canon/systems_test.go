package canon

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
)

// The documented examples of the canonicalizers that crawlers and
// archives use, each mapped to this package's options, so that an index
// keyed by one of them can move here. Each table holds a system's
// examples as its test suite gives them (the file is named above the
// table); an example whose answer this package does not give says why in
// differs, and the test checks that it still does not (so that a fix shows
// up). TestSystems logs how many of each system's examples pass.

// systemCase is one documented example: the input, the canonicalizer
// that maps the system's settings, the system's answer, and why this
// package answers otherwise ("" when it does not).
type systemCase struct {
	name    string
	in      string
	c       Canonicalizer
	want    string
	differs string
	surt    *SURT // when not nil, the key is the SURT key made with it
}

// purellFlag is a flag of purell's NormalizationFlags
// (github.com/PuerkitoBio/purell, purell.go), by its documented name.
type purellFlag uint

const (
	pLowercaseScheme purellFlag = 1 << iota
	pLowercaseHost
	pUppercaseEscapes
	pDecodeUnnecessaryEscapes
	pEncodeNecessaryEscapes
	pRemoveDefaultPort
	pRemoveEmptyQuerySeparator
	pRemoveTrailingSlash
	pAddTrailingSlash
	pRemoveDotSegments
	pRemoveDirectoryIndex
	pRemoveFragment
	pForceHTTP
	pRemoveDuplicateSlashes
	pRemoveWWW
	pAddWWW
	pSortQuery
	pDecodeDWORDHost
	pDecodeOctalHost
	pDecodeHexHost
	pRemoveUnnecessaryHostDots
	pRemoveEmptyPortSeparator

	psSafe                 = pLowercaseHost | pLowercaseScheme | pUppercaseEscapes | pDecodeUnnecessaryEscapes | pEncodeNecessaryEscapes | pRemoveDefaultPort | pRemoveEmptyQuerySeparator
	psUsuallySafeGreedy    = psSafe | pRemoveTrailingSlash | pRemoveDotSegments
	psUsuallySafeNonGreedy = psSafe | pAddTrailingSlash | pRemoveDotSegments
	psUnsafeGreedy         = psUsuallySafeGreedy | pRemoveDirectoryIndex | pRemoveFragment | pForceHTTP | pRemoveDuplicateSlashes | pRemoveWWW | pSortQuery
	psUnsafeNonGreedy      = psUsuallySafeNonGreedy | pRemoveDirectoryIndex | pRemoveFragment | pForceHTTP | pRemoveDuplicateSlashes | pAddWWW | pSortQuery
	psAllGreedy            = psUnsafeGreedy | pDecodeDWORDHost | pDecodeOctalHost | pDecodeHexHost | pRemoveUnnecessaryHostDots | pRemoveEmptyPortSeparator
	psAllNonGreedy         = psUnsafeNonGreedy | pDecodeDWORDHost | pDecodeOctalHost | pDecodeHexHost | pRemoveUnnecessaryHostDots | pRemoveEmptyPortSeparator
)

// canonicalizer maps purell's flags to options. purell reads with Go's
// net/url, which lowercases the scheme, decodes the unreserved characters
// of the path and writes its other encodings in uppercase whatever the
// flags ("done automatically by parsing the string as an URL", purell.go),
// and NormalizeURLString writes a host beyond ASCII in Punycode: the
// migration reading with LowercaseScheme, UnescapeUnreserved,
// UppercaseEscapes and HostASCII.
func (f purellFlag) canonicalizer() Canonicalizer {
	on := func(g purellFlag) bool { return f&g != 0 }
	c := Canonicalizer{
		Reading:              ReadRFC3986,
		LowercaseScheme:      true,
		Unescape:             UnescapeUnreserved,
		HostForm:             HostASCII,
		LowercaseHost:        on(pLowercaseHost),
		UppercaseEscapes:     true,
		EncodeNecessary:      on(pEncodeNecessaryEscapes),
		RemoveDefaultPort:    on(pRemoveDefaultPort),
		RemoveEmptyQuery:     on(pRemoveEmptyQuerySeparator),
		RemoveTrailingSlash:  on(pRemoveTrailingSlash),
		AddTrailingSlash:     on(pAddTrailingSlash),
		RemoveDotSegments:    on(pRemoveDotSegments),
		RemoveDirectoryIndex: on(pRemoveDirectoryIndex),
		RemoveFragment:       on(pRemoveFragment),
		ForceHTTP:            on(pForceHTTP),
		CollapseSlashes:      on(pRemoveDuplicateSlashes),
		StripWWW:             on(pRemoveWWW),
		AddWWW:               on(pAddWWW),
		NormalizeIPv4:        on(pDecodeDWORDHost | pDecodeOctalHost | pDecodeHexHost),
		TrimHostDots:         on(pRemoveUnnecessaryHostDots),
		RemoveEmptyPort:      on(pRemoveEmptyPortSeparator),
	}
	if on(pSortQuery) {
		c.SortQuery = QuerySortByNameValue
	}
	return c
}

// purellCases are purell_test.go's cases (TestRunner), then
// urlnorm_test.go's (TestUrlnorm, under FlagsSafe|FlagRemoveDotSegments),
// in their order.
var purellCases = []struct {
	name    string
	in      string
	flags   purellFlag
	want    string
	differs string
}{
	{"LowerScheme", "HTTP://www.SRC.ca", pLowercaseScheme, "http://www.SRC.ca", ""},
	{"LowerScheme2", "http://www.SRC.ca", pLowercaseScheme, "http://www.SRC.ca", ""},
	{"LowerHost", "HTTP://www.SRC.ca/", pLowercaseHost, "http://www.src.ca/", ""},
	{"UpperEscapes", "http://www.whatever.com/Some%aa%20Special%8Ecases/", pUppercaseEscapes, "http://www.whatever.com/Some%AA%20Special%8Ecases/", ""},
	{"UnnecessaryEscapes", "http://www.toto.com/%41%42%2E%44/%32%33%52%2D/%5f%7E", pDecodeUnnecessaryEscapes, "http://www.toto.com/AB.D/23R-/_~", ""},
	{"RemoveDefaultPort", "HTTP://www.SRC.ca:80/", pRemoveDefaultPort, "http://www.SRC.ca/", ""},
	{"RemoveDefaultPort2", "HTTP://www.SRC.ca:80", pRemoveDefaultPort, "http://www.SRC.ca", ""},
	{"RemoveDefaultPort3", "HTTP://www.SRC.ca:8080", pRemoveDefaultPort, "http://www.SRC.ca:8080", ""},
	{"Safe", "HTTP://www.SRC.ca:80/to%1ato%8b%ee/OKnow%41%42%43%7e", psSafe, "http://www.src.ca/to%1Ato%8B%EE/OKnowABC~", ""},
	{"BothLower", "HTTP://www.SRC.ca:80/to%1ato%8b%ee/OKnow%41%42%43%7e", pLowercaseHost | pLowercaseScheme, "http://www.src.ca:80/to%1Ato%8B%EE/OKnowABC~", ""},
	{"RemoveTrailingSlash", "HTTP://www.SRC.ca:80/", pRemoveTrailingSlash, "http://www.SRC.ca:80", "RemoveTrailingSlash keeps the root path \"/\""},
	{"RemoveTrailingSlash2", "HTTP://www.SRC.ca:80/toto/titi/", pRemoveTrailingSlash, "http://www.SRC.ca:80/toto/titi", ""},
	{"RemoveTrailingSlash3", "HTTP://www.SRC.ca:80/toto/titi/fin/?a=1", pRemoveTrailingSlash, "http://www.SRC.ca:80/toto/titi/fin?a=1", ""},
	{"AddTrailingSlash", "HTTP://www.SRC.ca:80", pAddTrailingSlash, "http://www.SRC.ca:80/", ""},
	{"AddTrailingSlash2", "HTTP://www.SRC.ca:80/toto/titi.html", pAddTrailingSlash, "http://www.SRC.ca:80/toto/titi.html/", ""},
	{"AddTrailingSlash3", "HTTP://www.SRC.ca:80/toto/titi/fin?a=1", pAddTrailingSlash, "http://www.SRC.ca:80/toto/titi/fin/?a=1", ""},
	{"RemoveDotSegments", "HTTP://root/a/b/./../../c/", pRemoveDotSegments, "http://root/c/", ""},
	{"RemoveDotSegments2", "HTTP://root/../a/b/./../c/../d", pRemoveDotSegments, "http://root/a/d", ""},
	{"UsuallySafe", "HTTP://www.SRC.ca:80/to%1ato%8b%ee/./c/d/../OKnow%41%42%43%7e/?a=b#test", psUsuallySafeGreedy, "http://www.src.ca/to%1Ato%8B%EE/c/OKnowABC~?a=b#test", ""},
	{"RemoveDirectoryIndex", "HTTP://root/a/b/c/default.aspx", pRemoveDirectoryIndex, "http://root/a/b/c/", ""},
	{"RemoveDirectoryIndex2", "HTTP://root/a/b/c/default#a=b", pRemoveDirectoryIndex, "http://root/a/b/c/default#a=b", ""},
	{"RemoveFragment", "HTTP://root/a/b/c/default#toto=tata", pRemoveFragment, "http://root/a/b/c/default", ""},
	{"ForceHTTP", "https://root/a/b/c/default#toto=tata", pForceHTTP, "http://root/a/b/c/default#toto=tata", ""},
	{"RemoveDuplicateSlashes", "https://root/a//b///c////default#toto=tata", pRemoveDuplicateSlashes, "https://root/a/b/c/default#toto=tata", ""},
	{"RemoveDuplicateSlashes2", "https://root//a//b///c////default#toto=tata", pRemoveDuplicateSlashes, "https://root/a/b/c/default#toto=tata", ""},
	{"RemoveWWW", "https://www.root/a/b/c/", pRemoveWWW, "https://root/a/b/c/", "StripWWW keeps \"www\" before a single label (\"www.com\" is a site of its own)"},
	{"RemoveWWW2", "https://WwW.Root/a/b/c/", pRemoveWWW, "https://Root/a/b/c/", "StripWWW keeps \"www\" before a single label (\"www.com\" is a site of its own)"},
	{"AddWWW", "https://Root/a/b/c/", pAddWWW, "https://www.Root/a/b/c/", "AddWWW adds \"www.\" only before a domain of two labels or more"},
	{"SortQuery", "http://root/toto/?b=4&a=1&c=3&b=2&a=5", pSortQuery, "http://root/toto/?a=1&a=5&b=2&b=4&c=3", ""},
	{"RemoveEmptyQuerySeparator", "http://root/toto/?", pRemoveEmptyQuerySeparator, "http://root/toto/", ""},
	{"Unsafe", "HTTPS://www.RooT.com/toto/t%45%1f///a/./b/../c/?z=3&w=2&a=4&w=1#invalid", psUnsafeGreedy, "http://root.com/toto/tE%1F/a/c?a=4&w=1&w=2&z=3", ""},
	{"Safe2", "HTTPS://www.RooT.com/toto/t%45%1f///a/./b/../c/?z=3&w=2&a=4&w=1#invalid", psSafe, "https://www.root.com/toto/tE%1F///a/./b/../c/?z=3&w=2&a=4&w=1#invalid", ""},
	{"UsuallySafe2", "HTTPS://www.RooT.com/toto/t%45%1f///a/./b/../c/?z=3&w=2&a=4&w=1#invalid", psUsuallySafeGreedy, "https://www.root.com/toto/tE%1F///a/c?z=3&w=2&a=4&w=1#invalid", ""},
	{"AddTrailingSlashBug", "http://src.ca/", psAllNonGreedy, "http://www.src.ca/", ""},
	{"SourceModified", "HTTPS://www.RooT.com/toto/t%45%1f///a/./b/../c/?z=3&w=2&a=4&w=1#invalid", psUnsafeGreedy, "http://root.com/toto/tE%1F/a/c?a=4&w=1&w=2&z=3", ""},
	{"IPv6-1", "http://[2001:db8:1f70::999:de8:7648:6e8]/test", psSafe | pRemoveDotSegments, "http://[2001:db8:1f70::999:de8:7648:6e8]/test", ""},
	{"IPv6-2", "http://[::ffff:192.168.1.1]/test", psSafe | pRemoveDotSegments, "http://[::ffff:192.168.1.1]/test", ""},
	{"IPv6-3", "http://[::ffff:192.168.1.1]:80/test", psSafe | pRemoveDotSegments, "http://[::ffff:192.168.1.1]/test", ""},
	{"IPv6-4", "htTps://[::fFff:192.168.1.1]:443/test", psSafe | pRemoveDotSegments, "https://[::ffff:192.168.1.1]/test", ""},
	{"FTP", "ftp://user:pass@ftp.foo.net/foo/bar", psSafe | pRemoveDotSegments, "ftp://user:pass@ftp.foo.net/foo/bar", ""},
	{"Standard-1", "http://www.foo.com:80/foo", psSafe | pRemoveDotSegments, "http://www.foo.com/foo", ""},
	{"Standard-2", "http://www.foo.com:8000/foo", psSafe | pRemoveDotSegments, "http://www.foo.com:8000/foo", ""},
	{"Standard-3", "http://www.foo.com/%7ebar", psSafe | pRemoveDotSegments, "http://www.foo.com/~bar", ""},
	{"Standard-4", "http://www.foo.com/%7Ebar", psSafe | pRemoveDotSegments, "http://www.foo.com/~bar", ""},
	{"Standard-5", "http://USER:pass@www.Example.COM/foo/bar", psSafe | pRemoveDotSegments, "http://USER:pass@www.example.com/foo/bar", ""},
	{"Standard-6", "http://test.example/?a=%26&b=1", psSafe | pRemoveDotSegments, "http://test.example/?a=%26&b=1", ""},
	{"Standard-7", "http://test.example/%25/?p=%20val%20%25", psSafe | pRemoveDotSegments, "http://test.example/%25/?p=%20val%20%25", ""},
	{"Standard-8", "http://test.example/path/with a%20space+/", psSafe | pRemoveDotSegments, "http://test.example/path/with%20a%20space+/", ""},
	{"Standard-9", "http://test.example/?", psSafe | pRemoveDotSegments, "http://test.example/", ""},
	{"Standard-10", "http://a.COM/path/?b&a", psSafe | pRemoveDotSegments, "http://a.com/path/?b&a", ""},
	{"StandardCasesAddTrailingSlash", "http://test.example?", psSafe | pAddTrailingSlash, "http://test.example/", ""},
	{"OctalIP-1", "http://0123.011.0.4/", psSafe | pDecodeOctalHost, "http://0123.011.0.4/", "NormalizeIPv4 reads IPv4 as the URL Standard does: 0123.011.0.4 is 83.9.0.4 to a browser"},
	{"OctalIP-2", "http://0102.0146.07.0223/", psSafe | pDecodeOctalHost, "http://66.102.7.147/", ""},
	{"OctalIP-3", "http://0102.0146.07.0223.:23/", psSafe | pDecodeOctalHost, "http://66.102.7.147.:23/", "NormalizeIPv4 drops the trailing dot, as the URL Standard does"},
	{"OctalIP-4", "http://USER:pass@0102.0146.07.0223../", psSafe | pDecodeOctalHost, "http://USER:pass@66.102.7.147../", "a host ending in \"..\" is a domain to the URL Standard, not an IPv4 address"},
	{"DWORDIP-1", "http://123.1113982867/", psSafe | pDecodeDWORDHost, "http://123.1113982867/", ""},
	{"DWORDIP-2", "http://1113982867/", psSafe | pDecodeDWORDHost, "http://66.102.7.147/", ""},
	{"DWORDIP-3", "http://1113982867.:23/", psSafe | pDecodeDWORDHost, "http://66.102.7.147.:23/", "NormalizeIPv4 drops the trailing dot, as the URL Standard does"},
	{"DWORDIP-4", "http://USER:pass@1113982867../", psSafe | pDecodeDWORDHost, "http://USER:pass@66.102.7.147../", "a host ending in \"..\" is a domain to the URL Standard, not an IPv4 address"},
	{"HexIP-1", "http://0x123.1113982867/", psSafe | pDecodeHexHost, "http://0x123.1113982867/", ""},
	{"HexIP-2", "http://0x42660793/", psSafe | pDecodeHexHost, "http://66.102.7.147/", ""},
	{"HexIP-3", "http://0x42660793.:23/", psSafe | pDecodeHexHost, "http://66.102.7.147.:23/", "NormalizeIPv4 drops the trailing dot, as the URL Standard does"},
	{"HexIP-4", "http://USER:pass@0x42660793../", psSafe | pDecodeHexHost, "http://USER:pass@66.102.7.147../", "a host ending in \"..\" is a domain to the URL Standard, not an IPv4 address"},
	{"UnnecessaryHostDots-1", "http://.www.foo.com../foo/bar.html", psSafe | pRemoveUnnecessaryHostDots, "http://www.foo.com/foo/bar.html", ""},
	{"UnnecessaryHostDots-2", "http://www.foo.com./foo/bar.html", psSafe | pRemoveUnnecessaryHostDots, "http://www.foo.com/foo/bar.html", ""},
	{"UnnecessaryHostDots-3", "http://www.foo.com.:81/foo", psSafe | pRemoveUnnecessaryHostDots, "http://www.foo.com:81/foo", ""},
	{"UnnecessaryHostDots-4", "http://www.example.com./", psSafe | pRemoveUnnecessaryHostDots, "http://www.example.com/", ""},
	{"UnnecessaryHostDots-5", "http://www..example...com/", psSafe | pRemoveUnnecessaryHostDots, "http://www.example.com/", ""},
	{"EmptyPort-1", "http://www.thedraymin.co.uk:/main/?p=308", psSafe | pRemoveEmptyPortSeparator, "http://www.thedraymin.co.uk/main/?p=308", ""},
	{"EmptyPort-2", "http://www.src.ca:", psSafe | pRemoveEmptyPortSeparator, "http://www.src.ca", ""},
	{"Slashes-1", "http://test.example/foo/bar/.", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/foo/bar/", ""},
	{"Slashes-2", "http://test.example/foo/bar/./", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/foo/bar/", ""},
	{"Slashes-3", "http://test.example/foo/bar/..", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/foo/", ""},
	{"Slashes-4", "http://test.example/foo/bar/../", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/foo/", ""},
	{"Slashes-5", "http://test.example/foo/bar/../baz", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/foo/baz", ""},
	{"Slashes-6", "http://test.example/foo/bar/../..", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/", ""},
	{"Slashes-7", "http://test.example/foo/bar/../../", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/", ""},
	{"Slashes-8", "http://test.example/foo/bar/../../baz", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/baz", ""},
	{"Slashes-9", "http://test.example/foo/bar/../../../baz", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/baz", ""},
	{"Slashes-10", "http://test.example/foo/bar/../../../../baz", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/baz", ""},
	{"Slashes-11", "http://test.example/./foo", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/foo", ""},
	{"Slashes-12", "http://test.example/../foo", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/foo", ""},
	{"Slashes-13", "http://test.example/foo.", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/foo.", ""},
	{"Slashes-14", "http://test.example/.foo", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/.foo", ""},
	{"Slashes-15", "http://test.example/foo..", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/foo..", ""},
	{"Slashes-16", "http://test.example/..foo", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/..foo", ""},
	{"Slashes-17", "http://test.example/./../foo", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/foo", ""},
	{"Slashes-18", "http://test.example/./foo/.", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/foo/", ""},
	{"Slashes-19", "http://test.example/foo/./bar", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/foo/bar", ""},
	{"Slashes-20", "http://test.example/foo/../bar", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/bar", ""},
	{"Slashes-21", "http://test.example/foo//", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/foo/", ""},
	{"Slashes-22", "http://test.example/foo///bar//", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "http://test.example/foo/bar/", ""},
	{"Relative", "foo/bar", psAllGreedy, "foo/bar", ""},
	{"Relative-1", "./../foo", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "foo", ""},
	{"Relative-2", "./foo/bar/../baz/../bang/..", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "foo/", ""},
	{"Relative-3", "foo///bar//", psSafe | pRemoveDotSegments | pRemoveDuplicateSlashes, "foo/bar/", ""},
	{"Relative-4", "www.youtube.com", psUsuallySafeGreedy, "www.youtube.com", ""},
	{"Issue-#24", "///foo///bar///", pRemoveDuplicateSlashes | pRemoveTrailingSlash, "/foo/bar", "an empty authority (\"//\" before the path) stays, as RFC 3986 reads it"},
	{"Urlnorm-1", "http://test.example/?a=%e3%82%82%26", psSafe | pRemoveDotSegments, "http://test.example/?a=%e3%82%82%26", "UppercaseEscapes writes the query's encodings in uppercase too (RFC 3986, section 6.2.2.1); net/url keeps the query as written"},
	{"Urlnorm-2", "http://s.xn--q-bga.DE/", psSafe | pRemoveDotSegments, "http://s.xn--q-bga.de/", ""},
	{"Urlnorm-3", "http://XBLA\u306eXbox.com", psSafe | pRemoveDotSegments, "http://xn--xblaxbox-jf4g.com", ""},
	{"Urlnorm-4", "http://президент.рф", psSafe | pRemoveDotSegments, "http://xn--d1abbgf6aiiy.xn--p1ai", ""},
	{"Urlnorm-5", "http://ПРЕЗИДЕНТ.РФ", psSafe | pRemoveDotSegments, "http://xn--d1abbgf6aiiy.xn--p1ai", ""},
	{"Urlnorm-6", "http://ａｂ￥ヲ￦○.com", psSafe | pRemoveDotSegments, "http://xn--ab-ida8983azmfnvs.com", ""},
	{"Urlnorm-7", "http://\u00e9.com", psSafe | pRemoveDotSegments, "http://xn--9ca.com", ""},
	{"Urlnorm-8", "http://e\u0301.com", psSafe | pRemoveDotSegments, "http://xn--9ca.com", ""},
	{"Urlnorm-9", "http://ja.wikipedia.org/wiki/%E3%82%AD%E3%83%A3%E3%82%BF%E3%83%94%E3%83%A9%E3%83%BC%E3%82%B8%E3%83%A3%E3%83%91%E3%83%B3", psSafe | pRemoveDotSegments, "http://ja.wikipedia.org/wiki/%E3%82%AD%E3%83%A3%E3%82%BF%E3%83%94%E3%83%A9%E3%83%BC%E3%82%B8%E3%83%A3%E3%83%91%E3%83%B3", ""},
	{"Urlnorm-10", "http://test.example/\xe3\x82\xad", psSafe | pRemoveDotSegments, "http://test.example/%E3%82%AD", ""},
	{"Urlnorm-11", "http://test.example/?p=%23val#test-%23-val%25", psSafe | pRemoveDotSegments, "http://test.example/?p=%23val#test-%23-val%25", ""},
	{"Urlnorm-12", "http://test.domain/I%C3%B1t%C3%ABrn%C3%A2ti%C3%B4n%EF%BF%BDliz%C3%A6ti%C3%B8n", psSafe | pRemoveDotSegments, "http://test.domain/I%C3%B1t%C3%ABrn%C3%A2ti%C3%B4n%EF%BF%BDliz%C3%A6ti%C3%B8n", ""},
}

// purellAll are purell_test.go's TestDecodeUnnecessaryEscapesAll and
// TestEncodeNecessaryEscapesAll: every octet, encoded in the path, and
// every octet but the controls and "%", raw.
func purellAll() []systemCase {
	decode := "http://host/"
	var encode []byte
	for i := range 256 {
		decode += fmt.Sprintf("%%%02x", i)
		if i != 0x25 && !unicode.IsControl(rune(i)) {
			encode = append(encode, byte(i))
		}
	}
	return []systemCase{
		{"DecodeUnnecessaryEscapesAll", decode, pDecodeUnnecessaryEscapes.canonicalizer(), "http://host/%00%01%02%03%04%05%06%07%08%09%0A%0B%0C%0D%0E%0F%10%11%12%13%14%15%16%17%18%19%1A%1B%1C%1D%1E%1F%20!%22%23$%25&'()*+,-./0123456789:;%3C=%3E%3F@ABCDEFGHIJKLMNOPQRSTUVWXYZ[%5C]%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~%7F%80%81%82%83%84%85%86%87%88%89%8A%8B%8C%8D%8E%8F%90%91%92%93%94%95%96%97%98%99%9A%9B%9C%9D%9E%9F%A0%A1%A2%A3%A4%A5%A6%A7%A8%A9%AA%AB%AC%AD%AE%AF%B0%B1%B2%B3%B4%B5%B6%B7%B8%B9%BA%BB%BC%BD%BE%BF%C0%C1%C2%C3%C4%C5%C6%C7%C8%C9%CA%CB%CC%CD%CE%CF%D0%D1%D2%D3%D4%D5%D6%D7%D8%D9%DA%DB%DC%DD%DE%DF%E0%E1%E2%E3%E4%E5%E6%E7%E8%E9%EA%EB%EC%ED%EE%EF%F0%F1%F2%F3%F4%F5%F6%F7%F8%F9%FA%FB%FC%FD%FE%FF",
			"UnescapeUnreserved decodes the unreserved characters only (RFC 3986, section 6.2.2.2); net/url decodes every character a path may hold raw, \"/\" of \"%2F\" too", nil},
		{"EncodeNecessaryEscapesAll", "http://host/" + string(encode), pEncodeNecessaryEscapes.canonicalizer(), "http://host/%20!%22#$&'()*+,-./0123456789:;%3C=%3E?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[%5C]%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~%A0%A1%A2%A3%A4%A5%A6%A7%A8%A9%AA%AB%AC%AD%AE%AF%B0%B1%B2%B3%B4%B5%B6%B7%B8%B9%BA%BB%BC%BD%BE%BF%C0%C1%C2%C3%C4%C5%C6%C7%C8%C9%CA%CB%CC%CD%CE%CF%D0%D1%D2%D3%D4%D5%D6%D7%D8%D9%DA%DB%DC%DD%DE%DF%E0%E1%E2%E3%E4%E5%E6%E7%E8%E9%EA%EB%EC%ED%EE%EF%F0%F1%F2%F3%F4%F5%F6%F7%F8%F9%FA%FB%FC%FD%FE%FF",
			"EncodeNecessary encodes \"[\" and \"]\", which RFC 3986 reserves for the host (section 3.2.2), as Nutch does", nil},
	}
}

// nutch maps BasicURLNormalizer's settings (urlnormalizer.basic.host.idn,
// .idna2008 and .trim-trailing-dot) to options.
func nutch(idn string, idna2008, trimDot bool) Canonicalizer {
	c := Nutch
	switch {
	case idn == "toAscii" && idna2008:
		c.HostForm = HostASCII
	case idn == "toAscii":
		c.HostForm = HostASCII2003
	case idn == "toUnicode":
		c.HostForm = HostUnicode
	}
	c.TrimHostDots = trimDot
	return c
}

// nutchCases are TestBasicURLNormalizer.java's (Apache Nutch, the
// urlnormalizer-basic plugin), in its order, named by their test method;
// an empty want is a MalformedURLException.
var nutchCases = []systemCase{
	{"NUTCH1098-1", "http://foo.com/%66oo.html", nutch("", false, false), "http://foo.com/foo.html", "", nil},
	{"NUTCH1098-2", "http://foo.com/%66oo.htm%6c", nutch("", false, false), "http://foo.com/foo.html", "", nil},
	{"NUTCH1098-3", "http://foo.com/%66oo.ht%6dl", nutch("", false, false), "http://foo.com/foo.html", "", nil},
	{"NUTCH1098-4", "http://foo.com/%66oo.ht%6d%6c", nutch("", false, false), "http://foo.com/foo.html", "", nil},
	{"NUTCH1098-5", "http://foo.com/%66oo.htm%C0", nutch("", false, false), "http://foo.com/foo.htm%C0", "", nil},
	{"NUTCH1098-6", "http://foo.com/%66oo.htm%1A", nutch("", false, false), "http://foo.com/foo.htm%1A", "", nil},
	{"NUTCH1098-7", "http://foo.com/%66oo.htm%c0", nutch("", false, false), "http://foo.com/foo.htm%C0", "", nil},
	{"NUTCH1098-8", "http://foo.com/you%20too.html", nutch("", false, false), "http://foo.com/you%20too.html", "", nil},
	{"NUTCH1098-9", "http://foo.com/you too.html", nutch("", false, false), "http://foo.com/you%20too.html", "", nil},
	{"NUTCH1098-10", "http://foo.com/file.html%23cz", nutch("", false, false), "http://foo.com/file.html%23cz", "", nil},
	{"NUTCH1098-11", "http://foo.com/fast/dir%2fcz", nutch("", false, false), "http://foo.com/fast/dir%2Fcz", "", nil},
	{"NUTCH1098-12", "http://foo.com/\u001a!", nutch("", false, false), "http://foo.com/%1A!", "", nil},
	{"NUTCH1098-13", "http://foo.com/\u0001!", nutch("", false, false), "http://foo.com/%01!", "", nil},
	{"NUTCH1098-14", "http://mydomain.com/en Espa\u00F1ol.aspx", nutch("", false, false), "http://mydomain.com/en%20Espa%C3%B1ol.aspx", "", nil},
	{"NUTCH2064-1", "http://x.com/s?q=a%26b&m=10", nutch("", false, false), "http://x.com/s?q=a%26b&m=10", "", nil},
	{"NUTCH2064-2", "http://x.com/show?http%3A%2F%2Fx.com%2Fb", nutch("", false, false), "http://x.com/show?http%3A%2F%2Fx.com%2Fb", "", nil},
	{"NUTCH2064-3", "http://google.com/search?q=c%2B%2B", nutch("", false, false), "http://google.com/search?q=c%2B%2B", "", nil},
	{"NUTCH2064-4", "http://x.com/s?q=a+b", nutch("", false, false), "http://x.com/s?q=a+b", "", nil},
	{"NUTCH2064-5", "http://b\u00fccher.de/", nutch("", false, false), "http://b\u00fccher.de/", "", nil},
	{"NUTCH2064-6", "http://x.com/./a/../%66.html", nutch("", false, false), "http://x.com/f.html", "", nil},
	{"NUTCH2064-7", "http://x.com/?x[y]=1", nutch("", false, false), "http://x.com/?x%5By%5D=1", "", nil},
	{"NUTCH2064-8", "http://x.com/foo\u0080", nutch("", false, false), "http://x.com/foo%C2%80", "", nil},
	{"NUTCH2064-9", "http://x.com/foo%c2%80", nutch("", false, false), "http://x.com/foo%C2%80", "", nil},
	{"Normalizer-1", " http://foo.com/ ", nutch("", false, false), "http://foo.com/", "", nil},
	{"Normalizer-2", "HTTP://foo.com/", nutch("", false, false), "http://foo.com/", "", nil},
	{"Normalizer-3", "http://Foo.Com/index.html", nutch("", false, false), "http://foo.com/index.html", "", nil},
	{"Normalizer-4", "http://Foo.Com/index.html", nutch("", false, false), "http://foo.com/index.html", "", nil},
	{"Normalizer-5", "https://example%2Ecom/", nutch("", false, false), "https://example.com/", "", nil},
	{"Normalizer-6", "https://www.0251-sachverst%c3%a4ndiger.de/", nutch("", false, false), "https://www.0251-sachverst\u00e4ndiger.de/", "", nil},
	{"Normalizer-7", "http://foo.com:80/index.html", nutch("", false, false), "http://foo.com/index.html", "", nil},
	{"Normalizer-8", "https://foo.com:443/index.html", nutch("", false, false), "https://foo.com/index.html", "", nil},
	{"Normalizer-9", "http://foo.com:81/", nutch("", false, false), "http://foo.com:81/", "", nil},
	{"Normalizer-10", "http://example.com:/", nutch("", false, false), "http://example.com/", "", nil},
	{"Normalizer-11", "https://example.com:/foobar.html", nutch("", false, false), "https://example.com/foobar.html", "", nil},
	{"Normalizer-12", "http://foo.com", nutch("", false, false), "http://foo.com/", "", nil},
	{"Normalizer-13", "http://foo.com/foo.html#ref", nutch("", false, false), "http://foo.com/foo.html", "", nil},
	{"Normalizer-14", "http://foo.com/%66oo.html", nutch("", false, false), "http://foo.com/foo.html", "", nil},
	{"Normalizer-15", "http://foo.com/..", nutch("", false, false), "http://foo.com/", "", nil},
	{"Normalizer-16", "http://foo.com/aa/./foo.html", nutch("", false, false), "http://foo.com/aa/foo.html", "", nil},
	{"Normalizer-17", "http://foo.com/aa/../", nutch("", false, false), "http://foo.com/", "", nil},
	{"Normalizer-18", "http://foo.com/aa/bb/../", nutch("", false, false), "http://foo.com/aa/", "", nil},
	{"Normalizer-19", "http://foo.com/aa/..", nutch("", false, false), "http://foo.com/", "", nil},
	{"Normalizer-20", "http://foo.com/aa/bb/cc/../../foo.html", nutch("", false, false), "http://foo.com/aa/foo.html", "", nil},
	{"Normalizer-21", "http://foo.com/aa/bb/../cc/dd/../ee/foo.html", nutch("", false, false), "http://foo.com/aa/cc/ee/foo.html", "", nil},
	{"Normalizer-22", "http://foo.com/../foo.html", nutch("", false, false), "http://foo.com/foo.html", "", nil},
	{"Normalizer-23", "http://foo.com/../../foo.html", nutch("", false, false), "http://foo.com/foo.html", "", nil},
	{"Normalizer-24", "http://foo.com/../aa/../foo.html", nutch("", false, false), "http://foo.com/foo.html", "", nil},
	{"Normalizer-25", "http://foo.com/aa/../../foo.html", nutch("", false, false), "http://foo.com/foo.html", "", nil},
	{"Normalizer-26", "http://foo.com/aa/../bb/../foo.html/../../", nutch("", false, false), "http://foo.com/", "", nil},
	{"Normalizer-27", "http://foo.com/../aa/foo.html", nutch("", false, false), "http://foo.com/aa/foo.html", "", nil},
	{"Normalizer-28", "http://foo.com/../aa/../foo.html", nutch("", false, false), "http://foo.com/foo.html", "", nil},
	{"Normalizer-29", "http://foo.com/a..a/foo.html", nutch("", false, false), "http://foo.com/a..a/foo.html", "", nil},
	{"Normalizer-30", "http://foo.com/a..a/../foo.html", nutch("", false, false), "http://foo.com/foo.html", "", nil},
	{"Normalizer-31", "http://foo.com/foo.foo/../foo.html", nutch("", false, false), "http://foo.com/foo.html", "", nil},
	{"Normalizer-32", "http://foo.com//aa/bb/foo.html", nutch("", false, false), "http://foo.com/aa/bb/foo.html", "", nil},
	{"Normalizer-33", "http://foo.com/aa//bb/foo.html", nutch("", false, false), "http://foo.com/aa/bb/foo.html", "", nil},
	{"Normalizer-34", "http://foo.com/aa/bb//foo.html", nutch("", false, false), "http://foo.com/aa/bb/foo.html", "", nil},
	{"Normalizer-35", "http://foo.com//aa//bb//foo.html", nutch("", false, false), "http://foo.com/aa/bb/foo.html", "", nil},
	{"Normalizer-36", "http://foo.com////aa////bb////foo.html", nutch("", false, false), "http://foo.com/aa/bb/foo.html", "", nil},
	{"Normalizer-37", "http://foo.com/aa?referer=http://bar.com", nutch("", false, false), "http://foo.com/aa?referer=http://bar.com", "", nil},
	{"Normalizer-38", "file:///foo/bar.txt", nutch("", false, false), "file:///foo/bar.txt", "", nil},
	{"Normalizer-39", "ftp:/", nutch("", false, false), "ftp:/", "", nil},
	{"Normalizer-40", "http:", nutch("", false, false), "http:/", "a URL without an authority keeps its empty path (java.net.URL writes \"/\")", nil},
	{"Normalizer-41", "http:////", nutch("", false, false), "http:/", "an empty authority (\"//\" before the path) stays, as RFC 3986 reads it", nil},
	{"Normalizer-42", "http:///////", nutch("", false, false), "http:/", "an empty authority (\"//\" before the path) stays, as RFC 3986 reads it", nil},
	{"Normalizer-43", "http://example.com?a=1", nutch("", false, false), "http://example.com/?a=1", "", nil},
	{"Normalizer-44", "http://www.example.com/a/c/../b/search?q=foobar|", nutch("", false, false), "http://www.example.com/a/b/search?q=foobar%7C", "", nil},
	{"Normalizer-45", "http://www.example.com/a/c/../b/search?q=foobar%", nutch("", false, false), "http://www.example.com/a/b/search?q=foobar%25", "", nil},
	{"Normalizer-46", "http://www.example.com/a/c/../b/search?q=foobar\"", nutch("", false, false), "http://www.example.com/a/b/search?q=foobar%22", "", nil},
	{"Normalizer-47", "http://www.example.com/a/c/../b/search?q=foobar^", nutch("", false, false), "http://www.example.com/a/b/search?q=foobar%5E", "", nil},
	{"Normalizer-48", "http://www.example.com/a/c/../b/search?q=foobar<", nutch("", false, false), "http://www.example.com/a/b/search?q=foobar%3C", "", nil},
	{"Normalizer-49", "http://www.example.com/a/c/../b/search?q=foobar>", nutch("", false, false), "http://www.example.com/a/b/search?q=foobar%3E", "", nil},
	{"Normalizer-50", "http://www.example.com/a/c/../b/search?q=foobar`", nutch("", false, false), "http://www.example.com/a/b/search?q=foobar%60", "", nil},
	{"Normalizer-51", "http://www.example.com/p%zz%77%v", nutch("", false, false), "http://www.example.com/p%25zzw%25v", "", nil},
	{"Normalizer-52", "http://www.example.com/search?q=foobar%", nutch("", false, false), "http://www.example.com/search?q=foobar%25", "", nil},
	{"Normalizer-53", "http://www.example.com/search?q=foobar%2", nutch("", false, false), "http://www.example.com/search?q=foobar%252", "", nil},
	{"Normalizer-54", "http://www.example.com/search?q=foobar%25", nutch("", false, false), "http://www.example.com/search?q=foobar%25", "", nil},
	{"Normalizer-55", "http://www.example.com/search?q=foobar%252", nutch("", false, false), "http://www.example.com/search?q=foobar%252", "", nil},
	{"Normalizer-56", "file:/var/www/html/foo/../bar/index.html", nutch("", false, false), "file:/var/www/html/bar/index.html", "", nil},
	{"Normalizer-57", "file:/var/www/html/////./bar/index.html", nutch("", false, false), "file:/var/www/html/bar/index.html", "", nil},
	{"NUTCH3087-1", "ftp://user@ftp.example.org/path/file.txt", nutch("", false, false), "ftp://user@ftp.example.org/path/file.txt", "", nil},
	{"NUTCH3087-2", "ftp://john.doe@ftp.example.org/", nutch("", false, false), "ftp://john.doe@ftp.example.org/", "", nil},
	{"NUTCH3087-3", "ftp://user:password@ftp.example.org/path/file.txt", nutch("", false, false), "ftp://user:password@ftp.example.org/path/file.txt", "", nil},
	{"NUTCH3087-4", "https://john.doe@www.example.com:1234/forum/questions/?tag=networking&order=newest#top", nutch("", false, false), "https://www.example.com:1234/forum/questions/?tag=networking&order=newest", "", nil},
	{"NUTCH3087-5", "ftp://user@[2600:1f18:200d:fb00:2b74:867c:ab0c:150a]/../path/file.txt", nutch("", false, false), "ftp://user@[2600:1f18:200d:fb00:2b74:867c:ab0c:150a]/path/file.txt", "", nil},
	{"NUTCH3087-6", "https://user@[2600:1f18:200d:fb00:2b74:867c:ab0c:150a]/", nutch("", false, false), "https://[2600:1f18:200d:fb00:2b74:867c:ab0c:150a]/", "", nil},
	{"NUTCH3087-7", "https://user@[2600:1f18:200d:fb00:2b74:867c:ab0c:150a]:443/", nutch("", false, false), "https://[2600:1f18:200d:fb00:2b74:867c:ab0c:150a]/", "", nil},
	{"NUTCH3087-8", "https://user@[2600:1f18:200d:fb00:2b74:867c:ab0c:150a]/path/../to/index.html", nutch("", false, false), "https://[2600:1f18:200d:fb00:2b74:867c:ab0c:150a]/to/index.html", "", nil},
	{"CurlyBraces-1", "http://foo.com/{{stuff}} ", nutch("", false, false), "http://foo.com/%7B%7Bstuff%7D%7D", "", nil},
	{"HostName-1", "https://www.example.org/", nutch("", false, false), "https://www.example.org/", "", nil},
	{"HostName-2", "https://нэб.рф/", nutch("toAscii", false, false), "https://xn--90ax2c.xn--p1ai/", "", nil},
	{"HostName-3", "https://www.0251-sachverst%c3%a4ndiger.de/", nutch("toAscii", false, false), "https://www.xn--0251-sachverstndiger-ozb.de/", "", nil},
	{"HostName-4", "https://нЭб.РФ/", nutch("toAscii", false, false), "https://xn--90ax2c.xn--p1ai/", "", nil},
	{"HostName-5", "https://xn--90ax2c.xn--p1ai/", nutch("toUnicode", false, false), "https://нэб.рф/", "", nil},
	{"HostName-6", "https://Xn--90Ax2c.xN--P1ai/", nutch("toUnicode", false, false), "https://нэб.рф/", "", nil},
	{"HostName-7", "https://www.example.org./", nutch("toUnicode", false, true), "https://www.example.org/", "", nil},
	{"HostNameIDNA2008-1", "https://straße.de/", nutch("toAscii", false, false), "https://strasse.de/", "", nil},
	{"HostNameIDNA2008-2", "https://example.ᬩᬮ\u1b36.id/", nutch("toAscii", false, false), "https://example.xn--9tfky.id/", "", nil},
	{"HostNameIDNA2008-3", "https://straße.de/", nutch("toAscii", true, false), "https://xn--strae-oqa.de/", "", nil},
	{"HostNameIDNA2008-4", "https://example.ᬩᬮ\u1b36.id/", nutch("toAscii", true, false), "https://example.xn--9tfky.id/", "", nil},
	{"HostNameIDNA2008-5", "https://xn--p1ai.%D1%80%D1%84/", nutch("toAscii", true, false), "https://xn--p1ai.xn--p1ai/", "", nil},
	{"HostNameIDNA2008-6", "https://xn--p1ai.рф/", nutch("toAscii", true, false), "https://xn--p1ai.xn--p1ai/", "", nil},
	{"HostNameIDNA2008-7", "https://xn--strae-oqa.de/", nutch("toUnicode", true, false), "https://straße.de/", "", nil},
	{"HostNameIDNA2008-8", "https://example.xn--9tfky.id/", nutch("toUnicode", true, false), "https://example.ᬩᬮ\u1b36.id/", "", nil},
	{"HostNameIDNA2008-9", "https://xN--p1aI.Xn--P1ai/", nutch("toUnicode", true, false), "https://рф.рф/", "", nil},
	{"HostNameIDNA2008-10", "https://xN--p1Ai.%D1%80%d1%84/", nutch("toUnicode", true, false), "https://рф.рф/", "", nil},
	{"HostNameIDNA2008-11", "https://булГаков.xN--p1Ai.%D1%80%d1%84/", nutch("toUnicode", true, false), "https://булгаков.рф.рф/", "", nil},
	{"HostNameIDNA2008-12", "https://гоГоль.%d1%80%D1%84.Рф/", nutch("toUnicode", true, false), "https://гоголь.рф.рф/", "", nil},
	{"HostNameIDNA2008-13", "https://xn--strae-oqa.de/", nutch("toUnicode", false, false), "https://xn--strae-oqa.de/", "HostUnicode decodes by IDNA2008 (UTS #46 nontransitional); IDNA2003 has no \"ß\" and leaves the label", nil},
	{"HostNameIDNA2008-14", "https://example.xn--9tfky.id/", nutch("toUnicode", false, false), "https://example.ᬩᬮ\u1b36.id/", "", nil},
	{"HostNameIDNA2008-15", "https://xN--p1aI.Xn--P1ai/", nutch("toUnicode", false, false), "https://рф.рф/", "", nil},
	{"HostNameIDNA2008-16", "https://xN--p1Ai.%D1%80%d1%84/", nutch("toUnicode", false, false), "https://рф.рф/", "", nil},
	{"HostNameIDNA2008-17", "https://булГаков.xN--p1Ai.%D1%80%d1%84/", nutch("toUnicode", false, false), "https://булгаков.рф.рф/", "", nil},
	{"HostNameIDNA2008-18", "https://гоГоль.%d1%80%D1%84.Рф/", nutch("toUnicode", false, false), "https://гоголь.рф.рф/", "", nil},
	{"InvalidURLs-1", "https://example%2Xcom/", nutch("", false, false), "", "", nil},
	{"InvalidURLs-2", "https://abc%FEdef.org/", nutch("toAscii", false, false), "", "", nil},
	{"InvalidURLs-3", "", nutch("", false, false), "", "", nil},
	{"InvalidURLs-4", "", nutch("", false, false), "", "", nil},
}

// w3libArgs are the arguments of w3lib's canonicalize_url that its tests
// set: keep_blank_values (blank), query_separator (sep), keep_fragments
// (fragments) and encoding (of the query).
type w3libArgs struct {
	blank     *bool
	sep       byte
	fragments bool
	encoding  string
}

// w3lib maps canonicalize_url's arguments to options.
func w3lib(a w3libArgs) Canonicalizer {
	c := W3lib
	c.RemoveBlankParams = a.blank != nil && !*a.blank
	c.QuerySeparator = a.sep
	c.RemoveFragment = !a.fragments
	return c
}

var no = new(bool)

// w3libCases are the assertions of TestCanonicalizeUrl (scrapy/w3lib,
// tests/test_url.py), in its order, named by their test method.
var w3libCases = []systemCase{
	{"canonicalize_url-1", "http://www.example.com/", w3lib(w3libArgs{}), "http://www.example.com/", "", nil},
	{"append_missing_path-1", "http://www.example.com", w3lib(w3libArgs{}), "http://www.example.com/", "", nil},
	{"typical_usage-1", "http://www.example.com/do?a=1&b=2&c=3", w3lib(w3libArgs{}), "http://www.example.com/do?a=1&b=2&c=3", "", nil},
	{"typical_usage-2", "http://www.example.com/do?c=1&b=2&a=3", w3lib(w3libArgs{}), "http://www.example.com/do?a=3&b=2&c=1", "", nil},
	{"typical_usage-3", "http://www.example.com/do?&a=1", w3lib(w3libArgs{}), "http://www.example.com/do?a=1", "", nil},
	{"typical_usage_semicolon-1", "http://www.example.com/do?c=1;b=2;a=3", w3lib(w3libArgs{sep: ';'}), "http://www.example.com/do?a=3;b=2;c=1", "", nil},
	{"port_number-1", "http://www.example.com:8888/do?a=1&b=2&c=3", w3lib(w3libArgs{}), "http://www.example.com:8888/do?a=1&b=2&c=3", "", nil},
	{"port_number-2", "http://www.example.com:/do?a=1&b=2&c=3", w3lib(w3libArgs{}), "http://www.example.com/do?a=1&b=2&c=3", "", nil},
	{"sorting-1", "http://www.example.com/do?c=3&b=5&b=2&a=50", w3lib(w3libArgs{}), "http://www.example.com/do?a=50&b=2&b=5&c=3", "", nil},
	{"keep_blank_values-1", "http://www.example.com/do?b=&a=2", w3lib(w3libArgs{blank: no}), "http://www.example.com/do?a=2", "", nil},
	{"keep_blank_values-2", "http://www.example.com/do?b=&a=2", w3lib(w3libArgs{}), "http://www.example.com/do?a=2&b=", "", nil},
	{"keep_blank_values-3", "http://www.example.com/do?b=&c&a=2", w3lib(w3libArgs{blank: no}), "http://www.example.com/do?a=2", "", nil},
	{"keep_blank_values-4", "http://www.example.com/do?b=&c&a=2", w3lib(w3libArgs{}), "http://www.example.com/do?a=2&b=&c=", "", nil},
	{"keep_blank_values-5", "http://www.example.com/do?1750,4", w3lib(w3libArgs{}), "http://www.example.com/do?1750%2C4=", "", nil},
	{"spaces-1", "http://www.example.com/do?q=a space&a=1", w3lib(w3libArgs{}), "http://www.example.com/do?a=1&q=a+space", "", nil},
	{"spaces-2", "http://www.example.com/do?q=a+space&a=1", w3lib(w3libArgs{}), "http://www.example.com/do?a=1&q=a+space", "", nil},
	{"spaces-3", "http://www.example.com/do?q=a%20space&a=1", w3lib(w3libArgs{}), "http://www.example.com/do?a=1&q=a+space", "", nil},
	{"canonicalize_url_unicode_path-1", "http://www.example.com/résumé", w3lib(w3libArgs{}), "http://www.example.com/r%C3%A9sum%C3%A9", "", nil},
	{"canonicalize_url_unicode_query_string-1", "http://www.example.com/résumé?q=résumé", w3lib(w3libArgs{}), "http://www.example.com/r%C3%A9sum%C3%A9?q=r%C3%A9sum%C3%A9", "", nil},
	{"canonicalize_url_unicode_query_string-2", "http://www.example.com/résumé?q=résumé", w3lib(w3libArgs{encoding: "latin1"}), "http://www.example.com/r%C3%A9sum%C3%A9?q=r%E9sum%E9", "a key holds UTF-8: a query in another encoding is not an option", nil},
	{"canonicalize_url_unicode_query_string-3", "http://www.example.com/résumé?country=Россия", w3lib(w3libArgs{encoding: "cp1251"}), "http://www.example.com/r%C3%A9sum%C3%A9?country=%D0%EE%F1%F1%E8%FF", "a key holds UTF-8: a query in another encoding is not an option", nil},
	{"canonicalize_url_unicode_query_string_wrong_encoding-1", "http://www.example.com/résumé?currency=€", w3lib(w3libArgs{encoding: "latin1"}), "http://www.example.com/r%C3%A9sum%C3%A9?currency=%E2%82%AC", "", nil},
	{"canonicalize_url_unicode_query_string_wrong_encoding-2", "http://www.example.com/résumé?country=Россия", w3lib(w3libArgs{encoding: "latin1"}), "http://www.example.com/r%C3%A9sum%C3%A9?country=%D0%A0%D0%BE%D1%81%D1%81%D0%B8%D1%8F", "", nil},
	{"canonicalize_url_remove_ascii_tab_and_newlines-1", "http://exa\tmple.com/a\r\nb?q=a\tb", w3lib(w3libArgs{}), "http://example.com/ab?q=ab", "", nil},
	{"canonicalize_url_remove_ascii_tab_and_newlines-2", "http://exa\tmple.com/a\r\nb?q=a\tb", w3lib(w3libArgs{}), "http://example.com/ab?q=ab", "", nil},
	{"normalize_percent_encoding_in_paths-1", "http://www.example.com/r%c3%a9sum%c3%a9", w3lib(w3libArgs{}), "http://www.example.com/r%C3%A9sum%C3%A9", "", nil},
	{"normalize_percent_encoding_in_paths-2", "http://www.example.com/a%a3do", w3lib(w3libArgs{}), "http://www.example.com/a%A3do", "", nil},
	{"normalize_percent_encoding_in_paths-3", "http://www.example.com/a%a3do?q=r%c3%a9sum%c3%a9", w3lib(w3libArgs{}), "http://www.example.com/a%A3do?q=r%C3%A9sum%C3%A9", "", nil},
	{"normalize_percent_encoding_in_paths-4", "http://www.example.com/a%a3do?q=r%e9sum%e9", w3lib(w3libArgs{}), "http://www.example.com/a%A3do?q=r%E9sum%E9", "", nil},
	{"normalize_percent_encoding_in_query_arguments-1", "http://www.example.com/do?k=b%a3", w3lib(w3libArgs{}), "http://www.example.com/do?k=b%A3", "", nil},
	{"normalize_percent_encoding_in_query_arguments-2", "http://www.example.com/do?k=r%c3%a9sum%c3%a9", w3lib(w3libArgs{}), "http://www.example.com/do?k=r%C3%A9sum%C3%A9", "", nil},
	{"non_ascii_percent_encoding_in_paths-1", "http://www.example.com/a do?a=1", w3lib(w3libArgs{}), "http://www.example.com/a%20do?a=1", "", nil},
	{"non_ascii_percent_encoding_in_paths-2", "http://www.example.com/a %20do?a=1", w3lib(w3libArgs{}), "http://www.example.com/a%20%20do?a=1", "", nil},
	{"non_ascii_percent_encoding_in_paths-3", "http://www.example.com/a do£.html?a=1", w3lib(w3libArgs{}), "http://www.example.com/a%20do%C2%A3.html?a=1", "", nil},
	{"non_ascii_percent_encoding_in_paths-4", "http://www.example.com/a do£.html?a=1", w3lib(w3libArgs{}), "http://www.example.com/a%20do%C2%A3.html?a=1", "", nil},
	{"non_ascii_percent_encoding_in_query_arguments-1", "http://www.example.com/do?price=£500&a=5&z=3", w3lib(w3libArgs{}), "http://www.example.com/do?a=5&price=%C2%A3500&z=3", "", nil},
	{"non_ascii_percent_encoding_in_query_arguments-2", "http://www.example.com/do?price=£500&a=5&z=3", w3lib(w3libArgs{}), "http://www.example.com/do?a=5&price=%C2%A3500&z=3", "", nil},
	{"non_ascii_percent_encoding_in_query_arguments-3", "http://www.example.com/do?price(£)=500&a=1", w3lib(w3libArgs{}), "http://www.example.com/do?a=1&price%28%C2%A3%29=500", "", nil},
	{"urls_with_auth_and_ports-1", "http://user:pass@www.example.com:81/do?now=1", w3lib(w3libArgs{}), "http://user:pass@www.example.com:81/do?now=1", "", nil},
	{"remove_fragments-1", "http://user:pass@www.example.com/do?a=1#frag", w3lib(w3libArgs{}), "http://user:pass@www.example.com/do?a=1", "", nil},
	{"remove_fragments-2", "http://user:pass@www.example.com/do?a=1#frag", w3lib(w3libArgs{fragments: true}), "http://user:pass@www.example.com/do?a=1#frag", "", nil},
	{"remove_fragments_ipv6_host-1", "http://[::1]/do?a=1#frag", w3lib(w3libArgs{}), "http://[::1]/do?a=1", "", nil},
	{"remove_fragments_ipv6_host-2", "http://[::1]/do?a=1#frag", w3lib(w3libArgs{fragments: true}), "http://[::1]/do?a=1#frag", "", nil},
	{"remove_fragments_relative_url-1", "a#frag", w3lib(w3libArgs{}), "a", "", nil},
	{"remove_fragments_relative_url-2", "a#frag", w3lib(w3libArgs{fragments: true}), "a#frag", "", nil},
	{"remove_fragments_relative_url-3", "a?b=1#frag", w3lib(w3libArgs{}), "a?b=1", "", nil},
	{"remove_fragments_relative_url-4", "?b=1", w3lib(w3libArgs{}), "/?b=1", "a relative reference keeps its empty path", nil},
	{"dont_convert_safe_characters-1", "http://www.simplybedrooms.com/White-Bedroom-Furniture/Bedroom-Mirror:-Josephine-Cheval-Mirror.html", w3lib(w3libArgs{}), "http://www.simplybedrooms.com/White-Bedroom-Furniture/Bedroom-Mirror:-Josephine-Cheval-Mirror.html", "", nil},
	{"safe_characters_unicode-1", "http://www.example.com/caf%E9-con-leche.htm", w3lib(w3libArgs{}), "http://www.example.com/caf%E9-con-leche.htm", "", nil},
	{"domains_are_case_insensitive-1", "http://www.EXAMPLE.com/", w3lib(w3libArgs{}), "http://www.example.com/", "", nil},
	{"userinfo_is_case_sensitive-1", "sftp://UsEr:PaSsWoRd@www.EXAMPLE.com/", w3lib(w3libArgs{}), "sftp://UsEr:PaSsWoRd@www.example.com/", "", nil},
	{"canonicalize_idns-1", "http://www.bücher.de?q=bücher", w3lib(w3libArgs{}), "http://www.xn--bcher-kva.de/?q=b%C3%BCcher", "", nil},
	{"canonicalize_idns-2", "http://はじめよう.みんな/?query=サ&maxResults=5", w3lib(w3libArgs{}), "http://xn--p8j9a0d9c9a.xn--q9jyb4c/?maxResults=5&query=%E3%82%B5", "", nil},
	{"canonicalize_idns-3", "http://www.bücher.de:8080/?q=bücher", w3lib(w3libArgs{}), "http://www.xn--bcher-kva.de:8080/?q=b%C3%BCcher", "", nil},
	{"canonicalize_idns_with_userinfo-1", "http://user@例え.jp/path", w3lib(w3libArgs{}), "http://user@xn--r8jz45g.jp/path", "", nil},
	{"canonicalize_idns_with_userinfo-2", "http://user:pass@例え.jp:8080/p", w3lib(w3libArgs{}), "http://user:pass@xn--r8jz45g.jp:8080/p", "", nil},
	{"quoted_slash_and_question_sign-1", "http://foo.com/AC%2FDC+rocks%3f/?yeah=1", w3lib(w3libArgs{}), "http://foo.com/AC%2FDC+rocks%3F/?yeah=1", "", nil},
	{"quoted_slash_and_question_sign-2", "http://foo.com/AC%2FDC/", w3lib(w3libArgs{}), "http://foo.com/AC%2FDC/", "", nil},
	{"canonicalize_urlparsed-1", "http://www.example.com/résumé?q=résumé", w3lib(w3libArgs{}), "http://www.example.com/r%C3%A9sum%C3%A9?q=r%C3%A9sum%C3%A9", "", nil},
	{"canonicalize_urlparsed-2", "http://www.example.com/caf%e9-con-leche.htm", w3lib(w3libArgs{}), "http://www.example.com/caf%E9-con-leche.htm", "", nil},
	{"canonicalize_urlparsed-3", "http://www.example.com/a%a3do?q=r%c3%a9sum%c3%a9", w3lib(w3libArgs{}), "http://www.example.com/a%A3do?q=r%C3%A9sum%C3%A9", "", nil},
	{"canonicalize_parse_url-1", "http://www.example.com/résumé?q=résumé", w3lib(w3libArgs{}), "http://www.example.com/r%C3%A9sum%C3%A9?q=r%C3%A9sum%C3%A9", "", nil},
	{"canonicalize_parse_url-2", "http://www.example.com/caf%e9-con-leche.htm", w3lib(w3libArgs{}), "http://www.example.com/caf%E9-con-leche.htm", "", nil},
	{"canonicalize_parse_url-3", "http://www.example.com/a%a3do?q=r%c3%a9sum%c3%a9", w3lib(w3libArgs{}), "http://www.example.com/a%A3do?q=r%C3%A9sum%C3%A9", "", nil},
	{"canonicalize_parse_url-4", "http://www.example.com/r\xe9sum\xe9?q=r\xe9sum\xe9", w3lib(w3libArgs{encoding: "latin1"}), "http://www.example.com/r%C3%A9sum%C3%A9?q=r%C3%A9sum%C3%A9", "a key holds UTF-8: an input in another encoding is not an option (its octets stay as they are, encoded)", nil},
	{"canonicalize_parse_url-5", "http://www.example.com/path;params?x=1#frag", w3lib(w3libArgs{}), "http://www.example.com/path;params?x=1", "", nil},
	{"canonicalize_parse_url-6", "http://www.example.com/a;b/c;params?x=1", w3lib(w3libArgs{}), "http://www.example.com/a;b/c;params?x=1", "", nil},
	{"canonicalize_parse_url-7", "http://www.example.com/a;b/c", w3lib(w3libArgs{}), "http://www.example.com/a;b/c", "", nil},
	{"canonicalize_parse_url-8", "http://www.example.com/abc/def?x=1", w3lib(w3libArgs{}), "http://www.example.com/abc/def?x=1", "", nil},
	{"canonicalize_url_non_final_segment_semicolon-1", "http://www.example.com/dir;x/a%7Eb", w3lib(w3libArgs{}), "http://www.example.com/dir;x/a~b", "", nil},
	{"canonicalize_url_idna_exceptions-1", "http://.éxamplé.com/résumé?q=résumé", w3lib(w3libArgs{}), "http://.éxamplé.com/r%C3%A9sum%C3%A9?q=r%C3%A9sum%C3%A9", "HostASCII converts as browsers do, without DNS length checks; w3lib keeps a host its idna codec refuses", nil},
	{"preserve_nonfragment_hash-1", "http://www.example.com/path/to/%23/foo/bar", w3lib(w3libArgs{}), "http://www.example.com/path/to/%23/foo/bar", "", nil},
	{"preserve_nonfragment_hash-2", "http://www.example.com/path/to/%23/foo/bar#frag", w3lib(w3libArgs{}), "http://www.example.com/path/to/%23/foo/bar", "", nil},
	{"preserve_nonfragment_hash-3", "http://www.example.com/path/to/%23/foo/bar#frag", w3lib(w3libArgs{fragments: true}), "http://www.example.com/path/to/%23/foo/bar#frag", "", nil},
	{"preserve_nonfragment_hash-4", "http://www.example.com/path/to/%23/foo/bar?url=http%3A%2F%2Fwww.example.com%2Fpath%2Fto%2F%23%2Fbar%2Ffoo", w3lib(w3libArgs{}), "http://www.example.com/path/to/%23/foo/bar?url=http%3A%2F%2Fwww.example.com%2Fpath%2Fto%2F%23%2Fbar%2Ffoo", "", nil},
	{"preserve_nonfragment_hash-5", "http://www.example.com/path/to/%23/foo/bar?url=http%3A%2F%2Fwww.example.com%2F%2Fpath%2Fto%2F%23%2Fbar%2Ffoo#frag", w3lib(w3libArgs{}), "http://www.example.com/path/to/%23/foo/bar?url=http%3A%2F%2Fwww.example.com%2F%2Fpath%2Fto%2F%23%2Fbar%2Ffoo", "", nil},
	{"preserve_nonfragment_hash-6", "http://www.example.com/path/to/%23/foo/bar?url=http%3A%2F%2Fwww.example.com%2F%2Fpath%2Fto%2F%23%2Fbar%2Ffoo#frag", w3lib(w3libArgs{fragments: true}), "http://www.example.com/path/to/%23/foo/bar?url=http%3A%2F%2Fwww.example.com%2F%2Fpath%2Fto%2F%23%2Fbar%2Ffoo#frag", "", nil},
	{"strip_spaces-1", " https://example.com", w3lib(w3libArgs{}), "https://example.com/", "", nil},
	{"strip_spaces-2", "https://example.com ", w3lib(w3libArgs{}), "https://example.com/", "", nil},
	{"strip_spaces-3", " https://example.com ", w3lib(w3libArgs{}), "https://example.com/", "", nil},
	{"normalize_percent_encoding_in_paths-5", "https://example.com/a%23b%2cc#bash", w3lib(w3libArgs{}), "https://example.com/a%23b,c", "UnescapeUnreserved decodes the unreserved characters only, not \",\" (RFC 3986, section 6.2.2.2)", nil},
	{"canonicalize_url_idna_exceptions-2", "http://www." + strings.Repeat("\u00e9xampl\u00e9", 11) + ".com/r\u00e9sum\u00e9?q=r\u00e9sum\u00e9", w3lib(w3libArgs{}), "http://www." + strings.Repeat("\u00e9xampl\u00e9", 11) + ".com/r%C3%A9sum%C3%A9?q=r%C3%A9sum%C3%A9", "HostASCII converts as browsers do, without DNS length checks; w3lib keeps a host its idna codec refuses", nil},
}

// iaGoogle is surt's GoogleURLCanonicalizer: Safe Browsing's steps
// without dropping the port.
var iaGoogle = Canonicalizer{Reading: ReadSafeBrowsing, RemoveFragment: true, RemoveUserinfo: true}

// archiveCase is Archive with surt's query_lowercase=False.
var archiveCase = func() Canonicalizer { c := Archive; c.LowercaseQuery = false; return c }()

// surtCases are the assertions of the Internet Archive's surt library
// (tests/test_surt.py, from its Java tests): its canonicalizers, their
// steps (the host's "www", session identifiers, the query's order, IPv4
// forms; a step's input written into a URL) and surt() with its options;
// those about other functions (the parser, the public suffix) are left
// out.
var surtCases = []systemCase{
	{"DefaultIAURLCanonicalizer-1", "http://www.alexa.com/", Archive, "http://alexa.com/", "", nil},
	{"DefaultIAURLCanonicalizer-2", "http://archive.org/index.html", Archive, "http://archive.org/index.html", "", nil},
	{"DefaultIAURLCanonicalizer-3", "http://archive.org/index.html?", Archive, "http://archive.org/index.html", "", nil},
	{"DefaultIAURLCanonicalizer-4", "http://archive.org/index.html?a=b", Archive, "http://archive.org/index.html?a=b", "", nil},
	{"DefaultIAURLCanonicalizer-5", "http://archive.org/index.html?b=b&a=b", Archive, "http://archive.org/index.html?a=b&b=b", "", nil},
	{"DefaultIAURLCanonicalizer-6", "http://archive.org/index.html?b=a&b=b&a=b", Archive, "http://archive.org/index.html?a=b&b=a&b=b", "", nil},
	{"DefaultIAURLCanonicalizer-7", "http://www34.archive.org/index.html?b=a&b=b&a=b", Archive, "http://archive.org/index.html?a=b&b=a&b=b", "", nil},
	{"GoogleURLCanonicalizer-1", "http://host/%25%32%35", iaGoogle, "http://host/%25", "", nil},
	{"GoogleURLCanonicalizer-2", "http://host/%25%32%35%25%32%35", iaGoogle, "http://host/%25%25", "", nil},
	{"GoogleURLCanonicalizer-3", "http://host/%2525252525252525", iaGoogle, "http://host/%25", "", nil},
	{"GoogleURLCanonicalizer-4", "http://host/asdf%25%32%35asd", iaGoogle, "http://host/asdf%25asd", "", nil},
	{"GoogleURLCanonicalizer-5", "http://host/%%%25%32%35asd%%", iaGoogle, "http://host/%25%25%25asd%25%25", "", nil},
	{"GoogleURLCanonicalizer-6", "http://www.google.com/", iaGoogle, "http://www.google.com/", "", nil},
	{"GoogleURLCanonicalizer-7", "http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/", iaGoogle, "http://168.188.99.26/.secure/www.ebay.com/", "", nil},
	{"GoogleURLCanonicalizer-8", "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/", iaGoogle, "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/", "", nil},
	{"GoogleURLCanonicalizer-9", "http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B", iaGoogle, "http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"GoogleURLCanonicalizer-10", "http://3279880203/blah", iaGoogle, "http://195.127.0.11/blah", "", nil},
	{"GoogleURLCanonicalizer-11", "http://www.google.com/blah/..", iaGoogle, "http://www.google.com/", "", nil},
	{"GoogleURLCanonicalizer-12", "www.google.com/", iaGoogle, "http://www.google.com/", "", nil},
	{"GoogleURLCanonicalizer-13", "www.google.com", iaGoogle, "http://www.google.com/", "", nil},
	{"GoogleURLCanonicalizer-14", "http://www.evil.com/blah#frag", iaGoogle, "http://www.evil.com/blah", "", nil},
	{"GoogleURLCanonicalizer-15", "http://www.GOOgle.com/", iaGoogle, "http://www.google.com/", "", nil},
	{"GoogleURLCanonicalizer-16", "http://www.google.com.../", iaGoogle, "http://www.google.com/", "", nil},
	{"GoogleURLCanonicalizer-17", "http://www.google.com/foo\tbar\rbaz\n2", iaGoogle, "http://www.google.com/foobarbaz2", "", nil},
	{"GoogleURLCanonicalizer-18", "http://www.google.com/q?", iaGoogle, "http://www.google.com/q?", "", nil},
	{"GoogleURLCanonicalizer-19", "http://www.google.com/q?r?", iaGoogle, "http://www.google.com/q?r?", "", nil},
	{"GoogleURLCanonicalizer-20", "http://www.google.com/q?r?s", iaGoogle, "http://www.google.com/q?r?s", "", nil},
	{"GoogleURLCanonicalizer-21", "http://evil.com/foo#bar#baz", iaGoogle, "http://evil.com/foo", "", nil},
	{"GoogleURLCanonicalizer-22", "http://evil.com/foo;", iaGoogle, "http://evil.com/foo;", "", nil},
	{"GoogleURLCanonicalizer-23", "http://evil.com/foo?bar;", iaGoogle, "http://evil.com/foo?bar;", "", nil},
	{"GoogleURLCanonicalizer-24", "http://\x01\u0080.com/", iaGoogle, "http://%01%C2%80.com/", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"GoogleURLCanonicalizer-25", "Bücher.ch:8080", iaGoogle, "http://xn--bcher-kva.ch:8080/", "", nil},
	{"GoogleURLCanonicalizer-26", "☃.com", iaGoogle, "http://xn--n3h.com/", "", nil},
	{"GoogleURLCanonicalizer-27", "http://www.t%EF%BF%BD%04.82.net/", iaGoogle, "http://www.t%EF%BF%BD%04.82.net/", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"GoogleURLCanonicalizer-28", "http://notrailingslash.com", iaGoogle, "http://notrailingslash.com/", "", nil},
	{"GoogleURLCanonicalizer-29", "http://www.gotaport.com:1234/", iaGoogle, "http://www.gotaport.com:1234/", "", nil},
	{"GoogleURLCanonicalizer-30", "  http://www.google.com/  ", iaGoogle, "http://www.google.com/", "", nil},
	{"GoogleURLCanonicalizer-31", "http:// leadingspace.com/", iaGoogle, "http://%20leadingspace.com/", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"GoogleURLCanonicalizer-32", "http://%20leadingspace.com/", iaGoogle, "http://%20leadingspace.com/", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"GoogleURLCanonicalizer-33", "%20leadingspace.com/", iaGoogle, "http://%20leadingspace.com/", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"GoogleURLCanonicalizer-34", "https://www.securesite.com/", iaGoogle, "https://www.securesite.com/", "", nil},
	{"GoogleURLCanonicalizer-35", "http://host.com/ab%23cd", iaGoogle, "http://host.com/ab%23cd", "", nil},
	{"GoogleURLCanonicalizer-36", "http://host.com//twoslashes?more//slashes", iaGoogle, "http://host.com/twoslashes?more//slashes", "", nil},
	{"GoogleURLCanonicalizer-37", "mailto:foo@example.com", iaGoogle, "mailto:foo@example.com", "Safe Browsing's reading needs a host; SURT.Key keeps such a URL, as surt() does", nil},
	{"attemptIPFormats-1", "http://127.0.0.1/", SafeBrowsing, "http://127.0.0.1/", "", nil},
	{"attemptIPFormats-2", "http://017.0.0.1/", SafeBrowsing, "http://15.0.0.1/", "", nil},
	{"attemptIPFormats-3", "http://168.188.99.26/", SafeBrowsing, "http://168.188.99.26/", "", nil},
	{"attemptIPFormats-4", "http://10.0.258/", SafeBrowsing, "http://10.0.1.2/", "", nil},
	{"attemptIPFormats-5", "http://1.2.3.256/", SafeBrowsing, "", "", nil},
	{"attemptIPFormats-6", "http://39024579298/", SafeBrowsing, "http://22.11.210.226/", "a browser refuses an IPv4 number beyond 32 bits", nil},
	{"IAURLCanonicalizer-1", "http://ARCHIVE.ORG/", Archive, "http://archive.org/", "", nil},
	{"IAURLCanonicalizer-2", "http://www.archive.org:80/", Archive, "http://archive.org/", "", nil},
	{"IAURLCanonicalizer-3", "https://www.archive.org:80/", Archive, "https://archive.org:80/", "", nil},
	{"IAURLCanonicalizer-4", "http://www.archive.org:443/", Archive, "http://archive.org:443/", "", nil},
	{"IAURLCanonicalizer-5", "https://www.archive.org:443/", Archive, "https://archive.org/", "", nil},
	{"IAURLCanonicalizer-6", "http://www.archive.org/big/", Archive, "http://archive.org/big", "", nil},
	{"IAURLCanonicalizer-7", "dns:www.archive.org", Archive, "dns:www.archive.org", "Safe Browsing's reading needs a host; SURT.Key keeps \"dns:\" URLs, as surt() does", nil},
	{"alphaReorderQuery-1", "http://h/?a", Canonicalizer{Reading: ReadRFC3986, SortQuery: QuerySortByNameValue}, "http://h/?a", "", nil},
	{"alphaReorderQuery-2", "http://h/?ab", Canonicalizer{Reading: ReadRFC3986, SortQuery: QuerySortByNameValue}, "http://h/?ab", "", nil},
	{"alphaReorderQuery-3", "http://h/?a=1", Canonicalizer{Reading: ReadRFC3986, SortQuery: QuerySortByNameValue}, "http://h/?a=1", "", nil},
	{"alphaReorderQuery-4", "http://h/?ab=1", Canonicalizer{Reading: ReadRFC3986, SortQuery: QuerySortByNameValue}, "http://h/?ab=1", "", nil},
	{"alphaReorderQuery-5", "http://h/?a=1&", Canonicalizer{Reading: ReadRFC3986, SortQuery: QuerySortByNameValue}, "http://h/?&a=1", "", nil},
	{"alphaReorderQuery-6", "http://h/?a=1&b=1", Canonicalizer{Reading: ReadRFC3986, SortQuery: QuerySortByNameValue}, "http://h/?a=1&b=1", "", nil},
	{"alphaReorderQuery-7", "http://h/?b=1&a=1", Canonicalizer{Reading: ReadRFC3986, SortQuery: QuerySortByNameValue}, "http://h/?a=1&b=1", "", nil},
	{"alphaReorderQuery-8", "http://h/?a=a&a=a", Canonicalizer{Reading: ReadRFC3986, SortQuery: QuerySortByNameValue}, "http://h/?a=a&a=a", "", nil},
	{"alphaReorderQuery-9", "http://h/?a=b&a=a", Canonicalizer{Reading: ReadRFC3986, SortQuery: QuerySortByNameValue}, "http://h/?a=a&a=b", "", nil},
	{"alphaReorderQuery-10", "http://h/?b=b&a=b&b=a&a=a", Canonicalizer{Reading: ReadRFC3986, SortQuery: QuerySortByNameValue}, "http://h/?a=a&a=b&b=a&b=b", "", nil},
	{"massageHost-1", "http://foo.com/", Canonicalizer{Reading: ReadRFC3986, StripWWW: true}, "http://foo.com/", "", nil},
	{"massageHost-2", "http://www.foo.com/", Canonicalizer{Reading: ReadRFC3986, StripWWW: true}, "http://foo.com/", "", nil},
	{"massageHost-3", "http://www12.foo.com/", Canonicalizer{Reading: ReadRFC3986, StripWWW: true}, "http://foo.com/", "", nil},
	{"massageHost-4", "http://www2foo.com/", Canonicalizer{Reading: ReadRFC3986, StripWWW: true}, "http://www2foo.com/", "", nil},
	{"massageHost-5", "http://www2.www2foo.com/", Canonicalizer{Reading: ReadRFC3986, StripWWW: true}, "http://www2foo.com/", "", nil},
	{"stripPathSessionID-1", "http://h/(S(4hqa0555fwsecu455xqckv45))/mileg.aspx", Canonicalizer{Reading: ReadRFC3986, DropPathSessionIDs: true}, "http://h/mileg.aspx", "", nil},
	{"stripPathSessionID-2", "http://h/(4hqa0555fwsecu455xqckv45)/mileg.aspx", Canonicalizer{Reading: ReadRFC3986, DropPathSessionIDs: true}, "http://h/mileg.aspx", "", nil},
	{"stripPathSessionID-3", "http://h/(a(4hqa0555fwsecu455xqckv45)S(4hqa0555fwsecu455xqckv45)f(4hqa0555fwsecu455xqckv45))/mileg.aspx?page=sessionschedules", Canonicalizer{Reading: ReadRFC3986, DropPathSessionIDs: true}, "http://h/mileg.aspx?page=sessionschedules", "", nil},
	{"stripPathSessionID-4", "http://h/photos/36050182@N05/", Canonicalizer{Reading: ReadRFC3986, DropPathSessionIDs: true}, "http://h/photos/36050182@N05/", "", nil},
	{"stripQuerySessionID-1", "http://h/?jsessionid=0123456789abcdefghijklemopqrstuv", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?", "", nil},
	{"stripQuerySessionID-2", "http://h/?jsessionid=0123456789abcdefghijklemopqrstuv0", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?jsessionid=0123456789abcdefghijklemopqrstuv0", "", nil},
	{"stripQuerySessionID-3", "http://h/?jsessionid=0123456789abcdefghijklemopqrstuv&x=y", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?x=y", "", nil},
	{"stripQuerySessionID-4", "http://h/?one=two&jsessionid=0123456789abcdefghijklemopqrstuv&x=y", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?one=two&x=y", "", nil},
	{"stripQuerySessionID-5", "http://h/?one=two&jsessionid=0123456789abcdefghijklemopqrstuv", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?one=two&", "DropSessionIDs removes the separator with the parameter; the regular expression leaves a \"&\"", nil},
	{"stripQuerySessionID-6", "http://h/?aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX&x=y", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?x=y", "", nil},
	{"stripQuerySessionID-7", "http://h/?phpsessid=0123456789abcdefghijklemopqrstuv&x=y", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?x=y", "", nil},
	{"stripQuerySessionID-8", "http://h/?one=two&phpsessid=0123456789abcdefghijklemopqrstuv&x=y", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?one=two&x=y", "", nil},
	{"stripQuerySessionID-9", "http://h/?one=two&phpsessid=0123456789abcdefghijklemopqrstuv", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?one=two&", "DropSessionIDs removes the separator with the parameter; the regular expression leaves a \"&\"", nil},
	{"stripQuerySessionID-10", "http://h/?sid=9682993c8daa2c5497996114facdc805&x=y", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?x=y", "", nil},
	{"stripQuerySessionID-11", "http://h/?sid=9682993c8daa2c5497996114facdc805&jsessionid=0123456789abcdefghijklemopqrstuv", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?", "", nil},
	{"stripQuerySessionID-12", "http://h/?CFID=1169580&CFTOKEN=48630702&dtstamp=22%2F08%2F2006%7C06%3A58%3A11", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?dtstamp=22%2F08%2F2006%7C06%3A58%3A11", "", nil},
	{"stripQuerySessionID-13", "http://h/?CFID=12412453&CFTOKEN=15501799&dt=19_08_2006_22_39_28", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?dt=19_08_2006_22_39_28", "", nil},
	{"stripQuerySessionID-14", "http://h/?CFID=14475712&CFTOKEN=2D89F5AF-3048-2957-DA4EE4B6B13661AB&r=468710288378&m=forgotten", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?r=468710288378&m=forgotten", "", nil},
	{"stripQuerySessionID-15", "http://h/?CFID=16603925&CFTOKEN=2AE13EEE-3048-85B0-56CEDAAB0ACA44B8", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?", "", nil},
	{"stripQuerySessionID-16", "http://h/?CFID=4308017&CFTOKEN=63914124&requestID=200608200458360%2E39414378", Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}, "http://h/?requestID=200608200458360%2E39414378", "", nil},
	{"hostToSURT-1", "http://www.archive.org/", Canonicalizer{}, "org,archive,www)/", "", &SURT{KeepWWW: true, KeepIPOrder: false, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-2", "http://123.123.net/", Canonicalizer{}, "net,123,123)/", "", &SURT{KeepWWW: true, KeepIPOrder: false, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-3", "http://100.100.100.100.org/", Canonicalizer{}, "org,100,100,100,100)/", "", &SURT{KeepWWW: true, KeepIPOrder: false, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-4", "http://123.45.167.89/", Canonicalizer{}, "89,167,45,123)/", "", &SURT{KeepWWW: true, KeepIPOrder: false, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-5", "http://10.162.1024.3/", Canonicalizer{}, "3,1024,162,10)/", "", &SURT{KeepWWW: true, KeepIPOrder: false, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-6", "http://990.991.992.993/", Canonicalizer{}, "993,992,991,990)/", "", &SURT{KeepWWW: true, KeepIPOrder: false, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-7", "http://www.archive.org/", Canonicalizer{}, "org,archive,www)/", "", &SURT{KeepWWW: true, KeepIPOrder: false, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-8", "http://123.123.net/", Canonicalizer{}, "net,123,123)/", "", &SURT{KeepWWW: true, KeepIPOrder: false, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-9", "http://100.100.100.100.org/", Canonicalizer{}, "org,100,100,100,100)/", "", &SURT{KeepWWW: true, KeepIPOrder: false, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-10", "http://123.45.167.89/", Canonicalizer{}, "89,167,45,123)/", "", &SURT{KeepWWW: true, KeepIPOrder: false, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-11", "http://10.162.1024.3/", Canonicalizer{}, "3,1024,162,10)/", "", &SURT{KeepWWW: true, KeepIPOrder: false, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-12", "http://990.991.992.993/", Canonicalizer{}, "993,992,991,990)/", "", &SURT{KeepWWW: true, KeepIPOrder: false, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-13", "http://www.archive.org/", Canonicalizer{}, "org,archive,www)/", "", &SURT{KeepWWW: true, KeepIPOrder: true, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-14", "http://123.123.net/", Canonicalizer{}, "net,123,123)/", "", &SURT{KeepWWW: true, KeepIPOrder: true, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-15", "http://100.100.100.100.org/", Canonicalizer{}, "org,100,100,100,100)/", "", &SURT{KeepWWW: true, KeepIPOrder: true, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-16", "http://123.45.167.89/", Canonicalizer{}, "123.45.167.89)/", "", &SURT{KeepWWW: true, KeepIPOrder: true, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-17", "http://10.162.1024.3/", Canonicalizer{}, "3,1024,162,10)/", "", &SURT{KeepWWW: true, KeepIPOrder: true, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"hostToSURT-18", "http://990.991.992.993/", Canonicalizer{}, "990.991.992.993)/", "", &SURT{KeepWWW: true, KeepIPOrder: true, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"surt-1", "", Canonicalizer{}, "-", "", &SURT{}},
	{"surt-2", "filedesc:foo.arc.gz", Canonicalizer{}, "filedesc:foo.arc.gz", "", &SURT{}},
	{"surt-3", "filedesc:/foo.arc.gz", Canonicalizer{}, "filedesc:/foo.arc.gz", "", &SURT{}},
	{"surt-4", "filedesc://foo.arc.gz", Canonicalizer{}, "filedesc://foo.arc.gz", "", &SURT{}},
	{"surt-5", "warcinfo:foo.warc.gz", Canonicalizer{}, "warcinfo:foo.warc.gz", "", &SURT{}},
	{"surt-6", "dns:alexa.com", Canonicalizer{}, "dns:alexa.com", "", &SURT{}},
	{"surt-7", "dns:archive.org", Canonicalizer{}, "dns:archive.org", "", &SURT{}},
	{"surt-8", "http://www.archive.org/", Canonicalizer{}, "org,archive)/", "", &SURT{}},
	{"surt-9", "http://archive.org/", Canonicalizer{}, "org,archive)/", "", &SURT{}},
	{"surt-10", "http://archive.org/goo/", Canonicalizer{}, "org,archive)/goo", "", &SURT{}},
	{"surt-11", "http://archive.org/goo/?", Canonicalizer{}, "org,archive)/goo", "", &SURT{}},
	{"surt-12", "http://archive.org/goo/?b&a", Canonicalizer{}, "org,archive)/goo?a&b", "", &SURT{}},
	{"surt-13", "http://archive.org/goo/?a=2&b&a=1", Canonicalizer{}, "org,archive)/goo?a=1&a=2&b", "", &SURT{}},
	{"surt-14", "http://archive.org/goo/?a=2&b&a=1", Canonicalizer{}, "org,archive,)/goo?a=1&a=2&b", "", &SURT{TrailingComma: true}},
	{"surt-15", "dns:archive.org", Canonicalizer{}, "dns:archive.org", "", &SURT{TrailingComma: true}},
	{"surt-16", "warcinfo:foo.warc.gz", Canonicalizer{}, "warcinfo:foo.warc.gz", "", &SURT{TrailingComma: true}},
	{"surt-17", "http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile;u=4221", Canonicalizer{}, "org,archive)/index.php?action=profile;u=4221", "", &SURT{}},
	{"surt-18", "whois://whois.isoc.org.il/shaveh.co.il", Canonicalizer{}, "il,org,isoc,whois)/shaveh.co.il", "", &SURT{}},
	{"surt-19", "http://visit.webhosting.yahoo.com/visit.gif?&r=http%3A//web.archive.org/web/20090517140029/http%3A//anthonystewarthead.electric-chi.com/&b=Netscape%205.0%20%28Windows%3B%20en-US%29&s=1366x768&o=Win32&c=24&j=true&v=1.2", Canonicalizer{}, "com,yahoo,webhosting,visit)/visit.gif?&b=netscape%205.0%20(windows;%20en-us)&c=24&j=true&o=win32&r=http://web.archive.org/web/20090517140029/http://anthonystewarthead.electric-chi.com/&s=1366x768&v=1.2", "", &SURT{}},
	{"surt-20", "http://www.example.com/", Canonicalizer{}, "com,example,www)/", "", &SURT{KeepWWW: true, Canonicalizer: &Canonicalizer{Reading: ReadRFC3986}}},
	{"surt-21", "mailto:foo@example.com", Canonicalizer{}, "mailto:foo@example.com", "", &SURT{}},
	{"surt-22", "http://www.example.com/", Canonicalizer{}, "http://(com,example)/", "", &SURT{WithScheme: true}},
	{"surt-23", "http://www.example.com/", Canonicalizer{}, "http://(com,example)/", "", &SURT{WithScheme: true}},
	{"surt-24", "http://www.example.com/", Canonicalizer{}, "com,example)/", "", &SURT{}},
	{"surt-25", "http://www.example.com/", Canonicalizer{}, "http://(com,example,)/", "", &SURT{WithScheme: true, TrailingComma: true}},
	{"surt-26", "https://www.example.com/", Canonicalizer{}, "https://(com,example,)/", "", &SURT{WithScheme: true, TrailingComma: true}},
	{"surt-27", "ftp://www.example.com/", Canonicalizer{}, "com,example,)/", "", &SURT{TrailingComma: true}},
	{"surt-28", "ftp://www.example.com/", Canonicalizer{}, "com,example)/", "", &SURT{}},
	{"surt-29", "ftp://www.example.com/", Canonicalizer{}, "ftp://(com,example,)/", "", &SURT{WithScheme: true, TrailingComma: true}},
	{"surt-30", "http://www.example.com/", Canonicalizer{}, "http://(com,example,www)/", "", &SURT{WithScheme: true, KeepWWW: true}},
	{"surt-31", "http://www.example.com/", Canonicalizer{}, "com,example,www)/", "", &SURT{KeepWWW: true}},
	{"surt-32", "http://www.example.com/", Canonicalizer{}, "http://(com,example,www,)/", "", &SURT{WithScheme: true, TrailingComma: true, KeepWWW: true}},
	{"surt-33", "https://www.example.com/", Canonicalizer{}, "https://(com,example,www,)/", "", &SURT{WithScheme: true, TrailingComma: true, KeepWWW: true}},
	{"surt-34", "ftp://www.example.com/", Canonicalizer{}, "ftp://(com,example,www,)/", "", &SURT{WithScheme: true, TrailingComma: true, KeepWWW: true}},
	{"surt-35", "mailto:foo@example.com", Canonicalizer{}, "mailto:foo@example.com", "", &SURT{WithScheme: true}},
	{"surt-36", "mailto:foo@example.com", Canonicalizer{}, "mailto:foo@example.com", "", &SURT{TrailingComma: true}},
	{"surt-37", "mailto:foo@example.com", Canonicalizer{}, "mailto:foo@example.com", "", &SURT{WithScheme: true, TrailingComma: true}},
	{"surt-38", "dns:archive.org", Canonicalizer{}, "dns:archive.org", "", &SURT{WithScheme: true}},
	{"surt-39", "dns:archive.org", Canonicalizer{}, "dns:archive.org", "", &SURT{TrailingComma: true}},
	{"surt-40", "dns:archive.org", Canonicalizer{}, "dns:archive.org", "", &SURT{WithScheme: true, TrailingComma: true}},
	{"surt-41", "whois://whois.isoc.org.il/shaveh.co.il", Canonicalizer{}, "whois://(il,org,isoc,whois)/shaveh.co.il", "", &SURT{WithScheme: true}},
	{"surt-42", "whois://whois.isoc.org.il/shaveh.co.il", Canonicalizer{}, "il,org,isoc,whois,)/shaveh.co.il", "", &SURT{TrailingComma: true}},
	{"surt-43", "whois://whois.isoc.org.il/shaveh.co.il", Canonicalizer{}, "whois://(il,org,isoc,whois,)/shaveh.co.il", "", &SURT{WithScheme: true, TrailingComma: true}},
	{"surt-44", "warcinfo:foo.warc.gz", Canonicalizer{}, "warcinfo:foo.warc.gz", "", &SURT{TrailingComma: true}},
	{"surt-45", "warcinfo:foo.warc.gz", Canonicalizer{}, "warcinfo:foo.warc.gz", "", &SURT{WithScheme: true}},
	{"surt-46", "warcinfo:foo.warc.gz", Canonicalizer{}, "warcinfo:foo.warc.gz", "", &SURT{WithScheme: true, TrailingComma: true}},
	{"surt_nonascii-1", "http://example.com/app?item=Wroc%C5%82aw", Canonicalizer{}, "com,example)/app?item=wroc%c5%82aw", "", &SURT{}},
	{"surt_ipaddress-1", "http://www.example.com/", Canonicalizer{}, "com,example)/", "", &SURT{KeepIPOrder: true}},
	{"surt_ipaddress-2", "http://192.168.1.254/info/", Canonicalizer{}, "254,1,168,192)/info", "", &SURT{}},
	{"surt_ipaddress-3", "http://192.168.1.254/info/", Canonicalizer{}, "254,1,168,192)/info", "", &SURT{}},
	{"surt_ipaddress-4", "http://192.168.1.254/info/", Canonicalizer{}, "192.168.1.254)/info", "", &SURT{KeepIPOrder: true}},
	{"options-1", "http://example.com/foo?X=Y", Archive, "http://example.com/foo?x=y", "", nil},
	{"options-2", "http://example.com/foo?X=Y", archiveCase, "http://example.com/foo?X=Y", "", nil},
	{"options-3", "http://example.com/foo?X=Y", Archive, "http://example.com/foo?x=y", "", nil},
	{"options-4", "http://example.com/foo?X=Y", archiveCase, "http://example.com/foo?X=Y", "", nil},
}

// heritrixCases are the tests of Heritrix's canonicalization rules
// (modules/src/test/java/org/archive/modules/canonicalize: the policy's
// RulesCanonicalizationPolicyTest, then each rule's test), each rule
// mapped to its option under the migration reading.
var heritrixCases = func() []systemCase {
	const base = "http://www.archive.org/index.html"
	const id32 = "0123456789abcdefghijklemopqrstuv"
	sessionIDs := Canonicalizer{Reading: ReadRFC3986, DropSessionIDs: true}
	userinfo := Canonicalizer{Reading: ReadRFC3986, RemoveUserinfo: true}
	www := Canonicalizer{Reading: ReadRFC3986, StripWWW: true}
	fixup := Canonicalizer{Reading: ReadRFC3986, RemoveEmptyParams: true, RemoveEmptyQuery: true}
	lower := Canonicalizer{Reading: ReadRFC3986, LowercaseScheme: true, LowercaseHost: true, LowercasePath: true, LowercaseQuery: true}
	const trailingAmp = "DropSessionIDs removes the separator with the parameter; the regular expression leaves a \"&\""
	const lastAt = "the migration reading refuses a second \"@\" in the authority: RFC 3986 allows none in the userinfo, and a browser takes the last"
	return []systemCase{
		{"Policy-1", "http://archive.org/index.html", Heritrix, "http://archive.org/index.html", "", nil},
		{"Policy-2", "http://www.archive.org/index.html", Heritrix, "http://archive.org/index.html", "", nil},
		{"Policy-3", "http://www.archive.org/index.html?jsessionid=01234567890123456789012345678901", Heritrix, "http://archive.org/index.html", "", nil},
		{"Policy-4", "http://www.archive.org/index.html?jsessionid=01234567890123456789012345678901", Heritrix, "http://archive.org/index.html", "", nil},
		{"StripSessionIDs-1", base + "?jsessionid=" + id32, sessionIDs, base + "?", "", nil},
		{"StripSessionIDs-2", base + "?jsessionid=" + id32 + "0", sessionIDs, base + "?jsessionid=" + id32 + "0", "", nil},
		{"StripSessionIDs-3", base + "?jsessionid=" + id32 + "&x=y", sessionIDs, base + "?x=y", "", nil},
		{"StripSessionIDs-4", base + "?one=two&jsessionid=" + id32 + "&x=y", sessionIDs, base + "?one=two&x=y", "", nil},
		{"StripSessionIDs-5", base + "?one=two&jsessionid=" + id32, sessionIDs, base + "?one=two&", trailingAmp, nil},
		{"StripSessionIDs-6", base + "?aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX&x=y", sessionIDs, base + "?x=y", "", nil},
		{"StripSessionIDs-7", base + "?phpsessid=" + id32 + "&x=y", sessionIDs, base + "?x=y", "", nil},
		{"StripSessionIDs-8", base + "?one=two&phpsessid=" + id32 + "&x=y", sessionIDs, base + "?one=two&x=y", "", nil},
		{"StripSessionIDs-9", base + "?one=two&phpsessid=" + id32, sessionIDs, base + "?one=two&", trailingAmp, nil},
		{"StripSessionIDs-10", base + "?sid=9682993c8daa2c5497996114facdc805&x=y", sessionIDs, base + "?x=y", "", nil},
		{"StripSessionIDs-11", base + "?sid=9682993c8daa2c5497996114facdc805&jsessionid=" + id32, sessionIDs, base + "?", "", nil},
		{"StripSessionCFIDs-1", "http://a.b.c/boo?CFID=1169580&CFTOKEN=48630702&dtstamp=22%2F08%2F2006%7C06%3A58%3A11", sessionIDs, "http://a.b.c/boo?dtstamp=22%2F08%2F2006%7C06%3A58%3A11", "", nil},
		{"StripSessionCFIDs-2", "http://a.b.c/boo?CFID=12412453&CFTOKEN=15501799   &dt=19_08_2006_22_39_28", sessionIDs, "http://a.b.c/boo?dt=19_08_2006_22_39_28", "", nil},
		{"StripSessionCFIDs-3", "http://a.b.c/boo?CFID=14475712   &CFTOKEN=2D89F5AF-3048-2957-DA4EE4B6B13661AB&r=468710288378&m=forgotten", sessionIDs, "http://a.b.c/boo?r=468710288378&m=forgotten", "", nil},
		{"StripSessionCFIDs-4", "http://a.b.c/boo?CFID=16603925   &CFTOKEN=2AE13EEE-3048-85B0-56CEDAAB0ACA44B8", sessionIDs, "http://a.b.c/boo?", "", nil},
		{"StripSessionCFIDs-5", "http://a.b.c/boo?CFID=4308017&CFTOKEN=63914124&requestID=200608200458360%2E39414378", sessionIDs, "http://a.b.c/boo?requestID=200608200458360%2E39414378", "", nil},
		{"StripUserinfoRule-1", "http://WWW.aRchive.Org/index.html", userinfo, "http://WWW.aRchive.Org/index.html", "", nil},
		{"StripUserinfoRule-2", "http://stack:password@WWW.aRchive.Org/index.html", userinfo, "http://WWW.aRchive.Org/index.html", "", nil},
		{"StripUserinfoRule-3", "http://stack:pass@@@@@@word@WWW.aRchive.Org/index.html", userinfo, "http://WWW.aRchive.Org/index.html", lastAt, nil},
		{"StripUserinfoRule-4", "ftp://stack:pass@@@@@@word@archive.org/index.html", userinfo, "ftp://archive.org/index.html", lastAt, nil},
		{"StripWWWNRule-1", "http://WWW.aRchive.Org/index.html", www, "http://aRchive.Org/index.html", "", nil},
		{"StripWWWNRule-2", "http://www001.aRchive.Org/index.html", www, "http://aRchive.Org/index.html", "", nil},
		{"StripWWWNRule-3", "http://www3.aRchive.Org/index.html", www, "http://aRchive.Org/index.html", "", nil},
		{"StripWWWRule-1", "http://WWW.aRchive.Org/index.html", www, "http://aRchive.Org/index.html", "", nil},
		{"StripWWWRule-2", "http://wWWW.aRchive.Org/index.html", www, "http://wWWW.aRchive.Org/index.html", "", nil},
		{"StripWWWRule-3", "http://ww.aRchive.Org/index.html", www, "http://ww.aRchive.Org/index.html", "", nil},
		{"StripWWWRule-4", "http://www001.aRchive.Org/index.html", www, "http://www001.aRchive.Org/index.html", "StripWWW removes \"wwwN\" too, as StripWWWNRule (Heritrix's default) does", nil},
		{"FixupQueryString-1", "http://WWW.aRchive.Org/index.html", fixup, "http://WWW.aRchive.Org/index.html", "", nil},
		{"FixupQueryString-2", "http://WWW.aRchive.Org/index.html?", fixup, "http://WWW.aRchive.Org/index.html", "", nil},
		{"FixupQueryString-3", "http://WWW.aRchive.Org/index.html?&", fixup, "http://WWW.aRchive.Org/index.html", "", nil},
		{"FixupQueryString-4", "http://WWW.aRchive.Org/index.html?&x=y", fixup, "http://WWW.aRchive.Org/index.html?x=y", "", nil},
		{"FixupQueryString-5", "http://WWW.aRchive.Org/index.html?x=y", fixup, "http://WWW.aRchive.Org/index.html?x=y", "", nil},
		{"FixupQueryString-6", "http://WWW.aRchive.Org/index.html?x=y&", fixup, "http://WWW.aRchive.Org/index.html?x=y", "", nil},
		{"LowercaseRule-1", "http://WWW.aRchive.Org/index.html", lower, "http://www.archive.org/index.html", "", nil},
	}
}()

// asWritten reads a URL as written: urlcanon's ParsedUrl.ssurt() and
// surt() format what its parser read, with no canonicalizer; its surt()
// leaves out the userinfo.
var (
	asWritten           = Canonicalizer{Reading: ReadRFC3986}
	asWrittenNoUserinfo = Canonicalizer{Reading: ReadRFC3986, RemoveUserinfo: true}
)

// urlcanonSemanticPrecise maps urlcanon's semantic_precise canonicalizer
// (python/urlcanon/canon.py): the WHATWG reading with the scheme http by
// default, the userinfo dropped, the host's dots fixed, percent-encodings
// decoded again and again, "//" collapsed, the query sorted.
var urlcanonSemanticPrecise = Canonicalizer{
	DefaultScheme:   "http",
	RemoveUserinfo:  true,
	TrimHostDots:    true,
	CollapseSlashes: true,
	Unescape:        UnescapeRepeatedly,
	SortQuery:       QuerySortByNameValue,
}

// urlcanonAggressive maps urlcanon's aggressive canonicalizer:
// semantic_precise, then the fragment dropped, https as http, "www"
// stripped, the path and query lowercased, session identifiers dropped, a
// trailing slash, empty parameters and an empty query removed.
var urlcanonAggressive = func() Canonicalizer {
	c := urlcanonSemanticPrecise
	c.RemoveFragment = true
	c.ForceHTTP = true
	c.RemoveDefaultPort = true
	c.StripWWW = true
	c.LowercasePath = true
	c.LowercaseQuery = true
	c.DropSessionIDs = true
	c.DropPathSessionIDs = true
	c.RemoveTrailingSlash = true
	c.RemoveEmptyParams = true
	c.RemoveEmptyQuery = true
	return c
}()

// urlcanonCases are the data of urlcanon's tests (iipc/urlcanon,
// testdata/): aggressive.json, ssurt.json (its ssurt, surt,
// surtWithoutScheme and surtWithoutTrailingComma sections),
// funky_ipv4.json (each host in a URL) and semantic_precise.json.
var urlcanonCases = []systemCase{
	{"aggressive-1", "  https://www.google.com/  ", urlcanonAggressive, "http://google.com/", "", nil},
	{"aggressive-2", "http://foo.com/", urlcanonAggressive, "http://foo.com/", "", nil},
	{"aggressive-3", "https://foo.com/", urlcanonAggressive, "http://foo.com/", "", nil},
	{"aggressive-4", "http://www.foo.com/", urlcanonAggressive, "http://foo.com/", "", nil},
	{"aggressive-5", "http://www.foo.com", urlcanonAggressive, "http://foo.com/", "", nil},
	{"aggressive-6", "http://www12.foo.com/", urlcanonAggressive, "http://foo.com/", "", nil},
	{"aggressive-7", "https://www12.foo.com/", urlcanonAggressive, "http://foo.com/", "", nil},
	{"aggressive-8", "www12.foo.com/", urlcanonAggressive, "http://foo.com/", "", nil},
	{"aggressive-9", "http://www.example.com/", urlcanonAggressive, "http://example.com/", "", nil},
	{"aggressive-10", "http://www.example.com", urlcanonAggressive, "http://example.com/", "", nil},
	{"aggressive-11", "http://www.example.com/index.html", urlcanonAggressive, "http://example.com/index.html", "", nil},
	{"aggressive-12", "foo.com/", urlcanonAggressive, "http://foo.com/", "", nil},
	{"aggressive-13", "foo.com", urlcanonAggressive, "http://foo.com/", "", nil},
	{"aggressive-14", "www12.foo.com", urlcanonAggressive, "http://foo.com/", "", nil},
	{"aggressive-15", "foo.com/boo", urlcanonAggressive, "http://foo.com/boo", "", nil},
	{"aggressive-16", "foo.com//goo", urlcanonAggressive, "http://foo.com/goo", "", nil},
	{"aggressive-17", "foo.com///goo", urlcanonAggressive, "http://foo.com/goo", "", nil},
	{"aggressive-18", "foo.com/b?jar=//goo", urlcanonAggressive, "http://foo.com/b?jar=//goo", "", nil},
	{"aggressive-19", "foo.com///goo/", urlcanonAggressive, "http://foo.com/goo", "", nil},
	{"aggressive-20", "foo.com/pa!th", urlcanonAggressive, "http://foo.com/pa!th", "", nil},
	{"aggressive-21", "foo.com/pa+th", urlcanonAggressive, "http://foo.com/pa+th", "", nil},
	{"aggressive-22", "foo.com/pa%21th", urlcanonAggressive, "http://foo.com/pa!th", "", nil},
	{"aggressive-23", "foo.com/pa%th", urlcanonAggressive, "http://foo.com/pa%25th", "", nil},
	{"aggressive-24", "http://legislature.mi.gov/(S(4hqa0555fwsecu455xqckv45))/mileg.aspx", urlcanonAggressive, "http://legislature.mi.gov/mileg.aspx", "", nil},
	{"aggressive-25", "http://legislature.mi.gov/(4hqa0555fwsecu455xqckv45)/mileg.aspx", urlcanonAggressive, "http://legislature.mi.gov/mileg.aspx", "", nil},
	{"aggressive-26", "http://legislature.mi.gov/(a(4hqa0555fwsecu455xqckv45)S(4hqa0555fwsecu455xqckv45)f(4hqa0555fwsecu455xqckv45))/mileg.aspx?page=sessionschedules", urlcanonAggressive, "http://legislature.mi.gov/mileg.aspx?page=sessionschedules", "", nil},
	{"aggressive-27", "http://www.flickr.com/photos/36050182@N05/", urlcanonAggressive, "http://flickr.com/photos/36050182@n05", "", nil},
	{"aggressive-28", "http://www.chub.org:80/foo", urlcanonAggressive, "http://chub.org/foo", "", nil},
	{"aggressive-29", "http://www.chub.org:8080/foo", urlcanonAggressive, "http://chub.org:8080/foo", "", nil},
	{"aggressive-30", "http://www232.chub.org:8080/foo", urlcanonAggressive, "http://chub.org:8080/foo", "", nil},
	{"aggressive-31", "http://www.chub.org:443/foo", urlcanonAggressive, "http://chub.org:443/foo", "", nil},
	{"aggressive-32", "https://www.chub.org:443/foo", urlcanonAggressive, "http://chub.org/foo", "", nil},
	{"aggressive-33", "http://example.com/?a=1&jsessionid=0123456789abcdefghijklemopqrstuv&foo=bar", urlcanonAggressive, "http://example.com/?a=1&foo=bar", "", nil},
	{"aggressive-34", "http://example.com/?a=1&PHPSESSID=9682993c8daa2c5497996114facdc805&foo=bar", urlcanonAggressive, "http://example.com/?a=1&foo=bar", "", nil},
	{"aggressive-35", "http://example.com/?a=1&sid=9682993c8daa2c5497996114facdc805&foo=bar", urlcanonAggressive, "http://example.com/?a=1&foo=bar", "", nil},
	{"aggressive-36", "http://example.com/?a=1&ASPSESSIONIDAQBSDSRT=EOHBLBDDPFCLHKPGGKLILNAM&foo=bar", urlcanonAggressive, "http://example.com/?a=1&foo=bar", "", nil},
	{"aggressive-37", "http://example.com/?a=1&CFID=12412453&CFTOKEN=15501799&foo=bar", urlcanonAggressive, "http://example.com/?a=1&foo=bar", "", nil},
	{"aggressive-38", "http://example.com/?a=1&CFID=3304324&CFTOKEN=57491900&jsessionid=a63098d96360$B0$D9$A&foo=bar", urlcanonAggressive, "http://example.com/?a=1&foo=bar", "DropSessionIDs removes a jsessionid of 32 letters or digits, as surt and Heritrix do; urlcanon's aggressive removes one of 10 or more", nil},
	{"aggressive-39", "http://example.com/something/;jsessionid=E85FAC04E331FFCA55549B10B7C7A4FA", urlcanonAggressive, "http://example.com/something", "", nil},
	{"aggressive-40", "http://example.com/foo?&", urlcanonAggressive, "http://example.com/foo", "", nil},
	{"aggressive-41", "http://example.com/foo?&&a=1&&&&b=2&c=3&", urlcanonAggressive, "http://example.com/foo?a=1&b=2&c=3", "", nil},
	{"aggressive-42", "http://example.com/foo?c=5&&a=1&B=3&A=2&b=4&C=6&", urlcanonAggressive, "http://example.com/foo?a=1&a=2&b=3&b=4&c=5&c=6", "", nil},
	{"ssurt-1", "http://user:pass@foo.example.org:81/path?query#frag", Canonicalizer{}, "org,example,foo,//81:http@user:pass:/path?query#frag", "", &SURT{SSURT: true, KeepWWW: true, Canonicalizer: &asWritten}},
	{"ssurt-2", "http://user@foo.example.org:81/path?query#frag", Canonicalizer{}, "org,example,foo,//81:http@user:/path?query#frag", "", &SURT{SSURT: true, KeepWWW: true, Canonicalizer: &asWritten}},
	{"ssurt-3", "http://foo.example.org:81/path?query#frag", Canonicalizer{}, "org,example,foo,//81:http:/path?query#frag", "", &SURT{SSURT: true, KeepWWW: true, Canonicalizer: &asWritten}},
	{"ssurt-4", "http://foo.example.org/path?query#frag", Canonicalizer{}, "org,example,foo,//http:/path?query#frag", "", &SURT{SSURT: true, KeepWWW: true, Canonicalizer: &asWritten}},
	{"ssurt-5", "http://81.foo.example.org/path?query#frag", Canonicalizer{}, "org,example,foo,81,//http:/path?query#frag", "", &SURT{SSURT: true, KeepWWW: true, Canonicalizer: &asWritten}},
	{"ssurt-6", "screenshot:http://example.com/", Canonicalizer{}, "screenshot:http://example.com/", "", &SURT{SSURT: true, KeepWWW: true, Canonicalizer: &asWritten}},
	{"ssurt-7", "scheme://user:pass@foo.example.org:81/path?query#frag", Canonicalizer{}, "org,example,foo,//81:scheme@user:pass:/path?query#frag", "", &SURT{SSURT: true, KeepWWW: true, Canonicalizer: &asWritten}},
	{"ssurt-8", "scheme://user@foo.example.org:81/path?query#frag", Canonicalizer{}, "org,example,foo,//81:scheme@user:/path?query#frag", "", &SURT{SSURT: true, KeepWWW: true, Canonicalizer: &asWritten}},
	{"ssurt-9", "scheme://foo.example.org:81/path?query#frag", Canonicalizer{}, "org,example,foo,//81:scheme:/path?query#frag", "", &SURT{SSURT: true, KeepWWW: true, Canonicalizer: &asWritten}},
	{"ssurt-10", "scheme://foo.example.org/path?query#frag", Canonicalizer{}, "org,example,foo,//scheme:/path?query#frag", "", &SURT{SSURT: true, KeepWWW: true, Canonicalizer: &asWritten}},
	{"ssurt-11", "scheme://81.foo.example.org/path?query#frag", Canonicalizer{}, "org,example,foo,81,//scheme:/path?query#frag", "", &SURT{SSURT: true, KeepWWW: true, Canonicalizer: &asWritten}},
	{"surt-1", "http://user:pass@foo.example.org:81/path?query#frag", Canonicalizer{}, "http://(org,example,foo,:81)/path?query#frag", "", &SURT{WithScheme: true, TrailingComma: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surt-2", "http://user:pass@foo.example.org:81/", Canonicalizer{}, "http://(org,example,foo,:81)/", "", &SURT{WithScheme: true, TrailingComma: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surt-3", "http://user:pass@foo.example.org:81", Canonicalizer{}, "http://(org,example,foo,:81)", "", &SURT{WithScheme: true, TrailingComma: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surt-4", "http://user:pass@foo.example.org:81?query", Canonicalizer{}, "http://(org,example,foo,:81)?query", "", &SURT{WithScheme: true, TrailingComma: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surt-5", "http://user:pass@foo.example.org:81#frag", Canonicalizer{}, "http://(org,example,foo,:81)#frag", "", &SURT{WithScheme: true, TrailingComma: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surt-6", "http://user:pass@10.1.2.3:81#frag", Canonicalizer{}, "http://(10.1.2.3:81)#frag", "", &SURT{WithScheme: true, TrailingComma: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surt-7", "screenshot:http://example.com/", Canonicalizer{}, "screenshot:http://example.com/", "", &SURT{WithScheme: true, TrailingComma: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surtWithoutScheme-1", "http://user:pass@foo.example.org:81/path?query#frag", Canonicalizer{}, "org,example,foo,:81)/path?query#frag", "", &SURT{TrailingComma: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surtWithoutScheme-2", "http://user:pass@foo.example.org:81/", Canonicalizer{}, "org,example,foo,:81)/", "", &SURT{TrailingComma: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surtWithoutScheme-3", "http://user:pass@foo.example.org:81", Canonicalizer{}, "org,example,foo,:81)", "", &SURT{TrailingComma: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surtWithoutScheme-4", "http://user:pass@foo.example.org:81?query", Canonicalizer{}, "org,example,foo,:81)?query", "", &SURT{TrailingComma: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surtWithoutScheme-5", "http://user:pass@10.1.2.3:81#frag", Canonicalizer{}, "10.1.2.3:81)#frag", "", &SURT{TrailingComma: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surtWithoutScheme-6", "http://user:pass@foo.example.org:81#frag", Canonicalizer{}, "org,example,foo,:81)#frag", "", &SURT{TrailingComma: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surtWithoutTrailingComma-1", "http://user:pass@foo.example.org:81/path?query#frag", Canonicalizer{}, "http://(org,example,foo:81)/path?query#frag", "", &SURT{WithScheme: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surtWithoutTrailingComma-2", "http://user:pass@foo.example.org:81/", Canonicalizer{}, "http://(org,example,foo:81)/", "", &SURT{WithScheme: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surtWithoutTrailingComma-3", "http://user:pass@foo.example.org:81", Canonicalizer{}, "http://(org,example,foo:81)", "", &SURT{WithScheme: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surtWithoutTrailingComma-4", "http://user:pass@foo.example.org:81?query", Canonicalizer{}, "http://(org,example,foo:81)?query", "", &SURT{WithScheme: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"surtWithoutTrailingComma-5", "http://user:pass@foo.example.org:81#frag", Canonicalizer{}, "http://(org,example,foo:81)#frag", "", &SURT{WithScheme: true, KeepWWW: true, KeepIPOrder: true, Canonicalizer: &asWrittenNoUserinfo}},
	{"funky_ipv4-1", "http://0/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.0/", "", nil},
	{"funky_ipv4-2", "http://0.0/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.0/", "", nil},
	{"funky_ipv4-3", "http://0.0.0/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.0/", "", nil},
	{"funky_ipv4-4", "http://0.0.0.0/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.0/", "", nil},
	{"funky_ipv4-5", "http://0.0.0.0.0/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.0.0/", "", nil},
	{"funky_ipv4-6", "http://0x0/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.0/", "", nil},
	{"funky_ipv4-7", "http://0.0.0.255/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.255/", "", nil},
	{"funky_ipv4-8", "http://0.0.0.256/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.256/", "", nil},
	{"funky_ipv4-9", "http://0.0.65535/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.255.255/", "", nil},
	{"funky_ipv4-10", "http://0.0.65536/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.65536/", "", nil},
	{"funky_ipv4-11", "http://0.16777215/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.255.255.255/", "", nil},
	{"funky_ipv4-12", "http://0.16777216/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.16777216/", "", nil},
	{"funky_ipv4-13", "http://4294967295/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://255.255.255.255/", "", nil},
	{"funky_ipv4-14", "http://4294967296/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://4294967296/", "", nil},
	{"funky_ipv4-15", "http://256.0/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://256.0/", "", nil},
	{"funky_ipv4-16", "http://256.0.0/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://256.0.0/", "", nil},
	{"funky_ipv4-17", "http://256.0.0.0/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://256.0.0.0/", "", nil},
	{"funky_ipv4-18", "http://000000000000000000000000000000000/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.0/", "", nil},
	{"funky_ipv4-19", "http://1/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.1/", "", nil},
	{"funky_ipv4-20", "http://1.1/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://1.0.0.1/", "", nil},
	{"funky_ipv4-21", "http://1.1.1/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://1.1.0.1/", "", nil},
	{"funky_ipv4-22", "http://1.0/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://1.0.0.0/", "", nil},
	{"funky_ipv4-23", "http://0xa/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.10/", "", nil},
	{"funky_ipv4-24", "http://0xa.0xb/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://10.0.0.11/", "", nil},
	{"funky_ipv4-25", "http://1.0xffffff/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://1.255.255.255/", "", nil},
	{"funky_ipv4-26", "http://1.0xfffffff/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://1.0xfffffff/", "", nil},
	{"funky_ipv4-27", "http://0./", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.0/", "", nil},
	{"funky_ipv4-28", "http://0.0./", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.0/", "", nil},
	{"funky_ipv4-29", "http://0.0.0./", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.0/", "", nil},
	{"funky_ipv4-30", "http://0.0.0.0./", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.0/", "", nil},
	{"funky_ipv4-31", "http://0.0.0.0.0./", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.0.0./", "", nil},
	{"funky_ipv4-32", "http://0xff/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.0.255/", "", nil},
	{"funky_ipv4-33", "http://0xff.0/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://255.0.0.0/", "", nil},
	{"funky_ipv4-34", "http://0xff.00/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://255.0.0.0/", "", nil},
	{"funky_ipv4-35", "http://07777777777/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://63.255.255.255/", "", nil},
	{"funky_ipv4-36", "http://077777777770/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://077777777770/", "", nil},
	{"funky_ipv4-37", "http://0xa.07.9999/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://10.7.39.15/", "", nil},
	{"funky_ipv4-38", "http://0000xa/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0000xa/", "", nil},
	{"funky_ipv4-39", "http://00078/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://00078/", "", nil},
	{"funky_ipv4-40", "http://078/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://078/", "", nil},
	{"funky_ipv4-41", "http://256/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.0.1.0/", "", nil},
	{"funky_ipv4-42", "http://256.0.1/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://256.0.1/", "", nil},
	{"funky_ipv4-43", "http://1.256/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://1.0.1.0/", "", nil},
	{"funky_ipv4-44", "http://1.256.1/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://1.256.1/", "", nil},
	{"funky_ipv4-45", "http://0.1.256/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.1.1.0/", "", nil},
	{"funky_ipv4-46", "http://0.1.255/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://0.1.0.255/", "", nil},
	{"funky_ipv4-47", "http://192.0x00A80001/", Canonicalizer{Reading: ReadRFC3986, NormalizeIPv4: true}, "http://192.168.0.1/", "", nil},
	{"semantic_precise-1", "  http://www.google.com/  ", urlcanonSemanticPrecise, "http://www.google.com/", "", nil},
	{"semantic_precise-2", "%20leadingspace.com/", urlcanonSemanticPrecise, "http://%20leadingspace.com/", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"semantic_precise-3", "about:/../", urlcanonSemanticPrecise, "about:/", "", nil},
	{"semantic_precise-4", "blob:d3958f5c-0777-0845-9dcf-2cb28783acaf", urlcanonSemanticPrecise, "blob:d3958f5c-0777-0845-9dcf-2cb28783acaf", "", nil},
	{"semantic_precise-5", "blob:https://example.com:443/", urlcanonSemanticPrecise, "blob:https://example.com:443/", "", nil},
	{"semantic_precise-6", "data:/../", urlcanonSemanticPrecise, "data:/", "", nil},
	{"semantic_precise-7", "data:/example.com/", urlcanonSemanticPrecise, "data:/example.com/", "", nil},
	{"semantic_precise-8", "data:example.com/", urlcanonSemanticPrecise, "data:example.com/", "", nil},
	{"semantic_precise-9", "data:test# \xbb", urlcanonSemanticPrecise, "data:test#%20%BB", "", nil},
	{"semantic_precise-10", "dns://fw.example.org:9999/foo.bar.org?type=TXT", urlcanonSemanticPrecise, "dns://fw.example.org:9999/foo.bar.org?type=TXT", "", nil},
	{"semantic_precise-11", "file:", urlcanonSemanticPrecise, "file:///", "", nil},
	{"semantic_precise-12", "file:#frag", urlcanonSemanticPrecise, "file:///#frag", "", nil},
	{"semantic_precise-13", "file:%", urlcanonSemanticPrecise, "file:///%25", "", nil},
	{"semantic_precise-14", "file:%/a/b", urlcanonSemanticPrecise, "file:///%25/a/b", "", nil},
	{"semantic_precise-15", "file:%2e%2e%2e/a/b", urlcanonSemanticPrecise, "file:///.../a/b", "", nil},
	{"semantic_precise-16", "file:%2e%2e/a/b", urlcanonSemanticPrecise, "file:///a/b", "", nil},
	{"semantic_precise-17", "file:%2e/a/b", urlcanonSemanticPrecise, "file:///a/b", "", nil},
	{"semantic_precise-18", "file:/%", urlcanonSemanticPrecise, "file:///%25", "", nil},
	{"semantic_precise-19", "file:/%/a/b", urlcanonSemanticPrecise, "file:///%25/a/b", "", nil},
	{"semantic_precise-20", "file:/%2e%2e%2e/a/b", urlcanonSemanticPrecise, "file:///.../a/b", "", nil},
	{"semantic_precise-21", "file:/%2e%2e/a/b", urlcanonSemanticPrecise, "file:///a/b", "", nil},
	{"semantic_precise-22", "file:/%2e/a/b", urlcanonSemanticPrecise, "file:///a/b", "", nil},
	{"semantic_precise-23", "file://%", urlcanonSemanticPrecise, "file://%25/", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"semantic_precise-24", "file://%/a/b", urlcanonSemanticPrecise, "file://%25/a/b", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"semantic_precise-25", "file://%2e%2e%2e/a/b", urlcanonSemanticPrecise, "file://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-26", "file://%2e%2e/a/b", urlcanonSemanticPrecise, "file://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-27", "file://%2e/a/b", urlcanonSemanticPrecise, "file://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-28", "file:///%", urlcanonSemanticPrecise, "file:///%25", "", nil},
	{"semantic_precise-29", "file:///%2e%2e%2e/a/b", urlcanonSemanticPrecise, "file:///.../a/b", "", nil},
	{"semantic_precise-30", "file:///%2e%2e/a/b", urlcanonSemanticPrecise, "file:///a/b", "", nil},
	{"semantic_precise-31", "file:///%2e/a/b", urlcanonSemanticPrecise, "file:///a/b", "", nil},
	{"semantic_precise-32", "file:///C%3A/", urlcanonSemanticPrecise, "file:///C:/", "", nil},
	{"semantic_precise-33", "file:///C%7C/", urlcanonSemanticPrecise, "file:///C|/", "the URL Standard reads \"C|\" as the drive letter \"C:\"", nil},
	{"semantic_precise-34", "file:/example.com/", urlcanonSemanticPrecise, "file:///example.com/", "", nil},
	{"semantic_precise-35", "file:?q=v", urlcanonSemanticPrecise, "file:///?q=v", "", nil},
	{"semantic_precise-36", "file:a/b/c", urlcanonSemanticPrecise, "file:///a/b/c", "", nil},
	{"semantic_precise-37", "foo:%", urlcanonSemanticPrecise, "foo:%25", "", nil},
	{"semantic_precise-38", "foo:%///", urlcanonSemanticPrecise, "foo:%25///", "", nil},
	{"semantic_precise-39", "foo:/%", urlcanonSemanticPrecise, "foo:/%25", "", nil},
	{"semantic_precise-40", "foo:/%///", urlcanonSemanticPrecise, "foo:/%25///", "CollapseSlashes collapses the path of every scheme; urlcanon only a special scheme's", nil},
	{"semantic_precise-41", "foo://%", urlcanonSemanticPrecise, "foo://%25", "the browser keeps a \"%\" of an opaque host", nil},
	{"semantic_precise-42", "foo://%///", urlcanonSemanticPrecise, "foo://%25///", "the browser keeps a \"%\" of an opaque host, and CollapseSlashes collapses every scheme's path", nil},
	{"semantic_precise-43", "foo:///%", urlcanonSemanticPrecise, "foo:///%25", "", nil},
	{"semantic_precise-44", "ftp://%e2%98%83", urlcanonSemanticPrecise, "ftp://xn--n3h/", "", nil},
	{"semantic_precise-45", "ftp://foo:21/", urlcanonSemanticPrecise, "ftp://foo/", "", nil},
	{"semantic_precise-46", "ftp://foo:80/", urlcanonSemanticPrecise, "ftp://foo:80/", "", nil},
	{"semantic_precise-47", "ftp:/example.com/", urlcanonSemanticPrecise, "ftp://example.com/", "", nil},
	{"semantic_precise-48", "ftp:example.com/", urlcanonSemanticPrecise, "ftp://example.com/", "", nil},
	{"semantic_precise-49", "ftps:/example.com/", urlcanonSemanticPrecise, "ftps:/example.com/", "", nil},
	{"semantic_precise-50", "ftps:example.com/", urlcanonSemanticPrecise, "ftps:example.com/", "", nil},
	{"semantic_precise-51", "git+https://github.com/foo/bar", urlcanonSemanticPrecise, "git+https://github.com/foo/bar", "", nil},
	{"semantic_precise-52", "git://github.com/foo/bar.git", urlcanonSemanticPrecise, "git://github.com/foo/bar.git", "", nil},
	{"semantic_precise-53", "gopher://foo:443/", urlcanonSemanticPrecise, "gopher://foo:443/", "", nil},
	{"semantic_precise-54", "gopher://foo:70/", urlcanonSemanticPrecise, "gopher://foo/", "gopher is not a special scheme in the current URL Standard", nil},
	{"semantic_precise-55", "gopher:/example.com/", urlcanonSemanticPrecise, "gopher://example.com/", "gopher is not a special scheme in the current URL Standard", nil},
	{"semantic_precise-56", "gopher:example.com/", urlcanonSemanticPrecise, "gopher://example.com/", "gopher is not a special scheme in the current URL Standard", nil},
	{"semantic_precise-57", "h\tt\nt\rp://h\to\ns\rt:9\t0\n0\r0/p\ta\nt\rh?q\tu\ne\rry#f\tr\na\rg", urlcanonSemanticPrecise, "http://host:9000/path?query#frag", "", nil},
	{"semantic_precise-58", "http:%/", urlcanonSemanticPrecise, "http://%25/", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"semantic_precise-59", "http:%2e%2e%2e/a/b", urlcanonSemanticPrecise, "http://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-60", "http:%2e%2e/a/b", urlcanonSemanticPrecise, "http://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-61", "http:%2e/a/b", urlcanonSemanticPrecise, "http://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-62", "http:%61%62%63/", urlcanonSemanticPrecise, "http://abc/", "", nil},
	{"semantic_precise-63", "http:/%/", urlcanonSemanticPrecise, "http://%25/", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"semantic_precise-64", "http:/%2e%2e%2e/a/b", urlcanonSemanticPrecise, "http://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-65", "http:/%2e%2e/a/b", urlcanonSemanticPrecise, "http://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-66", "http:/%2e/a/b", urlcanonSemanticPrecise, "http://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-67", "http:/%61%62%63/", urlcanonSemanticPrecise, "http://abc/", "", nil},
	{"semantic_precise-68", "http:// leadingspace.com/", urlcanonSemanticPrecise, "http://%20leadingspace.com/", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"semantic_precise-69", "http://%/", urlcanonSemanticPrecise, "http://%25/", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"semantic_precise-70", "http://%20leadingspace.com/", urlcanonSemanticPrecise, "http://%20leadingspace.com/", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"semantic_precise-71", "http://%25DOMAIN:foobar@foodomain.com/", urlcanonSemanticPrecise, "http://foodomain.com/", "", nil},
	{"semantic_precise-72", "http://%2e%2e%2e/a/b", urlcanonSemanticPrecise, "http://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-73", "http://%2e%2e/a/b", urlcanonSemanticPrecise, "http://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-74", "http://%2e/a/b", urlcanonSemanticPrecise, "http://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-75", "http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/", urlcanonSemanticPrecise, "http://168.188.99.26/.secure/www.ebay.com/", "", nil},
	{"semantic_precise-76", "http://%61%62%63/", urlcanonSemanticPrecise, "http://abc/", "", nil},
	{"semantic_precise-77", "http://%e2%98%83.net", urlcanonSemanticPrecise, "http://xn--n3h.net/", "", nil},
	{"semantic_precise-78", "http:///%2e%2e%2e/a/b", urlcanonSemanticPrecise, "http://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-79", "http:///%2e%2e/a/b", urlcanonSemanticPrecise, "http://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-80", "http:///%2e/a/b", urlcanonSemanticPrecise, "http://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-81", "http://09/", urlcanonSemanticPrecise, "http://09/", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"semantic_precise-82", "http://127.0.0.1:10100/relative_import.html", urlcanonSemanticPrecise, "http://127.0.0.1:10100/relative_import.html", "", nil},
	{"semantic_precise-83", "http://192.0x00A80001", urlcanonSemanticPrecise, "http://192.168.0.1/", "", nil},
	{"semantic_precise-84", "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/", urlcanonSemanticPrecise, "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/", "", nil},
	{"semantic_precise-85", "http://3279880203/blah", urlcanonSemanticPrecise, "http://195.127.0.11/blah", "", nil},
	{"semantic_precise-86", "http://:@www.example.com", urlcanonSemanticPrecise, "http://www.example.com/", "", nil},
	{"semantic_precise-87", "http://:b@www.example.com", urlcanonSemanticPrecise, "http://www.example.com/", "", nil},
	{"semantic_precise-88", "http://@:@@host/a/b", urlcanonSemanticPrecise, "http://host/a/b", "", nil},
	{"semantic_precise-89", "http://@@host/a/b", urlcanonSemanticPrecise, "http://host/a/b", "", nil},
	{"semantic_precise-90", "http://@ho@st/a/b", urlcanonSemanticPrecise, "http://st/a/b", "", nil},
	{"semantic_precise-91", "http://@host/a/b", urlcanonSemanticPrecise, "http://host/a/b", "", nil},
	{"semantic_precise-92", "http://@pple.com", urlcanonSemanticPrecise, "http://pple.com/", "", nil},
	{"semantic_precise-93", "http://@www.example.com", urlcanonSemanticPrecise, "http://www.example.com/", "", nil},
	{"semantic_precise-94", "http://\x01\x80.com/", urlcanonSemanticPrecise, "http://%01%80.com/", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"semantic_precise-95", "http://☃.net/", urlcanonSemanticPrecise, "http://xn--n3h.net/", "", nil},
	{"semantic_precise-96", "http://a:@www.example.com", urlcanonSemanticPrecise, "http://www.example.com/", "", nil},
	{"semantic_precise-97", "http://a:b@www.example.com", urlcanonSemanticPrecise, "http://www.example.com/", "", nil},
	{"semantic_precise-98", "http://abc/", urlcanonSemanticPrecise, "http://abc/", "", nil},
	{"semantic_precise-99", "http://evil.com/foo#bar#baz", urlcanonSemanticPrecise, "http://evil.com/foo#bar%23baz", "", nil},
	{"semantic_precise-100", "http://evil.com/foo;", urlcanonSemanticPrecise, "http://evil.com/foo;", "", nil},
	{"semantic_precise-101", "http://evil.com/foo?bar;", urlcanonSemanticPrecise, "http://evil.com/foo?bar;", "", nil},
	{"semantic_precise-102", "http://example.com/%20foo", urlcanonSemanticPrecise, "http://example.com/%20foo", "", nil},
	{"semantic_precise-103", "http://example.com/%3A%3a%3C%3c", urlcanonSemanticPrecise, "http://example.com/::<<", "\"<\", \">\" and '\"' stay encoded, as the browser writes them; urlcanon leaves them raw", nil},
	{"semantic_precise-104", "http://example.com/%7Ffp3%3Eju%3Dduvgw%3Dd", urlcanonSemanticPrecise, "http://example.com/%7Ffp3>ju=duvgw=d", "\"<\", \">\" and '\"' stay encoded, as the browser writes them; urlcanon leaves them raw", nil},
	{"semantic_precise-105", "http://example.com/(%28:%3A%29)", urlcanonSemanticPrecise, "http://example.com/((::))", "", nil},
	{"semantic_precise-106", "http://example.com/././foo", urlcanonSemanticPrecise, "http://example.com/foo", "", nil},
	{"semantic_precise-107", "http://example.com/./.foo", urlcanonSemanticPrecise, "http://example.com/.foo", "", nil},
	{"semantic_precise-108", "http://example.com////../..", urlcanonSemanticPrecise, "http://example.com/", "", nil},
	{"semantic_precise-109", "http://example.com/?%26=%26&%26", urlcanonSemanticPrecise, "http://example.com/?%26&%26=%26", "UnescapeRepeatedly decodes \"%26\" and \"%3D\" in the query (Safe Browsing's rule); urlcanon keeps them encoded", nil},
	{"semantic_precise-110", "http://example.com/?%3d=%3d&%3d", urlcanonSemanticPrecise, "http://example.com/?%3D&%3D=%3D", "UnescapeRepeatedly decodes \"%26\" and \"%3D\" in the query (Safe Browsing's rule); urlcanon keeps them encoded", nil},
	{"semantic_precise-111", "http://example.com/?c=d&a=b", urlcanonSemanticPrecise, "http://example.com/?a=b&c=d", "", nil},
	{"semantic_precise-112", "http://example.com/@asdf%40", urlcanonSemanticPrecise, "http://example.com/@asdf@", "", nil},
	{"semantic_precise-113", "http://example.com/你好你好", urlcanonSemanticPrecise, "http://example.com/%E4%BD%A0%E5%A5%BD%E4%BD%A0%E5%A5%BD", "", nil},
	{"semantic_precise-114", "http://example.com/\ufeff/foo", urlcanonSemanticPrecise, "http://example.com/%EF%BB%BF/foo", "", nil},
	{"semantic_precise-115", "http://example.com/‥/foo", urlcanonSemanticPrecise, "http://example.com/%E2%80%A5/foo", "", nil},
	{"semantic_precise-116", "http://example.com/\u202e/foo/\u202d/bar", urlcanonSemanticPrecise, "http://example.com/%E2%80%AE/foo/%E2%80%AD/bar", "", nil},
	{"semantic_precise-117", "http://example.com/foo", urlcanonSemanticPrecise, "http://example.com/foo", "", nil},
	{"semantic_precise-118", "http://example.com/foo%", urlcanonSemanticPrecise, "http://example.com/foo%25", "", nil},
	{"semantic_precise-119", "http://example.com/foo%00%51", urlcanonSemanticPrecise, "http://example.com/foo%00Q", "", nil},
	{"semantic_precise-120", "http://example.com/foo%2", urlcanonSemanticPrecise, "http://example.com/foo%252", "", nil},
	{"semantic_precise-121", "http://example.com/foo%2©zbar", urlcanonSemanticPrecise, "http://example.com/foo%252%C2%A9zbar", "", nil},
	{"semantic_precise-122", "http://example.com/foo%2zbar", urlcanonSemanticPrecise, "http://example.com/foo%252zbar", "", nil},
	{"semantic_precise-123", "http://example.com/foo%41%7a", urlcanonSemanticPrecise, "http://example.com/fooAz", "", nil},
	{"semantic_precise-124", "http://example.com/foo/%2e", urlcanonSemanticPrecise, "http://example.com/foo/", "", nil},
	{"semantic_precise-125", "http://example.com/foo/%2e%2", urlcanonSemanticPrecise, "http://example.com/foo/.%252", "", nil},
	{"semantic_precise-126", "http://example.com/foo/%2e./%2e%2e/.%2e/%2e.bar", urlcanonSemanticPrecise, "http://example.com/..bar", "", nil},
	{"semantic_precise-127", "http://example.com/foo/.", urlcanonSemanticPrecise, "http://example.com/foo/", "", nil},
	{"semantic_precise-128", "http://example.com/foo/../../..", urlcanonSemanticPrecise, "http://example.com/", "", nil},
	{"semantic_precise-129", "http://example.com/foo/../../../ton", urlcanonSemanticPrecise, "http://example.com/ton", "", nil},
	{"semantic_precise-130", "http://example.com/foo/..bar", urlcanonSemanticPrecise, "http://example.com/foo/..bar", "", nil},
	{"semantic_precise-131", "http://example.com/foo/./", urlcanonSemanticPrecise, "http://example.com/foo/", "", nil},
	{"semantic_precise-132", "http://example.com/foo/bar/..", urlcanonSemanticPrecise, "http://example.com/foo/", "", nil},
	{"semantic_precise-133", "http://example.com/foo/bar/../", urlcanonSemanticPrecise, "http://example.com/foo/", "", nil},
	{"semantic_precise-134", "http://example.com/foo/bar/../ton", urlcanonSemanticPrecise, "http://example.com/foo/ton", "", nil},
	{"semantic_precise-135", "http://example.com/foo/bar/../ton/../../a", urlcanonSemanticPrecise, "http://example.com/a", "", nil},
	{"semantic_precise-136", "http://example.com/foo/bar//..", urlcanonSemanticPrecise, "http://example.com/foo/bar/", "", nil},
	{"semantic_precise-137", "http://example.com/foo/bar//../..", urlcanonSemanticPrecise, "http://example.com/foo/", "", nil},
	{"semantic_precise-138", "http://example.com/foo\t\x91%91", urlcanonSemanticPrecise, "http://example.com/foo%91%91", "", nil},
	{"semantic_precise-139", "http://example.com/foo\tbar", urlcanonSemanticPrecise, "http://example.com/foobar", "", nil},
	{"semantic_precise-140", "http://example.com\\\\foo\\\\bar", urlcanonSemanticPrecise, "http://example.com/foo/bar", "", nil},
	{"semantic_precise-141", "http://facebook.com/?foo=%7B%22abc%22", urlcanonSemanticPrecise, "http://facebook.com/?foo={\"abc\"", "\"<\", \">\" and '\"' stay encoded, as the browser writes them; urlcanon leaves them raw", nil},
	{"semantic_precise-142", "http://foo.bar/baz?qux#foo\x08bar", urlcanonSemanticPrecise, "http://foo.bar/baz?qux#foo%08bar", "", nil},
	{"semantic_precise-143", "http://foo:80/", urlcanonSemanticPrecise, "http://foo/", "", nil},
	{"semantic_precise-144", "http://foo:81/", urlcanonSemanticPrecise, "http://foo:81/", "", nil},
	{"semantic_precise-145", "http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B", urlcanonSemanticPrecise, "http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"semantic_precise-146", "http://host.com//twoslashes?more//slashes", urlcanonSemanticPrecise, "http://host.com/twoslashes?more//slashes", "", nil},
	{"semantic_precise-147", "http://host.com/ab%23cd", urlcanonSemanticPrecise, "http://host.com/ab%23cd", "", nil},
	{"semantic_precise-148", "http://host/%%%25%32%35asd%%", urlcanonSemanticPrecise, "http://host/%25%25%25asd%25%25", "", nil},
	{"semantic_precise-149", "http://host/%%300", urlcanonSemanticPrecise, "http://host/%00", "", nil},
	{"semantic_precise-150", "http://host/%%36%31", urlcanonSemanticPrecise, "http://host/a", "", nil},
	{"semantic_precise-151", "http://host/%25%2536%2531", urlcanonSemanticPrecise, "http://host/a", "", nil},
	{"semantic_precise-152", "http://host/%25%25361", urlcanonSemanticPrecise, "http://host/a", "", nil},
	{"semantic_precise-153", "http://host/%25%32%35", urlcanonSemanticPrecise, "http://host/%25", "", nil},
	{"semantic_precise-154", "http://host/%25%32%35%25%32%35", urlcanonSemanticPrecise, "http://host/%25%25", "", nil},
	{"semantic_precise-155", "http://host/%2525252525252525", urlcanonSemanticPrecise, "http://host/%25", "", nil},
	{"semantic_precise-156", "http://host/%2561", urlcanonSemanticPrecise, "http://host/a", "", nil},
	{"semantic_precise-157", "http://host/%2e", urlcanonSemanticPrecise, "http://host/", "", nil},
	{"semantic_precise-158", "http://host/%2e%2e", urlcanonSemanticPrecise, "http://host/", "", nil},
	{"semantic_precise-159", "http://host/%2e%2e%2e", urlcanonSemanticPrecise, "http://host/...", "", nil},
	{"semantic_precise-160", "http://host/%45%25?%45%25", urlcanonSemanticPrecise, "http://host/E%25?E%25", "", nil},
	{"semantic_precise-161", "http://host/%61", urlcanonSemanticPrecise, "http://host/a", "", nil},
	{"semantic_precise-162", "http://host/?%%300", urlcanonSemanticPrecise, "http://host/?%00", "", nil},
	{"semantic_precise-163", "http://host/?%%36%31", urlcanonSemanticPrecise, "http://host/?a", "", nil},
	{"semantic_precise-164", "http://host/?%25%2536%2531", urlcanonSemanticPrecise, "http://host/?a", "", nil},
	{"semantic_precise-165", "http://host/?%25%25361", urlcanonSemanticPrecise, "http://host/?a", "", nil},
	{"semantic_precise-166", "http://host/?%2561", urlcanonSemanticPrecise, "http://host/?a", "", nil},
	{"semantic_precise-167", "http://host/?%2e", urlcanonSemanticPrecise, "http://host/?.", "", nil},
	{"semantic_precise-168", "http://host/?%45%25?%45%25", urlcanonSemanticPrecise, "http://host/?E%25?E%25", "", nil},
	{"semantic_precise-169", "http://host/?%61", urlcanonSemanticPrecise, "http://host/?a", "", nil},
	{"semantic_precise-170", "http://host/?p%61th", urlcanonSemanticPrecise, "http://host/?path", "", nil},
	{"semantic_precise-171", "http://host/asdf%25%32%35asd", urlcanonSemanticPrecise, "http://host/asdf%25asd", "", nil},
	{"semantic_precise-172", "http://host/p%61th", urlcanonSemanticPrecise, "http://host/path", "", nil},
	{"semantic_precise-173", "http://notrailingslash.com", urlcanonSemanticPrecise, "http://notrailingslash.com/", "", nil},
	{"semantic_precise-174", "http://www.@pple.com", urlcanonSemanticPrecise, "http://pple.com/", "", nil},
	{"semantic_precise-175", "http://www.GOOgle.com/", urlcanonSemanticPrecise, "http://www.google.com/", "", nil},
	{"semantic_precise-176", "http://www.evil.com/blah#frag", urlcanonSemanticPrecise, "http://www.evil.com/blah#frag", "", nil},
	{"semantic_precise-177", "http://www.google.com", urlcanonSemanticPrecise, "http://www.google.com/", "", nil},
	{"semantic_precise-178", "http://www.google.com.../", urlcanonSemanticPrecise, "http://www.google.com/", "", nil},
	{"semantic_precise-179", "http://www.google.com/", urlcanonSemanticPrecise, "http://www.google.com/", "", nil},
	{"semantic_precise-180", "http://www.google.com/blah/..", urlcanonSemanticPrecise, "http://www.google.com/", "", nil},
	{"semantic_precise-181", "http://www.google.com/foo?bar=baz# \xbb", urlcanonSemanticPrecise, "http://www.google.com/foo?bar=baz#%20%BB", "", nil},
	{"semantic_precise-182", "http://www.google.com/foo?bar=baz#", urlcanonSemanticPrecise, "http://www.google.com/foo?bar=baz#", "", nil},
	{"semantic_precise-183", "http://www.google.com/foo\tbar\rbaz\n2", urlcanonSemanticPrecise, "http://www.google.com/foobarbaz2", "", nil},
	{"semantic_precise-184", "http://www.google.com/q?", urlcanonSemanticPrecise, "http://www.google.com/q?", "", nil},
	{"semantic_precise-185", "http://www.google.com/q?r?", urlcanonSemanticPrecise, "http://www.google.com/q?r?", "", nil},
	{"semantic_precise-186", "http://www.google.com/q?r?s", urlcanonSemanticPrecise, "http://www.google.com/q?r?s", "", nil},
	{"semantic_precise-187", "http://www/foo%2Ehtml", urlcanonSemanticPrecise, "http://www/foo.html", "", nil},
	{"semantic_precise-188", "http://www/foo/%2E/html", urlcanonSemanticPrecise, "http://www/foo/html", "", nil},
	{"semantic_precise-189", "http://xn--n3h.net/", urlcanonSemanticPrecise, "http://xn--n3h.net/", "", nil},
	{"semantic_precise-190", "http:/:b@www.example.com", urlcanonSemanticPrecise, "http://www.example.com/", "", nil},
	{"semantic_precise-191", "http:/@www.example.com", urlcanonSemanticPrecise, "http://www.example.com/", "", nil},
	{"semantic_precise-192", "http:/a:@www.example.com", urlcanonSemanticPrecise, "http://www.example.com/", "", nil},
	{"semantic_precise-193", "http:/a:b@www.example.com", urlcanonSemanticPrecise, "http://www.example.com/", "", nil},
	{"semantic_precise-194", "http:/abc/", urlcanonSemanticPrecise, "http://abc/", "", nil},
	{"semantic_precise-195", "http:/example.com/", urlcanonSemanticPrecise, "http://example.com/", "", nil},
	{"semantic_precise-196", "http::b@www.example.com", urlcanonSemanticPrecise, "http://www.example.com/", "", nil},
	{"semantic_precise-197", "http:@www.example.com", urlcanonSemanticPrecise, "http://www.example.com/", "", nil},
	{"semantic_precise-198", "http:\\\\www.google.com\\foo", urlcanonSemanticPrecise, "http://www.google.com/foo", "", nil},
	{"semantic_precise-199", "http:a:@www.example.com", urlcanonSemanticPrecise, "http://www.example.com/", "", nil},
	{"semantic_precise-200", "http:a:b@www.example.com", urlcanonSemanticPrecise, "http://www.example.com/", "", nil},
	{"semantic_precise-201", "http:abc/", urlcanonSemanticPrecise, "http://abc/", "", nil},
	{"semantic_precise-202", "http:example.com/", urlcanonSemanticPrecise, "http://example.com/", "", nil},
	{"semantic_precise-203", "httpa://foo:80/", urlcanonSemanticPrecise, "httpa://foo:80/", "", nil},
	{"semantic_precise-204", "https://%e2%98%83", urlcanonSemanticPrecise, "https://xn--n3h/", "", nil},
	{"semantic_precise-205", "https://0x.0x.0", urlcanonSemanticPrecise, "https://0.0.0.0/", "", nil},
	{"semantic_precise-206", "https://:@test", urlcanonSemanticPrecise, "https://test/", "", nil},
	{"semantic_precise-207", "https://faß.ExAmPlE/", urlcanonSemanticPrecise, "https://xn--fa-hia.example/", "", nil},
	{"semantic_precise-208", "https://foo:443/", urlcanonSemanticPrecise, "https://foo/", "", nil},
	{"semantic_precise-209", "https://foo:80/", urlcanonSemanticPrecise, "https://foo:80/", "", nil},
	{"semantic_precise-210", "https://localhost:3000/jqueryui@1.2.3", urlcanonSemanticPrecise, "https://localhost:3000/jqueryui@1.2.3", "", nil},
	{"semantic_precise-211", "https://test:@test", urlcanonSemanticPrecise, "https://test/", "", nil},
	{"semantic_precise-212", "https://www.securesite.com/", urlcanonSemanticPrecise, "https://www.securesite.com/", "", nil},
	{"semantic_precise-213", "https://x/�?�#�", urlcanonSemanticPrecise, "https://x/%EF%BF%BD?%EF%BF%BD#%EF%BF%BD", "", nil},
	{"semantic_precise-214", "https:/example.com/", urlcanonSemanticPrecise, "https://example.com/", "", nil},
	{"semantic_precise-215", "https:example.com/", urlcanonSemanticPrecise, "https://example.com/", "", nil},
	{"semantic_precise-216", "irc://myserver.com:6999/channel?passwd", urlcanonSemanticPrecise, "irc://myserver.com:6999/channel?passwd", "", nil},
	{"semantic_precise-217", "javascript:/../", urlcanonSemanticPrecise, "javascript:/", "", nil},
	{"semantic_precise-218", "javascript:/example.com/", urlcanonSemanticPrecise, "javascript:/example.com/", "", nil},
	{"semantic_precise-219", "javascript:example.com/", urlcanonSemanticPrecise, "javascript:example.com/", "", nil},
	{"semantic_precise-220", "ldap://localhost:389/ou=People,o=JNDITutorial", urlcanonSemanticPrecise, "ldap://localhost:389/ou=People,o=JNDITutorial", "", nil},
	{"semantic_precise-221", "lolscheme:/x x#x x", urlcanonSemanticPrecise, "lolscheme:/x%20x#x%20x", "", nil},
	{"semantic_precise-222", "lolscheme:x x#x x", urlcanonSemanticPrecise, "lolscheme:x%20x#x%20x", "", nil},
	{"semantic_precise-223", "madeupscheme:/example.com/", urlcanonSemanticPrecise, "madeupscheme:/example.com/", "", nil},
	{"semantic_precise-224", "madeupscheme:example.com/", urlcanonSemanticPrecise, "madeupscheme:example.com/", "", nil},
	{"semantic_precise-225", "mailto:/../", urlcanonSemanticPrecise, "mailto:/", "", nil},
	{"semantic_precise-226", "mailto:/example.com/", urlcanonSemanticPrecise, "mailto:/example.com/", "", nil},
	{"semantic_precise-227", "mailto:example.com/", urlcanonSemanticPrecise, "mailto:example.com/", "", nil},
	{"semantic_precise-228", "non-special://%E2%80%A0/", urlcanonSemanticPrecise, "non-special://%E2%80%A0/", "", nil},
	{"semantic_precise-229", "non-special://:@test/x", urlcanonSemanticPrecise, "non-special://test/x", "", nil},
	{"semantic_precise-230", "non-special://H%4fSt/path", urlcanonSemanticPrecise, "non-special://HOSt/path", "the browser keeps the percent-encodings of an opaque host", nil},
	{"semantic_precise-231", "non-special://[1:2:0:0:0:0:0:3]/", urlcanonSemanticPrecise, "non-special://[1:2::3]/", "", nil},
	{"semantic_precise-232", "non-special://[1:2:0:0:5:0:0:0]/", urlcanonSemanticPrecise, "non-special://[1:2:0:0:5::]/", "", nil},
	{"semantic_precise-233", "non-special://[1:2::3]:80/", urlcanonSemanticPrecise, "non-special://[1:2::3]:80/", "", nil},
	{"semantic_precise-234", "non-special://test:@test/x", urlcanonSemanticPrecise, "non-special://test/x", "", nil},
	{"semantic_precise-235", "nonspecial:%2e%2e%2e/a/b", urlcanonSemanticPrecise, "nonspecial:.../a/b", "", nil},
	{"semantic_precise-236", "nonspecial:%2e%2e/a/b", urlcanonSemanticPrecise, "nonspecial:../a/b", "", nil},
	{"semantic_precise-237", "nonspecial:%2e/a/b", urlcanonSemanticPrecise, "nonspecial:./a/b", "", nil},
	{"semantic_precise-238", "nonspecial:/%2e%2e%2e/a/b", urlcanonSemanticPrecise, "nonspecial:/.../a/b", "", nil},
	{"semantic_precise-239", "nonspecial:/%2e%2e/a/b", urlcanonSemanticPrecise, "nonspecial:/a/b", "", nil},
	{"semantic_precise-240", "nonspecial:/%2e/a/b", urlcanonSemanticPrecise, "nonspecial:/a/b", "", nil},
	{"semantic_precise-241", "nonspecial://%2e%2e%2e/a/b", urlcanonSemanticPrecise, "nonspecial://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-242", "nonspecial://%2e%2e/a/b", urlcanonSemanticPrecise, "nonspecial://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-243", "nonspecial://%2e/a/b", urlcanonSemanticPrecise, "nonspecial://0.0.0.0/a/b", "urlcanon reads a host of dots as the IPv4 address 0.0.0.0; the URL Standard reads a domain", nil},
	{"semantic_precise-244", "nonspecial:///%2e%2e%2e/a/b", urlcanonSemanticPrecise, "nonspecial:///.../a/b", "", nil},
	{"semantic_precise-245", "nonspecial:///%2e%2e/a/b", urlcanonSemanticPrecise, "nonspecial:///a/b", "", nil},
	{"semantic_precise-246", "nonspecial:///%2e/a/b", urlcanonSemanticPrecise, "nonspecial:///a/b", "", nil},
	{"semantic_precise-247", "redis://foo:bar@somehost:6379/0?baz=bam&qux=baz", urlcanonSemanticPrecise, "redis://somehost:6379/0?baz=bam&qux=baz", "", nil},
	{"semantic_precise-248", "rsync://foo@host:911/sup", urlcanonSemanticPrecise, "rsync://host:911/sup", "", nil},
	{"semantic_precise-249", "sc://#", urlcanonSemanticPrecise, "sc://#", "", nil},
	{"semantic_precise-250", "sc://%/", urlcanonSemanticPrecise, "sc://%25/", "the browser keeps a \"%\" of an opaque host", nil},
	{"semantic_precise-251", "sc://?", urlcanonSemanticPrecise, "sc://?", "", nil},
	{"semantic_precise-252", "sc://\x1f!\"$&'()*+,-.;<=>^_`{|}~/", urlcanonSemanticPrecise, "sc://%1F!\"$&'()*+,-.;<=>^_`{|}~/", "a browser refuses this host, so there is nothing to key (the reading starts from the browser's)", nil},
	{"semantic_precise-253", "sc://ñ", urlcanonSemanticPrecise, "sc://%C3%B1", "", nil},
	{"semantic_precise-254", "sc://ñ#x", urlcanonSemanticPrecise, "sc://%C3%B1#x", "", nil},
	{"semantic_precise-255", "sc://ñ.test/", urlcanonSemanticPrecise, "sc://%C3%B1.test/", "", nil},
	{"semantic_precise-256", "sc://ñ?x", urlcanonSemanticPrecise, "sc://%C3%B1?x", "", nil},
	{"semantic_precise-257", "sc://faß.ExAmPlE/", urlcanonSemanticPrecise, "sc://fa%C3%9F.ExAmPlE/", "", nil},
	{"semantic_precise-258", "sc::a@example.net", urlcanonSemanticPrecise, "sc::a@example.net", "", nil},
	{"semantic_precise-259", "sc:\\../", urlcanonSemanticPrecise, "sc:\\../", "", nil},
	{"semantic_precise-260", "tag:joe@example.org,2001:foo/bar", urlcanonSemanticPrecise, "tag:joe@example.org,2001:foo/bar", "", nil},
	{"semantic_precise-261", "telnet://user:pass@foobar.com:23/", urlcanonSemanticPrecise, "telnet://foobar.com:23/", "", nil},
	{"semantic_precise-262", "tftp://foobar.com/someconfig;mode=netascii", urlcanonSemanticPrecise, "tftp://foobar.com/someconfig;mode=netascii", "", nil},
	{"semantic_precise-263", "urn:ietf:rfc:2648", urlcanonSemanticPrecise, "urn:ietf:rfc:2648", "", nil},
	{"semantic_precise-264", "ut2004://10.10.10.10:7777/Index.ut2", urlcanonSemanticPrecise, "ut2004://10.10.10.10:7777/Index.ut2", "", nil},
	{"semantic_precise-265", "wow:%1G", urlcanonSemanticPrecise, "wow:%251G", "", nil},
	{"semantic_precise-266", "wow:%NBD", urlcanonSemanticPrecise, "wow:%25NBD", "", nil},
	{"semantic_precise-267", "ws://foo:443/", urlcanonSemanticPrecise, "ws://foo:443/", "", nil},
	{"semantic_precise-268", "ws://foo:80/", urlcanonSemanticPrecise, "ws://foo/", "", nil},
	{"semantic_precise-269", "ws://foo:81/", urlcanonSemanticPrecise, "ws://foo:81/", "", nil},
	{"semantic_precise-270", "ws://foo:815/", urlcanonSemanticPrecise, "ws://foo:815/", "", nil},
	{"semantic_precise-271", "ws:/example.com/", urlcanonSemanticPrecise, "ws://example.com/", "", nil},
	{"semantic_precise-272", "ws:example.com/", urlcanonSemanticPrecise, "ws://example.com/", "", nil},
	{"semantic_precise-273", "wss://foo:443/", urlcanonSemanticPrecise, "wss://foo/", "", nil},
	{"semantic_precise-274", "wss://foo:80/", urlcanonSemanticPrecise, "wss://foo:80/", "", nil},
	{"semantic_precise-275", "wss://foo:81/", urlcanonSemanticPrecise, "wss://foo:81/", "", nil},
	{"semantic_precise-276", "wss://foo:815/", urlcanonSemanticPrecise, "wss://foo:815/", "", nil},
	{"semantic_precise-277", "wss:/example.com/", urlcanonSemanticPrecise, "wss://example.com/", "", nil},
	{"semantic_precise-278", "wss:example.com/", urlcanonSemanticPrecise, "wss://example.com/", "", nil},
	{"semantic_precise-279", "www.google.com", urlcanonSemanticPrecise, "http://www.google.com/", "", nil},
	{"semantic_precise-280", "www.google.com/", urlcanonSemanticPrecise, "http://www.google.com/", "", nil},
}

// TestSystems runs every system's examples.
func TestSystems(t *testing.T) {
	var purell []systemCase
	for _, tt := range purellCases {
		purell = append(purell, systemCase{tt.name, tt.in, tt.flags.canonicalizer(), tt.want, tt.differs, nil})
	}
	purell = append(purell, purellAll()...)
	for _, sys := range []struct {
		name  string
		cases []systemCase
	}{
		{"purell", purell},
		{"Nutch", nutchCases},
		{"w3lib", w3libCases},
		{"surt", surtCases},
		{"Heritrix", heritrixCases},
		{"urlcanon", urlcanonCases},
	} {
		pass := 0
		for _, tt := range sys.cases {
			got, err := tt.c.Canonicalize(tt.in)
			if tt.surt != nil {
				got, err = tt.surt.Key(tt.in)
			}
			if tt.want == "" && err != nil {
				got, err = "", nil // the system refuses it too
			}
			switch {
			case tt.differs == "" && (err != nil || got != tt.want):
				t.Errorf("%s %s: Canonicalize(%q) = %q, %v; want %q", sys.name, tt.name, tt.in, got, err, tt.want)
			case tt.differs != "" && err == nil && got == tt.want:
				t.Errorf("%s %s: Canonicalize(%q) = %q, the system's answer, but the table says it differs: %s", sys.name, tt.name, tt.in, got, tt.differs)
			case tt.differs == "":
				pass++
			}
		}
		t.Logf("%s: %d of %d documented examples give the system's answer", sys.name, pass, len(sys.cases))
	}
}
