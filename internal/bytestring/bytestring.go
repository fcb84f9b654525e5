// Package bytestring turns a byte slice its caller hands over into a
// string without copying it, as strings.Builder does with its buffer: the
// one place of the module that uses package unsafe. The writers of long
// texts (the root package's rewriter, web's parser) build their output
// in a buffer of its size and hand it over, which saves an allocation
// and a copy of the whole text.
package bytestring

import "unsafe"

// String returns the bytes of b as a string, sharing b's memory. The
// caller hands b over: neither it nor anyone else may write to b's array
// again, or the string would change.
func String(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}
