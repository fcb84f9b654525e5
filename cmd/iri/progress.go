package main

import (
	"io"
	"os"
	"strconv"
	"time"
)

// A progress tells a person at a terminal how far a long run over standard
// input has come: lines, their rate and, when the input is a file of known
// size, the percent read. It writes one line on standard error, rewritten
// in place, and only once the run has taken progressDelay.
type progress struct {
	w     io.Writer
	cmd   string
	now   func() time.Time
	start time.Time
	next  time.Time // when the line is written again
	size  int64     // of the input; 0 when unknown
	read  int64     // bytes of the input read so far
	lines int
	shown bool // a progress line stands on the terminal
}

const (
	progressDelay = time.Second            // runs shorter than this show nothing
	progressEvery = 250 * time.Millisecond // the line's refresh
	progressCheck = 1024                   // lines between looks at the clock
)

// newProgress returns the progress of command cmd reading in, or nil when
// no person would see it: standard error is not a terminal, standard
// output is one (its lines show the progress already), or standard input
// is typed.
func newProgress(cmd string, in io.Reader, stdout, stderr io.Writer) *progress {
	if !isTerminal(stderr) || isTerminal(stdout) || isTerminal(in) {
		return nil
	}
	p := &progress{w: stderr, cmd: cmd, now: time.Now}
	if f, ok := in.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			p.size = st.Size()
		}
	}
	p.start = p.now()
	p.next = p.start.Add(progressDelay)
	return p
}

// isTerminal reports whether v is a file that is a character device other
// than the null device (the standard library has no isatty; a terminal is
// the character device a command's streams meet in practice).
func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(st, null)
}

// add counts a line of n bytes, its newline included.
func (p *progress) add(n int) {
	if p == nil {
		return
	}
	p.lines++
	p.read += int64(n)
	if p.lines%progressCheck != 0 {
		return
	}
	if t := p.now(); !t.Before(p.next) {
		p.show(t)
	}
}

// show writes the progress line as it stands at t.
func (p *progress) show(t time.Time) {
	b := append([]byte("\r"), "iri "...)
	b = append(b, p.cmd...)
	b = append(b, ": "...)
	b = appendGrouped(b, int64(p.lines))
	b = append(b, " lines"...)
	if secs := t.Sub(p.start).Seconds(); secs > 0 {
		b = append(b, ", "...)
		b = appendGrouped(b, int64(float64(p.lines)/secs))
		b = append(b, " a second"...)
	}
	if p.size > 0 {
		b = append(b, ", "...)
		b = strconv.AppendInt(b, min(100, p.read*100/p.size), 10)
		b = append(b, '%')
	}
	b = append(b, "\x1b[K"...) // erase what a longer line left
	p.w.Write(b)
	p.shown = true
	p.next = t.Add(progressEvery)
}

// clear erases the progress line, before a message or at the end.
func (p *progress) clear() {
	if p == nil || !p.shown {
		return
	}
	io.WriteString(p.w, "\r\x1b[K")
	p.shown = false
}

// appendGrouped appends n with its thousands separated by commas.
func appendGrouped(b []byte, n int64) []byte {
	s := strconv.FormatInt(n, 10)
	for k := range len(s) {
		if k > 0 && (len(s)-k)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[k])
	}
	return b
}
