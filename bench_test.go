package iri

import (
	"bufio"
	"net/url"
	"os"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/iri-go/iri/idn"
	"github.com/iri-go/iri/internal/pct"
	"golang.org/x/net/idna"
)

// The corpora of ../shared/corpus/, sampled into testdata/.
var corpora = []string{"web-urls", "iri-dbpedia", "rdf-dbpedia-mixed"}

func loadCorpus(tb testing.TB, name string) (lines []string, bytes int) {
	tb.Helper()
	f, err := os.Open("testdata/corpus-" + name + ".txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		bytes += len(sc.Text())
	}
	return lines, bytes
}

// benchEach runs f on one identifier per iteration, cycling through the
// corpus, so that ns/op is the time per identifier.
func benchEach(b *testing.B, lines []string, bytes int, f func(string)) {
	b.ReportAllocs()
	b.SetBytes(int64(bytes / len(lines)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f(lines[i%len(lines)])
	}
}

var benchSink int

// The reference points, run on the same inputs as the code they are
// compared with.
func parseOnly(s string) {
	i, _ := Parse(s)
	benchSink += i.pathEnd()
}

func urlParseString(s string) {
	if u, err := url.Parse(s); err == nil {
		benchSink += len(u.String())
	}
}

// BenchmarkParse compares Parse with net/url.Parse on the same identifiers,
// and with a floor: classifying every character as an IRI character (ASCII
// table, UTF-8 decoding, ucschar and iprivate ranges), the least any
// validating parser does.
func BenchmarkParse(b *testing.B) {
	for _, name := range corpora {
		lines, bytes := loadCorpus(b, name)
		b.Run(name+"/iri.Parse", func(b *testing.B) { benchEach(b, lines, bytes, parseOnly) })
		b.Run(name+"/url.Parse", func(b *testing.B) {
			benchEach(b, lines, bytes, func(s string) {
				u, _ := url.Parse(s)
				if u != nil {
					benchSink += len(u.Path)
				}
			})
		})
		b.Run(name+"/floor", func(b *testing.B) {
			benchEach(b, lines, bytes, func(s string) { benchSink += classifyFloor(s) })
		})
	}
}

// classifyFloor classifies every character of s and counts those that may
// appear somewhere in an IRI.
func classifyFloor(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if pct.Classes[c] != 0 || c == '%' || c == '#' || c == '[' || c == ']' {
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if isUcschar(r) || isIprivate(r) {
			n++
		}
		i += size
	}
	return n
}

// parsedCorpus returns the identifiers of a corpus that parse.
func parsedCorpus(tb testing.TB, name string) (iris []IRI, bytes int) {
	lines, _ := loadCorpus(tb, name)
	for _, s := range lines {
		if i, err := ParseReference(s); err == nil {
			iris = append(iris, i)
			bytes += len(s)
		}
	}
	return iris, bytes
}

// canonicalCorpus returns the identifiers of a corpus that parse and are
// canonical at SchemeBased.
func canonicalCorpus(tb testing.TB, name string) (iris []IRI, bytes int) {
	all, _ := parsedCorpus(tb, name)
	for _, i := range all {
		if i.Normalize(SchemeBased) == i {
			iris = append(iris, i)
			bytes += len(i.s)
		}
	}
	return iris, bytes
}

func benchEachIRI(b *testing.B, iris []IRI, bytes int, f func(IRI)) {
	b.ReportAllocs()
	b.SetBytes(int64(bytes / len(iris)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f(iris[i%len(iris)])
	}
}

func texts(iris []IRI) []string {
	s := make([]string, len(iris))
	for k, i := range iris {
		s[k] = i.String()
	}
	return s
}

// BenchmarkToURI compares Parse then ToURI with net/url's Parse then
// String, the nearest it has to a mapping, and ToURI alone with a floor
// that only percent-encodes every octet >= 0x80.
func BenchmarkToURI(b *testing.B) {
	for _, name := range corpora {
		iris, bytes := parsedCorpus(b, name)
		lines := texts(iris)
		b.Run(name+"/Parse+ToURI", func(b *testing.B) {
			benchEach(b, lines, bytes, func(s string) {
				i, _ := Parse(s)
				benchSink += len(i.ToURI().s)
			})
		})
		b.Run(name+"/url.Parse+String", func(b *testing.B) { benchEach(b, lines, bytes, urlParseString) })
		b.Run(name+"/ToURI", func(b *testing.B) {
			benchEachIRI(b, iris, bytes, func(i IRI) { benchSink += len(i.ToURI().s) })
		})
		b.Run(name+"/floor", func(b *testing.B) {
			benchEach(b, lines, bytes, func(s string) { benchSink += len(percentEncodeFloor(s)) })
		})
	}
}

// percentEncodeFloor percent-encodes every octet >= 0x80 of s, with one
// allocation when there is one: the least work a mapping can do.
func percentEncodeFloor(s string) string {
	first := -1
	for k := 0; k < len(s); k++ {
		if s[k] >= utf8.RuneSelf {
			first = k
			break
		}
	}
	if first < 0 {
		return s
	}
	buf := make([]byte, first, len(s)+2*(len(s)-first))
	copy(buf, s[:first])
	for k := first; k < len(s); k++ {
		if c := s[k]; c >= utf8.RuneSelf {
			buf = append(buf, '%', pct.UpperHex[c>>4], pct.UpperHex[c&15])
		} else {
			buf = append(buf, c)
		}
	}
	return bytesToString(buf)
}

// BenchmarkToIRI converts the URI form of each identifier (its ToURI) back
// to an IRI, beside net/url's Parse then String of the same URI.
func BenchmarkToIRI(b *testing.B) {
	for _, name := range corpora {
		iris, _ := parsedCorpus(b, name)
		uris := make([]IRI, len(iris))
		bytes := 0
		for k, i := range iris {
			uris[k] = i.ToURI()
			bytes += len(uris[k].s)
		}
		lines := texts(uris)
		b.Run(name+"/Parse", func(b *testing.B) { benchEach(b, lines, bytes, parseOnly) })
		b.Run(name+"/Parse+ToIRI", func(b *testing.B) {
			benchEach(b, lines, bytes, func(s string) {
				i, _ := Parse(s)
				benchSink += len(i.ToIRI().s)
			})
		})
		b.Run(name+"/url.Parse+String", func(b *testing.B) { benchEach(b, lines, bytes, urlParseString) })
		b.Run(name+"/ToIRI", func(b *testing.B) {
			benchEachIRI(b, uris, bytes, func(i IRI) { benchSink += len(i.ToIRI().s) })
		})
	}
}

// BenchmarkNormalize measures Normalize at the syntax and scheme levels and
// Equal on pre-parsed identifiers, beside Parse and net/url's Parse then
// String on the same inputs: the identifiers of the corpora that are
// already canonical (all of web-urls and iri-dbpedia, 97% of
// rdf-dbpedia-mixed), on which Normalize returns its input as it is.
func BenchmarkNormalize(b *testing.B) {
	for _, name := range corpora {
		iris, bytes := canonicalCorpus(b, name)
		lines := texts(iris)
		b.Run(name+"/Parse", func(b *testing.B) { benchEach(b, lines, bytes, parseOnly) })
		b.Run(name+"/url.Parse+String", func(b *testing.B) { benchEach(b, lines, bytes, urlParseString) })
		for _, l := range []struct {
			name  string
			level Level
		}{{"SyntaxBased", SyntaxBased}, {"SchemeBased", SchemeBased}} {
			b.Run(name+"/Normalize("+l.name+")", func(b *testing.B) {
				benchEachIRI(b, iris, bytes, func(i IRI) { benchSink += len(i.Normalize(l.level).s) })
			})
		}
		b.Run(name+"/Equal(SchemeBased)", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(2 * bytes / len(iris)))
			for k := 0; k < b.N; k++ {
				if Equal(iris[k%len(iris)], iris[(k+1)%len(iris)], SchemeBased) {
					benchSink++
				}
			}
		})
	}
}

// BenchmarkCheck runs CheckBidi and Check on pre-parsed identifiers,
// beside Parse. Almost none has a problem, and then neither allocates.
func BenchmarkCheck(b *testing.B) {
	for _, name := range corpora {
		iris, bytes := parsedCorpus(b, name)
		lines := texts(iris)
		b.Run(name+"/Parse", func(b *testing.B) { benchEach(b, lines, bytes, parseOnly) })
		b.Run(name+"/CheckBidi", func(b *testing.B) {
			benchEachIRI(b, iris, bytes, func(i IRI) {
				if i.CheckBidi() != nil {
					benchSink++
				}
			})
		})
		b.Run(name+"/Check", func(b *testing.B) {
			benchEachIRI(b, iris, bytes, func(i IRI) { benchSink += len(i.Check()) })
		})
	}
}

// resolveInputs returns the path-absolute reference ("/path?query#fragment")
// of each identifier with an authority, the same as net/url reads it, and
// its resolution against base.
func resolveInputs(base IRI, iris []IRI) (refs []IRI, urefs []*url.URL, targets []string) {
	for _, i := range iris {
		if !i.HasAuthority() || !strings.HasPrefix(i.Path(), "/") {
			continue
		}
		ref := MustParseReference(i.s[i.pathStart():])
		u, err := url.Parse(ref.s)
		if err != nil {
			continue
		}
		refs, urefs = append(refs, ref), append(urefs, u)
		targets = append(targets, base.Resolve(ref).s)
	}
	return refs, urefs, targets
}

// relativizeInputs returns, for each identifier with an authority, a base
// on that authority two directories deep, the identifier and its text.
func relativizeInputs(iris []IRI) (bases, targets []IRI, texts []string) {
	for _, i := range iris {
		if i.HasAuthority() {
			bases = append(bases, MustParse(i.s[:i.pathStart()]+"/a/b/c"))
			targets, texts = append(targets, i), append(texts, i.s)
		}
	}
	return bases, targets, texts
}

// BenchmarkResolve resolves, against a fixed base, the path-absolute
// reference ("/path?query#fragment") of each identifier, beside Parse of
// the target and net/url's ResolveReference of the same reference.
func BenchmarkResolve(b *testing.B) {
	const baseText = "http://example.org/a/b/c?q"
	base := MustParse(baseText)
	ubase, _ := url.Parse(baseText)
	for _, name := range corpora {
		iris, _ := parsedCorpus(b, name)
		refs, urefs, targets := resolveInputs(base, iris)
		bytes := 0
		for _, t := range targets {
			bytes += len(t)
		}
		b.Run(name+"/Parse", func(b *testing.B) { benchEach(b, targets, bytes, parseOnly) })
		b.Run(name+"/Resolve", func(b *testing.B) {
			benchEachIRI(b, refs, bytes, func(r IRI) { benchSink += len(base.Resolve(r).s) })
		})
		b.Run(name+"/url.ResolveReference", func(b *testing.B) {
			b.ReportAllocs()
			for k := 0; k < b.N; k++ {
				benchSink += len(ubase.ResolveReference(urefs[k%len(urefs)]).Path)
			}
		})
	}
}

// BenchmarkLenient runs ParseLEIRI and ParseUserInput beside Parse on the
// identifiers of each corpus that are IRI references already, which need
// no encoding.
func BenchmarkLenient(b *testing.B) {
	for _, name := range corpora {
		iris, bytes := parsedCorpus(b, name)
		lines := texts(iris)
		b.Run(name+"/Parse", func(b *testing.B) { benchEach(b, lines, bytes, parseOnly) })
		b.Run(name+"/ParseLEIRI", func(b *testing.B) {
			benchEach(b, lines, bytes, func(s string) {
				i, _ := ParseLEIRI(s)
				benchSink += i.pathEnd()
			})
		})
		b.Run(name+"/ParseUserInput", func(b *testing.B) {
			benchEach(b, lines, bytes, func(s string) {
				i, _ := ParseUserInput(s)
				benchSink += i.pathEnd()
			})
		})
	}
}

// BenchmarkBuild measures Build of each identifier's Components beside
// Parse of the result and net/url's URL.String of the same identifier;
// the escapers on each path beside url.PathEscape; QueryParams beside
// url.ParseQuery on the queries.
func BenchmarkBuild(b *testing.B) {
	for _, name := range corpora {
		iris, bytes := parsedCorpus(b, name)
		lines := texts(iris)
		comps := make([]Components, len(iris))
		urls := make([]*url.URL, 0, len(iris))
		for k, i := range iris {
			comps[k] = i.Components()
			if u, err := url.Parse(i.s); err == nil {
				urls = append(urls, u)
			}
		}
		b.Run(name+"/Parse", func(b *testing.B) { benchEach(b, lines, bytes, parseOnly) })
		b.Run(name+"/Build", func(b *testing.B) {
			b.ReportAllocs()
			for k := 0; k < b.N; k++ {
				i, _ := Build(comps[k%len(comps)])
				benchSink += i.pathEnd()
			}
		})
		b.Run(name+"/URL.String", func(b *testing.B) {
			b.ReportAllocs()
			for k := 0; k < b.N; k++ {
				benchSink += len(urls[k%len(urls)].String())
			}
		})
		// Plain text to escape: the decoded paths.
		paths := make([]string, len(iris))
		for k, i := range iris {
			paths[k], _ = Unescape(i.Path())
		}
		b.Run(name+"/EscapePathSegment", func(b *testing.B) {
			benchEach(b, paths, bytes, func(s string) { benchSink += len(EscapePathSegment(s)) })
		})
		b.Run(name+"/url.PathEscape", func(b *testing.B) {
			benchEach(b, paths, bytes, func(s string) { benchSink += len(url.PathEscape(s)) })
		})
		var withQuery []IRI
		for _, i := range iris {
			if i.Query() != "" {
				withQuery = append(withQuery, i)
			}
		}
		if len(withQuery) == 0 {
			continue
		}
		b.Run(name+"/QueryParams", func(b *testing.B) {
			benchEachIRI(b, withQuery, bytes, func(i IRI) {
				for n, v := range i.QueryParams() {
					benchSink += len(n) + len(v)
				}
			})
		})
		b.Run(name+"/url.ParseQuery", func(b *testing.B) {
			benchEachIRI(b, withQuery, bytes, func(i IRI) {
				v, _ := url.ParseQuery(i.Query())
				benchSink += len(v)
			})
		})
	}
}

// BenchmarkRelativize relativizes each identifier against a base on its
// own authority, two directories deep, beside Parse of the identifier.
func BenchmarkRelativize(b *testing.B) {
	for _, name := range corpora {
		iris, _ := parsedCorpus(b, name)
		bases, targets, lines := relativizeInputs(iris)
		bytes := 0
		for _, s := range lines {
			bytes += len(s)
		}
		b.Run(name+"/Parse", func(b *testing.B) { benchEach(b, lines, bytes, parseOnly) })
		for _, o := range []struct {
			name string
			opts RelativizeOptions
		}{{"Shortest", RelativizeOptions{}}, {"JSONLD", RelativizeJSONLD}} {
			b.Run(name+"/Relativize"+o.name, func(b *testing.B) {
				b.ReportAllocs()
				for k := 0; k < b.N; k++ {
					r, _ := bases[k%len(bases)].RelativizeWith(targets[k%len(targets)], o.opts)
					benchSink += r.pathEnd()
				}
			})
		}
	}
}

// punycodeHosts returns the hosts in punycode made of the words beyond
// ASCII in the titles of the iri-dbpedia sample ("Körösi" gives
// "xn--krsi-5qae.com"): the dear case of the displays and of Check.
func punycodeHosts(tb testing.TB) []string {
	lines, _ := loadCorpus(tb, "iri-dbpedia")
	seen := map[string]bool{}
	var hosts []string
	for _, s := range lines {
		title := s[strings.LastIndexByte(s, '/')+1:]
		for _, word := range strings.FieldsFunc(title, func(r rune) bool { return !unicode.IsLetter(r) }) {
			if isASCII(word) || seen[word] {
				continue
			}
			seen[word] = true
			if h, err := idna.Lookup.ToASCII(strings.ToLower(word) + ".com"); err == nil && strings.HasPrefix(h, "xn--") {
				hosts = append(hosts, h)
			}
		}
	}
	return hosts
}

// punycodeIRIs returns the punycode hosts, and each as the host of an
// http IRI, parsed and as text.
func punycodeIRIs(tb testing.TB) (hosts []string, iris []IRI, lines []string) {
	hosts = punycodeHosts(tb)
	for _, h := range hosts {
		lines = append(lines, "http://"+h+"/")
		iris = append(iris, MustParse(lines[len(lines)-1]))
	}
	return hosts, iris, lines
}

// BenchmarkPunycodeHosts runs idn.DisplayHost beside x/net/idna's
// Display.ToUnicode, and Check beside Parse, on hosts in punycode.
func BenchmarkPunycodeHosts(b *testing.B) {
	hosts, iris, lines := punycodeIRIs(b)
	bytes := 0
	for _, s := range lines {
		bytes += len(s)
	}
	b.Run("DisplayHost", func(b *testing.B) {
		benchEachIRI(b, iris, bytes, func(i IRI) {
			h, _ := idn.DisplayHost(i.Host())
			benchSink += len(h)
		})
	})
	b.Run("idna.Display.ToUnicode", func(b *testing.B) {
		benchEach(b, hosts, bytes, func(h string) {
			u, _ := idna.Display.ToUnicode(h)
			benchSink += len(u)
		})
	})
	b.Run("Check", func(b *testing.B) {
		benchEachIRI(b, iris, bytes, func(i IRI) { benchSink += len(i.Check()) })
	})
	b.Run("Parse", func(b *testing.B) { benchEach(b, lines, bytes, parseOnly) })
}
