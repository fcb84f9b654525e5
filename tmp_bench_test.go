package iri
import "testing"
var tmpI = MustParse("https://www.klineco.com/index.html")
func BenchmarkTmpParse(b *testing.B) { for i := 0; i < b.N; i++ { x, _ := Parse(tmpI.s); benchSink += x.pathEnd } }
func BenchmarkTmpNormSyntax(b *testing.B) { for i := 0; i < b.N; i++ { benchSink += len(tmpI.Normalize(SyntaxBased).s) } }
func BenchmarkTmpCanon(b *testing.B) { for i := 0; i < b.N; i++ { if syntaxCanonical(&tmpI, 0) { benchSink++ } } }
func BenchmarkTmpTraits(b *testing.B) { for i := 0; i < b.N; i++ { benchSink += int(traitsOf(tmpI.Host())) } }
func BenchmarkTmpNormScheme(b *testing.B) { for i := 0; i < b.N; i++ { benchSink += len(tmpI.Normalize(SchemeBased).s) } }
