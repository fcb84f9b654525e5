package web_test

import (
	"fmt"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/internal/abba"
	"github.com/iri-go/iri/web"
)

// TestSpeedRatios measures the README's figures for web.Parse beside
// iri.Parse and net/url.Parse on the web URLs of the corpus sample, in
// adjacent slices of one run, A B B A (package abba). It runs when
// IRI_RATIOS is set:
//
//	IRI_RATIOS=1 go test -run TestSpeedRatios -v ./web/
func TestSpeedRatios(t *testing.T) {
	if os.Getenv("IRI_RATIOS") == "" {
		t.Skip("set IRI_RATIOS=1 to measure the README's figures for web.Parse")
	}
	lines := webURLs(t)
	each := func(f func(string)) abba.Pass {
		return func() int {
			for _, s := range lines {
				f(s)
			}
			return len(lines)
		}
	}
	webParse := each(func(s string) { u, _ := web.Parse(s); sink += len(u.Path()) })
	for _, ref := range []struct {
		name string
		pass abba.Pass
	}{
		{"iri.Parse", each(func(s string) { i, _ := iri.Parse(s); sink += len(i.Path()) })},
		{"net/url.Parse", each(func(s string) {
			if u, _ := url.Parse(s); u != nil {
				sink += len(u.Path)
			}
		})},
	} {
		fmt.Printf("web.Parse, of %s: %v\n", ref.name, abba.Measure(webParse, ref.pass, 9, 10*time.Millisecond))
	}
}
