//go:build !unix

package abba

import "time"

// processTime is the clock on the wall where the CPU time of the process
// is not at hand.
func processTime() time.Time { return time.Now() }
