//go:build !iri_wide

package iri

// packedLen is the length from which an IRI is wide (see offsets.go).
const packedLen = 1 << offsetBits
