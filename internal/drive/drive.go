// Package drive holds the test of a Windows drive letter at the start of
// a file IRI's path (RFC 8089, appendix E.2), one home for the iri
// package's Check and for package fileiri.
package drive

import "github.com/iri-go/iri/internal/ascii"

// HasLetter reports whether p starts with a drive letter: ALPHA ":" (RFC
// 8089, appendix E.2) or, in old IRIs, ALPHA "|" (appendix E.2.2).
func HasLetter(p string) bool {
	return len(p) >= 2 && ascii.IsAlpha(p[0]) && (p[1] == ':' || p[1] == '|')
}
