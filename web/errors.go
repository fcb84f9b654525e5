package web

import (
	"errors"
	"strconv"

	"github.com/iri-go/iri/internal/redact"
)

// The kinds of errors Parse returns, for errors.Is. Each *Error also names
// the URL Standard's validation error that failed the parse.
var (
	// ErrMissingScheme: the input has no scheme and no base to resolve it
	// against (or a base with an opaque path, which only takes a fragment).
	ErrMissingScheme = errors.New("no scheme")
	// ErrInvalidHost: the host is missing, holds a forbidden code point,
	// fails IDNA, or is a malformed IPv4 or IPv6 address.
	ErrInvalidHost = errors.New("invalid host")
	// ErrInvalidPort: the port is not decimal digits or exceeds 65535.
	ErrInvalidPort = errors.New("invalid port")
)

// A validationError is one of the URL Standard's validation errors that
// fail a parse (section 4.3), with words a person can act on.
type validationError struct {
	name  string // the standard's name, such as "port-out-of-range"
	words string
	kind  *error // the address of the exported kind, which a literal may hold
}

func (e *validationError) Error() string { return e.name }

var (
	errMissingScheme              = &validationError{"missing-scheme-non-relative-URL", "no scheme, and no base URL to resolve against", &ErrMissingScheme}
	errHostMissing                = &validationError{"host-missing", "the host is empty", &ErrInvalidHost}
	errHostInvalidCodePoint       = &validationError{"host-invalid-code-point", "a character no host may hold", &ErrInvalidHost}
	errDomainForbidden            = &validationError{"domain-to-ASCII", "a character no domain may hold", &ErrInvalidHost}
	errDomainToASCII              = &validationError{"domain-to-ASCII", "IDNA refuses the domain", &ErrInvalidHost}
	errIPv6Unclosed               = &validationError{"IPv6-unclosed", "an IPv6 address without its closing ']'", &ErrInvalidHost}
	errIPv6InvalidCompression     = &validationError{"IPv6-invalid-compression", "an IPv6 address starting with a single ':'", &ErrInvalidHost}
	errIPv6TooManyPieces          = &validationError{"IPv6-too-many-pieces", "an IPv6 address with more than eight pieces", &ErrInvalidHost}
	errIPv6MultipleCompression    = &validationError{"IPv6-multiple-compression", "an IPv6 address with '::' twice", &ErrInvalidHost}
	errIPv6InvalidCodePoint       = &validationError{"IPv6-invalid-code-point", "a character no IPv6 address may hold", &ErrInvalidHost}
	errIPv6TooFewPieces           = &validationError{"IPv6-too-few-pieces", "an IPv6 address with fewer than eight pieces and no '::'", &ErrInvalidHost}
	errIPv4InIPv6TooManyPieces    = &validationError{"IPv4-in-IPv6-too-many-pieces", "an IPv6 address with too many pieces before its IPv4 part", &ErrInvalidHost}
	errIPv4InIPv6InvalidCodePoint = &validationError{"IPv4-in-IPv6-invalid-code-point", "a malformed IPv4 part in an IPv6 address", &ErrInvalidHost}
	errIPv4InIPv6OutOfRangePart   = &validationError{"IPv4-in-IPv6-out-of-range-part", "an IPv4 part above 255 in an IPv6 address", &ErrInvalidHost}
	errIPv4InIPv6TooFewParts      = &validationError{"IPv4-in-IPv6-too-few-parts", "an IPv4 part with fewer than four numbers in an IPv6 address", &ErrInvalidHost}
	errIPv4TooManyParts           = &validationError{"IPv4-too-many-parts", "a host ending in a number with more than four parts", &ErrInvalidHost}
	errIPv4NonNumericPart         = &validationError{"IPv4-non-numeric-part", "a host ending in a number with a part that is not one", &ErrInvalidHost}
	errIPv4OutOfRangePart         = &validationError{"IPv4-out-of-range-part", "an IPv4 address with a number out of range", &ErrInvalidHost}
	errPortOutOfRange             = &validationError{"port-out-of-range", "a port above 65535", &ErrInvalidPort}
	errPortInvalid                = &validationError{"port-invalid", "a port that is not decimal digits", &ErrInvalidPort}
)

// An Error is a failure of Parse: the input, where the parser stopped in it,
// the URL Standard's validation error and its kind. A password in the
// input, as a browser reads the userinfo ("http:u:pw@h:99999/" has one),
// is replaced by "xxxxx" in Input; when the parser stopped before it read
// a userinfo, all that could be one is.
type Error struct {
	Input  string // the input, its password redacted
	Offset int    // byte offset in the input as given of the code point the parser stopped at
	Rule   string // the validation error's name in the URL Standard, e.g. "port-out-of-range"
	Err    error  // the kind: ErrMissingScheme, ErrInvalidHost or ErrInvalidPort
	words  string
}

func (e *Error) Error() string {
	return "web: parse " + strconv.Quote(e.Input) + ": " + e.words + " (" + e.Rule + ") at byte " + strconv.Itoa(e.Offset)
}

// Unwrap returns the error's kind, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

func (p *parser) fail(offset int, err error) error {
	v, ok := err.(*validationError)
	if !ok {
		return err
	}
	if p.v != nil {
		p.v.add(v.name, offset)
	}
	at := []int{offset}
	inputOffsets(p.input, at)
	return &Error{Input: redact.Web(p.input, p.userinfoRead), Offset: at[0], Rule: v.name, Err: *v.kind, words: v.words}
}
