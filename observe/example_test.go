package observe_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"syscall"
	"time"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/observe"
)

func ExampleRedirect() {
	// A server that redirects /data to /data/, as many do.
	server := httptest.NewServer(http.RedirectHandler("/data/", http.StatusMovedPermanently))
	defer server.Close()

	from := iri.MustParse(server.URL + "/data")
	to, ok, err := observe.Redirect(context.Background(), server.Client(), from)
	fmt.Println(strings.TrimPrefix(to.String(), server.URL), ok, err)

	c := &iri.Comparer{Level: iri.ProtocolBased}
	c.AddRedirect(from, to)
	fmt.Println(c.Equal(from, iri.MustParse(server.URL+"/data/")))
	// Output:
	// /data/ true <nil>
	// true
}

// A client for untrusted IRIs: the dialer refuses loopback, private and
// link-local addresses, whatever host text led to them, since it checks
// the address it connects to after resolution and IDNA mapping.
func ExampleRedirect_untrusted() {
	dialer := &net.Dialer{
		Timeout: 5 * time.Second,
		Control: func(network, address string, _ syscall.RawConn) error {
			host, _, err := net.SplitHostPort(address)
			if err != nil {
				return err
			}
			ip, err := netip.ParseAddr(host)
			if err != nil {
				return err
			}
			ip = ip.Unmap()
			if ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsUnspecified() {
				return fmt.Errorf("refused address %s", ip)
			}
			return nil
		},
	}
	client := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// Full-width digits: IDNA maps them to 127.0.0.1.
	_, _, err := observe.Redirect(ctx, client, iri.MustParse("http://１２７.０.０.１/"))
	fmt.Println(err != nil && strings.Contains(err.Error(), "refused address 127.0.0.1"))
	_, _, err = observe.Redirect(ctx, client, iri.MustParse("ftp://example.org/"))
	fmt.Println(errors.Is(err, observe.ErrScheme))
	// Output:
	// true
	// true
}
