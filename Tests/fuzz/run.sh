#!/usr/bin/env bash
# Fuzzes ThumbLab's readers with libFuzzer.
#
#   Tests/fuzz/run.sh TARGET|all [EXECUTIONS]      (default: all 100000)
#
# Targets (Tests/fuzz/targets/): csv (CSV logs, and GoFitts sd1 files), json (JSON array
# logs, and LAYOUT.json documents), jsonl (JSON Lines logs), touches (touch logs through
# the trial deriver). Each target reads its input through ReaderEntryPoints as an import
# does, header to derived trials, and checks what the records promise.
#
# The library is compiled once with `swiftc -sanitize=fuzzer,address` into .build/fuzz/
# (again only when a source changes); each target runs under `nice -n 19` for
# EXECUTIONS inputs, seeded with Tests/fuzz/seeds/TARGET, the crash inputs kept under
# Tests/ThumbLabTests/Fixtures/fuzz/TARGET and small heads of the bundled data sets.
# The corpus it grows stays in .build/fuzz/corpus/TARGET for the next run.
# Prints executions, exec/s, new corpus units, coverage and findings per target; a
# finding (crash, hang, memory error, broken invariant, runaway memory use) is saved under
# .build/fuzz/findings/TARGET/ and makes the script exit 1. Each run is logged in
# .build/fuzz/ledger.tsv (time, target, executions, findings); runs on the same corpus
# add up, and the script ends with each target's executions so far.
# Where the toolchain cannot build with the sanitizer, it says that it skips and exits 0;
# where ThumbLab or a target does not compile with it, it fails.
#
# Environment: FUZZ_JOBS=N runs N targets at once (default: the number of cores);
# FUZZ_MAX_LEN (default 4096) bounds the input size; FUZZ_TIMEOUT (default 10) is the
# seconds one input may take; FUZZ_MAX_TIME=S stops each target after S seconds even
# short of EXECUTIONS.
set -euo pipefail
cd "$(dirname "$0")/../.."
targets=(csv json jsonl touches)
target=${1:-all}
executions=${2:-100000}
case "$target" in
    all) selected=("${targets[@]}") ;;
    csv | json | jsonl | touches) selected=("$target") ;;
    *)
        echo "usage: Tests/fuzz/run.sh csv|json|jsonl|touches|all [EXECUTIONS]" >&2
        exit 2
        ;;
esac
if ! [[ "$executions" =~ ^[1-9][0-9]*$ ]]; then
    echo "EXECUTIONS must be a positive whole number, found '$executions'" >&2
    exit 2
fi

build=.build/fuzz
mkdir -p "$build/lib" "$build/bin"
skip() {
    echo "fuzzing skipped: $1" >&2
    echo "fuzz: 0 targets run (skipped)"
    exit 0
}
command -v swiftc >/dev/null || skip "no swiftc on the PATH"
# Whether this toolchain can build a fuzz target at all; past this point a build failure
# is a defect of ThumbLab's sources or targets, and fails.
fail() {
    echo "fuzz: $1" >&2
    exit 1
}
# The probe's files are this process's own: targets run side by side each start here.
probe=$build/probe-$$
printf '%s\n' '@_cdecl("LLVMFuzzerTestOneInput")' \
    'public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { 0 }' >"$probe.swift"
swiftc -sanitize=fuzzer,address -parse-as-library "$probe.swift" -o "$probe" >"$probe.log" 2>&1 \
    || { mv "$probe.log" "$build/probe.log"; skip "this toolchain cannot build with -sanitize=fuzzer,address (see $build/probe.log)"; }
rm -f "$probe" "$probe.swift" "$probe.log"

# The library, compiled once per change of its sources: ThumbLabStats plainly, ThumbLab
# with the fuzzer's coverage and AddressSanitizer, testable so that the targets reach the
# readers' internal entry points.
stats_sources=$(find Sources/ThumbLabStats -name '*.swift' | LC_ALL=C sort)
library_sources=$(find Sources/ThumbLab -name '*.swift' | LC_ALL=C sort)
flags="-O -sanitize=fuzzer,address"
stamp=$({
    echo "$flags"
    swiftc --version 2>&1
    cat $stats_sources $library_sources Sources/CSQLite/* Sources/CZlib/* Sources/CCrypto/*
} | sha256sum | cut -d' ' -f1)
log=$build/build.log
# Targets run side by side use the library their parent built (FUZZ_PREBUILT), even when a
# source has changed since: each building it again would race on the same files.
if [ -z "${FUZZ_PREBUILT:-}" ] && [ "$(cat "$build/lib/stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "Building the fuzzing library in $build (swiftc $flags)..."
    rm -f "$build/lib/stamp" "$build"/bin/*
    started=$SECONDS
    # shellcheck disable=SC2086
    if ! swiftc -Onone -wmo -parse-as-library -package-name thumblab -module-name ThumbLabStats \
        -emit-module -emit-module-path "$build/lib/ThumbLabStats.swiftmodule" \
        -c -o "$build/lib/ThumbLabStats.o" $stats_sources >"$log" 2>&1; then
        tail -n 20 "$log" >&2
        fail "ThumbLabStats did not compile for fuzzing (see $log)"
    fi
    # shellcheck disable=SC2086
    if ! swiftc $flags -wmo -parse-as-library -enable-testing -package-name thumblab -module-name ThumbLab \
        -I "$build/lib" -I Sources/CSQLite -I Sources/CZlib -I Sources/CCrypto \
        -emit-module -emit-module-path "$build/lib/ThumbLab.swiftmodule" \
        -c -o "$build/lib/ThumbLab.o" $library_sources >>"$log" 2>&1; then
        tail -n 20 "$log" >&2
        fail "ThumbLab did not compile with -sanitize=fuzzer,address (see $log)"
    fi
    echo "$stamp" >"$build/lib/stamp"
    echo "Built the library in $((SECONDS - started)) s."
fi

# One binary per target, rebuilt when the library or the target's sources change.
build_target() {
    local name=$1 binary=$build/bin/$1
    local sources=(Tests/fuzz/Support.swift "Tests/fuzz/targets/$name.swift")
    if [ -x "$binary" ] && [ "$binary" -nt "$build/lib/stamp" ] && [ "$binary" -nt "${sources[0]}" ] \
        && [ "$binary" -nt "${sources[1]}" ]; then
        return 0
    fi
    swiftc $flags -parse-as-library -package-name thumblab -module-name "Fuzz_$name" \
        -I "$build/lib" -I Sources/CSQLite -I Sources/CZlib -I Sources/CCrypto \
        -o "$binary" "${sources[@]}" "$build/lib/ThumbLab.o" "$build/lib/ThumbLabStats.o" \
        -lsqlite3 -lz -lcrypto >>"$log" 2>&1
}

# libFuzzer saves an input that took over 10 s as slow-unit-*, and one still running at
# the timeout as timeout-* (and then stops); a nice-19 process starved by other work can
# take that long on a few milliseconds of work. Each such unit is run again alone: one
# that still takes over a second is kept as a finding, the others are reported with their
# time and removed. `load_timeouts` counts the timeouts removed.
load_timeouts=0
recheck_slow_units() {
    local name=$1 findings=$2 unit took
    for unit in "$findings"/slow-unit-* "$findings"/timeout-*; do
        [ -f "$unit" ] || continue
        took=$(ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:malloc_context_size=0 \
            "$build/bin/$name" "$unit" 2>&1 | sed -n 's/^Executed .* in \([0-9]*\) ms$/\1/p' | tail -n 1)
        if [ -n "$took" ] && [ "$took" -lt 1000 ]; then
            echo "  $name: $(basename "$unit") was slow only under load (${took} ms alone); removed"
            rm -f "$unit"
            case "$(basename "$unit")" in timeout-*) load_timeouts=$((load_timeouts + 1)) ;; esac
        fi
    done
}

# Seeds: the hand-made edge cases, the kept crash inputs and heads of the data sets.
seed_folder() {
    local name=$1 folder=$build/seeds/$1
    rm -rf "$folder"
    mkdir -p "$folder"
    cp Tests/fuzz/seeds/"$name"/* "$folder"/
    if [ -d "Tests/ThumbLabTests/Fixtures/fuzz/$name" ]; then
        find "Tests/ThumbLabTests/Fixtures/fuzz/$name" -type f -exec cp {} "$folder"/ \;
    fi
    case "$name" in
        csv)
            for file in Datasets/*/*.csv Tests/ThumbLabTests/Fixtures/fitts/*.csv \
                Tests/ThumbLabTests/Fixtures/fitts/*.sd1; do
                [ -f "$file" ] && head -n 12 "$file" >"$folder/$(echo "$file" | tr / _)"
            done
            ;;
        touches)
            # The touch rows of the bundled study under the header with a trial column.
            if [ -f Datasets/thumbspace-vs-shift/touches.csv ]; then
                sed -n '2,13p' Datasets/thumbspace-vs-shift/touches.csv \
                    | cut -d, -f1,2,5- | sed '1s/^/0/' >"$folder/dataset-touches"
            fi
            ;;
        json)
            for file in Datasets/*/*.json; do
                [ -f "$file" ] && head -c 3000 "$file" >"$folder/$(echo "$file" | tr / _)"
            done
            ;;
    esac
    echo "$folder"
}

status=0
summary=()
run_target() {
    local name=$1
    if ! build_target "$name"; then
        tail -n 20 "$log" >&2
        fail "the $name target did not compile with -sanitize=fuzzer,address (see $log)"
    fi
    local corpus=$build/corpus/$name findings=$build/findings/$name seeds output
    mkdir -p "$corpus" "$findings"
    seeds=$(seed_folder "$name")
    output=$build/$name.log
    local dictionary=Tests/fuzz/csv.dict
    case "$name" in json | jsonl) dictionary=Tests/fuzz/json.dict ;; esac
    local before started code=0
    recheck_slow_units "$name" "$findings"
    load_timeouts=0
    before=$(find "$findings" -type f | wc -l)
    started=$SECONDS
    # Leaks are not checked: the Swift runtime keeps metadata caches alive on purpose.
    # Allocation stacks are not recorded (a fifth of the time per input); running the
    # binary on a saved finding, `.build/fuzz/bin/TARGET FILE`, shows them in full.
    ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:malloc_context_size=0 nice -n 19 "$build/bin/$name" \
        -runs="$executions" -max_len="${FUZZ_MAX_LEN:-4096}" -timeout="${FUZZ_TIMEOUT:-10}" \
        -max_total_time="${FUZZ_MAX_TIME:-0}" -rss_limit_mb=2048 -dict="$dictionary" \
        -print_final_stats=1 -close_fd_mask=1 \
        -artifact_prefix="$findings/" "$corpus" "$seeds" >"$output" 2>&1 || code=$?
    local done_runs rate units coverage found
    done_runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$output" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$output" | tail -n 1)
    units=$(sed -n 's/^stat::new_units_added: *//p' "$output" | tail -n 1)
    coverage=$(grep -o 'cov: [0-9]*' "$output" | tail -n 1 | cut -d' ' -f2)
    recheck_slow_units "$name" "$findings"
    found=$(($(find "$findings" -type f | wc -l) - before))
    # libFuzzer exits 72 when interrupted (Ctrl-C, kill -INT): the executions so far count,
    # and an interruption is not a finding.
    # A timeout that took milliseconds alone stopped the run early; its executions count.
    if [ "$code" -eq 72 ] && [ "$found" -eq 0 ]; then
        echo "  $name: interrupted after ${done_runs:-?} executions" >&2
    elif [ "$load_timeouts" -gt 0 ] && [ "$found" -eq 0 ]; then
        echo "  $name: stopped by a timeout under load after ${done_runs:-?} executions" >&2
    elif [ "$code" -ne 0 ] && [ "$found" -eq 0 ]; then
        found=1
    fi
    local line
    line=$(printf '%-8s %12s executions %8s exec/s %6s new units %6s edges %3s findings %6s s' \
        "$name" "${done_runs:-?}" "${rate:-?}" "${units:-?}" "${coverage:-?}" "$found" "$((SECONDS - started))")
    echo "$line"
    summary+=("$line")
    printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$name" "${done_runs:-0}" "$found" >>"$build/ledger.tsv"
    if [ "$found" -ne 0 ]; then
        status=1
        echo "  $name: libFuzzer exited $code; the last lines of $output:" >&2
        grep -E 'ERROR|SUMMARY|Fatal error|invariant|artifact|Test unit written' "$output" | tail -n 8 | sed 's/^/    /' >&2
    fi
}

jobs_at_once=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
if [ "$jobs_at_once" -gt 1 ] && [ "${#selected[@]}" -gt 1 ]; then
    # Build first, then run the targets side by side, each through this script.
    for name in "${selected[@]}"; do
        if ! build_target "$name"; then
            tail -n 20 "$log" >&2
            fail "the $name target did not compile with -sanitize=fuzzer,address (see $log)"
        fi
    done
    pids=()
    for name in "${selected[@]}"; do
        FUZZ_JOBS=1 FUZZ_PREBUILT=1 "$0" "$name" "$executions" >"$build/$name.summary" 2>&1 &
        pids+=($!)
        while [ "$(jobs -rp | wc -l)" -ge "$jobs_at_once" ]; do sleep 1; done
    done
    for pid in "${pids[@]}"; do wait "$pid" || status=1; done
    for name in "${selected[@]}"; do
        grep -v -E '^(fuzz|so far): ' "$build/$name.summary" || true
        if line=$(grep -E "^$name " "$build/$name.summary"); then
            summary+=("$line")
        else
            # The target did not run to its summary line: that is a failure, not a skip.
            summary+=("$name ? ? ? ? ? ? ? ? ? 1 findings")
            status=1
        fi
    done
else
    for name in "${selected[@]}"; do run_target "$name"; done
fi
findings_total=0
for line in "${summary[@]}"; do
    findings_total=$((findings_total + $(echo "$line" | awk '{print $11}')))
done
echo "fuzz: ${#summary[@]} targets, $findings_total findings"
# Every run adds to the same corpus, so runs add up: executions so far, per target.
for name in "${selected[@]}"; do
    awk -F'\t' -v name="$name" '$2 == name { runs += $3; found += $4; n++ }
        END { printf "so far: %-8s %12d executions in %d runs, %d findings (%s)\n", name, runs, n, found, FILENAME }' \
        "$build/ledger.tsv"
done
exit "$status"
