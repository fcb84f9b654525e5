// Package observe makes the observations that protocol-based comparison
// of IRIs (RFC 3987, section 5.3.4) rests on, over the network. It is a
// package of its own so that programs that only parse and compare IRIs do
// not link net/http.
//
// # Untrusted IRIs
//
// A crawler feeds Redirect IRIs that anybody may have written. What
// Redirect does and does not do for it:
//
//   - It sends one HEAD request, with no body, and follows no redirect:
//     the Location is returned, not requested.
//   - It has no timeout of its own: give it a context with a deadline.
//   - It refuses every scheme but http and https.
//   - It connects to whatever the resolver gives for the host after IDNA
//     mapping (UTS #46), which can differ from what IRI.Host shows:
//     "１２７.０.０.１" (full-width digits) and "127。0。0。1" (ideographic
//     full stops) both reach 127.0.0.1. To keep requests away from
//     loopback, private and link-local addresses, give it a client whose
//     dialer checks the address it actually connects to, as the example
//     of Redirect shows; checking the host text is not enough.
package observe

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/iri-go/iri"
)

// ErrScheme is returned for an IRI whose scheme is not http or https.
var ErrScheme = errors.New("observe: only http and https IRIs can be observed")

// ErrNoHost is returned for an IRI without a host, which net/http would
// send to the local machine.
var ErrNoHost = errors.New("observe: an IRI without a host cannot be observed")

// Redirect asks for i with an HTTP HEAD request, without following
// redirects, and reports the IRI that a redirect response points to: its
// Location, read leniently (as iri.ParseLEIRI reads it) and resolved
// against i. It reports false when the response is not a redirect. A
// crawler records what it finds with iri.Comparer.AddRedirect.
//
// The request goes to i.ToURIWithIDNA(), as RFC 3987, section 3.1, says
// an IRI used for retrieval must. client may be nil for
// http.DefaultClient; its CheckRedirect is not used. See the package
// documentation before passing untrusted IRIs. Error messages show i with
// its password redacted (iri.IRI.Redacted).
//
// The Location is read as RFC 3986 reads it, not as browsers do: a
// Location of "/\evil.example/x" is a path on i's host
// ("http://host/%5Cevil.example/x"), where a browser, reading "\" as
// "/", goes to evil.example. A crawler that must follow browsers compares
// the Location's first characters itself.
func Redirect(ctx context.Context, client *http.Client, i iri.IRI) (iri.IRI, bool, error) {
	if scheme := i.Scheme(); !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") {
		return iri.IRI{}, false, fmt.Errorf("%w: %q", ErrScheme, i.Redacted())
	}
	if i.Host() == "" {
		// net/http sends "http://:8080/" to the local machine.
		return iri.IRI{}, false, fmt.Errorf("%w: %q", ErrNoHost, i.Redacted())
	}
	if client == nil {
		client = http.DefaultClient
	}
	noFollow := *client
	noFollow.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

	u, err := i.ToURIWithIDNA()
	if err != nil {
		return iri.IRI{}, false, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, u.String(), nil)
	if err != nil {
		return iri.IRI{}, false, err
	}
	resp, err := noFollow.Do(req)
	if err != nil {
		return iri.IRI{}, false, err
	}
	resp.Body.Close()
	if !isRedirect(resp.StatusCode) {
		return iri.IRI{}, false, nil
	}
	location := resp.Header.Get("Location")
	if location == "" {
		return iri.IRI{}, false, errors.New("observe: redirect without a Location")
	}
	ref, err := iri.ParseLEIRI(location)
	if err != nil {
		return iri.IRI{}, false, fmt.Errorf("observe: Location %q: %w", location, err)
	}
	return i.Resolve(ref), true, nil
}

func isRedirect(status int) bool {
	switch status {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}
