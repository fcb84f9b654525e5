package web

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// The Web Platform Tests' URLSearchParams cases (directory url/ of
// https://github.com/web-platform-tests/wpt), translated into data: each
// case is one test() of a file, its calls and assertions in order. The
// files, as read for the translation:
//
//	urlsearchparams-append.any.js       wpt 49fd817603e660f9b9b93d164be821ad5c4028eb
//	urlsearchparams-constructor.any.js  wpt 447ded0d19de40718edde2edbcad777ad62d2606
//	urlsearchparams-delete.any.js       wpt d4598eba0959249d8715818a402b432c513f9492 (as vendored by nodejs/node 45c53ba1941939ff85720b28b6fb03d6bc6f0164)
//	urlsearchparams-foreach.any.js      wpt 9194bb45c5ea8c2b1debe6f7068d47ed86693837
//	urlsearchparams-get.any.js          wpt 39c743e4f7877abf16db6ace465089f6c61b2b60
//	urlsearchparams-getall.any.js       wpt 9194bb45c5ea8c2b1debe6f7068d47ed86693837
//	urlsearchparams-has.any.js          wpt, as vendored by nodejs/node 6b5a27495fb87444a6c689de8814630f8a871149
//	urlsearchparams-set.any.js          wpt 06137e6a684069a4f442624f90b91c03f22a2ab6
//	urlsearchparams-size.any.js         wpt 139a32d3512932f351bc86a9f8bea918e9a25218
//	urlsearchparams-sort.any.js         wpt 49fd817603e660f9b9b93d164be821ad5c4028eb (spSortCases)
//	urlsearchparams-stringifier.any.js  wpt 49fd817603e660f9b9b93d164be821ad5c4028eb
//	url-searchparams.any.js             wpt 49fd817603e660f9b9b93d164be821ad5c4028eb
//	urlencoded-parser.any.js            wpt 139a32d3512932f351bc86a9f8bea918e9a25218, with
//	                                    testdata/wpt/urlencoded-parser-data.json (TestURLEncodedParserData)
//
// The Web Platform Tests are released under the 3-Clause BSD License
// (testdata/wpt/README.md). JavaScript's values become Go strings as the
// standard's USVString conversion makes them (1 is "1", null is "null").
// Not translated, as they test JavaScript rather than the standard's
// list: construction from a record, an object or DOMException, a custom
// iterator, lone surrogates (a Go string holds none), object identity and
// prototypes, the TypeError of a bad sequence or of assigning
// searchParams, and the four foreach cases that change the list during a
// live iteration (All yields the pairs of the list as it was when called).
// TestSearchParamsCopies translates "URLSearchParams constructor, object".

// An spStep is one call or assertion of a URLSearchParams test.
type spStep struct {
	op          string
	name, value string
	want        any
}

// An spCase is one test() of a Web Platform Tests file. With url set, the
// list is the URL's searchParams, and every change updates the URL as the
// standard's update steps do (WithSearchParams).
type spCase struct {
	file, test string
	url        string
	steps      []spStep
}

// The operations of spStep:
//
//	init name          list = ParseSearchParams(name)
//	url name           the URL is Parse(name), the list its SearchParams
//	urlSearch name     the URL's search setter (WithSearch), the list read again
//	reparse            list = ParseSearchParams(list.String())
//	append, set, delete, deleteValue, sort    the methods
//	string, get, getAll, has, hasValue, len, pairs, noGet    assertions on the list
//	href, search, path                                  assertions on the URL
var spCases = []spCase{
	{"append", "Append same name", "", []spStep{
		{"append", "a", "b", nil}, {"string", "", "", "a=b"},
		{"append", "a", "b", nil}, {"string", "", "", "a=b&a=b"},
		{"append", "a", "c", nil}, {"string", "", "", "a=b&a=b&a=c"}}},
	{"append", "Append empty strings", "", []spStep{
		{"append", "", "", nil}, {"string", "", "", "="},
		{"append", "", "", nil}, {"string", "", "", "=&="}}},
	{"append", "Append null", "", []spStep{
		{"append", "null", "null", nil}, {"string", "", "", "null=null"},
		{"append", "null", "null", nil}, {"string", "", "", "null=null&null=null"}}},
	{"append", "Append multiple", "", []spStep{
		{"append", "first", "1", nil}, {"append", "second", "2", nil}, {"append", "third", "", nil}, {"append", "first", "10", nil},
		{"has", "first", "", true}, {"get", "first", "", "1"}, {"get", "second", "", "2"}, {"get", "third", "", ""},
		{"append", "first", "10", nil}, {"get", "first", "", "1"}}},

	{"constructor", "Basic URLSearchParams construction", "", []spStep{
		{"string", "", "", ""}, {"init", "", "", nil}, {"string", "", "", ""},
		{"init", "a=b", "", nil}, {"string", "", "", "a=b"}, {"reparse", "", "", nil}, {"string", "", "", "a=b"}}},
	{"constructor", "URLSearchParams constructor, no arguments", "", []spStep{{"string", "", "", ""}}},
	{"constructor", `URLSearchParams constructor, remove leading "?"`, "", []spStep{
		{"init", "?a=b", "", nil}, {"string", "", "", "a=b"}}},
	{"constructor", "URLSearchParams constructor, string.", "", []spStep{
		{"init", "a=b", "", nil}, {"has", "a", "", true}, {"has", "b", "", false},
		{"init", "a=b&c", "", nil}, {"has", "a", "", true}, {"has", "c", "", true},
		{"init", "&a&&& &&&&&a+b=& c&m%c3%b8%c3%b8", "", nil}, {"has", "a", "", true}, {"has", "a b", "", true},
		{"has", " ", "", true}, {"has", "c", "", false}, {"has", " c", "", true}, {"has", "møø", "", true},
		{"init", "id=0&value=%", "", nil}, {"has", "id", "", true}, {"has", "value", "", true},
		{"get", "id", "", "0"}, {"get", "value", "", "%"},
		{"init", "b=%2sf%2a", "", nil}, {"has", "b", "", true}, {"get", "b", "", "%2sf*"},
		{"init", "b=%2%2af%2a", "", nil}, {"has", "b", "", true}, {"get", "b", "", "%2*f*"},
		{"init", "b=%%2a", "", nil}, {"has", "b", "", true}, {"get", "b", "", "%*"}}},
	{"constructor", "Parse +", "", []spStep{
		{"init", "a=b+c", "", nil}, {"get", "a", "", "b c"},
		{"init", "a+b=c", "", nil}, {"get", "a b", "", "c"}}},
	{"constructor", "Parse encoded +", "", []spStep{
		{"set", "query", "+15555555555", nil}, {"string", "", "", "query=%2B15555555555"},
		{"get", "query", "", "+15555555555"}, {"reparse", "", "", nil}, {"get", "query", "", "+15555555555"}}},
	{"constructor", "Parse space", "", []spStep{
		{"init", "a=b c", "", nil}, {"get", "a", "", "b c"},
		{"init", "a b=c", "", nil}, {"get", "a b", "", "c"}}},
	{"constructor", "Parse %20", "", []spStep{
		{"init", "a=b%20c", "", nil}, {"get", "a", "", "b c"},
		{"init", "a%20b=c", "", nil}, {"get", "a b", "", "c"}}},
	{"constructor", `Parse \0`, "", []spStep{
		{"init", "a=b\x00c", "", nil}, {"get", "a", "", "b\x00c"},
		{"init", "a\x00b=c", "", nil}, {"get", "a\x00b", "", "c"}}},
	{"constructor", "Parse %00", "", []spStep{
		{"init", "a=b%00c", "", nil}, {"get", "a", "", "b\x00c"},
		{"init", "a%00b=c", "", nil}, {"get", "a\x00b", "", "c"}}},
	{"constructor", `Parse \u2384`, "", []spStep{
		{"init", "a=b\u2384", "", nil}, {"get", "a", "", "b\u2384"},
		{"init", "a\u2384b=c", "", nil}, {"get", "a\u2384b", "", "c"}}},
	{"constructor", "Parse %e2%8e%84", "", []spStep{
		{"init", "a=b%e2%8e%84", "", nil}, {"get", "a", "", "b\u2384"},
		{"init", "a%e2%8e%84b=c", "", nil}, {"get", "a\u2384b", "", "c"}}},
	{"constructor", `Parse \uD83D\uDCA9`, "", []spStep{
		{"init", "a=b\U0001F4A9c", "", nil}, {"get", "a", "", "b\U0001F4A9c"},
		{"init", "a\U0001F4A9b=c", "", nil}, {"get", "a\U0001F4A9b", "", "c"}}},
	{"constructor", "Parse %f0%9f%92%a9", "", []spStep{
		{"init", "a=b%f0%9f%92%a9c", "", nil}, {"get", "a", "", "b\U0001F4A9c"},
		{"init", "a%f0%9f%92%a9b=c", "", nil}, {"get", "a\U0001F4A9b", "", "c"}}},
	{"constructor", "Constructor with sequence of sequences of strings", "", []spStep{
		{"len", "", "", 0}, {"append", "a", "b", nil}, {"append", "c", "d", nil},
		{"get", "a", "", "b"}, {"get", "c", "", "d"}}},
	{"constructor", "Construct with object with +", "", []spStep{
		{"append", "+", "%C2", nil}, {"pairs", "", "", [][2]string{{"+", "%C2"}}}}},
	{"constructor", "Construct with object with two keys", "", []spStep{
		{"append", "c", "x", nil}, {"append", "a", "?", nil}, {"pairs", "", "", [][2]string{{"c", "x"}, {"a", "?"}}}}},
	{"constructor", "Construct with array with two keys", "", []spStep{
		{"append", "c", "x", nil}, {"append", "a", "?", nil}, {"pairs", "", "", [][2]string{{"c", "x"}, {"a", "?"}}}}},

	{"delete", "Delete basics", "", []spStep{
		{"init", "a=b&c=d", "", nil}, {"delete", "a", "", nil}, {"string", "", "", "c=d"},
		{"init", "a=a&b=b&a=a&c=c", "", nil}, {"delete", "a", "", nil}, {"string", "", "", "b=b&c=c"},
		{"init", "a=a&=&b=b&c=c", "", nil}, {"delete", "", "", nil}, {"string", "", "", "a=a&b=b&c=c"},
		{"init", "a=a&null=null&b=b", "", nil}, {"delete", "null", "", nil}, {"string", "", "", "a=a&b=b"},
		{"init", "a=a&undefined=undefined&b=b", "", nil}, {"delete", "undefined", "", nil}, {"string", "", "", "a=a&b=b"}}},
	{"delete", "Deleting appended multiple", "", []spStep{
		{"append", "first", "1", nil}, {"has", "first", "", true}, {"get", "first", "", "1"},
		{"delete", "first", "", nil}, {"has", "first", "", false},
		{"append", "first", "1", nil}, {"append", "first", "10", nil}, {"delete", "first", "", nil}, {"has", "first", "", false}}},
	{"delete", "Deleting all params removes ? from URL", "http://example.com/?param1&param2", []spStep{
		{"delete", "param1", "", nil}, {"delete", "param2", "", nil},
		{"href", "", "", "http://example.com/"}, {"search", "", "", ""}}},
	{"delete", "Removing non-existent param removes ? from URL", "http://example.com/?", []spStep{
		{"delete", "param1", "", nil}, {"href", "", "", "http://example.com/"}, {"search", "", "", ""}}},
	{"delete", "Changing the query of a URL with an opaque path with trailing spaces", "data:space    ?test", []spStep{
		{"has", "test", "", true}, {"delete", "test", "", nil}, {"has", "test", "", false},
		{"search", "", "", ""}, {"path", "", "", "space   %20"}, {"href", "", "", "data:space   %20"}}},
	{"delete", "Changing the query of a URL with an opaque path with trailing spaces and a fragment", "data:space    ?test#test", []spStep{
		{"delete", "test", "", nil}, {"search", "", "", ""}, {"path", "", "", "space   %20"},
		{"href", "", "", "data:space   %20#test"}}},
	{"delete", "Two-argument delete()", "", []spStep{
		{"append", "a", "b", nil}, {"append", "a", "c", nil}, {"append", "a", "d", nil},
		{"deleteValue", "a", "c", nil}, {"string", "", "", "a=b&a=d"}}},
	{"delete", "Two-argument delete() respects undefined as second arg", "", []spStep{
		{"append", "a", "b", nil}, {"append", "a", "c", nil}, {"append", "b", "c", nil}, {"append", "b", "d", nil},
		{"deleteValue", "b", "c", nil}, {"delete", "a", "", nil}, {"string", "", "", "b=d"}}},

	{"foreach", "ForEach Check", "", []spStep{
		{"init", "a=1&b=2&c=3", "", nil}, {"pairs", "", "", [][2]string{{"a", "1"}, {"b", "2"}, {"c", "3"}}}}},
	{"foreach", "empty", "http://a.b/c", []spStep{{"pairs", "", "", [][2]string(nil)}}},

	{"get", "Get basics", "", []spStep{
		{"init", "a=b&c=d", "", nil}, {"get", "a", "", "b"}, {"get", "c", "", "d"}, {"noGet", "e", "", nil},
		{"init", "a=b&c=d&a=e", "", nil}, {"get", "a", "", "b"},
		{"init", "=b&c=d", "", nil}, {"get", "", "", "b"},
		{"init", "a=&c=d&a=e", "", nil}, {"get", "a", "", ""}}},
	{"get", "More get() basics", "", []spStep{
		{"init", "first=second&third&&", "", nil}, {"has", "first", "", true}, {"get", "first", "", "second"},
		{"get", "third", "", ""}, {"noGet", "fourth", "", nil}}},

	{"getall", "getAll() basics", "", []spStep{
		{"init", "a=b&c=d", "", nil}, {"getAll", "a", "", []string{"b"}}, {"getAll", "c", "", []string{"d"}},
		{"getAll", "e", "", []string(nil)},
		{"init", "a=b&c=d&a=e", "", nil}, {"getAll", "a", "", []string{"b", "e"}},
		{"init", "=b&c=d", "", nil}, {"getAll", "", "", []string{"b"}},
		{"init", "a=&c=d&a=e", "", nil}, {"getAll", "a", "", []string{"", "e"}}}},
	{"getall", "getAll() multiples", "", []spStep{
		{"init", "a=1&a=2&a=3&a", "", nil}, {"has", "a", "", true}, {"getAll", "a", "", []string{"1", "2", "3", ""}},
		{"set", "a", "one", nil}, {"get", "a", "", "one"}, {"getAll", "a", "", []string{"one"}}}},

	{"has", "Has basics", "", []spStep{
		{"init", "a=b&c=d", "", nil}, {"has", "a", "", true}, {"has", "c", "", true}, {"has", "e", "", false},
		{"init", "a=b&c=d&a=e", "", nil}, {"has", "a", "", true},
		{"init", "=b&c=d", "", nil}, {"has", "", "", true},
		{"init", "null=a", "", nil}, {"has", "null", "", true}}},
	{"has", "has() following delete()", "", []spStep{
		{"init", "a=b&c=d&&", "", nil}, {"append", "first", "1", nil}, {"append", "first", "2", nil},
		{"has", "a", "", true}, {"has", "c", "", true}, {"has", "first", "", true}, {"has", "d", "", false},
		{"delete", "first", "", nil}, {"has", "first", "", false}}},
	{"has", "Two-argument has()", "", []spStep{
		{"init", "a=b&a=d&c&e&", "", nil}, {"hasValue", "a", "b", true}, {"hasValue", "a", "c", false},
		{"hasValue", "a", "d", true}, {"hasValue", "e", "", true},
		{"append", "first", "null", nil}, {"hasValue", "first", "", false}, {"hasValue", "first", "null", true},
		{"deleteValue", "a", "b", nil}, {"hasValue", "a", "d", true}}},
	{"has", "Two-argument has() respects undefined as second arg", "", []spStep{
		{"init", "a=b&a=d&c&e&", "", nil}, {"hasValue", "a", "b", true}, {"hasValue", "a", "c", false},
		{"hasValue", "a", "d", true}, {"has", "a", "", true}}},

	{"set", "Set basics", "", []spStep{
		{"init", "a=b&c=d", "", nil}, {"set", "a", "B", nil}, {"string", "", "", "a=B&c=d"},
		{"init", "a=b&c=d&a=e", "", nil}, {"set", "a", "B", nil}, {"string", "", "", "a=B&c=d"},
		{"set", "e", "f", nil}, {"string", "", "", "a=B&c=d&e=f"}}},
	{"set", "URLSearchParams.set", "", []spStep{
		{"init", "a=1&a=2&a=3", "", nil}, {"has", "a", "", true}, {"get", "a", "", "1"}, {"string", "", "", "a=1&a=2&a=3"},
		{"set", "first", "4", nil}, {"has", "a", "", true}, {"get", "a", "", "1"}, {"string", "", "", "a=1&a=2&a=3&first=4"},
		{"set", "a", "4", nil}, {"has", "a", "", true}, {"get", "a", "", "4"}, {"string", "", "", "a=4&first=4"}}},

	{"size", "URLSearchParams's size and deletion", "", []spStep{
		{"init", "a=1&b=2&a=3", "", nil}, {"len", "", "", 3}, {"delete", "a", "", nil}, {"len", "", "", 1}}},
	{"size", "URLSearchParams's size and addition", "", []spStep{
		{"init", "a=1&b=2&a=3", "", nil}, {"len", "", "", 3}, {"append", "b", "4", nil}, {"len", "", "", 4}}},
	{"size", "URLSearchParams's size when obtained from a URL", "http://localhost/query?a=1&b=2&a=3", []spStep{
		{"len", "", "", 3}, {"delete", "a", "", nil}, {"len", "", "", 1}, {"append", "b", "4", nil}, {"len", "", "", 2}}},
	{"size", "URLSearchParams's size when obtained from a URL and using .search", "http://localhost/query?a=1&b=2&a=3", []spStep{
		{"len", "", "", 3}, {"urlSearch", "?", "", nil}, {"len", "", "", 0}}},

	{"sort", "Sorting non-existent params removes ? from URL", "http://example.com/?", []spStep{
		{"sort", "", "", nil}, {"href", "", "", "http://example.com/"}, {"search", "", "", ""}}},

	{"stringifier", "Serialize space", "", []spStep{
		{"append", "a", "b c", nil}, {"string", "", "", "a=b+c"},
		{"delete", "a", "", nil}, {"append", "a b", "c", nil}, {"string", "", "", "a+b=c"}}},
	{"stringifier", "Serialize empty value", "", []spStep{
		{"append", "a", "", nil}, {"string", "", "", "a="}, {"append", "a", "", nil}, {"string", "", "", "a=&a="},
		{"append", "", "b", nil}, {"string", "", "", "a=&a=&=b"}, {"append", "", "", nil}, {"string", "", "", "a=&a=&=b&="},
		{"append", "", "", nil}, {"string", "", "", "a=&a=&=b&=&="}}},
	{"stringifier", "Serialize empty name", "", []spStep{
		{"append", "", "b", nil}, {"string", "", "", "=b"}, {"append", "", "b", nil}, {"string", "", "", "=b&=b"}}},
	{"stringifier", "Serialize empty name and value", "", []spStep{
		{"append", "", "", nil}, {"string", "", "", "="}, {"append", "", "", nil}, {"string", "", "", "=&="}}},
	{"stringifier", "Serialize +", "", []spStep{
		{"append", "a", "b+c", nil}, {"string", "", "", "a=b%2Bc"},
		{"delete", "a", "", nil}, {"append", "a+b", "c", nil}, {"string", "", "", "a%2Bb=c"}}},
	{"stringifier", "Serialize =", "", []spStep{
		{"append", "=", "a", nil}, {"string", "", "", "%3D=a"}, {"append", "b", "=", nil}, {"string", "", "", "%3D=a&b=%3D"}}},
	{"stringifier", "Serialize &", "", []spStep{
		{"append", "&", "a", nil}, {"string", "", "", "%26=a"}, {"append", "b", "&", nil}, {"string", "", "", "%26=a&b=%26"}}},
	{"stringifier", "Serialize *-._", "", []spStep{
		{"append", "a", "*-._", nil}, {"string", "", "", "a=*-._"},
		{"delete", "a", "", nil}, {"append", "*-._", "c", nil}, {"string", "", "", "*-._=c"}}},
	{"stringifier", "Serialize %", "", []spStep{
		{"append", "a", "b%c", nil}, {"string", "", "", "a=b%25c"},
		{"delete", "a", "", nil}, {"append", "a%b", "c", nil}, {"string", "", "", "a%25b=c"},
		{"init", "id=0&value=%", "", nil}, {"string", "", "", "id=0&value=%25"}}},
	{"stringifier", `Serialize \0`, "", []spStep{
		{"append", "a", "b\x00c", nil}, {"string", "", "", "a=b%00c"},
		{"delete", "a", "", nil}, {"append", "a\x00b", "c", nil}, {"string", "", "", "a%00b=c"}}},
	{"stringifier", `Serialize \uD83D\uDCA9`, "", []spStep{
		{"append", "a", "b\U0001F4A9c", nil}, {"string", "", "", "a=b%F0%9F%92%A9c"},
		{"delete", "a", "", nil}, {"append", "a\U0001F4A9b", "c", nil}, {"string", "", "", "a%F0%9F%92%A9b=c"}}},
	{"stringifier", "URLSearchParams.toString", "", []spStep{
		{"init", "a=b&c=d&&e&&", "", nil}, {"string", "", "", "a=b&c=d&e="},
		{"init", "a = b &a=b&c=d%20", "", nil}, {"string", "", "", "a+=+b+&a=b&c=d+"},
		{"init", "a=&a=b", "", nil}, {"string", "", "", "a=&a=b"},
		{"init", "b=%2sf%2a", "", nil}, {"string", "", "", "b=%252sf*"},
		{"init", "b=%2%2af%2a", "", nil}, {"string", "", "", "b=%252*f*"},
		{"init", "b=%%2a", "", nil}, {"string", "", "", "b=%25*"}}},
	{"stringifier", "URLSearchParams connected to URL", "http://www.example.com/?a=b,c", []spStep{
		{"href", "", "", "http://www.example.com/?a=b,c"}, {"string", "", "", "a=b%2Cc"},
		{"append", "x", "y", nil}, {"href", "", "", "http://www.example.com/?a=b%2Cc&x=y"}, {"string", "", "", "a=b%2Cc&x=y"}}},
	{"stringifier", "URLSearchParams must not do newline normalization", "http://www.example.com/", []spStep{
		{"append", "a\nb", "c\rd", nil}, {"append", "e\n\rf", "g\r\nh", nil},
		{"string", "", "", "a%0Ab=c%0Dd&e%0A%0Df=g%0D%0Ah"}}},

	{"url-searchparams", "URL.searchParams updating, clearing", "http://example.org/?a=b", []spStep{
		{"string", "", "", "a=b"}, {"set", "a", "b", nil}, {"string", "", "", "a=b"}, {"search", "", "", "?a=b"},
		{"urlSearch", "", "", nil}, {"string", "", "", ""}, {"search", "", "", ""}}},
	{"url-searchparams", "URL.searchParams and URL.search setters, update propagation", "http://example.org/file?a=b&c=d", []spStep{
		{"search", "", "", "?a=b&c=d"}, {"string", "", "", "a=b&c=d"},
		{"urlSearch", "e=f&g=h", "", nil}, {"search", "", "", "?e=f&g=h"}, {"string", "", "", "e=f&g=h"},
		{"urlSearch", "?e=f&g=h", "", nil}, {"search", "", "", "?e=f&g=h"}, {"string", "", "", "e=f&g=h"},
		{"append", "i", " j ", nil}, {"search", "", "", "?e=f&g=h&i=+j+"}, {"string", "", "", "e=f&g=h&i=+j+"}, {"get", "i", "", " j "},
		{"set", "e", "updated", nil}, {"search", "", "", "?e=updated&g=h&i=+j+"}, {"get", "e", "", "updated"},
		{"url", "http://example.org/file??a=b&c=d", "", nil}, {"search", "", "", "??a=b&c=d"}, {"string", "", "", "%3Fa=b&c=d"},
		{"url", "http://example.org/file??a=b", "", nil}, {"search", "", "", "??a=b"}, {"string", "", "", "%3Fa=b"}}},
}

// spSortCases are urlsearchparams-sort.any.js's inputs and the pairs they
// sort to; each runs as "Parse and sort" and "URL parse and sort".
var spSortCases = []struct {
	input string
	want  [][2]string
}{
	{"z=b&a=b&z=a&a=a", [][2]string{{"a", "b"}, {"a", "a"}, {"z", "b"}, {"z", "a"}}},
	{"\uFFFD=x&\uFFFC&\uFFFD=a", [][2]string{{"\uFFFC", ""}, {"\uFFFD", "x"}, {"\uFFFD", "a"}}},
	{"ﬃ&🌈", [][2]string{{"🌈", ""}, {"ﬃ", ""}}},
	{"é&e\uFFFD&e\u0301", [][2]string{{"e\u0301", ""}, {"e\uFFFD", ""}, {"é", ""}}},
	{"z=z&a=a&z=y&a=b&z=x&a=c&z=w&a=d&z=v&a=e&z=u&a=f&z=t&a=g", [][2]string{{"a", "a"}, {"a", "b"}, {"a", "c"}, {"a", "d"},
		{"a", "e"}, {"a", "f"}, {"a", "g"}, {"z", "z"}, {"z", "y"}, {"z", "x"}, {"z", "w"}, {"z", "v"}, {"z", "u"}, {"z", "t"}}},
	{"bbb&bb&aaa&aa=x&aa=y", [][2]string{{"aa", "x"}, {"aa", "y"}, {"aaa", ""}, {"bb", ""}, {"bbb", ""}}},
	{"z=z&=f&=t&=x", [][2]string{{"", "f"}, {"", "t"}, {"", "x"}, {"z", "z"}}},
	{"a🌈&a💩", [][2]string{{"a🌈", ""}, {"a💩", ""}}},
}

func pairsOf(p SearchParams) [][2]string {
	var pairs [][2]string
	for name, value := range p.All() {
		pairs = append(pairs, [2]string{name, value})
	}
	return pairs
}

// TestSearchParamsWPT runs the translated cases: every assertion of a case
// must hold for it to pass.
func TestSearchParamsWPT(t *testing.T) {
	passed, total := 0, 0
	for _, c := range spCases {
		total++
		if runSPCase(t, c) {
			passed++
		}
	}
	base := MustParse("https://example/")
	for _, c := range spSortCases {
		total += 2
		p := ParseSearchParams(c.input)
		p.Sort()
		if got := pairsOf(p); !slices.Equal(got, c.want) {
			t.Errorf("sort: Parse and sort: %q: %q, want %q", c.input, got, c.want)
		} else {
			passed++
		}
		u, err := base.Parse("?" + c.input)
		if err != nil {
			t.Errorf("sort: URL parse and sort: %q: %v", c.input, err)
			continue
		}
		p = u.SearchParams()
		p.Sort()
		u = u.WithSearchParams(p)
		if got := pairsOf(ParseSearchParams(u.Search())); !slices.Equal(got, c.want) {
			t.Errorf("sort: URL parse and sort: %q: %q (search %q), want %q", c.input, got, u.Search(), c.want)
		} else {
			passed++
		}
	}
	t.Logf("urlsearchparams-*.any.js, url-searchparams.any.js: %d/%d", passed, total)
}

func runSPCase(t *testing.T, c spCase) bool {
	t.Helper()
	var u URL
	var p SearchParams
	if c.url != "" {
		u = MustParse(c.url)
		p = u.SearchParams()
	}
	ok := true
	fail := func(k int, got any) {
		s := c.steps[k]
		t.Errorf("%s: %s: step %d %s(%q, %q) = %#v, want %#v", c.file, c.test, k, s.op, s.name, s.value, got, s.want)
		ok = false
	}
	for k, s := range c.steps {
		changed := false
		switch s.op {
		case "init":
			p = ParseSearchParams(s.name)
		case "url":
			u = MustParse(s.name)
			p = u.SearchParams()
		case "urlSearch":
			u = u.WithSearch(s.name)
			p = u.SearchParams()
		case "reparse":
			p = ParseSearchParams(p.String())
		case "append":
			p.Append(s.name, s.value)
			changed = true
		case "set":
			p.Set(s.name, s.value)
			changed = true
		case "delete":
			p.Delete(s.name)
			changed = true
		case "deleteValue":
			p.DeleteValue(s.name, s.value)
			changed = true
		case "sort":
			p.Sort()
			changed = true
		case "string":
			if got := p.String(); got != s.want {
				fail(k, got)
			}
		case "get":
			if got, found := p.Get(s.name); got != s.want || !found {
				fail(k, got)
			}
		case "noGet":
			if got, found := p.Get(s.name); got != "" || found {
				fail(k, got)
			}
		case "getAll":
			if got := p.GetAll(s.name); !slices.Equal(got, s.want.([]string)) || (got == nil) != (s.want.([]string) == nil) {
				fail(k, got)
			}
		case "has":
			if got := p.Has(s.name); got != s.want {
				fail(k, got)
			}
		case "hasValue":
			if got := p.HasValue(s.name, s.value); got != s.want {
				fail(k, got)
			}
		case "len":
			if got := p.Len(); got != s.want {
				fail(k, got)
			}
		case "pairs":
			if got := pairsOf(p); !slices.Equal(got, s.want.([][2]string)) {
				fail(k, got)
			}
		case "href":
			if got := u.String(); got != s.want {
				fail(k, got)
			}
		case "search":
			if got := u.Search(); got != s.want {
				fail(k, got)
			}
		case "path":
			if got := u.Path(); got != s.want {
				fail(k, got)
			}
		default:
			t.Fatalf("%s: %s: unknown step %q", c.file, c.test, s.op)
		}
		if changed && c.url != "" {
			u = u.WithSearchParams(p) // the update steps
		}
	}
	return ok
}

// TestURLEncodedParserData runs the Web Platform Tests'
// urlencoded-parser-data.json (testdata/wpt), the cases of
// urlencoded-parser.any.js: the pairs ParseSearchParams reads from each
// input.
func TestURLEncodedParserData(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "wpt", "urlencoded-parser-data.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Input  string      `json:"input"`
		Output [][2]string `json:"output"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	passed := 0
	for _, c := range cases {
		got := pairsOf(ParseSearchParams(c.Input))
		if len(got) == 0 && len(c.Output) == 0 || slices.Equal(got, c.Output) {
			passed++
			continue
		}
		t.Errorf("ParseSearchParams(%q) = %q, want %q", c.Input, got, c.Output)
	}
	if len(cases) != 35 {
		t.Errorf("urlencoded-parser-data.json has %d cases, want 35", len(cases))
	}
	t.Logf("urlencoded-parser-data.json: %d/%d", passed, len(cases))
}

// TestSearchParamsCopies: a copy of a SearchParams is independent of the
// original, whichever of the two changes (the Web Platform Tests'
// "URLSearchParams constructor, object.", and the aliasing a shared array
// would cause: appends into the same spare capacity, and changes in place).
func TestSearchParamsCopies(t *testing.T) {
	seed := ParseSearchParams("a=b&c=d")
	params := seed
	if v, _ := params.Get("a"); v != "b" || params.Has("d") {
		t.Errorf("copy: Get(a) = %q, Has(d) = %v", v, params.Has("d"))
	}
	seed.Append("e", "f")
	if params.Has("e") {
		t.Error("an Append to the original shows in the copy")
	}
	params.Append("g", "h")
	if seed.Has("g") || seed.String() != "a=b&c=d&e=f" || params.String() != "a=b&c=d&g=h" {
		t.Errorf("after appends to both: seed %q, copy %q", seed.String(), params.String())
	}

	// Two copies of a list with spare capacity append to it.
	var a SearchParams
	a.Append("x", "1")
	a.Append("y", "2")
	a.Append("z", "3") // cap 4
	b, c := a, a
	b.Append("b", "1")
	c.Append("c", "1")
	a.Append("a", "1")
	if b.String() != "x=1&y=2&z=3&b=1" || c.String() != "x=1&y=2&z=3&c=1" || a.String() != "x=1&y=2&z=3&a=1" {
		t.Errorf("appends to copies: a %q, b %q, c %q", a.String(), b.String(), c.String())
	}
	// Changes in place of the original do not show in a copy.
	d := a
	a.Set("x", "9")
	a.Delete("y")
	a.Sort()
	a.DeleteValue("z", "3")
	if d.String() != "x=1&y=2&z=3&a=1" || a.String() != "a=1&x=9" {
		t.Errorf("after Set, Delete, Sort, DeleteValue: original %q, copy %q", a.String(), d.String())
	}
	// A copy assigned back to a variable that appended past its length
	// does not write over what another copy of that variable holds.
	var e SearchParams
	e.Append("a", "1")
	e.Append("b", "2")
	e.Append("c", "3") // room for a fourth
	f := e
	e.Append("d", "4")
	g := e
	e = f
	e.Append("x", "0")
	if g.String() != "a=1&b=2&c=3&d=4" || e.String() != "a=1&b=2&c=3&x=0" || f.String() != "a=1&b=2&c=3" {
		t.Errorf("after e = f: e %q, f %q, g %q", e.String(), f.String(), g.String())
	}
	// Copies appended to in goroutines of their own (go test -race).
	done := make(chan string)
	for k := range 4 {
		go func() {
			q := g
			for range 50 {
				q.Append("k", string(rune('0'+k)))
			}
			done <- q.String()
		}()
	}
	for range 4 {
		if s := <-done; len(s) != len("a=1&b=2&c=3&d=4")+50*len("&k=0") {
			t.Errorf("a copy appended to in a goroutine: %q", s)
		}
	}
	// A loop over All sees the list as it was.
	var seen []string
	for name := range a.All() {
		a.Delete(name)
		a.Append("n", "1")
		seen = append(seen, name)
	}
	if !slices.Equal(seen, []string{"a", "x"}) {
		t.Errorf("All during changes yielded %q, want [a x]", seen)
	}
}

// TestSearchParamsAppendAmortized: appends grow the list in place, as
// append does (the number of allocations, not time, is counted: a list
// copied at every Append would allocate a thousand times), and a copy's
// first Append gives it a list of its own, once.
func TestSearchParamsAppendAmortized(t *testing.T) {
	n := testing.AllocsPerRun(10, func() {
		var p SearchParams
		for range 1000 {
			p.Append("a", "b")
		}
	})
	if n > 24 {
		t.Errorf("1000 Appends allocate %v times, want at most 24", n)
	}
	var p SearchParams
	for range 100 {
		p.Append("a", "b")
	}
	n = testing.AllocsPerRun(10, func() {
		q := p
		for range 10 {
			q.Append("c", "d")
		}
	})
	if n > 2 {
		t.Errorf("10 Appends to a copy of 100 pairs allocate %v times, want at most 2", n)
	}
}
