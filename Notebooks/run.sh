#!/usr/bin/env bash
# Runs the research examples headless: the tests of thumblab.py, the read-back of a
# Parquet export by pyarrow and DuckDB (test_export.py), the Spark job of Scripts/spark
# against thumblab (test_spark.py; Java 17, openjdk-17-jre-headless), every notebook
# (Notebooks/*.ipynb, executed with nbconvert, a failing cell fails it) and the R
# cross-check (Notebooks/r/*.R) when Rscript with afex, RSQLite and jsonlite is installed
# (apt-get install r-base-core r-cran-afex r-cran-rsqlite r-cran-jsonlite), else it says
# it is skipped, and the Swift research scripts (Notebooks/swift: one debug build of that
# package into Notebooks/swift/.build, then each script on databases made in
# .build/notebooks/swift/). Prints one line per item and exits non-zero when any fails.
#
# Needs the thumblab binary: $THUMBLAB, else .build/debug/thumblab (which `swift test`
# and `swift build --product thumblab` build). Makes its Python venv in
# .build/notebooks/venv from Notebooks/requirements.txt (python3 -m venv; package
# python3-venv), reinstalling when that file changes. Executed notebooks, their databases
# and figures go to .build/notebooks/.
set -uo pipefail
cd "$(dirname "$0")/.."
work=.build/notebooks
venv=$work/venv
logs=$work/logs
cell_timeout=${NOTEBOOK_CELL_TIMEOUT:-300}

thumblab=${THUMBLAB:-.build/debug/thumblab}
if ! [ -x "$thumblab" ]; then
    echo "Notebooks: no thumblab binary at $thumblab; build it with 'swift build --product thumblab'" \
        "(or 'swift test'), or set THUMBLAB to its path." >&2
    exit 1
fi
THUMBLAB=$(cd "$(dirname "$thumblab")" && pwd)/$(basename "$thumblab")
export THUMBLAB
mkdir -p "$logs"

# The venv, reinstalled when requirements.txt changes.
stamp=$venv/requirements.sha256
wanted=$(sha256sum Notebooks/requirements.txt | cut -d' ' -f1)
if ! [ -x "$venv/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
    echo "Notebooks: installing the Python environment in $venv"
    if ! { [ -x "$venv/bin/python" ] || python3 -m venv "$venv"; } \
        || ! "$venv/bin/pip" install -q --disable-pip-version-check -r Notebooks/requirements.txt \
            >"$logs/pip.log" 2>&1; then
        cat "$logs/pip.log" >&2 2>/dev/null
        echo "Notebooks: FAILED to create the venv in $venv (needs python3-venv and PyPI)." >&2
        exit 1
    fi
    echo "$wanted" >"$stamp"
fi

passed=0
failed=0
skipped=0
# run_item NAME LOG COMMAND...: runs the command with its output in LOG, prints one line,
# and prints the log when it fails.
run_item() {
    local name=$1 log=$2
    shift 2
    local start=$SECONDS
    if "$@" >"$log" 2>&1; then
        passed=$((passed + 1))
        printf 'PASS  %-44s %4ds\n' "$name" $((SECONDS - start))
    else
        failed=$((failed + 1))
        printf 'FAIL  %-44s %4ds (log: %s)\n' "$name" $((SECONDS - start)) "$log"
        sed 's/^/    /' "$log" | tail -60
    fi
}

# Notebooks are stored without outputs (clear them with
# `jupyter nbconvert --clear-output --inplace Notebooks/*.ipynb`).
run_item "notebooks stored without outputs" "$logs/stored.log" "$venv/bin/python" -c '
import json, sys
dirty = []
for path in sys.argv[1:]:
    cells = json.load(open(path, encoding="utf-8"))["cells"]
    if any(c.get("outputs") or c.get("execution_count") for c in cells if c["cell_type"] == "code"):
        dirty.append(path)
if dirty:
    sys.exit("outputs stored in " + ", ".join(dirty) + ": run jupyter nbconvert --clear-output --inplace on them")
' Notebooks/*.ipynb

run_item "thumblab.py tests (test_thumblab.py)" "$logs/test_thumblab.log" \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider Notebooks/test_thumblab.py
tail -n 1 "$logs/test_thumblab.log" | sed 's/^/    /'

run_item "Parquet export read back (test_export.py)" "$logs/test_export.log" \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider Notebooks/test_export.py
tail -n 1 "$logs/test_export.log" | sed 's/^/    /'

run_item "Spark job against thumblab (test_spark.py)" "$logs/test_spark.log" \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider Notebooks/test_spark.py
tail -n 1 "$logs/test_spark.log" | sed 's/^/    /'

for notebook in Notebooks/*.ipynb; do
    name=$(basename "$notebook")
    run_item "$name" "$logs/${name%.ipynb}.log" \
        "$venv/bin/jupyter" nbconvert --to notebook --execute "$notebook" \
        --ExecutePreprocessor.timeout="$cell_timeout" --output-dir "$work/executed"
done

r_packages='all(vapply(c("afex", "RSQLite", "DBI", "jsonlite"), requireNamespace, TRUE, quietly = TRUE))'
for script in Notebooks/r/*.R; do
    name=$(basename "$script")
    if ! command -v Rscript >/dev/null; then
        skipped=$((skipped + 1))
        echo "SKIP  $name: skipped: Rscript is not installed (apt-get install r-base-core r-cran-afex r-cran-rsqlite)"
    elif ! Rscript -e "quit(status = if ($r_packages) 0 else 1)" >/dev/null 2>&1; then
        skipped=$((skipped + 1))
        echo "SKIP  $name: skipped: R lacks afex, RSQLite, DBI or jsonlite (apt-get install r-cran-afex r-cran-rsqlite)"
    else
        run_item "$name" "$logs/${name%.R}.log" Rscript "$script"
        grep -E '^  (ThumbLab|afex):|^All .* agree' "$logs/${name%.R}.log" | sed 's/^ */    /'
    fi
done

# The Swift research scripts: the package builds once (ThumbLab compiled again, in debug,
# into Notebooks/swift/.build), the databases are made as the README's demo and tour make
# them, and each script runs in that folder with its Markdown in the log.
scripts=$work/swift
make_script_databases() {
    rm -rf "$scripts" && mkdir -p "$scripts" \
        && "$THUMBLAB" demo --out "$scripts/thumblab-demo" \
        && "$THUMBLAB" --db "$scripts/reach.sqlite" device add small --width 640 --height 1136 --ppi 326 \
        && "$THUMBLAB" --db "$scripts/reach.sqlite" import Datasets/thumb-reach/small.csv \
            --study thumb-reach --device small
}
failed_before=$failed
run_item "swift scripts: build (Notebooks/swift)" "$logs/swift-build.log" swift build --package-path Notebooks/swift
build_failed=$((failed > failed_before))
run_item "swift scripts: databases" "$logs/swift-databases.log" make_script_databases
bin=$(swift build --package-path Notebooks/swift --show-bin-path 2>/dev/null)
for script in thumbspace-vs-shift:thumblab-demo/study.sqlite learning-slopes:thumblab-demo/study.sqlite \
    reach-per-participant:reach.sqlite; do
    name=${script%%:*}
    if [ "$build_failed" -eq 1 ]; then
        # An earlier build's executables may still be there: they do not count.
        failed=$((failed + 1))
        printf 'FAIL  %-44s (Notebooks/swift did not build)\n' "swift script $name"
        continue
    fi
    run_item "swift script $name" "$logs/swift-$name.log" \
        env -C "$scripts" "$bin/$name" "${script#*:}"
done

echo "Notebooks: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
