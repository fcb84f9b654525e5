package iri

import (
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"strings"
	"sync"
	"testing"
)

func TestJSON(t *testing.T) {
	type doc struct {
		ID    IRI         `json:"id"`
		Links []IRI       `json:"links"`
		Names map[IRI]int `json:"names"`
		Zero  IRI         `json:"zero"`
	}
	in := doc{
		ID:    MustParse("http://résumé.example.org/Dürst?q=€#frag"),
		Links: []IRI{mustRef(t, "../a"), mustRef(t, "")},
		Names: map[IRI]int{MustParse("http://a/"): 1, mustRef(t, "#x"): 2},
	}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"http://résumé.example.org/Dürst?q=€#frag","links":["../a",""],"names":{"#x":2,"http://a/":1},"zero":""}`
	if string(b) != want {
		t.Errorf("json.Marshal:\n got %s\nwant %s", b, want)
	}
	var out doc
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if out.ID != in.ID || out.Links[0] != in.Links[0] || out.Names[MustParse("http://a/")] != 1 || out.Zero != (IRI{}) {
		t.Errorf("json round trip: %+v", out)
	}
	var bad doc
	err = json.Unmarshal([]byte(`{"id":"http://a b/"}`), &bad)
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Offset != 8 {
		t.Errorf("json.Unmarshal of an invalid IRI: %v, want a *ParseError at 8", err)
	}
}

func TestXML(t *testing.T) {
	type link struct {
		XMLName xml.Name `xml:"link"`
		Href    IRI      `xml:"href,attr"`
		Base    IRI      `xml:"base"`
	}
	in := link{Href: mustRef(t, "Dürst?q=€"), Base: MustParse("http://résumé.example.org/")}
	b, err := xml.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := `<link href="Dürst?q=€"><base>http://résumé.example.org/</base></link>`; string(b) != want {
		t.Errorf("xml.Marshal = %s, want %s", b, want)
	}
	var out link
	if err := xml.Unmarshal(b, &out); err != nil || out.Href != in.Href || out.Base != in.Base {
		t.Errorf("xml round trip: %+v, %v", out, err)
	}
	if err := xml.Unmarshal([]byte(`<link href="a b"/>`), &out); err == nil {
		t.Error("xml.Unmarshal accepted an invalid IRI")
	}
}

func TestFlag(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var base IRI
	fs.TextVar(&base, "base", IRI{}, "the base IRI")
	if err := fs.Parse([]string{"-base", "http://résumé.example.org/"}); err != nil || base.Host() != "résumé.example.org" {
		t.Errorf("flag: %v, %q", err, base)
	}
	if err := fs.Parse([]string{"-base", "http://a b/"}); err == nil || base.Host() != "résumé.example.org" {
		t.Errorf("flag accepted an invalid IRI, or lost the value: %v, %q", err, base)
	}
}

// memProxy is the driver registered once (sql.Register panics the second
// time); each run of TestSQL points it at a fresh memDriver.
var memProxy = &proxyDriver{}

type proxyDriver struct{ d *memDriver }

func (p *proxyDriver) Open(name string) (driver.Conn, error) { return p.d.Open(name) }

// A database/sql driver that keeps one column of values in memory, enough
// to round-trip IRIs through Exec and Query.
type memDriver struct {
	mu   sync.Mutex
	rows []driver.Value
}

func (d *memDriver) Open(string) (driver.Conn, error) { return memConn{d}, nil }

type memConn struct{ d *memDriver }

func (c memConn) Prepare(query string) (driver.Stmt, error) { return memStmt{c.d, query}, nil }
func (c memConn) Close() error                              { return nil }
func (c memConn) Begin() (driver.Tx, error)                 { return nil, errors.New("no transactions") }

type memStmt struct {
	d     *memDriver
	query string
}

func (s memStmt) Close() error  { return nil }
func (s memStmt) NumInput() int { return -1 }
func (s memStmt) Exec(args []driver.Value) (driver.Result, error) {
	s.d.mu.Lock()
	defer s.d.mu.Unlock()
	s.d.rows = append(s.d.rows, args...)
	return driver.RowsAffected(len(args)), nil
}
func (s memStmt) Query([]driver.Value) (driver.Rows, error) {
	s.d.mu.Lock()
	defer s.d.mu.Unlock()
	return &memRows{rows: append([]driver.Value(nil), s.d.rows...)}, nil
}

type memRows struct {
	rows []driver.Value
	next int
}

func (r *memRows) Columns() []string { return []string{"iri"} }
func (r *memRows) Close() error      { return nil }
func (r *memRows) Next(dest []driver.Value) error {
	if r.next == len(r.rows) {
		return io.EOF
	}
	dest[0] = r.rows[r.next]
	r.next++
	return nil
}

var registerMem sync.Once

func TestSQL(t *testing.T) {
	d := &memDriver{}
	registerMem.Do(func() { sql.Register("iri-mem", memProxy) })
	memProxy.d = d
	db, err := sql.Open("iri-mem", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	in := []IRI{MustParse("http://résumé.example.org/Dürst"), mustRef(t, "../a?b")}
	for _, i := range in {
		if _, err := db.Exec("INSERT", i.String()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec("INSERT", nil); err != nil { // SQL NULL
		t.Fatal(err)
	}
	d.rows = append(d.rows, []byte("http://bytes.example/"), "http://a b/")
	rows, err := db.Query("SELECT")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var i IRI
		if err := rows.Scan(&i); err != nil {
			got = append(got, "error")
			continue
		}
		got = append(got, fmt.Sprintf("%q", i))
	}
	want := `["http://résumé.example.org/Dürst" "../a?b" "" "http://bytes.example/" error]`
	if fmt.Sprint(got) != want {
		t.Errorf("SQL round trip: %s, want %s", fmt.Sprint(got), want)
	}
	var i IRI
	if err := i.Scan(42); err == nil {
		t.Error("Scan accepted an int")
	}
	// A NULL column is the zero IRI, whatever the value held before.
	i = MustParse("http://before.example/")
	if err := i.Scan(nil); err != nil || i != (IRI{}) {
		t.Errorf("Scan(nil) = %v, leaving %q; want the zero IRI", err, i)
	}
}

func TestURLInterop(t *testing.T) {
	u, err := MustParse("http://résumé.example.org/Dürst?q=€#frag").URL()
	if err != nil {
		t.Fatal(err)
	}
	if u.Host != "xn--rsum-bpad.example.org" || u.Path != "/Dürst" || u.RawQuery != "q=%E2%82%AC" || u.Fragment != "frag" {
		t.Errorf("URL() = %#v", u)
	}
	if u.String() != "http://xn--rsum-bpad.example.org/D%C3%BCrst?q=%E2%82%AC#frag" {
		t.Errorf("URL().String() = %q", u)
	}
	if _, err := MustParse("http://a\u05d0.example/").URL(); err == nil {
		t.Error("URL() of an invalid IDN host gave no error")
	}
	// A percent-encoded unreserved octet in a host is decoded (RFC 3986,
	// sections 2.3 and 6.2.2.2); an octet net/url cannot carry is an error.
	for _, tt := range []struct{ in, host string }{
		{"http://ex%61mple.com/", "example.com"},
		{"foo://ex%61mple%2Ecom/", "example.com"},
		{"foo://r%C3%A9sum%C3%A9.example/", "résumé.example"},
	} {
		u, err := MustParse(tt.in).URL()
		if err != nil || u.Host != tt.host {
			t.Errorf("URL(%q) = %v, %v; want host %q", tt.in, u, err, tt.host)
		}
	}
	if _, err := MustParse("foo://ex%20ample/").URL(); err == nil || !strings.Contains(err.Error(), "%20") {
		t.Errorf("URL of a host with %%20: %v, want an error naming it", err)
	}
	back, err := FromURL(u)
	if err != nil || back.ToIRI().String() != "http://xn--rsum-bpad.example.org/Dürst?q=€#frag" {
		t.Errorf("FromURL = %q, %v", back, err)
	}
	if _, err := FromURL(&url.URL{Scheme: "http", Host: `a"b`}); err == nil {
		t.Error(`FromURL accepted a host with a "`)
	}
}
