#!/usr/bin/env bash
# Renders the figures the README shows from the bundled datasets: thumblab writes each as
# SVG, librsvg's rsvg-convert (Debian: librsvg2-bin) turns it into the PNG beside this script.
#
#     bash Datasets/figures/render.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product thumblab
thumblab="$(swift build --show-bin-path)/thumblab"
out="Datasets/figures"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$thumblab" demo --out "$work/demo" > /dev/null
reach=(--db "$work/reach.sqlite")
"$thumblab" device add small --width 640 --height 1136 --ppi 326 "${reach[@]}" > /dev/null
"$thumblab" device add large --width 1080 --height 2340 --ppi 401 "${reach[@]}" > /dev/null
"$thumblab" import Datasets/thumb-reach/small.csv --study thumb-reach --device small "${reach[@]}" > /dev/null
"$thumblab" import Datasets/thumb-reach/large.csv --study thumb-reach --device large "${reach[@]}" > /dev/null

"$thumblab" reach --grid 4x7 "${reach[@]}" --out "$work/reach-zones.svg"
"$thumblab" audit Datasets/thumb-reach/layout-small.json --device small --grid 4x7 "${reach[@]}" \
    --out "$work/layout-audit.svg"
"$thumblab" density --device small "${reach[@]}" --out "$work/touch-density.svg"
"$thumblab" heatmap --diff technique=ThumbSpace,Direct --db "$work/demo/study.sqlite" --out "$work/difference-map.svg"
"$thumblab" target-size --db "$work/demo/study.sqlite" --out "$work/target-size.svg"
"$thumblab" compare --factor technique --exclude block=0 --db "$work/demo/study.sqlite" --out "$work/time-by-technique.svg"

for svg in "$work"/*.svg; do
    name="$(basename "$svg" .svg)"
    rsvg-convert "$svg" -o "$out/$name.png"
    echo "$out/$name.png"
done
