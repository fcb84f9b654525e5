package iribeam_test

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/beam/iribeam"
	"github.com/iri-go/iri/idn"
	"github.com/iri-go/iri/web/canon"
)

// The functions of a pipeline are named and registered, so that the
// workers find them.
func init() {
	register.Function2x1(formatCount)
	register.Function1x1(formatReject)
	register.Function1x1(formatVerdict)
}

func formatCount(key string, n int) string { return key + " " + strconv.Itoa(n) }

func formatReject(r iribeam.Reject) string { return "rejected: " + r.Input + ": " + r.Error }

func formatVerdict(v iribeam.Verdict) string {
	var codes []string
	for _, p := range v.Problems {
		codes = append(codes, p.Code)
	}
	return v.Input + ": " + cmp.Or(strings.Join(codes, " "), "nothing to report")
}

// printFiles prints the lines of the files, sorted: a PCollection has no
// order.
func printFiles(names ...string) {
	var lines []string
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			fmt.Println(err)
			return
		}
		lines = append(lines, strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")...)
	}
	slices.Sort(lines)
	for _, l := range lines {
		fmt.Println(l)
	}
}

// Canonical keys with their counts, and the inputs that have none.
func Example() {
	dir, err := os.MkdirTemp("", "iribeam")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	p, s := beam.NewPipelineWithRoot()
	urls := beam.Create(s, "HTTP://WWW.Example.com:80/a?utm_source=news", "http://example.com/a#top", "not a url")
	keys, rejects := iribeam.Canonicalize(s, canon.Dedup, urls)
	counts := stats.Count(s, iribeam.Texts(s, keys))
	textio.Write(s, filepath.Join(dir, "keys.txt"), beam.ParDo(s, formatCount, counts))
	textio.Write(s, filepath.Join(dir, "rejects.txt"), beam.ParDo(s, formatReject, rejects))
	if err := ptest.Run(p); err != nil { // beamx.Run in a program
		fmt.Println(err)
		return
	}
	printFiles(filepath.Join(dir, "keys.txt"), filepath.Join(dir, "rejects.txt"))
	// Output:
	// http://example.com/a 2
	// rejected: not a url: canon: cannot canonicalize "not a url": no scheme (missing-scheme-non-relative-URL) at byte 0
}

// Spoofing verdicts on the hosts of IRIs.
func ExampleCheck() {
	dir, err := os.MkdirTemp("", "iribeam")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	p, s := beam.NewPipelineWithRoot()
	urls := beam.Create(s, "http://аррӏе.com/", "http://apple.com/", "http://xn--ggle-0qaa.com/")
	verdicts, _ := iribeam.Check(s, iri.Checker{Protect: idn.NewProtected([]string{"google.com"})}, urls)
	textio.Write(s, filepath.Join(dir, "verdicts.txt"), beam.ParDo(s, formatVerdict, verdicts))
	if err := ptest.Run(p); err != nil {
		fmt.Println(err)
		return
	}
	printFiles(filepath.Join(dir, "verdicts.txt"))
	// Output:
	// http://apple.com/: nothing to report
	// http://xn--ggle-0qaa.com/: idn-protected
	// http://аррӏе.com/: idn-whole-script-confusable idn-ascii-lookalike idn-protected
}
