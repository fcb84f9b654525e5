// Package fileiri converts between file paths and file IRIs (RFC 8089),
// on the system the program runs on or in a given style of paths,
// whatever the system: POSIX ("/home/me/f") or Windows ("C:\Users\f",
// "\\server\share\f").
//
// The conversions refuse what would make a path name another file than
// its IRI names, or a file outside a directory a check let through: a
// relative path, a "." or ".." segment (encoded or not), a NUL, an
// encoded separator, a UNC server name that is a device or a Win32
// namespace. A file IRI with a host other than localhost gives a UNC path
// on Windows, which Windows opens over SMB with the user's credentials:
// iri.IRI.Check warns of it (file-remote-host).
package fileiri

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/internal/drive"
)

// A Style is a convention of file paths, for converting them to and from
// file IRIs whatever the system the program runs on. The zero Style is
// none: its conversions fail.
type Style uint8

const (
	// POSIX: "/" separates segments; an absolute path starts with "/".
	POSIX Style = iota + 1
	// Windows: "\" or "/" separates segments; an absolute path starts
	// with a drive letter ("C:\"), or is a UNC path ("\\server\share\f"),
	// with or without the "\\?\" prefix.
	Windows
)

// ErrRelativePath is the error of FromPath for a path that is not
// absolute (make it absolute first, with filepath.Abs), and of Path for
// a file IRI whose path is not.
var ErrRelativePath = errors.New("fileiri: the file path is not absolute")

// FromPath returns the file IRI of an absolute path of the system the
// program runs on, as path/filepath sees it: Native.FromPath(path). A
// relative path is an error (ErrRelativePath): make it absolute first
// with filepath.Abs, which also cleans it.
func FromPath(path string) (iri.IRI, error) { return Native.FromPath(path) }

// Path returns the path, on the system the program runs on, of the file
// that the file IRI i names: Native.Path(i). The path never has a "." or
// ".." segment (one in the IRI, "%2e%2e" included, is an error,
// iri.ErrDotSegment), so a check that it starts with a given directory
// holds. On Windows a host other than localhost gives a UNC path, which
// Windows opens over SMB, sending the user's credentials to that host:
// Check warns of it (file-remote-host).
func Path(i iri.IRI) (string, error) { return Native.Path(i) }

// FromPath returns the file IRI of an absolute path in style s (RFC 8089,
// section 2): "file://" with an empty authority and the path's segments,
// each escaped as iri.EscapePathSegment escapes (IRI form: "é" stays "é";
// space, "#", "?" and "%" are encoded). A Windows path gets its drive
// letter as the first segment (C:\x is file:///C:/x), a UNC path its
// server as the host (\\server\share\f is file://server/share/f, RFC
// 8089, appendix E.3.1).
//
// A relative path is an error (ErrRelativePath), and so is a "." or ".."
// segment (iri.ErrDotSegment), which resolution would read as a step in
// the hierarchy: clean the path first (filepath.Clean) if that is what it
// means. So is a NUL, which no file path holds.
func (s Style) FromPath(path string) (iri.IRI, error) {
	if strings.IndexByte(path, 0) >= 0 {
		return iri.IRI{}, fmt.Errorf("fileiri: file path %s holds a NUL", strconv.Quote(path))
	}
	c := iri.Components{Scheme: "file", HasAuthority: true}
	rest := path
	switch s {
	case POSIX:
		if !strings.HasPrefix(path, "/") {
			return iri.IRI{}, fmt.Errorf("%w: %s", ErrRelativePath, strconv.Quote(path))
		}
		rest = path[1:]
	case Windows:
		p := strings.ReplaceAll(path, `\`, "/")
		switch {
		case strings.HasPrefix(p, "//?/UNC/"):
			p = "//" + p[len("//?/UNC/"):]
		case strings.HasPrefix(p, "//?/"):
			p = p[len("//?/"):]
		}
		switch {
		case drive.HasLetter(p) && p[1] == ':' && len(p) > 2 && p[2] == '/':
			rest = p // the drive letter is the first segment
		case strings.HasPrefix(p, "//") && len(p) > 2 && p[2] != '/':
			// \\server\share\...: both are needed.
			server, share, _ := strings.Cut(p[2:], "/")
			if share == "" || share[0] == '/' {
				return iri.IRI{}, fmt.Errorf("fileiri: UNC path %s has no share", strconv.Quote(path))
			}
			if !isUNCServer(server) {
				return iri.IRI{}, fmt.Errorf("fileiri: UNC path %s names a server %s that is not a host name", strconv.Quote(path), strconv.Quote(server))
			}
			// A user name holds the characters of a reg-name (RFC 3987,
			// section 2.2: iuserinfo less ":" is ireg-name's set), so
			// its escaper is the host's.
			c.Host = iri.EscapeUserinfo(server)
			rest = share
		default:
			return iri.IRI{}, fmt.Errorf("%w: %s", ErrRelativePath, strconv.Quote(path))
		}
	default:
		return iri.IRI{}, fmt.Errorf("fileiri: unknown path style %d", s)
	}
	var b strings.Builder
	for {
		segment, more, found := strings.Cut(rest, "/")
		if segment == "." || segment == ".." {
			return iri.IRI{}, iri.ErrDotSegment
		}
		b.WriteByte('/')
		b.WriteString(iri.EscapePathSegment(segment))
		if !found {
			break
		}
		rest = more
	}
	c.Path = b.String()
	return iri.Build(c)
}

// Path returns the path, in style s, of the file that the file IRI i
// names: the forms of RFC 8089, section 2 ("file:///p", "file:/p",
// "file://localhost/p"), with the path's segments decoded. A Windows
// path also comes from the forms of appendix E: a drive letter with or
// without a "/" before it ("file:c:/p"), written "c|" in old IRIs (read
// with iri.ParseLEIRI, which encodes the "|"), a host that makes a UNC
// path ("file://server/share/f"), and a UNC path in the path
// ("file:////server/share/f", "file://///server/share/f").
//
// It is an error for another scheme, a host the style cannot name (a
// POSIX path has no host but localhost), a relative path, and a segment
// whose decoding cannot stand in a path: an encoded separator ("%2F",
// and "%5C" for Windows) or NUL, and a "." or ".." segment, encoded or not
// (iri.ErrDotSegment): the path returned never climbs out of a directory
// by itself. A Windows UNC path from a host ("file://server/share/f"
// gives \\server\share\f) makes Windows connect to that server over SMB
// with the user's credentials (see Check's file-remote-host).
func (s Style) Path(i iri.IRI) (string, error) {
	if !strings.EqualFold(i.Scheme(), "file") {
		return "", fmt.Errorf("fileiri: %s is not a file IRI", strconv.Quote(i.String()))
	}
	host := i.Host()
	if strings.EqualFold(host, "localhost") {
		host = ""
	}
	var segments []string
	for segment := range i.PathSegments() {
		if strings.IndexByte(segment, 0) >= 0 || strings.IndexByte(segment, '/') >= 0 ||
			s == Windows && strings.IndexByte(segment, '\\') >= 0 {
			return "", fmt.Errorf("fileiri: %s has a path segment %s that cannot stand in a file path", strconv.Quote(i.String()), strconv.Quote(segment))
		}
		if segment == "." || segment == ".." {
			// Decoded from "%2e%2e" too: a caller's prefix check on the
			// path must not be bypassed.
			return "", fmt.Errorf("%w: %s", iri.ErrDotSegment, strconv.Quote(i.String()))
		}
		segments = append(segments, segment)
	}
	path := i.Path()
	switch s {
	case POSIX:
		if host != "" {
			return "", fmt.Errorf("fileiri: %s names a file on host %s, which a POSIX path cannot name", strconv.Quote(i.String()), strconv.Quote(host))
		}
		if !strings.HasPrefix(path, "/") {
			return "", fmt.Errorf("%w: %s", ErrRelativePath, strconv.Quote(i.String()))
		}
		return "/" + strings.Join(segments, "/"), nil
	case Windows:
		return windowsPath(i, host, path, segments)
	}
	return "", fmt.Errorf("fileiri: unknown path style %d", s)
}

// windowsPath is Style.Path for Windows.
func windowsPath(i iri.IRI, host, path string, segments []string) (string, error) {
	if path == "" || len(segments) == 0 {
		return "", fmt.Errorf("%w: %s", ErrRelativePath, strconv.Quote(i.String()))
	}
	if path[0] != '/' && (!drive.HasLetter(segments[0]) || len(segments[0]) != 2) {
		// Only "file:c:/p" (appendix E.2) may be rootless.
		return "", fmt.Errorf("%w: %s", ErrRelativePath, strconv.Quote(i.String()))
	}
	switch {
	case host != "":
		// A UNC path (appendix E.3.1).
		name, err := iri.Unescape(host)
		if err != nil {
			return "", err
		}
		return uncPath(i, append([]string{name}, segments...))
	case len(segments) >= 2 && segments[0] == "" && segments[1] == "":
		// "file://///server/share": a UNC string in the path (E.3.2).
		return uncPath(i, segments[2:])
	case len(segments) >= 1 && segments[0] == "" && path[0] == '/':
		// "file:////server/share".
		return uncPath(i, segments[1:])
	case len(segments) >= 1 && drive.HasLetter(segments[0]) && len(segments[0]) == 2:
		drive := segments[0][:1] + ":"
		return drive + `\` + strings.Join(segments[1:], `\`), nil
	}
	// A path without a drive, rooted in the current drive: FromPath
	// refuses it as not absolute, so Path does too.
	return "", fmt.Errorf("%w: %s", ErrRelativePath, strconv.Quote(i.String()))
}

// isUNCServer reports whether name can be the server of a UNC path that
// names a file on that server: not empty, not "." or ".." (the device and
// Win32 namespaces), without NUL, a separator, "?" or "*". Path and
// FromPath apply this one rule.
func isUNCServer(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.ContainsAny(name, "\x00/\\?*")
}

// uncPath returns the UNC path of server and share, parts[0] and
// parts[1], and the segments after them. It refuses a server name that
// would make a device or Win32-namespace path ("\\\\.\\pipe",
// "\\\\?\\GLOBALROOT") or holds a character no server name holds, and
// a path without a share, which FromPath refuses too.
func uncPath(i iri.IRI, parts []string) (string, error) {
	if len(parts) < 2 || parts[1] == "" {
		return "", fmt.Errorf("fileiri: %s names a UNC path without a share", strconv.Quote(i.String()))
	}
	if name := parts[0]; !isUNCServer(name) {
		return "", fmt.Errorf("fileiri: %s names a UNC server %s that is not a host name", strconv.Quote(i.String()), strconv.Quote(name))
	}
	return `\\` + strings.Join(parts, `\`), nil
}
