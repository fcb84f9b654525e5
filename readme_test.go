package iri_test

import (
	"fmt"
	"os"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/fileiri"
	"github.com/iri-go/iri/idn"
	"github.com/iri-go/iri/uritemplate"
	"github.com/iri-go/iri/web"
	"github.com/iri-go/iri/web/canon"
)

// TestREADMECalls runs the lines of the README's table "Which call for
// which job" as they are written there, and holds the table to them: each
// line of the table is a line of this test's source, in the same order,
// and the result a line's comment gives is what the test shows of that
// line's result. A change to the API, to a result or to the table that
// leaves the two apart fails here.
func TestREADMECalls(t *testing.T) {
	var got []string
	show := func(v ...any) { got = append(got, strings.TrimSuffix(fmt.Sprintln(v...), "\n")) }
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	codes := func(problems []iri.Problem, issues []idn.Issue) string {
		var s []string
		for _, p := range problems {
			s = append(s, p.Code)
		}
		for _, i := range issues {
			s = append(s, i.Code)
		}
		return strings.Join(s, " ")
	}

	// The README's lines, each followed by what shows its result.
	i, err := iri.Parse("http://résumé.example.org/Dürst?q=€#frag")
	must(err)
	host, path := i.Host(), i.Path() // résumé.example.org /Dürst
	show(host, path)
	u := i.ToURI() // http://r%C3%A9sum%C3%A9.example.org/D%C3%BCrst?q=%E2%82%AC#frag
	show(u)
	a, err := i.ToURIWithIDNA() // http://xn--rsum-bpad.example.org/D%C3%BCrst?q=%E2%82%AC#frag
	must(err)
	show(a)
	back := iri.MustParse("http://example.org/D%C3%BCrst").ToIRI() // http://example.org/Dürst
	show(back)
	same := iri.Equal(iri.MustParse("http://example.com"), iri.MustParse("HTTP://example.com:80/"), iri.SchemeBased) // true
	show(same)
	g, err := iri.MustParse("http://a/b/c/d;p?q").Parse("../g") // http://a/b/g
	must(err)
	show(g)
	seg := iri.EscapePathSegment("Dürst & Co/2024") // Dürst%20&%20Co%2F2024
	show(seg)
	href, err := web.Parse("HTTP://0x7f.1/a/%2e%2e/b") // http://127.0.0.1/b
	must(err)
	show(href)
	link, err := web.MustParse("https://example.org/docs/guide/").Parse("../api/?q=a+b") // https://example.org/docs/api/?q=a+b
	must(err)
	show(link)
	q, ok := link.SearchParams().Get("q") // a b true
	show(q, ok)
	errs, err := web.Validate("https:example.org") // [special-scheme-missing-following-solidus at byte 6]
	must(err)
	show(errs)
	key, err := canon.Semantic.Canonicalize("HTTP://Example.COM:80/a/./b/../%7Ec?#top") // http://example.com/a/~c
	must(err)
	show(key)
	dup, err := canon.Dedup.Canonicalize("https://www.example.com/a/index.html?utm_source=x&b=2&a=1") // https://example.com/a?a=1&b=2
	must(err)
	show(dup)
	exprs, err := canon.SafeBrowsingExpressions("http://a.b.example/1.html") // [a.b.example/1.html a.b.example/ b.example/1.html b.example/]
	must(err)
	show(exprs)
	surt, err := canon.SURT{}.Key("http://www.archive.org/goo/?a=2&b&a=1") // org,archive)/goo?a=1&a=2&b
	must(err)
	show(surt)
	s, err := uritemplate.MustParse("/users/{id}{?page}").Expand(map[string]any{"id": "dürst", "page": "2"}) // /users/d%C3%BCrst?page=2
	must(err)
	show(s)
	vars, ok := uritemplate.MustParse("/users/{id}{?page}").Match("/users/d%C3%BCrst?page=2") // map[id:dürst page:2] true
	show(vars, ok)
	problems := iri.Checker{}.Check(iri.MustParse("http://аррӏе.com/")) // idn-whole-script-confusable idn-ascii-lookalike idn-protected
	show(codes(problems, nil))
	brands := idn.NewProtected([]string{"paypal.com", "example-bank.com"})
	issues := idn.Checker{Protect: brands}.CheckHost("paypa1.com") // idn-protected
	show(codes(nil, issues))
	shown, refused := idn.DisplayHost("xn--80ak6aa92e.com") // xn--80ak6aa92e.com, 3 reasons
	show(shown+",", len(refused), "reasons")
	if runtime.GOOS != "windows" { // the README's path is a POSIX one
		f, err := fileiri.FromPath("/home/me/My Documents/résumé.pdf") // file:///home/me/My%20Documents/résumé.pdf
		must(err)
		show(f)
	}

	// The table against the source and the results.
	lines := readmeJobLines(t)
	if len(lines) < 20 {
		t.Fatalf("README: %d lines in the table %q; want the table's rows", len(lines), readmeJobsTitle)
	}
	src, err := os.ReadFile("readme_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var srcLines []string
	for l := range strings.Lines(string(src)) {
		srcLines = append(srcLines, strings.TrimSpace(l))
	}
	var want []string
	next := 0
	for _, line := range lines {
		found := false
		for next < len(srcLines) {
			next++
			if srcLines[next-1] == line {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("README: the line %s is not in TestREADMECalls, after the one before it", line)
			next = 0
		}
		if _, comment, ok := strings.Cut(line, " // "); ok {
			want = append(want, comment)
		}
	}
	if runtime.GOOS == "windows" && len(want) == len(got)+1 {
		want = want[:len(got)] // the file path's line did not run
	}
	if len(got) != len(want) {
		t.Fatalf("README: %d results commented in the table, %d shown by the test", len(want), len(got))
	}
	for k := range want {
		if got[k] != want[k] {
			t.Errorf("README: the line commented %q gives %q", want[k], got[k])
		}
	}
}

const readmeJobsTitle = "## Which call for which job"

// readmeJobRow is a row of the table: the job, then one line of Go in a
// code span.
var readmeJobRow = regexp.MustCompile("^\\| [^|]+ \\| `([^`]+)` \\|$")

// readmeJobLines returns the lines of Go of the README's table "Which call
// for which job", in order.
func readmeJobLines(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n"+readmeJobsTitle+"\n")
	if !ok {
		t.Fatalf("README: no section %q", readmeJobsTitle)
	}
	var lines []string
	inTable := false
	for l := range strings.Lines(section) {
		l = strings.TrimSuffix(l, "\n")
		if strings.HasPrefix(l, "## ") {
			break
		}
		if !strings.HasPrefix(l, "|") {
			if inTable {
				break
			}
			continue
		}
		inTable = true
		if m := readmeJobRow.FindStringSubmatch(l); m != nil {
			lines = append(lines, m[1])
		} else if !strings.HasPrefix(l, "| job") && !strings.HasPrefix(l, "| ---") {
			t.Errorf("README: a row of %q that is not a job and one line of Go in a code span: %s", readmeJobsTitle, l)
		}
	}
	return lines
}
