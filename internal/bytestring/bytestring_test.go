package bytestring

import "testing"

func TestString(t *testing.T) {
	for _, b := range [][]byte{nil, {}, []byte("a"), []byte("héllo\x00\xff")} {
		if got, want := String(b), string(b); got != want {
			t.Errorf("String(%q) = %q", b, got)
		}
	}
	// The string shares the buffer: no allocation.
	b := []byte("shared")
	if n := testing.AllocsPerRun(100, func() { _ = String(b) }); n != 0 {
		t.Errorf("String allocates %v times", n)
	}
	if s := String(b[:3]); s != "sha" || len(s) != 3 {
		t.Errorf("String(b[:3]) = %q", s)
	}
}
