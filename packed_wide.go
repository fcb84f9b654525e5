//go:build iri_wide

package iri

// With the tag iri_wide every IRI but "" (the zero value) is wide, so that
// the tests run with the offsets found in the text (see offsets.go).
const packedLen = 1
