package iri

import (
	"errors"
	"runtime"
	"strings"
	"testing"
)

func TestFromPath(t *testing.T) {
	tests := []struct {
		style PathStyle
		path  string
		want  string // "" for an error
	}{
		{POSIXStyle, "/path/to/file", "file:///path/to/file"},
		{POSIXStyle, "/", "file:///"},
		{POSIXStyle, "/home/me/My Documents/résumé #1?.txt", "file:///home/me/My%20Documents/résumé%20%231%3F.txt"},
		{POSIXStyle, "/tmp/100%/a:b", "file:///tmp/100%25/a:b"},
		{POSIXStyle, "/dir/", "file:///dir/"},
		{POSIXStyle, "/a\\b", "file:///a%5Cb"},
		{POSIXStyle, "relative/path", ""},
		{POSIXStyle, "/a/../b", ""},
		{POSIXStyle, "/a/\x00", ""},
		{WindowsStyle, `C:\Documents and Settings\x`, "file:///C:/Documents%20and%20Settings/x"},
		{WindowsStyle, `c:/path/to/file`, "file:///c:/path/to/file"},
		{WindowsStyle, `C:\`, "file:///C:/"},
		// RFC 8089, appendix E.3.1.
		{WindowsStyle, `\\host.example.com\Share\path\to\file.txt`, "file://host.example.com/Share/path/to/file.txt"},
		{WindowsStyle, `\\server\share\f`, "file://server/share/f"},
		{WindowsStyle, `\\?\C:\very\long`, "file:///C:/very/long"},
		{WindowsStyle, `\\?\UNC\server\share\f`, "file://server/share/f"},
		{WindowsStyle, `relative\path`, ""},
		{WindowsStyle, `\rooted`, ""},
		{WindowsStyle, `C:drive-relative`, ""},
	}
	for _, tt := range tests {
		got, err := tt.style.FromPath(tt.path)
		if tt.want == "" {
			if err == nil {
				t.Errorf("%v.FromPath(%q) = %q, want an error", tt.style, tt.path, got)
			}
			continue
		}
		if err != nil || got.String() != tt.want {
			t.Errorf("%v.FromPath(%q) = %q, %v; want %q", tt.style, tt.path, got, err, tt.want)
			continue
		}
		checkReparses(t, got)
		back, err := tt.style.Path(got)
		if want := tt.path; tt.style == WindowsStyle {
			want = strings.ReplaceAll(strings.TrimPrefix(strings.TrimPrefix(want, `\\?\UNC`), `\\?\`), "/", `\`)
			if strings.HasPrefix(tt.path, `\\?\UNC`) {
				want = `\` + want
			}
			if err != nil || back != want {
				t.Errorf("%v.Path(%q) = %q, %v; want %q", tt.style, got, back, err, want)
			}
		} else if err != nil || back != want {
			t.Errorf("%v.Path(%q) = %q, %v; want %q", tt.style, got, back, err, want)
		}
	}
	// Only ":" makes a drive in a path ("A|" is not one).
	if i, err := WindowsStyle.FromPath(`A|\x`); err == nil {
		t.Errorf("WindowsStyle.FromPath(`A|\\x`) = %v, want an error", i)
	}
	if _, err := POSIXStyle.FromPath("a"); !errors.Is(err, ErrRelativePath) {
		t.Errorf("a relative path gave %v, want ErrRelativePath", err)
	}
}

func TestPath(t *testing.T) {
	tests := []struct {
		style    PathStyle
		in, want string // want "" for an error
	}{
		// RFC 8089, section 2 and appendix B.
		{POSIXStyle, "file:///path/to/file", "/path/to/file"},
		{POSIXStyle, "file:/path/to/file", "/path/to/file"},
		{POSIXStyle, "file://localhost/path/to/file", "/path/to/file"},
		{POSIXStyle, "FILE://LOCALHOST/a%20b/%C3%A9", "/a b/é"},
		{POSIXStyle, "file://host.example.com/path/to/file", ""},
		{POSIXStyle, "file:///a%2Fb", ""},
		{POSIXStyle, "file:///a%00", ""},
		{POSIXStyle, "http://example.com/a", ""},
		{POSIXStyle, "file:a/b", ""},
		// No drive and no host: FromPath refuses `\path\to\file` too.
		{WindowsStyle, "file:///path/to/file", ""},
		{WindowsStyle, "file:///", ""},
		// Dot segments, written or encoded, never reach the path.
		{POSIXStyle, "file:///srv/files/%2e%2e/%2e%2e/etc/passwd", ""},
		{POSIXStyle, "file:///srv/files/../x", ""},
		{WindowsStyle, "file:///c:/srv/%2E%2E/x", ""},
		// Hosts that are no server name: device and Win32-namespace paths.
		{WindowsStyle, "file://a%00b/x", ""},
		{WindowsStyle, "file://a%2Fb/x", ""},
		{WindowsStyle, "file://a%5Cb/x", ""},
		{WindowsStyle, "file://../x", ""},
		{WindowsStyle, "file://%3F/GLOBALROOT/Device/x", ""},
		{WindowsStyle, "file://./PhysicalDrive0", ""},
		{WindowsStyle, "file://./pipe/x", ""},
		{WindowsStyle, "file:////./pipe/x", ""},
		{WindowsStyle, "file://///%3F/GLOBALROOT/x", ""},
		{WindowsStyle, "file://host.example.com/path/to/file", `\\host.example.com\path\to\file`},
		// Appendix E.2.
		{WindowsStyle, "file:c:/path/to/file", `c:\path\to\file`},
		{WindowsStyle, "file:///c:/path/to/file", `c:\path\to\file`},
		{WindowsStyle, "file:///C:/Documents%20and%20Settings/x", `C:\Documents and Settings\x`},
		// Appendix E.3.2.
		{WindowsStyle, "file:////host.example.com/path/to/file", `\\host.example.com\path\to\file`},
		{WindowsStyle, "file://///host.example.com/path/to/file", `\\host.example.com\path\to\file`},
		{WindowsStyle, "file:///a%5Cb", ""},
		{WindowsStyle, "file:a/b", ""},
	}
	for _, tt := range tests {
		got, err := tt.style.Path(mustRef(t, tt.in))
		if tt.want == "" && err == nil || tt.want != "" && (err != nil || got != tt.want) {
			t.Errorf("%v.Path(%q) = %q, %v; want %q", tt.style, tt.in, got, err, tt.want)
		}
	}
	// Appendix E.2.2: "|" for ":", in old IRIs that ParseLEIRI reads.
	for _, old := range []string{"file:///c|/path/to/file", "file:/c|/path/to/file", "file:c|/path/to/file"} {
		i, err := ParseLEIRI(old)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := WindowsStyle.Path(i); err != nil || got != `c:\path\to\file` {
			t.Errorf("WindowsStyle.Path(%q) = %q, %v", old, got, err)
		}
	}
}

func TestNativeStyle(t *testing.T) {
	want := POSIXStyle
	if runtime.GOOS == "windows" {
		want = WindowsStyle
	}
	if NativeStyle != want {
		t.Errorf("NativeStyle = %v on %s", NativeStyle, runtime.GOOS)
	}
	path := "/tmp/a b/é"
	if want == WindowsStyle {
		path = `C:\tmp\a b\é`
	}
	i, err := FromFilePath(path)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := i.FilePath(); err != nil || back != path {
		t.Errorf("FilePath(FromFilePath(%q)) = %q, %v", path, back, err)
	}
}

// FuzzFilePath checks the round trip from a path to a file IRI and back,
// in both styles.
func FuzzFilePath(f *testing.F) {
	for _, p := range []string{"/a/b", "/", "/a b/%/#?", `C:\a\b`, `\\server\share\f`, "/é/\xff"} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, path string) {
		for _, style := range []PathStyle{POSIXStyle, WindowsStyle} {
			i, err := style.FromPath(path)
			if err != nil {
				continue
			}
			checkReparses(t, i)
			back, err := style.Path(i)
			want := path
			if style == WindowsStyle {
				want = strings.ReplaceAll(path, "/", `\`)
				if strings.HasPrefix(want, `\\?\UNC\`) {
					want = `\\` + want[len(`\\?\UNC\`):]
				} else {
					want = strings.TrimPrefix(want, `\\?\`)
				}
			}
			if err != nil || back != want {
				t.Fatalf("%v: %q gives %q, which gives back %q, %v", style, path, i, back, err)
			}
		}
	})
}

func (s PathStyle) String() string {
	return map[PathStyle]string{POSIXStyle: "POSIXStyle", WindowsStyle: "WindowsStyle"}[s]
}

// FuzzWindowsPath checks the Windows output of Path: every path it
// returns is one FromPath accepts, and reads back to a path naming the
// same file, without dot segments or device forms.
func FuzzWindowsPath(f *testing.F) {
	for _, s := range []string{"file:///c:/a/b", "file://host/share/f", "file:////h/s/f", "file://./pipe/x",
		"file://%3F/GLOBALROOT/x", "file:///c:/%2e%2e/x", "file:///x/y", "file:///", "file:c:/p", "file://a%00b/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		i, err := ParseReference(s)
		if err != nil {
			return
		}
		p, err := WindowsStyle.Path(i)
		if err != nil {
			return
		}
		if strings.HasPrefix(p, `\\.\`) || strings.HasPrefix(p, `\\?\`) || strings.IndexByte(p, 0) >= 0 {
			t.Fatalf("Path(%q) = %q, a device or namespace path", s, p)
		}
		for _, segment := range strings.Split(p, `\`) {
			if segment == ".." || segment == "." {
				t.Fatalf("Path(%q) = %q, with a dot segment", s, p)
			}
		}
		back, err := WindowsStyle.FromPath(p)
		if err != nil {
			t.Fatalf("Path(%q) = %q, which FromPath refuses: %v", s, p, err)
		}
		if again, err := WindowsStyle.Path(back); err != nil || again != p {
			t.Fatalf("Path(%q) = %q; FromPath gives %v, whose Path is %q, %v", s, p, back, again, err)
		}
	})
}

// TestWindowsPathDriveOnly: only a letter and a colon (or "|") make a
// drive; a two-letter first segment does not.
func TestWindowsPathDriveOnly(t *testing.T) {
	if p, err := WindowsStyle.Path(MustParse("file:///ab/x")); err == nil {
		t.Errorf("WindowsStyle.Path(file:///ab/x) = %q; want an error: no drive, so not absolute", p)
	}
}
