#!/usr/bin/env bash
# Builds the documentation offline and checks it, in four parts, one summary line each, then
# checks that the benchmarks still compile (a fifth):
#   1. symbol graphs: ThumbLab and ThumbLabStats compiled with -emit-symbol-graph, each
#      module's graphs (its own and its extension graphs) copied to
#      .build/docs/symbol-graphs/<Module>/;
#   2. docc: `docc convert` of Sources/ThumbLab/ThumbLab.docc and
#      Sources/ThumbLabStats/ThumbLabStats.docc with --warnings-as-errors into
#      .build/docs/<Module>.doccarchive (a missing catalogue fails);
#   3. coverage: Tests/docs/undocumented.py lists every public symbol without a doc comment
#      (its header gives the rule), as `path:line symbol`;
#   4. code blocks: Tests/docs/code_blocks.py compiles every ```swift block of README.md and
#      both catalogues as a program of its own and runs it beside the demo's database.
#   5. benchmarks: `swift build --package-path Benchmarks` (a debug build into
#      Benchmarks/.build), so that a change to the public API that breaks a benchmark fails
#      here; the benchmarks are a package of their own on ThumbLab's public API.
# Exits non-zero when any part fails. Needs swift (with docc, which the toolchain ships)
# and python3, and the thumblab binary for the demo database: $THUMBLAB, else
# .build/debug/thumblab (`swift build --product thumblab`, or `swift test`).
#
# The blocks' package (.build/docs/examples/package) depends on this one by path; part 1
# builds ThumbLab's target through it, and part 4 builds the blocks with the same flags,
# so that ThumbLab is compiled once for both.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=.build/docs
graphs=$root/$work/symbol-graphs
examples=$work/examples
logs=$work/logs
mkdir -p "$logs" "$graphs/all"

thumblab=${THUMBLAB:-.build/debug/thumblab}
if ! [ -x "$thumblab" ]; then
    echo "Docs: no thumblab binary at $thumblab; build it with 'swift build --product thumblab'" \
        "(or 'swift test'), or set THUMBLAB to its path." >&2
    exit 1
fi
thumblab=$(cd "$(dirname "$thumblab")" && pwd)/$(basename "$thumblab")
failed=0
start=$SECONDS
# fail LINE: counts a failed part and prints its summary line.
fail() {
    failed=$((failed + 1))
    echo "FAIL  $1"
}

# 1. Symbol graphs. The flags go to every module compiled, so the blocks' build below passes
# the same ones and reuses these modules.
graph_flags=(-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/all")
python3 Tests/docs/code_blocks.py generate . "$examples" >"$logs/generate.log" 2>&1 \
    || { cat "$logs/generate.log"; fail "code blocks: cannot read the Markdown files"; exit 1; }
part=$SECONDS
if swift build --package-path "$examples/package" --target ThumbLab "${graph_flags[@]}" \
    >"$logs/symbol-graphs.log" 2>&1; then
    missing=()
    for module in ThumbLab ThumbLabStats; do
        rm -rf "${graphs:?}/$module" && mkdir -p "$graphs/$module"
        if [ -f "$graphs/all/$module.symbols.json" ]; then
            cp "$graphs/all/$module.symbols.json" "$graphs/$module/"
            # Extension graphs: ThumbLab@Swift.symbols.json and the like.
            find "$graphs/all" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$graphs/$module/" \;
        else
            missing+=("$module")
        fi
    done
    if [ ${#missing[@]} -eq 0 ]; then
        echo "PASS  symbol graphs: $(cd "$graphs" && echo ThumbLab/* ThumbLabStats/*) in $graphs" \
            "($((SECONDS - part)) s)"
    else
        fail "symbol graphs: the build wrote none for ${missing[*]} (log: $logs/symbol-graphs.log)"
    fi
else
    tail -40 "$logs/symbol-graphs.log" | sed 's/^/    /'
    fail "symbol graphs: ThumbLab does not build (log: $logs/symbol-graphs.log)"
fi

# 2. The catalogues, converted with every warning an error.
for module in ThumbLab ThumbLabStats; do
    catalogue=Sources/$module/$module.docc
    part=$SECONDS
    if ! [ -d "$catalogue" ]; then
        fail "docc $module: there is no catalogue $catalogue"
        continue
    fi
    if ! [ -f "$graphs/$module/$module.symbols.json" ]; then
        fail "docc $module: no symbol graph to convert with"
        continue
    fi
    rm -rf "$work/$module.doccarchive"
    if docc convert "$catalogue" --additional-symbol-graph-dir "$graphs/$module" \
        --output-dir "$work/$module.doccarchive" --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.thumblab.$module" --warnings-as-errors \
        >"$logs/docc-$module.log" 2>&1; then
        echo "PASS  docc $module: $work/$module.doccarchive ($((SECONDS - part)) s)"
    else
        # Each diagnostic with the place docc gives on its next line (`  --> FILE:LINE:COLUMN`,
        # relative to the catalogue), as a path from the repository's root.
        awk -v catalogue="$catalogue" -v sources="Sources/$module" '
            /^(warning|error): / { if (message != "") print message; message = $0; next }
            /^ *--> / && message != "" {
                sub(/^ *--> /, "")
                if (substr($0, 1, 3) == "../") $0 = sources "/" substr($0, 4)
                else if (substr($0, 1, 1) != "/") $0 = catalogue "/" $0
                print message " (" $0 ")"; message = ""; next
            }
            END { if (message != "") print message }' "$logs/docc-$module.log" >"$logs/docc-$module.txt"
        head -40 "$logs/docc-$module.txt" | sed 's/^/    /'
        fail "docc $module: $(wc -l <"$logs/docc-$module.txt") warnings or errors (log: $logs/docc-$module.log)"
    fi
done

# 3. Coverage: every public symbol documented.
if [ -f "$graphs/ThumbLab/ThumbLab.symbols.json" ] && [ -f "$graphs/ThumbLabStats/ThumbLabStats.symbols.json" ]; then
    python3 Tests/docs/undocumented.py --root . "$graphs/ThumbLab" "$graphs/ThumbLabStats" \
        >"$logs/undocumented.txt" 2>&1
    status=$?
    summary=$(tail -n 1 "$logs/undocumented.txt")
    if [ $status -eq 0 ]; then
        echo "PASS  coverage: $summary"
    else
        head -n -1 "$logs/undocumented.txt" | head -40 | sed 's/^/    /'
        [ "$(wc -l <"$logs/undocumented.txt")" -gt 41 ] && echo "    ... (all of them in $logs/undocumented.txt)"
        fail "coverage: $summary"
    fi
else
    fail "coverage: no symbol graphs to read"
fi

# 4. Every ```swift block compiles and runs.
python3 Tests/docs/code_blocks.py check . "$examples" "$thumblab" "${graph_flags[@]}" \
    || failed=$((failed + 1))

# 5. The benchmarks compile against the public API.
part=$SECONDS
if swift build --package-path Benchmarks >"$logs/benchmarks.log" 2>&1; then
    echo "PASS  benchmarks: swift build --package-path Benchmarks ($((SECONDS - part)) s)"
else
    grep -E "error:" "$logs/benchmarks.log" | sort -u | head -40 | sed 's/^/    /'
    fail "benchmarks: the Benchmarks package does not build (log: $logs/benchmarks.log)"
fi

echo "Docs: $failed parts failed ($((SECONDS - start)) s)"
[ "$failed" -eq 0 ]
