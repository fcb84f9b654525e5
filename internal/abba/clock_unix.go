//go:build unix

package abba

import (
	"syscall"
	"time"
)

// processTime returns the CPU time the process has used, user and system,
// as a time since the Unix epoch, for measure's clock.
func processTime() time.Time {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return time.Now()
	}
	return time.Unix(0, ru.Utime.Nano()+ru.Stime.Nano())
}
