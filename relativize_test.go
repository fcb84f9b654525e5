package iri

import "testing"

// TestRelativizeDotSegmentBase: a base whose path has dot segments merges
// with them (RFC 3986, section 5.2.3) before they are removed (5.2.4):
// from "http://a/b/./c", "../x" is "/b/./../x", which is "/x", not
// "/b/x". Whatever the options, the reference resolves to the target.
func TestRelativizeDotSegmentBase(t *testing.T) {
	tests := []struct{ base, target string }{
		{"http://a/b/./c", "http://a/b/x"},
		{"http://a/b/./c", "http://a/x"},
		{"http://a/b/../c/d", "http://a/b/x"},
		{"http://a/b/../c/d", "http://a/c/x"},
		{"http://a/./b/c", "http://a/b/"},
		{"x:a/./b/c", "x:a/d"},
	}
	for _, tt := range tests {
		base, target := MustParse(tt.base), MustParse(tt.target)
		for _, opts := range []RelativizeOptions{{}, {ParentSteps: true}, RelativizeJSONLD, {MaxParents: 1}} {
			ref, ok := base.RelativizeWith(target, opts)
			if !ok || base.Resolve(ref) != target {
				t.Errorf("%q.RelativizeWith(%q, %+v) = %q, %v, which resolves to %q", tt.base, tt.target, opts, ref, ok, base.Resolve(ref))
			}
		}
	}
}

// TestRelativizeRootlessBase: "../" out of the first segment of a rootless
// path leaves a "/" (section 5.2.4: "a/b/../../d" is "/d"), so that from
// "x:a/b/c" only the target itself reaches "x:d"; within the first
// segment, the relative paths do.
func TestRelativizeRootlessBase(t *testing.T) {
	tests := []struct {
		base, target string
		opts         RelativizeOptions
		want         string
	}{
		{"x:a/b/c", "x:d", RelativizeOptions{}, "x:d"},
		{"x:a/b/c", "x:d", RelativizeOptions{ParentSteps: true}, "x:d"},
		{"x:a/b/c", "x:a/d", RelativizeOptions{}, "../d"},
		{"x:a/b/c", "x:a/b/d", RelativizeOptions{}, "d"},
		// Rooted, one "../" from the first directory: shared is "/".
		{"http://h/a/b", "http://h/c", RelativizeOptions{ParentSteps: true}, "../c"},
		{"http://h/a/b", "http://h/c", RelativizeOptions{}, "/c"},
	}
	for _, tt := range tests {
		base, target := MustParse(tt.base), MustParse(tt.target)
		got, ok := base.RelativizeWith(target, tt.opts)
		if !ok || got.String() != tt.want {
			t.Errorf("%q.RelativizeWith(%q, %+v) = %q, %v; want %q", tt.base, tt.target, tt.opts, got, ok, tt.want)
		}
		if base.Resolve(got) != target {
			t.Errorf("%q.Resolve(%q) = %q, want %q", tt.base, got, base.Resolve(got), tt.target)
		}
	}
}
