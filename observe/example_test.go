package observe_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

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
