// Command irikeys reads text files of URLs, one a line (a crawl's URL
// list, an access log's targets, the links of a set of pages), and writes
// their canonical keys, each once with the number of lines that gave it,
// and a file of the lines it rejected, with their file, line number and
// error. It is an Apache Beam pipeline: the same binary runs on one
// machine (Beam's prism runner, the default) and on Dataflow, Flink or
// Spark by the runner's flags.
//
// Usage:
//
//	irikeys --input GLOB [--input GLOB]... --output FILE [--rejects FILE]
//	        [--preset NAME] [--surt] [--base URL] [--shards N] [Beam's flags]
//
// The keys are those of `iri canon`: the dedup preset by default (what a
// crawl treats as one page), another preset with --preset, SURT keys with
// --surt (the archive preset unless --preset is given). With --base, each
// line is first read as an href in a page at that URL.
//
// The output is one line per key: the key, a tab, the count; with
// --shards N, N files OUTPUT-00000-of-0000N..., a key always in the same
// one, each sorted (byte order, as LC_ALL=C sort), so that `sort -m`
// merges them. The rejects are JSON lines ({"file", "line", "input",
// "stage", "error"}) in one file, sorted by file and line: by default
// OUTPUT-rejects.jsonl. Every line read is in exactly one of the two: the
// counts and the rejects add up to the lines of the input.
//
// Examples (the README's "At scale" has the cluster commands):
//
//	irikeys --input 'crawl/urls-*.txt.gz' --output keys.tsv
//	irikeys --runner=dataflow --project=P --region=R --temp_location=gs://B/tmp \
//	        --input 'gs://B/urls/*.gz' --output gs://B/keys --shards 64
package main

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"log"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/iri-go/iri/beam/iribeam"
	"github.com/iri-go/iri/web"
	"github.com/iri-go/iri/web/canon"
)

func init() {
	register.DoFn2x2[string, int, int, string](&shardFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeKeysFn{})
	register.DoFn3x1[context.Context, int, func(*iribeam.Reject) bool, error](&writeRejectsFn{})
	register.Function1x2(keyReject)
	register.Iter1[string]()
	register.Iter1[iribeam.Reject]()
}

// A config is what a run does: the flags, checked.
type config struct {
	Inputs  []string // globs
	Output  string
	Rejects string
	Shards  int
	// Canonicalizer makes the keys, or SURT when it is not nil.
	Canonicalizer canon.Canonicalizer
	SURT          *canon.SURT
	Base          web.URL // the zero URL: none
}

func main() {
	c, err := parseFlags(flag.CommandLine, os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "irikeys:", err)
		fmt.Fprintln(os.Stderr, "usage: irikeys --input GLOB --output FILE [--rejects FILE] [--preset NAME] [--surt] [--base URL] [--shards N] [Beam's flags, -h for all]")
		os.Exit(2)
	}
	beam.Init()
	p, s := beam.NewPipelineWithRoot()
	build(s, c)
	if err := beamx.Run(context.Background(), p); err != nil {
		log.Fatalf("irikeys: %v", err)
	}
}

// parseFlags reads the flags of irikeys, beside those Beam's packages
// define on fs (--runner and each runner's).
func parseFlags(fs *flag.FlagSet, args []string) (config, error) {
	var c config
	fs.Func("input", "read the text files that match `GLOB` (local, gs://, s3:// ...; .gz decompressed); repeatable", func(s string) error {
		c.Inputs = append(c.Inputs, s)
		return nil
	})
	fs.StringVar(&c.Output, "output", "", "write the keys and their counts to `FILE` (a prefix with --shards)")
	fs.StringVar(&c.Rejects, "rejects", "", "write the rejected lines to `FILE` as JSON lines (default OUTPUT-rejects.jsonl)")
	fs.IntVar(&c.Shards, "shards", 1, "write the keys into `N` files")
	preset := fs.String("preset", "", "canonicalizer: archive, dedup, safebrowsing or semantic (default dedup; archive with --surt)")
	surt := fs.Bool("surt", false, "write SURT keys, as web archives' CDX indexes")
	base := fs.String("base", "", "read each line as an href in a page at `URL`")
	fs.StringVar(&beamlog.LogLevel, "log_level", "warn", "Beam's log `level`: debug, info, warn or error")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	switch {
	case fs.NArg() > 0:
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case len(c.Inputs) == 0:
		return c, errors.New("no --input")
	case c.Output == "":
		return c, errors.New("no --output")
	case c.Shards < 1:
		return c, fmt.Errorf("--shards %d: want 1 or more", c.Shards)
	}
	if c.Rejects == "" {
		c.Rejects = c.Output + "-rejects.jsonl"
	}
	name := *preset
	if name == "" {
		name = "dedup"
		if *surt {
			name = "archive"
		}
	}
	var ok bool
	if c.Canonicalizer, ok = canon.Presets[name]; !ok {
		return c, fmt.Errorf("unknown preset %q", name)
	}
	if *surt {
		c.SURT = &canon.SURT{Canonicalizer: &c.Canonicalizer}
	}
	if *base != "" {
		var err error
		if c.Base, err = web.Parse(*base); err != nil {
			return c, fmt.Errorf("--base: %w", err)
		}
	}
	return c, nil
}

// build adds the pipeline of c to s.
func build(s beam.Scope, c config) {
	lines, rejects := iribeam.ReadLines(s, c.Inputs...)
	all := []beam.PCollection{rejects}
	if c.Base != (web.URL{}) {
		lines, rejects = iribeam.Hrefs(s, c.Base, lines)
		all = append(all, rejects)
	}
	var keys beam.PCollection
	if c.SURT != nil {
		keys, rejects = iribeam.SURT(s, *c.SURT, lines)
	} else {
		keys, rejects = iribeam.Canonicalize(s, c.Canonicalizer, lines)
	}
	all = append(all, rejects)
	counts := stats.Count(s, iribeam.Texts(s, keys))
	writeKeys(s.Scope("WriteKeys"), c.Output, c.Shards, counts)
	writeRejects(s.Scope("WriteRejects"), c.Rejects, beam.Flatten(s, all...))
}

// shardName is the name of shard k of n.
func shardName(output string, k, n int) string {
	if n == 1 {
		return output
	}
	return fmt.Sprintf("%s-%05d-of-%05d", output, k, n)
}

// writeKeys writes a PCollection<KV<string, int>> as lines "key\tcount"
// into shards files, each sorted, every one written even when empty.
func writeKeys(s beam.Scope, output string, shards int, counts beam.PCollection) {
	lines := beam.ParDo(s, &shardFn{Shards: shards}, counts)
	var empty []any // one empty line per shard: every shard is written
	for k := range shards {
		empty = append(empty, shardLine{k, ""})
	}
	marks := beam.ParDo(s, splitShardLine, beam.Create(s, empty...))
	grouped := beam.GroupByKey(s, beam.Flatten(s, lines, marks))
	beam.ParDo0(s, &writeKeysFn{Output: output, Shards: shards}, grouped)
}

// A shardLine is a line of a shard, before it is a KV.
type shardLine struct {
	Shard int
	Line  string
}

func init() {
	beam.RegisterType(reflect.TypeOf((*shardLine)(nil)).Elem())
	register.Function1x2(splitShardLine)
}

func splitShardLine(l shardLine) (int, string) { return l.Shard, l.Line }

// shardFn gives each key its line and its shard, by the key's FNV-1a
// hash.
type shardFn struct {
	Shards int
}

func (f *shardFn) ProcessElement(key string, count int) (int, string) {
	h := fnv.New32a()
	io.WriteString(h, key)
	return int(h.Sum32() % uint32(f.Shards)), key + "\t" + strconv.Itoa(count)
}

type writeKeysFn struct {
	Output string
	Shards int
}

func (f *writeKeysFn) ProcessElement(ctx context.Context, shard int, iter func(*string) bool) error {
	var lines []string
	var line string
	for iter(&line) {
		if line != "" {
			lines = append(lines, line)
		}
	}
	slices.Sort(lines)
	return writeFile(ctx, shardName(f.Output, shard, f.Shards), func(w io.Writer) error {
		for _, l := range lines {
			if _, err := io.WriteString(w, l+"\n"); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeRejects writes a PCollection<iribeam.Reject> to one file of JSON
// lines, sorted by file and line, written even when there is none.
func writeRejects(s beam.Scope, name string, rejects beam.PCollection) {
	mark := beam.Create(s, iribeam.Reject{}) // the zero Reject, which no stage makes: the file is written
	grouped := beam.GroupByKey(s, beam.ParDo(s, keyReject, beam.Flatten(s, rejects, mark)))
	beam.ParDo0(s, &writeRejectsFn{Name: name}, grouped)
}

func keyReject(r iribeam.Reject) (int, iribeam.Reject) { return 0, r }

type writeRejectsFn struct {
	Name string
}

func (f *writeRejectsFn) ProcessElement(ctx context.Context, _ int, iter func(*iribeam.Reject) bool) error {
	var rejects []iribeam.Reject
	var r iribeam.Reject
	for iter(&r) {
		if r != (iribeam.Reject{}) {
			rejects = append(rejects, r)
		}
	}
	slices.SortFunc(rejects, func(a, b iribeam.Reject) int {
		return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), strings.Compare(a.Stage, b.Stage))
	})
	return writeFile(ctx, f.Name, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for _, r := range rejects {
			if err := enc.Encode(r); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeFile writes a file on the file system its name says (local, gs://,
// ...) with write, which writes to a buffer.
func writeFile(ctx context.Context, name string, write func(io.Writer) error) error {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	if err := write(bw); err != nil {
		w.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}
