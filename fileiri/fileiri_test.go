package fileiri

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/iri-go/iri"
)

// mustRef parses s as an IRI reference, or fails the test.
func mustRef(t testing.TB, s string) iri.IRI {
	t.Helper()
	i, err := iri.ParseReference(s)
	if err != nil {
		t.Fatalf("ParseReference(%q): %v", s, err)
	}
	return i
}

// checkReparses checks that the text of i parses as i.
func checkReparses(t testing.TB, i iri.IRI) {
	t.Helper()
	again, err := iri.ParseReference(i.String())
	if err != nil {
		t.Errorf("%q does not reparse: %v", i, err)
	} else if again != i {
		t.Errorf("%q reparses with other offsets:\n got %#v\nwant %#v", i, again, i)
	}
}

func TestFromPath(t *testing.T) {
	tests := []struct {
		style Style
		path  string
		want  string // "" for an error
	}{
		{POSIX, "/path/to/file", "file:///path/to/file"},
		{POSIX, "/", "file:///"},
		{POSIX, "/home/me/My Documents/résumé #1?.txt", "file:///home/me/My%20Documents/résumé%20%231%3F.txt"},
		{POSIX, "/tmp/100%/a:b", "file:///tmp/100%25/a:b"},
		{POSIX, "/dir/", "file:///dir/"},
		{POSIX, "/a\\b", "file:///a%5Cb"},
		{POSIX, "relative/path", ""},
		{POSIX, "/a/../b", ""},
		{POSIX, "/a/\x00", ""},
		{Windows, `C:\Documents and Settings\x`, "file:///C:/Documents%20and%20Settings/x"},
		{Windows, `c:/path/to/file`, "file:///c:/path/to/file"},
		{Windows, `C:\`, "file:///C:/"},
		// RFC 8089, appendix E.3.1.
		{Windows, `\\host.example.com\Share\path\to\file.txt`, "file://host.example.com/Share/path/to/file.txt"},
		{Windows, `\\server\share\f`, "file://server/share/f"},
		{Windows, `\\?\C:\very\long`, "file:///C:/very/long"},
		{Windows, `\\?\UNC\server\share\f`, "file://server/share/f"},
		{Windows, `relative\path`, ""},
		{Windows, `\rooted`, ""},
		{Windows, `C:drive-relative`, ""},
		{Windows, `C:`, ""},
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
		if want := tt.path; tt.style == Windows {
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
	if i, err := Windows.FromPath(`A|\x`); err == nil {
		t.Errorf("Windows.FromPath(`A|\\x`) = %v, want an error", i)
	}
	if _, err := POSIX.FromPath("a"); !errors.Is(err, ErrRelativePath) {
		t.Errorf("a relative path gave %v, want ErrRelativePath", err)
	}
}

func TestPath(t *testing.T) {
	tests := []struct {
		style    Style
		in, want string // want "" for an error
	}{
		// RFC 8089, section 2 and appendix B.
		{POSIX, "file:///path/to/file", "/path/to/file"},
		{POSIX, "file:/path/to/file", "/path/to/file"},
		{POSIX, "file://localhost/path/to/file", "/path/to/file"},
		{POSIX, "FILE://LOCALHOST/a%20b/%C3%A9", "/a b/é"},
		{POSIX, "file://host.example.com/path/to/file", ""},
		{POSIX, "file:///a%2Fb", ""},
		{POSIX, "file:///a%00", ""},
		{POSIX, "file:///%00", ""},
		{POSIX, "file:///%2Fetc/passwd", ""},
		{Windows, "file:///c:/%5Cx", ""},
		{POSIX, "http://example.com/a", ""},
		{POSIX, "file:a/b", ""},
		// No drive and no host: FromPath refuses `\path\to\file` too.
		{Windows, "file:///path/to/file", ""},
		{Windows, "file:///", ""},
		// Dot segments, written or encoded, never reach the path.
		{POSIX, "file:///srv/files/%2e%2e/%2e%2e/etc/passwd", ""},
		{POSIX, "file:///srv/files/../x", ""},
		{Windows, "file:///c:/srv/%2E%2E/x", ""},
		// Hosts that are no server name: device and Win32-namespace paths.
		{Windows, "file://a%00b/x", ""},
		{Windows, "file://a%2Fb/x", ""},
		{Windows, "file://a%5Cb/x", ""},
		{Windows, "file://../x", ""},
		{Windows, "file://%3F/GLOBALROOT/Device/x", ""},
		{Windows, "file://./PhysicalDrive0", ""},
		{Windows, "file://./pipe/x", ""},
		{Windows, "file:////./pipe/x", ""},
		{Windows, "file://///%3F/GLOBALROOT/x", ""},
		{Windows, "file://host.example.com/path/to/file", `\\host.example.com\path\to\file`},
		// Appendix E.2.
		{Windows, "file:c:/path/to/file", `c:\path\to\file`},
		{Windows, "file:///c:/path/to/file", `c:\path\to\file`},
		{Windows, "file:///C:/Documents%20and%20Settings/x", `C:\Documents and Settings\x`},
		// Appendix E.3.2.
		{Windows, "file:////host.example.com/path/to/file", `\\host.example.com\path\to\file`},
		{Windows, "file://///host.example.com/path/to/file", `\\host.example.com\path\to\file`},
		{Windows, "file:///a%5Cb", ""},
		{Windows, "file:a/b", ""},
	}
	for _, tt := range tests {
		got, err := tt.style.Path(mustRef(t, tt.in))
		if tt.want == "" && err == nil || tt.want != "" && (err != nil || got != tt.want) {
			t.Errorf("%v.Path(%q) = %q, %v; want %q", tt.style, tt.in, got, err, tt.want)
		}
	}
	// Appendix E.2.2: "|" for ":", in old IRIs that ParseLEIRI reads.
	for _, old := range []string{"file:///c|/path/to/file", "file:/c|/path/to/file", "file:c|/path/to/file"} {
		i, err := iri.ParseLEIRI(old)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := Windows.Path(i); err != nil || got != `c:\path\to\file` {
			t.Errorf("Windows.Path(%q) = %q, %v", old, got, err)
		}
	}
}

func TestNativeStyle(t *testing.T) {
	want := POSIX
	if runtime.GOOS == "windows" {
		want = Windows
	}
	if Native != want {
		t.Errorf("Native = %v on %s", Native, runtime.GOOS)
	}
	path := "/tmp/a b/é"
	if want == Windows {
		path = `C:\tmp\a b\é`
	}
	i, err := FromPath(path)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := Path(i); err != nil || back != path {
		t.Errorf("Path(FromPath(%q)) = %q, %v", path, back, err)
	}
}

// FuzzFilePath checks the round trip from a path to a file IRI and back,
// in both styles.
func FuzzFilePath(f *testing.F) {
	for _, p := range []string{"/a/b", "/", "/a b/%/#?", `C:\a\b`, `\\server\share\f`, "/é/\xff"} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, path string) {
		for _, style := range []Style{POSIX, Windows} {
			i, err := style.FromPath(path)
			if err != nil {
				continue
			}
			checkReparses(t, i)
			back, err := style.Path(i)
			want := path
			if style == Windows {
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

func (s Style) String() string {
	return map[Style]string{POSIX: "POSIX", Windows: "Windows"}[s]
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
		i, err := iri.ParseReference(s)
		if err != nil {
			return
		}
		p, err := Windows.Path(i)
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
		back, err := Windows.FromPath(p)
		if err != nil {
			t.Fatalf("Path(%q) = %q, which FromPath refuses: %v", s, p, err)
		}
		if again, err := Windows.Path(back); err != nil || again != p {
			t.Fatalf("Path(%q) = %q; FromPath gives %v, whose Path is %q, %v", s, p, back, again, err)
		}
	})
}

// TestWindowsPathDriveOnly: only a letter and a colon (or "|") make a
// drive; a two-letter first segment does not.
func TestWindowsPathDriveOnly(t *testing.T) {
	if p, err := Windows.Path(iri.MustParse("file:///ab/x")); err == nil {
		t.Errorf("Windows.Path(file:///ab/x) = %q; want an error: no drive, so not absolute", p)
	}
}

// TestUNCServerEscaping: a UNC server name becomes the host with the
// characters of a reg-name kept (unreserved and sub-delims, RFC 3986,
// section 3.2.2; "é" as ucschar, RFC 3987) and every other one
// percent-encoded, and comes back as it was.
func TestUNCServerEscaping(t *testing.T) {
	const regName = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;="
	for c := 1; c < 0x80; c++ {
		if strings.IndexByte(`/\?*`, byte(c)) >= 0 {
			continue // no server name holds them
		}
		server := "a" + string(rune(c)) + "é"
		want := "a" + fmt.Sprintf("%%%02X", c) + "é"
		if strings.IndexByte(regName, byte(c)) >= 0 {
			want = server
		}
		i, err := Windows.FromPath(`\\` + server + `\share\f`)
		if err != nil || i.Host() != want {
			t.Errorf("server %q: host %q, %v; want %q", server, i.Host(), err, want)
			continue
		}
		if back, err := Windows.Path(i); err != nil || back != `\\`+server+`\share\f` {
			t.Errorf("server %q: back %q, %v", server, back, err)
		}
	}
}

// TestZeroStyle: the zero Style is no style; its conversions fail.
func TestZeroStyle(t *testing.T) {
	var none Style
	if i, err := none.FromPath("/a"); err == nil {
		t.Errorf("Style(0).FromPath(/a) = %v, want an error", i)
	}
	if p, err := none.Path(iri.MustParse("file:///a")); err == nil {
		t.Errorf("Style(0).Path(file:///a) = %q, want an error", p)
	}
}

// TestNULPath: a NUL anywhere is refused as such, first of all.
func TestNULPath(t *testing.T) {
	for _, p := range []string{"\x00/a", "/a\x00", "/\x00"} {
		for _, style := range []Style{POSIX, Windows} {
			if _, err := style.FromPath(p); err == nil || errors.Is(err, ErrRelativePath) || !strings.Contains(err.Error(), "NUL") {
				t.Errorf("%v.FromPath(%q): %v; want the error of a NUL", style, p, err)
			}
		}
	}
}
