package iri

import "fmt"

// The IRI type fits the standard interfaces for text: encoding.TextMarshaler,
// encoding.TextAppender and encoding.TextUnmarshaler (so it works as a JSON, XML or YAML value
// and as a JSON map key), fmt.Stringer and database/sql.Scanner;
// flag.TextVar takes it through the first two. Decoding parses as
// ParseReference does, so a relative reference is accepted; the error is
// the *ParseError.
//
// It is no database/sql/driver.Valuer: store i.String(). The package does
// not import database/sql/driver, which from Go 1.27 on brings package
// uuid and the initialization of crypto/rand into every program that
// imports it, about 200 KB (TestLinking).

// MarshalText returns the IRI as written. It never fails.
func (i IRI) MarshalText() ([]byte, error) {
	return []byte(i.s), nil
}

// AppendText appends the IRI as written to b, for encoding.TextAppender.
// It never fails.
func (i IRI) AppendText(b []byte) ([]byte, error) {
	return append(b, i.s...), nil
}

// UnmarshalText parses text as an IRI reference. On error, *i is left as
// it was. It makes an IRI a flag with flag.TextVar:
//
//	var base iri.IRI
//	flag.TextVar(&base, "base", iri.IRI{}, "the base `IRI`")
func (i *IRI) UnmarshalText(text []byte) error {
	return i.set(string(text))
}

// set parses s as an IRI reference into *i, leaving it as it was on
// error.
func (i *IRI) set(s string) error {
	parsed, err := ParseReference(s)
	if err != nil {
		return err
	}
	*i = parsed
	return nil
}

// Scan reads an IRI reference stored as text, for database/sql (write one
// as i.String()). SQL NULL reads as the zero IRI.
func (i *IRI) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*i = IRI{}
		return nil
	case string:
		return i.set(v)
	case []byte:
		return i.set(string(v))
	}
	return fmt.Errorf("iri: cannot scan %T into an IRI", src)
}
