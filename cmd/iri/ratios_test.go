package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"testing"
	"time"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/internal/abba"
)

// TestToolRatios measures the README's figures for the tool: iri uri and
// iri parse over the corpus samples beside the plain loop (bufio,
// ParseReference, ToURI, a buffered write), in adjacent slices of one run,
// A B B A (package abba). It runs when IRI_RATIOS is set:
//
//	IRI_RATIOS=1 go test -run TestToolRatios -v ./cmd/iri
func TestToolRatios(t *testing.T) {
	if os.Getenv("IRI_RATIOS") == "" {
		t.Skip("set IRI_RATIOS=1 to measure the README's figures for the tool")
	}
	data := corpusInput(t)
	lines := bytes.Count(data, []byte("\n"))
	plain := func() int {
		plainLoop(bytes.NewReader(data), io.Discard, func(i iri.IRI) string { return i.ToURI().String() })
		return lines
	}
	for _, cmd := range []string{"uri", "parse"} {
		tool := func() int {
			run([]string{cmd}, bytes.NewReader(data), io.Discard, io.Discard)
			return lines
		}
		fmt.Printf("iri %s, of the plain loop: %v\n", cmd, abba.Measure(tool, plain, 9, 20*time.Millisecond))
	}
}
