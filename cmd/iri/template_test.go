package main

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestTemplateCommands(t *testing.T) {
	tests := []struct {
		args       []string
		stdin      string
		wantStatus int
		wantOut    string // exact standard output
		wantErr    string // a substring of standard error
	}{
		{[]string{"expand", "http://example.com/{user}/repos{?q,tags}", "user=dürst", "q=a b", "tags=x,y"}, "", 0,
			"http://example.com/d%C3%BCrst/repos?q=a%20b&tags=x,y\n", ""},
		{[]string{"expand", "-iri", "http://example.com/{user}{?q}", "user=dürst", "q="}, "", 0,
			"http://example.com/dürst?q=\n", ""},
		{[]string{"expand", "-json", "{x}", "x=1"}, "", 0, `{"input":"{x}","output":"1"}` + "\n", ""},
		{[]string{"expand", "{a..b}"}, "", 1, "",
			"uritemplate: parse \"{a..b}\": invalid variable name at byte 3 (rule varname): \".\" must be followed by a letter, a digit, \"_\" or a percent-encoding (section 2.3)\n  \"{a..b}\"\n      ^\n"},
		{[]string{"expand", "-json", "{a:0}"}, "", 1,
			`{"input":"{a:0}","error":"uritemplate: parse \"{a:0}\": invalid prefix modifier at byte 3 (rule prefix): a prefix is a number from 1 to 9999, without leading zeros (section 2.4.1)","offset":3,"rule":"prefix","kind":"invalid prefix modifier"}` + "\n", ""},
		{[]string{"expand", "{x:1}", "x=a,b"}, "", 1, "", "uritemplate: expand \"{x:1}\": invalid value at byte 1 (rule prefix)"},
		{[]string{"expand", "-iri", "{+x}", "x=a#b#c"}, "", 1, "", "'#' (U+0023) not allowed in the fragment"},
		{[]string{"expand", "{x}", "oops"}, "", 2, "", `"oops" is not name=value`},
		{[]string{"expand"}, "", 2, "", "want a TEMPLATE\nusage: iri expand"},
		{[]string{"match", "http://example.com/{user}{?q,tags}"},
			"http://example.com/d%C3%BCrst?q=a%20b&tags=x,y\nhttp://other/\nhttp://x/a b\n", 1,
			"http://example.com/d%C3%BCrst?q=a%20b&tags=x,y\n  user \"dürst\"\n  q \"a b\"\n  tags [\"x\" \"y\"]\n",
			"line 2: no match: \"http://other/\"\n"},
		{[]string{"match", "-json", "/{a}{?b*}", "/x?b=1&b=2", "/x?c=1", "/x?b"}, "", 1,
			`{"input":"/x?b=1&b=2","match":true,"variables":{"a":"x","b":["1","2"]}}` + "\n" +
				`{"input":"/x?c=1","match":true,"variables":{"a":"x","b":[["c","1"]]}}` + "\n" +
				`{"input":"/x?b","match":false}` + "\n", ""},
		{[]string{"match", "/{a}{?b*}", "/x?c=1&d="}, "", 0, "/x?c=1&d=\n  a \"x\"\n  b [\"c\"=\"1\" \"d\"=\"\"]\n", ""},
		{[]string{"match", "-json", "/{a}", "/x"}, "", 0, `{"input":"/x","match":true,"variables":{"a":"x"}}` + "\n", ""},
		{[]string{"match", "-lenient", "/{a}"}, " /a b\n", 0, "/a%20b\n  a \"a b\"\n", "read leniently"},
		{[]string{"match", "{"}, "", 1, "", `"{" without its "}"`},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		status := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
		if status != tt.wantStatus || stdout.String() != tt.wantOut || !strings.Contains(stderr.String(), tt.wantErr) {
			t.Errorf("iri %q: status %d, stdout %q, stderr %q; want %d, %q, %q",
				tt.args, status, stdout.String(), stderr.String(), tt.wantStatus, tt.wantOut, tt.wantErr)
		}
	}
}

// TestMatchJSONNotUTF8: values that are not UTF-8 ("%FF" decodes to the
// byte 0xFF) come again in variables_go, each string a Go string literal;
// in variables, encoding/json writes U+FFFD for them (escaped or not, as
// the Go release has it).
func TestMatchJSONNotUTF8(t *testing.T) {
	var stdout, stderr bytes.Buffer
	status := run([]string{"match", "-json", "/{a}{/b*}{?c*}", "/%FF/%C3/x?%FE=%E9"}, strings.NewReader(""), &stdout, &stderr)
	var got struct {
		Match       bool           `json:"match"`
		Variables   map[string]any `json:"variables"`
		VariablesGo map[string]any `json:"variables_go"`
		InputGo     string         `json:"input_go"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil || status != 0 || !got.Match {
		t.Fatalf("status %d, %q, %v", status, stdout.String(), err)
	}
	wantGo := map[string]any{
		"a": `"\xff"`,
		"b": []any{`"\xc3"`, `"x"`},
		"c": []any{[]any{`"\xfe"`, `"\xe9"`}},
	}
	if !reflect.DeepEqual(got.VariablesGo, wantGo) || got.InputGo != "" {
		t.Errorf("variables_go %#v, input_go %q; want %#v", got.VariablesGo, got.InputGo, wantGo)
	}
	if got.Variables["a"] != "\ufffd" {
		t.Errorf("variables %#v", got.Variables)
	}
}
