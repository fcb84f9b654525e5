package uritemplate_test

import (
	"errors"
	"fmt"

	"github.com/iri-go/iri/uritemplate"
)

func Example() {
	t := uritemplate.MustParse("https://api.example.com/users/{user}/repos{?type,page}")
	s, err := t.Expand(map[string]any{"user": "octocat", "type": "owner", "page": 2})
	if err != nil {
		panic(err)
	}
	fmt.Println(s)
	fmt.Println(t.Variables(), t.Level())
	// Output:
	// https://api.example.com/users/octocat/repos?type=owner&page=2
	// [user type page] 3
}

func ExampleParse() {
	_, err := uritemplate.Parse("http://example.com/dictionary/{term:1}/{term")
	fmt.Println(err)
	fmt.Println(errors.Is(err, uritemplate.ErrUnclosed))
	_, err = uritemplate.Parse("{var:10000}")
	fmt.Println(err)
	var e *uritemplate.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, e.Rule, e.Err == uritemplate.ErrPrefix)
	}
	// Output:
	// uritemplate: parse "http://example.com/dictionary/{term:1}/{term": unbalanced brace at byte 39 (rule expression): "{" without its "}"
	// true
	// uritemplate: parse "{var:10000}": invalid prefix modifier at byte 5 (rule prefix): 10000 is out of range; a prefix is a number from 1 to 9999 (section 2.4.1)
	// 5 prefix true
}

func ExampleTemplate_Expand() {
	t := uritemplate.MustParse("/search{?q,lang}{&tags*}{#section}")
	s, _ := t.Expand(map[string]any{
		"q":       "café crème",
		"tags":    []string{"a", "b"},
		"section": "top/1",
	})
	fmt.Println(s)
	// Output:
	// /search?q=caf%C3%A9%20cr%C3%A8me&tags=a&tags=b#top/1
}

func ExampleTemplate_ExpandIRI() {
	t := uritemplate.MustParse("http://example.org/wiki/{title}")
	vars := map[string]any{"title": "Dürst"}
	i, _ := t.ExpandIRI(vars)
	s, _ := t.Expand(vars)
	fmt.Println(i)
	fmt.Println(i.ToURI())
	fmt.Println(s)
	// Output:
	// http://example.org/wiki/Dürst
	// http://example.org/wiki/D%C3%BCrst
	// http://example.org/wiki/D%C3%BCrst
}

func ExampleTemplate_Match() {
	t := uritemplate.MustParse("file:///{dir}/{name}.txt{?rev}")
	v, ok := t.Match("file:///docs/r%C3%A9sum%C3%A9.v2.txt?rev=3")
	fmt.Println(ok, v["dir"], v["name"], v["rev"])
	v, ok = t.Match("file:///docs/résumé.v2.txt")
	fmt.Println(ok, v["dir"], v["name"], v["rev"])
	_, ok = t.Match("file:///docs/a/b.txt")
	fmt.Println(ok)
	// A variable may not fill a segment with "..".
	_, ok = t.Match("file:///../passwd.txt")
	fmt.Println(ok)

	// Where several readings expand to the same string, the first
	// variable is defined if it can be, then as short as it can be.
	t = uritemplate.MustParse("/users{/id}{.format}{/rest*}")
	v, _ = t.Match("/users/42.json/a/b")
	fmt.Println(v["id"], v["format"], v["rest"])
	// Output:
	// true docs résumé.v2 3
	// true docs résumé.v2 <nil>
	// false
	// false
	// 42 json [a b]
}

func ExampleTemplate_MatchRaw() {
	t := uritemplate.MustParse("https://api.example.com{+path}")
	// A value of a "+" expression may end the authority: Match refuses
	// what names another host, MatchRaw reads it as RFC 6570 would.
	_, ok := t.Match("https://api.example.com@evil.com/")
	fmt.Println(ok)
	v, ok := t.MatchRaw("https://api.example.com@evil.com/")
	fmt.Println(ok, v["path"])
	v, ok = t.Match("https://api.example.com/v1/users")
	fmt.Println(ok, v["path"])
	// Output:
	// false
	// true @evil.com/
	// true /v1/users
}

func ExampleTemplate_ExpandLimit() {
	t := uritemplate.MustParse("/{a}/{a}/{a}")
	_, err := t.ExpandLimit(map[string]any{"a": "0123456789"}, 24)
	fmt.Println(err)
	fmt.Println(errors.Is(err, uritemplate.ErrTooLong))
	// Output:
	// uritemplate: expand "/{a}/{a}/{a}": expansion too long at byte 9 (rule expression): the expansion passes 24 bytes here
	// true
}
