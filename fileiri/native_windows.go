package fileiri

// Native is the path style of the system the program runs on, as
// path/filepath sees it: Windows here, POSIX elsewhere.
const Native = Windows
