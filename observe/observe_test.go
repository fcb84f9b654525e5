package observe

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/iri-go/iri"
)

func TestRedirect(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/data", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodHead {
			t.Errorf("method %s, want HEAD", r.Method)
		}
		http.Redirect(w, r, "/data/", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/data/", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/D%C3%BCrst", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Location", "Dürst/") // not a URI: read leniently
		w.WriteHeader(http.StatusFound)
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop", http.StatusTemporaryRedirect)
	})
	mux.HandleFunc("/empty", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusFound)
	})
	server := httptest.NewServer(mux)
	defer server.Close()
	base := server.URL

	tests := []struct {
		path     string
		want     string
		redirect bool
	}{
		{"/data", base + "/data/", true},
		{"/data/", "", false},
		{"/Dürst", base + "/Dürst/", true},
		{"/loop", base + "/loop", true},
		{"/missing", "", false},
	}
	for _, tt := range tests {
		got, ok, err := Redirect(context.Background(), server.Client(), iri.MustParse(base+tt.path))
		if err != nil || ok != tt.redirect || ok && got.String() != tt.want {
			t.Errorf("Redirect(%s) = %q, %v, %v; want %q, %v", tt.path, got, ok, err, tt.want, tt.redirect)
		}
	}
	if _, _, err := Redirect(context.Background(), server.Client(), iri.MustParse(base+"/empty")); err == nil {
		t.Error("a redirect without a Location gave no error")
	}

	// What a crawler does with the observations.
	c := &iri.Comparer{Level: iri.ProtocolBased}
	from := iri.MustParse(base + "/data")
	to, _, _ := Redirect(context.Background(), server.Client(), from)
	c.AddRedirect(from, to)
	if !c.Equal(from, iri.MustParse(base+"/data/")) {
		t.Error("the observed redirect does not make /data and /data/ equivalent")
	}

	// Nothing listens there: an error, no panic.
	server.Close()
	if _, _, err := Redirect(context.Background(), nil, from); err == nil {
		t.Error("no error from a closed server")
	}
	var pe *iri.ParseError
	if _, _, err := Redirect(context.Background(), nil, iri.MustParse("http://a\u05d0.example/")); !errors.As(err, &pe) || pe.Rule != "ihost" || pe.Input != "a\u05d0.example" {
		t.Errorf("an invalid IDN host gave %v, want a *iri.ParseError on the host", err)
	}
}

func TestRedirectRefusals(t *testing.T) {
	ctx := context.Background()
	_, _, err := Redirect(ctx, nil, iri.MustParse("ftp://user:s3cret@example.com/"))
	if !errors.Is(err, ErrScheme) || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("ftp IRI with a password: %v; want ErrScheme without the password", err)
	}
	_, _, err = Redirect(ctx, nil, iri.MustParse("http://user:s3cret@:1/"))
	if !errors.Is(err, ErrNoHost) || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("empty host: %v; want ErrNoHost without the password", err)
	}
}
