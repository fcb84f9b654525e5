package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/iri-go/iri"
)

// TestToolRatios measures the README's figures for the tool: iri uri and
// iri parse over the corpus samples beside the plain loop (bufio,
// ParseReference, ToURI, a buffered write), in adjacent slices of one run,
// A B B A, over several rounds. It runs when IRI_RATIOS is set:
//
//	IRI_RATIOS=1 go test -run TestToolRatios -v ./cmd/iri
func TestToolRatios(t *testing.T) {
	if os.Getenv("IRI_RATIOS") == "" {
		t.Skip("set IRI_RATIOS=1 to measure the README's figures for the tool")
	}
	data := corpusInput(t)
	lines := bytes.Count(data, []byte("\n"))
	plain := func() {
		plainLoop(bytes.NewReader(data), io.Discard, func(i iri.IRI) string { return i.ToURI().String() })
	}
	// A slice runs f passes times, about 20 ms.
	passes := func(f func()) int {
		f()
		start := time.Now()
		f()
		return max(1, int(20*time.Millisecond/max(time.Since(start), time.Microsecond)))
	}
	timeOf := func(f func(), n int) float64 { // ns per line
		start := time.Now()
		for range n {
			f()
		}
		return float64(time.Since(start).Nanoseconds()) / float64(n*lines)
	}
	const rounds = 9
	for _, cmd := range []string{"uri", "parse"} {
		tool := func() { run([]string{cmd}, bytes.NewReader(data), io.Discard, io.Discard) }
		na, nb := passes(tool), passes(plain)
		var ratios, times []float64
		for range rounds {
			a1, b1, b2, a2 := timeOf(tool, na), timeOf(plain, nb), timeOf(plain, nb), timeOf(tool, na)
			ratios = append(ratios, (a1+a2)/(b1+b2))
			times = append(times, (a1+a2)/2)
		}
		slices.Sort(ratios)
		slices.Sort(times)
		fmt.Printf("iri %s: %.0f ns a line, %.2f times the plain loop (%.2f–%.2f, %d rounds)\n",
			cmd, times[rounds/2], ratios[rounds/2], ratios[0], ratios[rounds-1], rounds)
	}
}
