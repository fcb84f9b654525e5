package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestCanon(t *testing.T) {
	tests := []struct {
		args       []string
		stdin      string
		wantStatus int
		wantOut    string
		wantErr    string
	}{
		{[]string{"canon", "-preset", "safebrowsing"}, "http://www.GOOgle.com/a/../b?x#f\nHTTP://3279880203/blah\n", 0,
			"http://www.google.com/b?x\nhttp://195.127.0.11/blah\n", ""},
		{[]string{"canon", "-surt", "http://www.archive.org/goo/?a=2&b&a=1"}, "", 0, "org,archive)/goo?a=1&a=2&b\n", ""},
		{[]string{"canon", "-surt", "-with-scheme", "-trailing-comma", "-keep-www", "http://www.example.com/"}, "", 0, "http://(com,example,www,)/\n", ""},
		{[]string{"canon", "-preset", "safebrowsing", "-sort-query", "-drop-param", "utm_*", "-drop-param", "sid", "http://a/?utm_x=1&b&SID=2&a"}, "", 0,
			"http://a/?a&b\n", ""},
		{[]string{"canon", "-preset", "safebrowsing", "-json", "mailto:x"}, "", 1,
			`{"input":"mailto:x","error":"canon: cannot canonicalize \"mailto:x\": missing-authority at offset 7","offset":7,"rule":"missing-authority"}` + "\n", ""},
		{[]string{"canon", "-preset", "nope", "http://a/"}, "", 2, "", "unknown preset"},
		{[]string{"canon", "-drop-param", "", "http://a/"}, "", 2, "", "empty parameter name"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		status := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
		if status != tt.wantStatus || stdout.String() != tt.wantOut || !strings.Contains(stderr.String(), tt.wantErr) {
			t.Errorf("iri %q < %q: status %d, out %q, err %q; want %d, %q, %q", tt.args, tt.stdin, status, stdout.String(), stderr.String(), tt.wantStatus, tt.wantOut, tt.wantErr)
		}
	}
}
