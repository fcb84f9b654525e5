package canon

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/iri-go/iri/web"
)

// applyHref runs c's transformations on the parts of an href, without
// reading it again: the options on their own.
func applyHref(c Canonicalizer, href string) string {
	p := split(href)
	c.apply(&p)
	return p.String()
}

// TestOptions gives each option inputs that it changes and close ones
// that it must leave alone.
func TestOptions(t *testing.T) {
	tests := []struct {
		name     string
		c        Canonicalizer
		in, want string
	}{
		{"RemoveFragment", Canonicalizer{RemoveFragment: true}, "http://a/p?q#f", "http://a/p?q"},
		{"RemoveFragment", Canonicalizer{RemoveFragment: true}, "http://a/p?q#", "http://a/p?q"},
		{"RemoveFragment", Canonicalizer{RemoveFragment: true}, "http://a/p?q", "http://a/p?q"},
		{"RemoveUserinfo", Canonicalizer{RemoveUserinfo: true}, "http://u:p@a/", "http://a/"},
		{"RemoveUserinfo", Canonicalizer{RemoveUserinfo: true}, "http://a/@x", "http://a/@x"},
		{"RemoveDefaultPort", Canonicalizer{RemoveDefaultPort: true}, "ftp://a:21/", "ftp://a/"},
		{"RemoveDefaultPort", Canonicalizer{RemoveDefaultPort: true}, "http://a:8080/", "http://a:8080/"},
		{"RemoveDefaultPort", Canonicalizer{RemoveDefaultPort: true}, "foo://a:80/", "foo://a:80/"},
		{"RemovePort", Canonicalizer{RemovePort: true}, "http://a:8080/", "http://a/"},
		{"RemovePort", Canonicalizer{RemovePort: true}, "http://[::1]:81/", "http://[::1]/"},
		{"RemovePort", Canonicalizer{RemovePort: true}, "http://[::1]/", "http://[::1]/"},
		{"StripWWW", Canonicalizer{StripWWW: true}, "http://www.example.com/", "http://example.com/"},
		{"StripWWW", Canonicalizer{StripWWW: true}, "http://www12.example.com/", "http://example.com/"},
		{"StripWWW", Canonicalizer{StripWWW: true}, "http://WWW.www.example.com/", "http://example.com/"},
		{"StripWWW", Canonicalizer{StripWWW: true}, "http://www.com/", "http://www.com/"},
		{"StripWWW", Canonicalizer{StripWWW: true}, "http://www..example/", "http://www..example/"},
		{"StripWWW", Canonicalizer{StripWWW: true}, "http://www.example/", "http://www.example/"},
		{"StripWWW", Canonicalizer{StripWWW: true}, "http://wwwx.example.com/", "http://wwwx.example.com/"},
		{"StripWWW", Canonicalizer{StripWWW: true}, "http://www2foo.com/", "http://www2foo.com/"},
		{"StripWWW", Canonicalizer{StripWWW: true}, "http://ww.example.com/", "http://ww.example.com/"},
		{"StripWWW", Canonicalizer{StripWWW: true}, "http://a.www.example.com/", "http://a.www.example.com/"},
		{"StripWWW", Canonicalizer{StripWWW: true}, "http://www.a.1./", "http://www.a.1./"},
		{"StripWWW", Canonicalizer{StripWWW: true}, "http://www.a.0x1f/", "http://www.a.0x1f/"},
		{"StripWWW", Canonicalizer{StripWWW: true}, "http://www.a.99999999999/", "http://www.a.99999999999/"},
		{"StripWWW", Canonicalizer{StripWWW: true}, "http://www.a.1b/", "http://a.1b/"},
		{"AddWWW", Canonicalizer{AddWWW: true}, "http://example.com/", "http://www.example.com/"},
		{"AddWWW", Canonicalizer{AddWWW: true}, "http://a.example.com/", "http://www.a.example.com/"},
		{"AddWWW", Canonicalizer{AddWWW: true}, "http://WWW2.example.com/", "http://WWW2.example.com/"},
		{"AddWWW", Canonicalizer{AddWWW: true}, "http://localhost/", "http://localhost/"},
		{"AddWWW", Canonicalizer{AddWWW: true}, "http://1.2.3.4/", "http://1.2.3.4/"},
		{"AddWWW", Canonicalizer{AddWWW: true}, "http://a.0x1f/", "http://a.0x1f/"},
		{"AddWWW", Canonicalizer{AddWWW: true}, "http://[::1]/", "http://[::1]/"},
		{"AddWWW", Canonicalizer{AddWWW: true}, "file:///a.b/", "file:///a.b/"},
		{"AddWWW", Canonicalizer{AddWWW: true, StripWWW: true}, "http://www.example.com/", "http://example.com/"},
		{"ForceHTTP", Canonicalizer{ForceHTTP: true}, "https://a/p", "http://a/p"},
		{"ForceHTTP", Canonicalizer{ForceHTTP: true}, "https://a:8443/p", "http://a:8443/p"},
		{"ForceHTTP", Canonicalizer{ForceHTTP: true, RemoveDefaultPort: true}, "https://a:443/p", "http://a/p"},
		{"ForceHTTP", Canonicalizer{ForceHTTP: true}, "wss://a/p", "wss://a/p"},
		{"ForceHTTP", Canonicalizer{ForceHTTP: true}, "http://a/p", "http://a/p"},
		{"TrimHostDots", Canonicalizer{TrimHostDots: true}, "http://..a...b./", "http://a.b/"},
		{"TrimHostDots", Canonicalizer{TrimHostDots: true}, "http://example.com./", "http://example.com/"},
		// A domain that trimming would make an IPv4 address keeps its dots.
		{"TrimHostDots", Canonicalizer{TrimHostDots: true}, "http://0000../", "http://0000../"},
		{"TrimHostDots", Canonicalizer{TrimHostDots: true}, "http://.a.0x1f../", "http://.a.0x1f../"},
		{"TrimHostDots", Canonicalizer{TrimHostDots: true}, "http://a.b/..//", "http://a.b/..//"},
		{"CollapseSlashes", Canonicalizer{CollapseSlashes: true}, "http://a//b///c/?x//y", "http://a/b/c/?x//y"},
		{"CollapseSlashes", Canonicalizer{CollapseSlashes: true}, "http://a/b/c/", "http://a/b/c/"},
		{"CollapseSlashes", Canonicalizer{CollapseSlashes: true}, "mailto:a//b", "mailto:a//b"},
		{"UnescapeUnreserved", Canonicalizer{Unescape: UnescapeUnreserved}, "http://a/%41%7e%2d%2F%2f%c3%a9?%5F%26#%7E", "http://a/A~-%2F%2F%C3%A9?_%26#~"},
		{"UnescapeUnreserved", Canonicalizer{Unescape: UnescapeUnreserved}, "http://a/%2F%3F%%4", "http://a/%2F%3F%%4"},
		{"UnescapeUnreserved", Canonicalizer{Unescape: UnescapeUnreserved}, "http://a/%61%7A%41%5A%30%39%2E%5F%7E%2d?%60%7b%40%5b%2f%3a", "http://a/azAZ09._~-?%60%7B%40%5B%2F%3A"},
		{"UnescapeRepeatedly", Canonicalizer{Unescape: UnescapeRepeatedly}, "http://a/%2541%252F%3f?%2526%23#%2523", "http://a/A/%3F?&%23#%23"},
		{"UnescapeRepeatedly", Canonicalizer{Unescape: UnescapeRepeatedly}, "http://a/b%20c?d%20e", "http://a/b%20c?d%20e"},
		{"UnescapeRepeatedly", Canonicalizer{Unescape: UnescapeRepeatedly}, "http://a/%3C%22?%27", "http://a/%3C%22?%27"},
		// A decoded "/" that starts the path of a URL without a host would
		// make an authority: the URL serializer's "/." keeps it a path.
		{"UnescapeRepeatedly", Canonicalizer{Unescape: UnescapeRepeatedly}, "a:/%2Fx", "a:/.//x"},
		{"UnescapeRepeatedly", Canonicalizer{Unescape: UnescapeRepeatedly}, "a://h/%2Fx", "a://h//x"},
		{"UnescapeRepeatedly", Canonicalizer{Unescape: UnescapeRepeatedly}, "http://h/a/b%2F..%2Fc%2f.", "http://h/a/c/"},
		{"UnescapeRepeatedly", Canonicalizer{Unescape: UnescapeRepeatedly, RemoveTrailingSlash: true}, "a:/%2f.", "a:/"},
		{"UnescapeRepeatedly", Canonicalizer{Unescape: UnescapeRepeatedly}, "a:/.//%2e", "a:/.//"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/(S(4hqa0555fwsecu455xqckv45))/mileg.aspx", "http://a/mileg.aspx"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/(4hqa0555fwsecu455xqckv45)/mileg.aspx", "http://a/mileg.aspx"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/x/(a(4hqa0555fwsecu455xqckv45)S(4hqa0555fwsecu455xqckv45)f(4hqa0555fwsecu455xqckv45))/y/mileg.ASPX?page=sessionschedules", "http://a/x/y/mileg.ASPX?page=sessionschedules"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/(4hqa0555fwsecu455xqckv45)/mileg.html", "http://a/(4hqa0555fwsecu455xqckv45)/mileg.html"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/(4hqa0555fwsecu455xqckv4)/mileg.aspx", "http://a/(4hqa0555fwsecu455xqckv4)/mileg.aspx"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/(S(4hqa0555fwsecu455xqckv45)/mileg.aspx", "http://a/(S(4hqa0555fwsecu455xqckv45)/mileg.aspx"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/(S(4hqa0555fwsecu455xqckv45)x/mileg.aspx", "http://a/(S(4hqa0555fwsecu455xqckv45)x/mileg.aspx"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/(x/mileg.aspx", "http://a/(x/mileg.aspx"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/()/mileg.aspx", "http://a/()/mileg.aspx"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/(4hqa0555fwsecu455xqckv4-)/mileg.aspx", "http://a/(4hqa0555fwsecu455xqckv4-)/mileg.aspx"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/photos/36050182@N05/", "http://a/photos/36050182@N05/"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/b;JSESSIONID=0a1B2c;x=1/c;jsessionid=9?q", "http://a/b;x=1/c?q"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/b;jsession=1", "http://a/b;jsession=1"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/b/;jsessionid=1/c", "http://a/b//c"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/b/c/..;jsessionid=1/d", "http://a/b/d"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/b/%2e%2E;jsessionid=1", "http://a/"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/b/.;jsessionid=1", "http://a/b/"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true, Reading: ReadSafeBrowsing}, "http://a/b/;jsessionid=1/c", "http://a/b/c"},
		{"DropPathSessionIDs", Canonicalizer{DropPathSessionIDs: true}, "http://a/b/..;x=1/c;jsessionid=1", "http://a/b/..;x=1/c"},
		{"LowercasePath", Canonicalizer{LowercasePath: true}, "http://a/B/%C3%A9?Q", "http://a/b/%c3%a9?Q"},
		{"LowercasePath", Canonicalizer{LowercasePath: true}, "http://a/b/%c3?Q", "http://a/b/%c3?Q"},
		{"LowercaseQuery", Canonicalizer{LowercaseQuery: true}, "http://a/B?Q=X#F", "http://a/B?q=x#F"},
		{"RemoveDirectoryIndex", Canonicalizer{RemoveDirectoryIndex: true}, "http://a/b/index.html?q", "http://a/b/?q"},
		{"RemoveDirectoryIndex", Canonicalizer{RemoveDirectoryIndex: true}, "http://a/Default.ASPX", "http://a/"},
		{"RemoveDirectoryIndex", Canonicalizer{RemoveDirectoryIndex: true}, "http://a/index.shtml", "http://a/index.shtml"},
		{"RemoveDirectoryIndex", Canonicalizer{RemoveDirectoryIndex: true}, "http://a/myindex.html", "http://a/myindex.html"},
		{"RemoveDirectoryIndex", Canonicalizer{RemoveDirectoryIndex: true}, "http://a/index.html/b", "http://a/index.html/b"},
		{"RemoveDirectoryIndex", Canonicalizer{RemoveDirectoryIndex: true}, "http://a/index", "http://a/index"},
		{"RemoveDirectoryIndex", Canonicalizer{RemoveDirectoryIndex: true}, "http://a/index.h", "http://a/"},
		{"RemoveDirectoryIndex", Canonicalizer{RemoveDirectoryIndex: true}, "http://a/index.-htm", "http://a/index.-htm"},
		{"RemoveDirectoryIndex", Canonicalizer{RemoveDirectoryIndex: true}, "http://a/index.", "http://a/index."},
		{"RemoveTrailingSlash", Canonicalizer{RemoveTrailingSlash: true}, "http://a/b//", "http://a/b"},
		{"RemoveTrailingSlash", Canonicalizer{RemoveTrailingSlash: true}, "http://a/", "http://a/"},
		{"AddTrailingSlash", Canonicalizer{AddTrailingSlash: true}, "http://a/b/c.html?q#f", "http://a/b/c.html/?q#f"},
		{"AddTrailingSlash", Canonicalizer{AddTrailingSlash: true}, "http://a/b/", "http://a/b/"},
		{"AddTrailingSlash", Canonicalizer{AddTrailingSlash: true}, "foo://h", "foo://h/"},
		{"AddTrailingSlash", Canonicalizer{AddTrailingSlash: true}, "mailto:a", "mailto:a"},
		{"AddTrailingSlash", Canonicalizer{AddTrailingSlash: true, RemoveTrailingSlash: true}, "http://a/b/", "http://a/b"},
		{"RemoveTrailingSlash+Index", Canonicalizer{RemoveTrailingSlash: true, RemoveDirectoryIndex: true}, "http://a/index.htm/index.php/", "http://a/"},
		{"RemoveEmptyQuery", Canonicalizer{RemoveEmptyQuery: true}, "http://a/?#f", "http://a/#f"},
		{"RemoveEmptyQuery", Canonicalizer{RemoveEmptyQuery: true}, "http://a/?&", "http://a/?&"},
		{"FormQuery", Canonicalizer{FormQuery: true}, "http://a/?q=a%20space+x&&c&price(%C2%A3)=5&1750,4#f", "http://a/?q=a+space+x&c=&price%28%C2%A3%29=5&1750%2C4=#f"},
		{"FormQuery", Canonicalizer{FormQuery: true}, "http://a/?v=a%26b%3Dc%2B%e9~*-._", "http://a/?v=a%26b%3Dc%2B%E9%7E*-._"},
		{"FormQuery", Canonicalizer{FormQuery: true}, "http://a/?a=1=2&b=%&c=%4", "http://a/?a=1%3D2&b=%25&c=%254"},
		{"FormQuery", Canonicalizer{FormQuery: true}, "http://a/?a=b&c=d", "http://a/?a=b&c=d"},
		{"FormQuery", Canonicalizer{FormQuery: true}, "http://a/?&&", "http://a/?"},
		{"FormQuery", Canonicalizer{FormQuery: true}, "http://a/?a=b+c&d=", "http://a/?a=b+c&d="},
		{"FormQuery", Canonicalizer{FormQuery: true}, "http://a/?a=b&", "http://a/?a=b"},
		{"FormQuery", Canonicalizer{FormQuery: true}, "http://a/?a=b&&c=d", "http://a/?a=b&c=d"},
		{"FormQuery", Canonicalizer{FormQuery: true}, "http://a/?a=b&c", "http://a/?a=b&c="},
		{"FormQuery", Canonicalizer{FormQuery: true}, "http://a/?=", "http://a/?="},
		{"FormQuery", Canonicalizer{FormQuery: true, RemoveEmptyQuery: true, SortQuery: QuerySortByNameValue, DropParams: []string{"utm_source"}}, "http://a/?utm%5Fsource=x&b&a=2", "http://a/?a=2&b="},
		{"SortQuery", Canonicalizer{SortQuery: QuerySortByName}, "http://a/?b=2&a=9&b=1&a", "http://a/?a=9&a&b=2&b=1"},
		{"SortQuery", Canonicalizer{SortQuery: QuerySortByName}, "http://a/?a=%62&A=1", "http://a/?A=1&a=%62"},
		{"SortQuery", Canonicalizer{SortQuery: QuerySortByNameValue}, "http://a/?b=2&a=9&b=1&a", "http://a/?a&a=9&b=1&b=2"},
		{"SortQuery", Canonicalizer{SortQuery: QuerySortByNameValue}, "http://a/?a-=1&a=2", "http://a/?a=2&a-=1"},
		{"SortQuery", Canonicalizer{SortQuery: QuerySortByName}, "http://a/?a=1&b=2#z&a", "http://a/?a=1&b=2#z&a"},
		{"DropParams", Canonicalizer{DropParams: []string{"sid"}}, "http://a/?SID=1&x=sid&sid&side=2", "http://a/?x=sid&side=2"},
		{"DropParams", Canonicalizer{DropParams: []string{"sid"}}, "http://a/?&sid=1&&x", "http://a/?&&x"},
		{"DropParams", Canonicalizer{DropParams: []string{"a"}}, "http://a/?a=1", "http://a/?"},
		{"DropParams+RemoveEmptyQuery", Canonicalizer{DropParams: []string{"a"}, RemoveEmptyQuery: true}, "http://a/?a=1&a=2", "http://a/"},
		{"DropParamPrefixes", Canonicalizer{DropParamPrefixes: []string{"utm_"}}, "http://a/?utm_source=x&UTM_medium=y&utm=z&q=1", "http://a/?utm=z&q=1"},
		{"RemoveEmptyParams", Canonicalizer{RemoveEmptyParams: true}, "http://a/?&a=1&&b&=&", "http://a/?a=1&b&="},
		{"RemoveEmptyParams", Canonicalizer{RemoveEmptyParams: true}, "http://a/?&&", "http://a/?"},
		{"RemoveEmptyParams", Canonicalizer{RemoveEmptyParams: true}, "http://a/?a=1&b#&&", "http://a/?a=1&b#&&"},
		{"RemoveEmptyParams+DropParams", Canonicalizer{RemoveEmptyParams: true, DropParams: []string{"sid"}}, "http://a/?sid=1&&x&", "http://a/?x"},
		{"LowercaseHost", Canonicalizer{LowercaseHost: true}, "foo://EX.Com:1/P?Q", "foo://ex.com:1/P?Q"},
		{"LowercaseHost", Canonicalizer{LowercaseHost: true}, "foo://%C3%A9/", "foo://%c3%a9/"},
		{"LowercaseHost", Canonicalizer{LowercaseHost: true}, "foo:/P", "foo:/P"},
		{"Dedup", Dedup, "http://user@www.example.com./a//b/index.html?utm_source=t&b=2&fbclid=x&a=1&PHPSESSID=s#top", "http://example.com/a/b?a=1&b=2"},
		{"Dedup", Dedup, "http://example.com/?q=a%20b&&p", "http://example.com/?p=&q=a+b"},
		{"Dedup", Dedup, "http://example.com/a?", "http://example.com/a"},
		{"Dedup", Dedup, "http://example.com/a;jsessionid=123/b", "http://example.com/a/b"},
		{"Dedup", Dedup, "http://example.com/a?&utm_source=x", "http://example.com/a"},
		{"Semantic", Semantic, "http://a/%7euser/?#top", "http://a/~user/"},
		{"Purell", Purell, "HTTP://Example.COM:80/%7e?", "http://example.com/~"},
		{"Heritrix", Heritrix, "HTTP://u:p@WWW.Archive.ORG/Index.HTML?&A=B&#F", "http://archive.org/index.html?a=b#F"},
	}
	for _, tt := range tests {
		if got := applyHref(tt.c, tt.in); got != tt.want {
			t.Errorf("%s: %q becomes %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

func TestPresetsNamed(t *testing.T) {
	var names []string
	for n := range Presets {
		names = append(names, n)
	}
	slices.Sort(names)
	if want := []string{"archive", "dedup", "heritrix", "nutch", "purell", "safebrowsing", "semantic", "w3lib"}; !slices.Equal(names, want) {
		t.Errorf("Presets = %v, want %v", names, want)
	}
	if Presets["safebrowsing"].Reading != ReadSafeBrowsing || !Presets["safebrowsing"].RemovePort {
		t.Errorf("Presets[safebrowsing] is not SafeBrowsing")
	}
}

// TestCanonicalizeURL: on a parsed URL the result is the text's result
// parsed, u itself when nothing changes, and an error when Safe
// Browsing's key is not a URL that a browser reads as itself.
func TestCanonicalizeURL(t *testing.T) {
	tests := []struct {
		c        Canonicalizer
		in, want string
		rule     string
	}{
		{SafeBrowsing, "http://www.GOOgle.com/a/%2e%2e/b?q#f", "http://www.google.com/b?q", ""},
		{SafeBrowsing, "http://u:p@[::ffff:102:304]:8080/%2541", "http://1.2.3.4/A", ""},
		{SafeBrowsing, "http://h/a%5Cb", "http://h/a/b", ""},
		{SafeBrowsing, "http://h/%22", "", "invalid-result"},
		{SafeBrowsing, "http://h/%3C", "", "invalid-result"},
		{Canonicalizer{Reading: ReadSafeBrowsing}, "http://u:secret@h/%3C", "", "invalid-result"},
		{Semantic, "http://a/%7euser/?#top", "http://a/~user/", ""},
		{Dedup, "http://www.a.com/x/index.html?utm_source=s&b&a+b=%7e", "http://a.com/x?a+b=%7E&b=", ""},
		{Archive, "https://www.archive.org:443/A?b&a", "https://archive.org/a?a&b", ""},
	}
	for _, tt := range tests {
		u := web.MustParse(tt.in)
		v, err := tt.c.CanonicalizeURL(u)
		var ce *Error
		switch {
		case tt.rule != "":
			if !errors.As(err, &ce) || ce.Rule != tt.rule || strings.Contains(err.Error(), "secret") {
				t.Errorf("CanonicalizeURL(%q) = %q, %v; want a %s error", tt.in, v, err, tt.rule)
			}
		case err != nil || v.String() != tt.want:
			t.Errorf("CanonicalizeURL(%q) = %q, %v; want %q", tt.in, v, err, tt.want)
		}
	}
	// The invalid-result error says what the key reads as.
	if _, err := SafeBrowsing.CanonicalizeURL(web.MustParse("http://h/%22")); err == nil || !strings.Contains(err.Error(), `"http://h/\"" reads as "http://h/%22"`) {
		t.Errorf("SafeBrowsing.CanonicalizeURL(http://h/%%22): error %v, want one saying what the key reads as", err)
	}
	// A reading's error is there for errors.As, beside ErrCanonicalize.
	_, err := Semantic.Canonicalize("http://a:99999/")
	var pe *web.Error
	if !errors.Is(err, ErrCanonicalize) || !errors.As(err, &pe) || pe.Rule != "port-out-of-range" {
		t.Errorf("Semantic.Canonicalize(http://a:99999/): error %v, want ErrCanonicalize and a port-out-of-range *web.Error", err)
	}
	// The migration reading reads the href; a host in Unicode is no
	// href's.
	if v, err := Nutch.CanonicalizeURL(web.MustParse("http://Foo.com/a/../b#f")); err != nil || v.String() != "http://foo.com/b" {
		t.Errorf("Nutch.CanonicalizeURL = %v, %v; want http://foo.com/b", v, err)
	}
	unicode := Canonicalizer{HostForm: HostUnicode, RemoveFragment: true}
	var ce *Error
	if v, err := unicode.CanonicalizeURL(web.MustParse("http://xn--bcher-kva.de/#f")); !errors.As(err, &ce) || ce.Rule != "invalid-result" {
		t.Errorf("CanonicalizeURL with HostUnicode = %v, %v; want an invalid-result error", v, err)
	}
	// The zero URL is no URL.
	for _, c := range []Canonicalizer{Semantic, SafeBrowsing} {
		if v, err := c.CanonicalizeURL(web.URL{}); !errors.Is(err, ErrCanonicalize) {
			t.Errorf("CanonicalizeURL(web.URL{}) = %q, %v; want an error", v, err)
		}
	}
	u := web.MustParse("http://a.com/b?c")
	if v, err := Semantic.CanonicalizeURL(u); err != nil || v != u {
		t.Errorf("Semantic.CanonicalizeURL(%v) = %v, %v; want it unchanged", u, v, err)
	}
}

// TestCanonNoAllocation: what is already canonical comes back without an
// allocation: Safe Browsing's fast path, the browser reading of an href
// that no option changes, and FormQuery on a serialized form.
func TestCanonNoAllocation(t *testing.T) {
	tests := []struct {
		c  Canonicalizer
		in string
	}{
		{SafeBrowsing, "http://www.example.com/a/b.html?q=1"},
		{Semantic, "https://example.com/a/b?q=1"},
		{Canonicalizer{FormQuery: true, RemoveEmptyQuery: true}, "https://example.com/?a=b+c&d=1"},
		{Canonicalizer{Unescape: UnescapeRepeatedly}, "https://example.com/a/b?q=1#f"},
		{SafeBrowsing, "http://dead-beef.cafe/a"},
		{Archive, "http://example.com/a/b?c=1"},
		{Nutch, "http://example.com/a/b?c=1"},
		{Canonicalizer{Reading: ReadRFC3986}, "HTTP://Example.COM:80/a/../b?c=%7e#d"},
	}
	for _, tt := range tests {
		if out, err := tt.c.Canonicalize(tt.in); err != nil || out != tt.in {
			t.Fatalf("Canonicalize(%q) = %q, %v; want it unchanged", tt.in, out, err)
		}
		if n := testing.AllocsPerRun(100, func() { tt.c.Canonicalize(tt.in) }); n != 0 {
			t.Errorf("Canonicalize(%q): %v allocations, want 0", tt.in, n)
		}
	}
}
