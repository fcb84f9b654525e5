//go:build !windows

package fileiri

// Native is the path style of the system the program runs on, as
// path/filepath sees it: POSIX here, Windows on Windows.
const Native = POSIX
