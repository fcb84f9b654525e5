package main

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"flag"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/iri-go/iri/beam/iribeam"
	"github.com/iri-go/iri/web"
	"github.com/iri-go/iri/web/canon"
)

// The pipeline runs on Beam's prism runner, in the process, as irikeys
// runs by default; its logs below warnings are left out.
func TestMain(m *testing.M) {
	beamlog.LogLevel = "warn"
	ptest.Main(m)
}

// want is what the library, called in a loop over the lines of the input
// files, makes of them: the count of each key and the rejects.
type want struct {
	lines   int
	counts  map[string]int
	rejects []iribeam.Reject
}

// loop reads each file as text lines on its own terms (split at "\n", a
// "\r" before it dropped, no line after a final "\n") and calls key on
// each line, as a program without Beam would.
func loop(t *testing.T, files []string, key func(string) (k, stage string, err error)) want {
	t.Helper()
	w := want{counts: map[string]int{}}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".gz") {
			zr, err := gzip.NewReader(strings.NewReader(string(data)))
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			if _, err := bufio.NewReader(zr).WriteTo(&b); err != nil {
				t.Fatal(err)
			}
			data = []byte(b.String())
		}
		text := string(data)
		if text == "" {
			continue
		}
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		for n, line := range lines {
			line = strings.TrimSuffix(line, "\r")
			w.lines++
			k, stage, err := key(line)
			if err != nil {
				w.rejects = append(w.rejects, iribeam.Reject{File: name, Line: int64(n + 1), Input: line, Stage: stage, Error: err.Error()})
				continue
			}
			w.counts[k]++
		}
	}
	return w
}

// got reads what a run wrote: the keys of every shard, and the rejects.
func got(t *testing.T, c config) want {
	t.Helper()
	g := want{counts: map[string]int{}}
	for k := range c.Shards {
		data, err := os.ReadFile(shardName(c.Output, k, c.Shards))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		if len(data) == 0 {
			lines = nil
		}
		if !slices.IsSorted(lines) {
			t.Errorf("shard %d of %d is not sorted", k, c.Shards)
		}
		for _, line := range lines {
			key, n, ok := strings.Cut(line, "\t")
			count, err := strconv.Atoi(n)
			if !ok || err != nil || count < 1 {
				t.Fatalf("shard %d: line %q is not key, tab, count", k, line)
			}
			if _, dup := g.counts[key]; dup {
				t.Errorf("key %q written twice", key)
			}
			g.counts[key] = count
			g.lines += count
		}
	}
	data, err := os.ReadFile(c.Rejects)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	for dec.More() {
		var r iribeam.Reject
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		g.rejects = append(g.rejects, r)
		g.lines++
	}
	return g
}

func run(t *testing.T, c config) {
	t.Helper()
	p, s := beam.NewPipelineWithRoot()
	build(s, c)
	if _, err := ptest.RunWithMetrics(p); err != nil {
		t.Fatal(err)
	}
}

func compare(t *testing.T, g, w want) {
	t.Helper()
	if g.lines != w.lines {
		t.Errorf("%d lines in the keys' counts and the rejects, want the %d lines read", g.lines, w.lines)
	}
	if !maps.Equal(g.counts, w.counts) {
		n := 0
		for k, c := range w.counts {
			if g.counts[k] != c && n < 10 {
				t.Errorf("key %q: count %d, want %d", k, g.counts[k], c)
				n++
			}
		}
		for k, c := range g.counts {
			if _, ok := w.counts[k]; !ok && n < 20 {
				t.Errorf("key %q (count %d) not made by the library", k, c)
				n++
			}
		}
		t.Errorf("%d keys, want %d", len(g.counts), len(w.counts))
	}
	if !reflect.DeepEqual(g.rejects, w.rejects) {
		t.Errorf("%d rejects, want %d", len(g.rejects), len(w.rejects))
		for k := range min(len(g.rejects), len(w.rejects), 10) {
			if g.rejects[k] != w.rejects[k] {
				t.Errorf("reject %d = %+v, want %+v", k, g.rejects[k], w.rejects[k])
			}
		}
	}
}

// sample returns the committed sample, a gzipped copy of it, and the
// samples of the corpora of the iri module's testdata.
func sample(t *testing.T) []string {
	dir := t.TempDir()
	data, err := os.ReadFile("../../testdata/urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	plain := filepath.Join(dir, "urls.txt")
	zipped := filepath.Join(dir, "urls-copy.txt.gz")
	if err := os.WriteFile(plain, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(zipped)
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	corpora, err := filepath.Glob("../../../testdata/corpus-*.txt")
	if err != nil || len(corpora) != 3 {
		t.Fatalf("the corpus samples of ../../../testdata: %v, %v", corpora, err)
	}
	return append([]string{plain, zipped}, corpora...)
}

// TestSample checks the keys and rejects of the committed sample by hand,
// and that the pipeline writes them.
func TestSample(t *testing.T) {
	dir := t.TempDir()
	c, err := parseFlags(flag.NewFlagSet("irikeys", flag.ContinueOnError),
		[]string{"--input", "../../testdata/urls.txt", "--output", filepath.Join(dir, "keys.tsv")})
	if err != nil {
		t.Fatal(err)
	}
	run(t, c)
	keys, err := os.ReadFile(c.Output)
	if err != nil {
		t.Fatal(err)
	}
	// The dedup preset: case, default port, www, fragment, dot segments,
	// tracking parameters, session identifiers and the order of the
	// query go; the IPv4 address is read as browsers read it.
	wantKeys := `ftp://files.example.com/pub	1
http://192.168.0.1:8080/x	2
http://a/b%20c	1
http://example.com/	3
http://example.com/a/c	2
http://example.com/crlf	2
http://example.com/last-line-without-newline	1
http://xn--80ak6aa92e.com/	1
https://example.com/?id=7	3
https://example.org/path?a=1&b=2	2
https://xn--bcher-kva.example/Stra%C3%9Fe	2
mailto:someone@example.com	1
`
	if string(keys) != wantKeys {
		t.Errorf("keys:\n%s\nwant:\n%s", keys, wantKeys)
	}
	var places []string
	for _, r := range got(t, c).rejects {
		places = append(places, r.File+":"+strconv.FormatInt(r.Line, 10)+" "+r.Stage+" "+r.Input)
	}
	want := []string{
		"../../testdata/urls.txt:8 canonicalize ",
		"../../testdata/urls.txt:9 canonicalize not a url",
		"../../testdata/urls.txt:10 canonicalize /relative/path?q=1",
		"../../testdata/urls.txt:11 canonicalize ../up.html",
		"../../testdata/urls.txt:12 canonicalize http://[::1",
		"../../testdata/urls.txt:22 canonicalize //example.net/scheme-relative",
	}
	if !slices.Equal(places, want) {
		t.Errorf("rejects:\n%s\nwant:\n%s", strings.Join(places, "\n"), strings.Join(want, "\n"))
	}
}

// TestPipeline runs the pipeline on the samples with each kind of key and
// compares with the library called in a loop: the same keys, the same
// counts, the same rejects, and every line in one of them.
func TestPipeline(t *testing.T) {
	files := sample(t)
	dir := t.TempDir()
	base, err := web.Parse("http://example.org/dir/page.html")
	if err != nil {
		t.Fatal(err)
	}
	dedupSURT := &canon.SURT{Canonicalizer: &canon.Dedup}
	for _, tt := range []struct {
		name string
		c    config
		key  func(string) (string, string, error)
	}{
		{"dedup", config{Canonicalizer: canon.Dedup, Shards: 1}, at("canonicalize", canon.Dedup.Canonicalize)},
		{"semantic", config{Canonicalizer: canon.Semantic, Shards: 3}, at("canonicalize", canon.Semantic.Canonicalize)},
		{"surt", config{SURT: dedupSURT, Shards: 2}, at("surt", dedupSURT.Key)},
		{"base", config{Canonicalizer: canon.Archive, Base: base, Shards: 1}, func(s string) (string, string, error) {
			u, err := base.Parse(s)
			if err != nil {
				return "", "hrefs", err
			}
			return at("canonicalize", canon.Archive.Canonicalize)(u.String())
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.c.Inputs = []string{filepath.Join(filepath.Dir(files[0]), "*"), "../../../testdata/corpus-*.txt"}
			tt.c.Output = filepath.Join(dir, tt.name)
			tt.c.Rejects = filepath.Join(dir, tt.name+"-rejects.jsonl")
			run(t, tt.c)
			w := loop(t, files, tt.key)
			sortRejects(w.rejects)
			compare(t, got(t, tt.c), w)
		})
	}
}

// at names the stage of key's errors.
func at(stage string, key func(string) (string, error)) func(string) (string, string, error) {
	return func(s string) (string, string, error) {
		k, err := key(s)
		return k, stage, err
	}
}

func sortRejects(r []iribeam.Reject) {
	slices.SortStableFunc(r, func(a, b iribeam.Reject) int {
		if a.File != b.File {
			return strings.Compare(a.File, b.File)
		}
		return int(a.Line - b.Line)
	})
}

// TestCorpus runs the pipeline over ../shared/corpus, the three corpora
// in full (244,356 lines), when it is there beside the repository.
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("../../../../shared/corpus/*.txt")
	if len(files) == 0 {
		t.Skip("no ../shared/corpus beside the repository")
	}
	if testing.Short() {
		t.Skip("-short")
	}
	dir := t.TempDir()
	c := config{Inputs: []string{"../../../../shared/corpus/*.txt"}, Output: filepath.Join(dir, "keys"),
		Rejects: filepath.Join(dir, "rejects.jsonl"), Shards: 4, Canonicalizer: canon.Dedup}
	run(t, c)
	w := loop(t, files, at("canonicalize", canon.Dedup.Canonicalize))
	compare(t, got(t, c), w)
	t.Logf("%d lines, %d keys, %d rejects", w.lines, len(w.counts), len(w.rejects))
}

func TestFlags(t *testing.T) {
	for _, tt := range []struct {
		args    []string
		want    config
		wantErr string
	}{
		{[]string{"--input", "a", "--output", "k"},
			config{Inputs: []string{"a"}, Output: "k", Rejects: "k-rejects.jsonl", Shards: 1, Canonicalizer: canon.Dedup}, ""},
		{[]string{"--input", "a", "--input", "b*", "--output", "k", "--rejects", "r", "--shards", "8", "--preset", "semantic"},
			config{Inputs: []string{"a", "b*"}, Output: "k", Rejects: "r", Shards: 8, Canonicalizer: canon.Semantic}, ""},
		{[]string{"--input", "a", "--output", "k", "--surt"},
			config{Inputs: []string{"a"}, Output: "k", Rejects: "k-rejects.jsonl", Shards: 1, Canonicalizer: canon.Archive,
				SURT: &canon.SURT{Canonicalizer: &canon.Archive}}, ""},
		{[]string{"--output", "k"}, config{}, "no --input"},
		{[]string{"--input", "a"}, config{}, "no --output"},
		{[]string{"--input", "a", "--output", "k", "--shards", "0"}, config{}, "--shards 0: want 1 or more"},
		{[]string{"--input", "a", "--output", "k", "--preset", "x"}, config{}, `unknown preset "x"`},
		{[]string{"--input", "a", "--output", "k", "--base", "nope"}, config{}, "--base: web: parse"},
		{[]string{"--input", "a", "--output", "k", "extra"}, config{}, `unexpected argument "extra"`},
	} {
		fs := flag.NewFlagSet("irikeys", flag.ContinueOnError)
		fs.SetOutput(new(strings.Builder))
		c, err := parseFlags(fs, tt.args)
		if tt.wantErr != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
				t.Errorf("parseFlags(%q) = %v, want an error %q", tt.args, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(c, tt.want) {
			t.Errorf("parseFlags(%q) = %+v, %v; want %+v", tt.args, c, err, tt.want)
		}
	}
}

// TestBinary builds irikeys and runs it as a user does, on its default
// runner, and on the direct runner.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: links a 150 MB binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "irikeys")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	input := "../../testdata/urls.txt"
	w := loop(t, []string{input}, at("canonicalize", canon.Dedup.Canonicalize))
	for _, runner := range []string{"", "direct"} {
		out := filepath.Join(dir, "keys"+runner)
		args := []string{"--input", input, "--output", out}
		if runner != "" {
			args = append(args, "--runner", runner)
		}
		cmd := exec.Command(bin, args...)
		if stderr, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("irikeys %s: %v\n%s", strings.Join(args, " "), err, stderr)
		}
		compare(t, got(t, config{Output: out, Shards: 1, Rejects: out + "-rejects.jsonl"}), w)
	}
	cmd := exec.Command(bin, "--output", "k")
	if stderr, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(stderr), "irikeys: no --input") {
		t.Errorf("irikeys without --input: %v, %s; want exit status 2 and the error", err, stderr)
	}
}
