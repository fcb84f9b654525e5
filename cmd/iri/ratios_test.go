package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/iri-go/iri/internal/abba"
)

// TestToolRatios measures the README's figures for the tool: each
// command that reads lines, over the corpus samples, beside its plain
// loop (toolCases: the same library calls, the same fields written
// unformatted through a buffer), in adjacent slices of one run, A B B A
// (package abba). It runs when IRI_RATIOS is set:
//
//	IRI_RATIOS=1 go test -run TestToolRatios -v ./cmd/iri
func TestToolRatios(t *testing.T) {
	if os.Getenv("IRI_RATIOS") == "" {
		t.Skip("set IRI_RATIOS=1 to measure the README's figures for the tool")
	}
	for _, tc := range toolCases(t) {
		lines := bytes.Count(tc.input, []byte("\n"))
		tool := func() int {
			run(tc.args, bytes.NewReader(tc.input), io.Discard, io.Discard)
			return lines
		}
		plain := func() int {
			plainLines(bytes.NewReader(tc.input), io.Discard, tc.plain)
			return lines
		}
		fmt.Printf("iri %s, of its plain loop: %v\n", strings.Join(tc.args, " "), abba.Measure(tool, plain, 9, 20*time.Millisecond))
	}
}
