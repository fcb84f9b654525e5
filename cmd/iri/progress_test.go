package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

func TestProgress(t *testing.T) {
	var buf bytes.Buffer
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := t0
	p := &progress{w: &buf, cmd: "check", now: func() time.Time { return clock }, size: 20480}
	p.start, p.next = t0, t0.Add(progressDelay)
	lines := func(n int) {
		for range n {
			p.add(5)
		}
	}
	clock = t0.Add(500 * time.Millisecond)
	lines(1024)
	if buf.Len() != 0 {
		t.Fatalf("shown before %v: %q", progressDelay, buf.String())
	}
	clock = t0.Add(2 * time.Second)
	lines(1024)
	if got, want := buf.String(), "\riri check: 2,048 lines, 1,024 a second, 50%\x1b[K"; got != want {
		t.Fatalf("progress line = %q, want %q", got, want)
	}
	buf.Reset()
	clock = clock.Add(progressEvery / 2)
	lines(1024)
	if buf.Len() != 0 {
		t.Fatalf("rewritten before %v: %q", progressEvery, buf.String())
	}
	p.clear()
	if got := buf.String(); got != "\r\x1b[K" {
		t.Fatalf("clear wrote %q", got)
	}
	buf.Reset()
	p.clear()
	if buf.Len() != 0 {
		t.Fatalf("clear of a cleared line wrote %q", buf.String())
	}
}

// TestProgressOnlyOnTerminal: no progress when standard error is not a
// terminal, and a nil progress does nothing.
func TestProgressOnlyOnTerminal(t *testing.T) {
	if p := newProgress("check", strings.NewReader("x\n"), io.Discard, &bytes.Buffer{}); p != nil {
		t.Fatalf("newProgress to a buffer = %+v, want nil", p)
	}
	var p *progress
	p.add(1)
	p.clear()
}

// TestFailClearsProgress: a message is not written over the progress line.
func TestFailClearsProgress(t *testing.T) {
	var stderr bytes.Buffer
	c := &context{out: bufio.NewWriter(io.Discard), stderr: &stderr}
	c.progress = &progress{w: &stderr, shown: true}
	c.fail(input{text: "x", line: 3}, errors.New("bad"))
	if got, want := stderr.String(), "\r\x1b[Kline 3: bad\n"; got != want {
		t.Errorf("stderr = %q, want %q", got, want)
	}
}

func TestAppendGrouped(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", 100000: "100,000"} {
		if got := string(appendGrouped(nil, n)); got != want {
			t.Errorf("appendGrouped(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestNullIsNoTerminal: output sent to the null device is no terminal, so
// a run with >/dev/null still shows its progress.
func TestNullIsNoTerminal(t *testing.T) {
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Errorf("isTerminal(%s) = true", os.DevNull)
	}
}

// TestIsTerminalFiles: a writer that is no file, and a regular file, are no
// terminal.
func TestIsTerminalFiles(t *testing.T) {
	if isTerminal(&bytes.Buffer{}) {
		t.Error("isTerminal(bytes.Buffer) = true")
	}
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Error("isTerminal(a regular file) = true")
	}
}
