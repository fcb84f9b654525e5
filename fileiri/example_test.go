package fileiri_test

import (
	"errors"
	"fmt"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/fileiri"
)

func ExampleStyle_FromPath() {
	i, err := fileiri.POSIX.FromPath("/home/me/My Documents/résumé #2.pdf")
	fmt.Println(i, err)
	p, err := fileiri.POSIX.Path(i)
	fmt.Println(p, err)
	_, err = fileiri.POSIX.FromPath("relative/path")
	fmt.Println(errors.Is(err, fileiri.ErrRelativePath))
	// On the system the program runs on: fileiri.FromPath(path), fileiri.Path(i).
	// Output:
	// file:///home/me/My%20Documents/résumé%20%232.pdf <nil>
	// /home/me/My Documents/résumé #2.pdf <nil>
	// true
}

func ExampleStyle_Path() {
	for _, p := range []string{`C:\Documents and Settings\x`, `\\server\share\f.txt`} {
		i, _ := fileiri.Windows.FromPath(p)
		fmt.Println(i)
	}
	// An old form, with "|" for ":", read leniently (RFC 8089, appendix E.2.2).
	old, _ := iri.ParseLEIRI("file:///c|/path/to/file")
	fmt.Println(fileiri.Windows.Path(old))
	// Output:
	// file:///C:/Documents%20and%20Settings/x
	// file://server/share/f.txt
	// c:\path\to\file <nil>
}

// The paths of the system the program runs on, as path/filepath makes
// them: fileiri.Native is its style.
func ExampleFromPath() {
	path := "/tmp/a b/é"
	if fileiri.Native == fileiri.Windows {
		path = `C:\tmp\a b\é`
	}
	i, err := fileiri.FromPath(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	back, err := fileiri.Path(i)
	fmt.Println(back == path, err)
	// A file IRI that climbs out of a directory names no path.
	_, err = fileiri.Path(iri.MustParse("file:///srv/files/%2e%2e/etc/passwd"))
	fmt.Println(errors.Is(err, iri.ErrDotSegment))
	// Output:
	// true <nil>
	// true
}
